import ByteText
import Testing

@Suite("Edit distance for suggestions is exact within its bound and bounded in work")
struct EditDistanceTests {
    @Test("A transposition, an insertion and a substitution each count one")
    func smallDistances() {
        #expect(EditDistance.distance(Array("mian"), Array("main"), bound: 3) == 1)
        #expect(EditDistance.distance(Array("man"), Array("main"), bound: 3) == 1)
        #expect(EditDistance.distance(Array("mbin"), Array("main"), bound: 3) == 1)
        #expect(EditDistance.distance(Array("kitten"), Array("sitting"), bound: 3) == 3)
        #expect(EditDistance.distance(Array("kitten"), Array("sitting"), bound: 2) == nil)
        #expect(EditDistance.distance(Array(""), Array("ab"), bound: 2) == 2)
    }

    @Test("The closest candidate wins, the first of equally close ones")
    func closest() {
        let bound = { (_: String) in 1 }
        #expect(EditDistance.closest(to: "detial", among: ["main", "detail", "settings"], bound: bound) == "detail")
        #expect(EditDistance.closest(to: "Main", among: ["main"], bound: bound) == "main")
        #expect(EditDistance.closest(to: "xyz", among: ["main"], bound: bound) == nil)
    }

    @Test("Two 20,000-character names are compared in a band, not a square")
    func longNamesStayCheap() {
        let long = String(repeating: "a", count: 20_000)
        let other = String(repeating: "a", count: 19_999) + "b"
        // A square would be 400 million cells; the band of width 7 is 140,000.
        #expect(EditDistance.distance(Array(long.utf8), Array(other.utf8), bound: 3) == 1)
        #expect(EditDistance.closest(to: long, among: ["main", other], bound: { _ in 3 }) == other)
    }
}
