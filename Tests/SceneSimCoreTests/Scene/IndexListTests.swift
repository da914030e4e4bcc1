import SceneSimTestSupport
import Testing
@testable import SceneSimCore

@Suite("IndexList")
struct IndexListTests {
    @Test("pushFront and pushBack build the front-to-back order; pushing a member moves it")
    func pushes() {
        var list = IndexList()
        list.pushFront(3)
        list.pushBack(7)
        list.pushFront(0)
        #expect(list.elements == [0, 3, 7])
        list.pushFront(7)
        #expect(list.elements == [7, 0, 3])
        list.pushBack(7)
        #expect(list.elements == [0, 3, 7])
        #expect(list.count == 3 && list.first == 0 && list.last == 7)
    }

    @Test("remove unlinks head, middle and tail, and ignores non-members")
    func removes() {
        var list = IndexList()
        for i in [1, 2, 3, 4] { list.pushBack(i) }
        list.remove(2)
        #expect(list.elements == [1, 3, 4])
        list.remove(1)
        #expect(list.elements == [3, 4] && list.first == 3)
        list.remove(4)
        #expect(list.elements == [3] && list.last == 3)
        list.remove(99)
        list.remove(4)
        #expect(list.count == 1)
        list.remove(3)
        #expect(list.elements.isEmpty && list.first == nil && list.last == nil && list.count == 0)
    }

    @Test("contains tracks membership, including indices never seen")
    func membership() {
        var list = IndexList()
        #expect(!list.contains(5))
        list.pushFront(5)
        #expect(list.contains(5) && !list.contains(4) && !list.contains(1000))
        list.remove(5)
        #expect(!list.contains(5))
    }

    @Test("it agrees with a plain array model over a long deterministic sequence")
    func agreesWithModel() {
        var list = IndexList()
        var model: [Int] = []
        var rng = SplitMix64(seed: 7)
        for _ in 0..<5000 {
            let i = Int(rng.next() % 40)
            switch rng.next() % 3 {
            case 0: list.pushFront(i); model.removeAll { $0 == i }; model.insert(i, at: 0)
            case 1: list.pushBack(i); model.removeAll { $0 == i }; model.append(i)
            default: list.remove(i); model.removeAll { $0 == i }
            }
            #expect(list.elements == model)
            #expect(list.count == model.count)
        }
    }
}
