@testable import GoldenRunner
import Testing

@Suite("Line diffs are bounded")
struct LineDiffTests {
    /// Rebuilds both texts from an edit script: the old one from unchanged and removed lines,
    /// the new one from unchanged and inserted lines.
    func sides(_ lines: [LineDiff.Line]) -> (old: [[UInt8]], new: [[UInt8]]) {
        (lines.filter { $0.kind != .inserted }.map(\.text), lines.filter { $0.kind != .removed }.map(\.text))
    }

    @Test("On random texts the edit script rebuilds both sides and is as short as Swift's own difference")
    func randomScriptsAreShortest() {
        var generator = SplitMix(seed: 20)
        for _ in 0..<300 {
            let old = (0..<Int(generator.next() % 12)).map { _ in [UInt8(ascii: "a") + UInt8(generator.next() % 4)] }
            let new = (0..<Int(generator.next() % 12)).map { _ in [UInt8(ascii: "a") + UInt8(generator.next() % 4)] }
            func text(_ lines: [[UInt8]]) -> [UInt8] { lines.flatMap { $0 + [UInt8(10)] } }
            let diff = LineDiff(old: text(old), new: text(new))
            let rebuilt = sides(diff.lines)
            #expect(rebuilt.old == old && rebuilt.new == new)
            let edits = diff.lines.count { $0.kind != .unchanged }
            #expect(edits == new.difference(from: old).count)
        }
    }

    @Test("A 20,000-line golden with every other line changed gives up past the bound and says where the outputs first differ")
    func largeChangeFallsBack() {
        let old = (1...20_000).map { "line \($0)\n" }.joined()
        let new = (1...20_000).map { $0 % 2 == 0 ? "changed \($0)\n" : "line \($0)\n" }.joined()
        let diff = LineDiff(old: Array(old.utf8), new: Array(new.utf8))
        #expect(diff.outcome == .tooLarge(firstDifference: 1, oldCount: 20_000, newCount: 20_000))

        let rendered = UnifiedDiff.render(diff, old: Array(old.utf8), new: Array(new.utf8), oldLabel: "a.golden", newLabel: "actual")
        #expect(
            rendered.hasPrefix(
                """
                --- a.golden
                +++ actual
                outputs differ from line 2 (a.golden: 20000 lines, actual: 20000); too many changes for a line diff, so the next lines of each follow:
                -line 2
                -line 3

                """))
        #expect(rendered.split(separator: "\n").count == 3 + 2 * UnifiedDiff.previewLines)
        #expect(FirstDifference(diff, old: Array(old.utf8), new: Array(new.utf8)).description == ", first at line 2: expected \"line 2\", got \"changed 2\"")
    }

    @Test("A few changes in a long text are found in linear work: the common ends are set aside first")
    func fewChangesInALongText() {
        let old = (1...100_000).map { "line \($0)\n" }.joined()
        let new = old.replacingOccurrences(of: "line 50000\n", with: "line fifty thousand\n")
        // A work bound far below lines × lines: only the changed middle is searched.
        let diff = LineDiff(old: Array(old.utf8), new: Array(new.utf8), maxEdits: 4, maxWork: 100)
        #expect(diff.lines.count { $0.kind != .unchanged } == 2)
        #expect(diff.lines.count == 100_001)
    }

    @Test("Changes far apart in a long text stay within the work bound of lines × edits")
    func changesFarApart() {
        let old = (1...20_000).map { "line \($0)\n" }.joined()
        let new = old.replacingOccurrences(of: "line 2\n", with: "line two\n").replacingOccurrences(of: "line 19999\n", with: "")
        let diff = LineDiff(old: Array(old.utf8), new: Array(new.utf8), maxEdits: 10, maxWork: 20_000 * 10)
        #expect(diff.lines.count { $0.kind != .unchanged } == 3)
    }

    @Test("A diff asked to stop stops: the scenario's time covers comparing with the golden")
    func cancelled() {
        let old = (1...5_000).map { "a\($0)\n" }.joined()
        let new = (1...5_000).map { "b\($0)\n" }.joined()
        let diff = LineDiff(old: Array(old.utf8), new: Array(new.utf8), isCancelled: { true })
        #expect(diff.outcome == .cancelled)
    }
}

/// A tiny deterministic generator for the random texts above.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
