/// An intrusive doubly linked list over small integer indices: push-front, remove and
/// membership in O(1). Front-to-back window order and focus recency use it so that focusing
/// one of 100,000 windows does not scan them.
struct IndexList {
    fileprivate static let none = -1
    private var prev: [Int] = []
    fileprivate private(set) var next: [Int] = []
    private var member: [Bool] = []
    private(set) var head = IndexList.none
    private(set) var tail = IndexList.none
    private(set) var count = 0
    var isEmpty: Bool { count == 0 }

    var first: Int? { head == Self.none ? nil : head }
    var last: Int? { tail == Self.none ? nil : tail }

    func contains(_ i: Int) -> Bool { i < member.count && member[i] }

    mutating func pushFront(_ i: Int) {
        if contains(i) { remove(i) }
        grow(to: i)
        member[i] = true
        prev[i] = Self.none
        next[i] = head
        if head != Self.none { prev[head] = i } else { tail = i }
        head = i
        count += 1
    }

    mutating func pushBack(_ i: Int) {
        if contains(i) { remove(i) }
        grow(to: i)
        member[i] = true
        next[i] = Self.none
        prev[i] = tail
        if tail != Self.none { next[tail] = i } else { head = i }
        tail = i
        count += 1
    }

    mutating func remove(_ i: Int) {
        guard contains(i) else { return }
        let p = prev[i], n = next[i]
        if p != Self.none { next[p] = n } else { head = n }
        if n != Self.none { prev[n] = p } else { tail = p }
        member[i] = false
        count -= 1
    }

    /// Empties the list in O(count), keeping its storage: a new process reuses its predecessor's
    /// lists, so a launch never pays for storage as long as the highest session index.
    mutating func removeAll() {
        var i = head
        while i != Self.none {
            member[i] = false
            i = next[i]
        }
        head = Self.none
        tail = Self.none
        count = 0
    }

    /// Elements front to back.
    var elements: [Int] { Array(self) }

    private mutating func grow(to i: Int) {
        if i >= member.count {
            let extra = i + 1 - member.count
            prev.append(contentsOf: repeatElement(Self.none, count: extra))
            next.append(contentsOf: repeatElement(Self.none, count: extra))
            member.append(contentsOf: repeatElement(false, count: extra))
        }
    }
}

/// Front to back, without building an array.
extension IndexList: Sequence {
    struct Iterator: IteratorProtocol {
        fileprivate let list: IndexList
        fileprivate var position: Int

        mutating func next() -> Int? {
            guard position != IndexList.none else { return nil }
            defer { position = list.next[position] }
            return position
        }
    }

    func makeIterator() -> Iterator { Iterator(list: self, position: head) }
    var underestimatedCount: Int { count }
}
