/// The entries of a session in order, and their rendering as a scenario file that
/// `scenesim run` replays to the same output (the trace, and the results the session printed).
///
/// Each entry is written so that it does in the file what it did at the prompt, and cannot end
/// the file early or change how the next entry reads: an expression whose results were shown
/// becomes `print(...)`; statements with a `local` or a label outside any block go inside
/// `do ... end` (a prompt's locals and labels end with its entry); a `return` outside any function (`do return end` too)
/// goes inside a function called in place; an entry that failed runs under `pcall`, so the
/// replay reaches the same state (Lua's and the simulation's) and goes on.
struct ScenarioTranscript {
    private(set) var entries: [SavedEntry] = []

    mutating func append(_ entry: SavedEntry) { entries.append(entry) }

    mutating func removeAll() { entries.removeAll() }

    /// How many entries are kept as comments only (stopped by Ctrl-C or a limit).
    var stoppedCount: Int {
        entries.count { if case .stopped = $0.outcome { true } else { false } }
    }

    /// The scenario text: `header` as comments, the `prelude` statements, then the entries;
    /// `compiles` tells whether a chunk of Lua source parses.
    func render(header: [String], prelude: [String] = [], compiles: (String) -> Bool) -> String {
        var lines = header.map { "-- " + Self.comment($0) } + prelude
        for entry in entries {
            if let note = entry.note { lines.append("-- " + Self.comment(note)) }
            lines.append(Self.render(entry, compiles: compiles))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func render(_ entry: SavedEntry, compiles: (String) -> Bool) -> String {
        let source = entry.source
        switch entry.outcome {
        case .stopped(let message):
            return "-- stopped at the prompt, so not replayed: \(comment(message))\n" + commentedOut(source)
        case .failed(let message):
            let body = entry.form == .expression ? "return " + source : source
            return "-- failed at the prompt: \(comment(message))\npcall(function(...)\n\(body)\nend, ...)"
        case .finished(let results):
            let shape = LuaSourceShape(source)
            switch entry.form {
            case .expression where results > 0:
                let inline = "print(\(source))"
                return compiles(inline) ? inline : "print(\(source)\n)"
            case .expression:
                // No results: a call made for its effect, which is a statement too.
                guard compiles(source) else { return "do local _ = \(source)\nend" }
                return shape.startsWithParenthesis ? ";" + source : source
            case .statements:
                if shape.returnsFromChunk {
                    let call = "(function(...)\n\(source)\nend)(...)"
                    return results > 0 ? "print(\(call))" : ";" + call
                }
                if shape.declaresLocal || shape.declaresLabel { return "do\n\(source)\nend" }
                return shape.startsWithParenthesis ? ";" + source : source
            }
        }
    }

    /// `text` fit for the rest of a `--` comment line: Lua ends a comment at a line feed or a
    /// carriage return, so those are written as `\n` and `\r`.
    static func comment(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Every line of `source` behind `-- ` (a line ends at a line feed or a carriage return).
    private static func commentedOut(_ source: String) -> String {
        var lines: [String] = [""]
        var previous: Unicode.Scalar?
        for scalar in source.unicodeScalars {
            if scalar == "\n" && previous == "\r" {
                // CR LF is one line end.
            } else if scalar == "\n" || scalar == "\r" {
                lines.append("")
            } else {
                lines[lines.count - 1].unicodeScalars.append(scalar)
            }
            previous = scalar
        }
        return lines.map { "-- " + $0 }.joined(separator: "\n")
    }
}
