import Foundation
@testable import GoldenRunner
import Testing

@Suite("Unified diffs")
struct UnifiedDiffTests {
    func render(_ old: String, _ new: String) -> String {
        UnifiedDiff.render(old: Array(old.utf8), new: Array(new.utf8), oldLabel: "a.golden", newLabel: "actual")
    }

    @Test("Equal texts give no diff")
    func equalTexts() {
        #expect(render("a\nb\n", "a\nb\n") == "")
    }

    @Test("Changes far apart get separate hunks with three lines of context each")
    func separateHunks() {
        let old = (1...12).map { "line \($0)\n" }.joined()
        let new = old.replacingOccurrences(of: "line 2\n", with: "line two\n")
            .replacingOccurrences(of: "line 11\n", with: "")
        #expect(
            render(old, new) == """
                --- a.golden
                +++ actual
                @@ -1,5 +1,5 @@
                 line 1
                -line 2
                +line two
                 line 3
                 line 4
                 line 5
                @@ -8,5 +8,4 @@
                 line 8
                 line 9
                 line 10
                -line 11
                 line 12

                """)
    }

    @Test("Changes six lines apart share one hunk")
    func mergedHunk() {
        let old = "a\n1\n2\n3\n4\n5\n6\nb\n"
        let new = "A\n1\n2\n3\n4\n5\n6\nB\n"
        #expect(
            render(old, new) == """
                --- a.golden
                +++ actual
                @@ -1,8 +1,8 @@
                -a
                +A
                 1
                 2
                 3
                 4
                 5
                 6
                -b
                +B

                """)
    }

    @Test("A missing final newline and CRLF line endings are shown, not hidden")
    func invisibleDifferences() {
        #expect(
            render("x\ny\n", "x\ny") == """
                --- a.golden
                +++ actual
                @@ -1,2 +1,2 @@
                 x
                -y
                +y
                \\ No newline at end of file

                """)
        #expect(render("x\r\ny\n", "x\ny\n") == "--- a.golden\n+++ actual\n@@ -1,2 +1,2 @@\n-x\\013\n+x\n y\n")
    }

    @Test("Bytes a terminal would act on, and bytes that are not UTF-8, are shown as Lua escapes")
    func controlBytesAreEscaped() {
        let old: [UInt8] = Array("plain\n".utf8)
        let new: [UInt8] = Array("\u{1B}[2Jred\u{0}nul \u{9B}c1 é\n".utf8) + [0xFF, 0x0A]

        let diff = UnifiedDiff.render(old: old, new: new, oldLabel: "a.golden", newLabel: "actual")

        #expect(diff == "--- a.golden\n+++ actual\n@@ -1 +1,2 @@\n-plain\n+\\027[2Jred\\000nul \\194\\155c1 é\n+\\255\n")
    }

    @Test("Canonically equivalent lines differ: bytes are compared, not Unicode text")
    func canonicalEquivalentsDiffer() {
        #expect(render("caf\u{E9}\n", "cafe\u{301}\n") == "--- a.golden\n+++ actual\n@@ -1 +1 @@\n-caf\u{E9}\n+cafe\u{301}\n")
    }

    @Test("Insertion into an empty text starts at line 0")
    func fromEmpty() {
        #expect(render("", "a\n") == "--- a.golden\n+++ actual\n@@ -0,0 +1 @@\n+a\n")
    }
}
