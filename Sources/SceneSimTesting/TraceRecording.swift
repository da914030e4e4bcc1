import Foundation
import Synchronization

/// Whether `expectTrace` writes the trace that ran into the test's source, as
/// InlineSnapshotTesting's `record:` does: the expected string literal at the call is replaced
/// by the trace, and the test fails once, saying so; run it again to check it.
public enum TraceRecording: Equatable, Sendable {
    /// Compare only (the default).
    case never
    /// Write the trace when the expected text is empty (`expectTrace("", record: .missing)`).
    case missing
    /// Write the trace whenever it differs from the expected text.
    case failed
}

/// Rewrites the expected-trace literal of an `expectTrace` call in a test's source file.
enum TraceLiteralWriter {
    /// What cannot be recorded, said for the person running the test.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The lines each recording added to a file (negative: removed), by the line of the call
    /// as compiled: a later call's line moves by those above it.
    private static let edits = Mutex<[String: [(line: Int, added: Int)]]>([:])

    /// Replaces the first argument of the `expectTrace(` call at `line` (as compiled) of the
    /// file at `path` with a literal of `text`. The file is written whole to a temporary file
    /// beside it, then renamed over it: a process killed midway leaves it as it was. Returns
    /// the line the call is at now.
    static func record(_ text: String, path: String, line: Int) throws(Failure) -> Int {
        try edits.withLock { edits throws(Failure) in
            let now = line + (edits[path] ?? []).filter { $0.line < line }.reduce(0) { $0 + $1.added }
            guard let source = try? String(contentsOfFile: path, encoding: .utf8) else {
                throw Failure(description: "cannot read \(path)")
            }
            let (updated, added) = try replaced(in: source, line: now, with: text)
            let temporary = (path as NSString).deletingLastPathComponent + "/.\((path as NSString).lastPathComponent).scenesim-\(getpid())"
            do {
                try updated.write(toFile: temporary, atomically: false, encoding: .utf8)
            } catch {
                throw Failure(description: "cannot write \(temporary): \(error)")
            }
            guard rename(temporary, path) == 0 else {
                unlink(temporary)
                throw Failure(description: "cannot replace \(path) (errno \(errno))")
            }
            edits[path, default: []].append((line, added))
            return now
        }
    }

    /// `source` with the literal replaced, and how many lines that added.
    static func replaced(in source: String, line: Int, with text: String) throws(Failure) -> (String, Int) {
        var lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard line >= 1, line <= lines.count, let call = lines[line - 1].range(of: "expectTrace(") else {
            throw Failure(description: "no expectTrace( call on line \(line)")
        }
        let indent = String(lines[line - 1].prefix { $0 == " " || $0 == "\t" })
        // The literal's start: the first character after `(` that is not blank, maybe on a later line.
        var row = line - 1
        var column = lines[row].distance(from: lines[row].startIndex, to: call.upperBound)
        while true {
            let rest = lines[row].dropFirst(column)
            if let start = rest.firstIndex(where: { $0 != " " && $0 != "\t" }) {
                column = lines[row].distance(from: lines[row].startIndex, to: start)
                break
            }
            row += 1
            column = 0
            guard row < lines.count else { throw Failure(description: "expectTrace( on line \(line) has no argument") }
        }
        let head = String(lines[row].prefix(column))
        let opening = lines[row].dropFirst(column)
        let hashes = String(opening.prefix { $0 == "#" })
        let body = opening.dropFirst(hashes.count)
        // The last line of the old literal and what follows it there.
        let endRow: Int, tail: String, literalIndent: String
        if body.hasPrefix("\"\"\"") {
            let closing = "\"\"\"" + hashes
            guard let end = ((row + 1)..<lines.count).first(where: { lines[$0].drop { $0 == " " || $0 == "\t" }.hasPrefix(closing) }) else {
                throw Failure(description: "the multi-line string at line \(row + 1) has no closing \(closing)")
            }
            literalIndent = String(lines[end].prefix { $0 == " " || $0 == "\t" })
            endRow = end
            tail = String(lines[end].dropFirst(literalIndent.count + closing.count))
        } else if body.hasPrefix("\"") {
            var index = body.index(after: body.startIndex)
            var found: Substring.Index?
            while index < body.endIndex {
                if hashes.isEmpty, body[index] == "\\" {
                    index = body.index(index, offsetBy: 2, limitedBy: body.endIndex) ?? body.endIndex
                    continue
                }
                if body[index] == "\"", body[body.index(after: index)...].hasPrefix(hashes) {
                    found = index
                    break
                }
                index = body.index(after: index)
            }
            guard let found else { throw Failure(description: "the string at line \(row + 1) has no closing quote") }
            literalIndent = indent + "    "
            endRow = row
            tail = String(body[body.index(found, offsetBy: 1 + hashes.count)...])
        } else {
            throw Failure(description: "the expected trace of the expectTrace( call on line \(line) is not a string literal")
        }
        let literal = Self.literal(text, indent: literalIndent)
        let replacement = (head + literal.joined(separator: "\n") + tail).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let removed = endRow - row + 1
        lines.replaceSubrange(row...endRow, with: replacement)
        return (lines.joined(separator: "\n"), replacement.count - removed)
    }

    /// `text` as Swift literal lines: one line in quotes, more as a multi-line string indented
    /// by `indent`; backslashes and quotes escaped.
    static func literal(_ text: String, indent: String) -> [String] {
        if !text.contains("\n") {
            return ["\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""]
        }
        let body = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.isEmpty ? "" : indent + line.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"\"\"", with: "\\\"\"\"")
        }
        return ["\"\"\""] + body + [indent + "\"\"\""]
    }
}
