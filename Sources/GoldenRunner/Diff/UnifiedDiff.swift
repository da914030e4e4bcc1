import ByteText
/// Renders a `LineDiff` as a unified diff, the format `diff -u` and `git diff` print.
enum UnifiedDiff {
    /// The diff from `old` to `new` with `---`/`+++` headers and `@@` hunks, each ending in a
    /// newline; empty when the texts are equal. `colour` adds ANSI red/green for terminals.
    /// Lines are shown through `VisibleText`: the diff is for reading (the `.golden.new` file
    /// holds the exact bytes), and scenario output must not drive the terminal.
    static func render(
        old: [UInt8], new: [UInt8], oldLabel: String, newLabel: String, context: Int = 3, colour: Bool = false
    ) -> String {
        let lines = LineDiff(old: old, new: new).lines
        let changes = lines.indices.filter { lines[$0].kind != .unchanged }
        guard !changes.isEmpty else { return "" }

        var output = "--- \(oldLabel)\n+++ \(newLabel)\n"
        for range in hunkRanges(changes: changes, lineCount: lines.count, context: context) {
            output += header(for: range, in: lines)
            for line in lines[range] {
                output += render(line, colour: colour)
            }
        }
        return output
    }

    // Changes closer than twice the context share a hunk, as in GNU diff, so no context line
    // is printed twice.
    private static func hunkRanges(changes: [Int], lineCount: Int, context: Int) -> [ClosedRange<Int>] {
        var ranges: [ClosedRange<Int>] = []
        var first = changes[0]
        var last = changes[0]
        for change in changes.dropFirst() {
            if change - last - 1 > 2 * context {
                ranges.append(max(0, first - context)...min(lineCount - 1, last + context))
                first = change
            }
            last = change
        }
        ranges.append(max(0, first - context)...min(lineCount - 1, last + context))
        return ranges
    }

    private static func header(for range: ClosedRange<Int>, in lines: [LineDiff.Line]) -> String {
        let before = lines[..<range.lowerBound]
        let inside = lines[range]
        let oldStart = before.count { $0.kind != .inserted }
        let newStart = before.count { $0.kind != .removed }
        let oldCount = inside.count { $0.kind != .inserted }
        let newCount = inside.count { $0.kind != .removed }
        return "@@ -\(span(oldStart, oldCount)) +\(span(newStart, newCount)) @@\n"
    }

    // GNU conventions: a one-line span omits its count, and an empty span names the line
    // before it (`-0,0` at the very start).
    private static func span(_ linesBefore: Int, _ count: Int) -> String {
        switch count {
        case 0: "\(linesBefore),0"
        case 1: "\(linesBefore + 1)"
        default: "\(linesBefore + 1),\(count)"
        }
    }

    private static func render(_ line: LineDiff.Line, colour: Bool) -> String {
        let (marker, code) = switch line.kind {
        case .unchanged: (" ", "")
        case .removed: ("-", "\u{1B}[31m")
        case .inserted: ("+", "\u{1B}[32m")
        }
        let body = marker + ByteString.displayed(line.text)
        var output = colour && !code.isEmpty ? code + body + "\u{1B}[0m\n" : body + "\n"
        if line.lacksNewline {
            output += "\\ No newline at end of file\n"
        }
        return output
    }
}
