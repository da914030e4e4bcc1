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
        render(LineDiff(old: old, new: new), old: old, new: new, oldLabel: oldLabel, newLabel: newLabel, context: context, colour: colour)
    }

    /// The diff of an edit script already computed. Past the diff's bounds it says where the
    /// texts first differ and shows the next lines of each, rather than a diff.
    static func render(
        _ diff: LineDiff, old: [UInt8], new: [UInt8], oldLabel: String, newLabel: String, context: Int = 3, colour: Bool = false
    ) -> String {
        switch diff.outcome {
        case .lines(let lines):
            return render(lines, oldLabel: oldLabel, newLabel: newLabel, context: context, colour: colour)
        case .cancelled:
            return ""
        case let .tooLarge(first, oldCount, newCount):
            var output = "--- \(oldLabel)\n+++ \(newLabel)\n"
            output +=
                "outputs differ from line \(first + 1) (\(oldLabel): \(oldCount) lines, \(newLabel): \(newCount)); "
                + "too many changes for a line diff, so the next lines of each follow:\n"
            for (marker, text) in [("-", old), ("+", new)] {
                var line = 0, shown = 0
                for piece in text.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
                    defer { line += 1 }
                    guard line >= first else { continue }
                    guard shown < previewLines, line < (marker == "-" ? oldCount : newCount) else { break }
                    output += render(LineDiff.Line(kind: marker == "-" ? .removed : .inserted, text: Array(piece), lacksNewline: false), colour: colour)
                    shown += 1
                }
            }
            return output
        }
    }

    /// How many lines of each text a diff past its bounds shows.
    static let previewLines = 10

    private static func render(_ lines: [LineDiff.Line], oldLabel: String, newLabel: String, context: Int, colour: Bool) -> String {
        let changes = lines.indices.filter { lines[$0].kind != .unchanged }
        guard !changes.isEmpty else { return "" }

        var output = "--- \(oldLabel)\n+++ \(newLabel)\n"
        // Line numbers counted once, as the hunks go down the script (not from the top per hunk).
        var counted = 0, oldBefore = 0, newBefore = 0
        for range in hunkRanges(changes: changes, lineCount: lines.count, context: context) {
            while counted < range.lowerBound {
                if lines[counted].kind != .inserted { oldBefore += 1 }
                if lines[counted].kind != .removed { newBefore += 1 }
                counted += 1
            }
            output += header(for: range, in: lines, oldBefore: oldBefore, newBefore: newBefore)
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

    private static func header(for range: ClosedRange<Int>, in lines: [LineDiff.Line], oldBefore oldStart: Int, newBefore newStart: Int) -> String {
        let inside = lines[range]
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
        let (marker, code) =
            switch line.kind {
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
