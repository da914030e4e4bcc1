import LuaKit

/// The entries of a session in order, and their rendering as a scenario file that
/// `scenesim run` replays to the same output (the trace, and the results the session printed).
///
/// Each entry is written so that it means in the file what it meant at the prompt: an
/// expression whose results were shown becomes `print(...)`; statements with a top-level
/// `local` go inside `do ... end` (a prompt's locals end with its entry); a top-level `return`
/// goes inside a function called in place; an entry that failed after changing the simulation
/// runs under `pcall`, so the replay reaches the same state and goes on.
struct ScenarioTranscript {
    private(set) var entries: [SavedEntry] = []

    mutating func append(_ entry: SavedEntry) { entries.append(entry) }

    mutating func removeAll() { entries.removeAll() }

    /// The scenario text: `header` as comments, the `prelude` statements, then the entries;
    /// `compiles` tells whether a chunk of Lua source parses.
    func render(header: [String], prelude: [String] = [], compiles: (String) -> Bool) -> String {
        var lines = header.map { "-- " + $0 } + prelude
        for entry in entries {
            if let note = entry.note { lines.append("-- " + note) }
            lines.append(Self.render(entry, compiles: compiles))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func render(_ entry: SavedEntry, compiles: (String) -> Bool) -> String {
        let source = entry.source
        let body = entry.form == .expression ? "return " + source : source
        if let failure = entry.failure {
            let message = failure.split(separator: "\n").first.map(String.init) ?? failure
            return "-- failed at the prompt (kept: it changed the simulation first): \(message)\n"
                + "pcall(function(...)\n\(body)\nend, ...)"
        }
        switch entry.form {
        case .expression where entry.resultCount > 0:
            let inline = "print(\(source))"
            return compiles(inline) ? inline : "print(\(source)\n)"
        case .expression:
            // No results: a call made for its effect, which is a statement too.
            return compiles(source) ? source : "do local _ = \(source)\nend"
        case .statements:
            // A top-level return must end its block, so nothing may follow it.
            if !compiles(source + "\nlocal _") {
                let call = "(function(...)\n\(source)\nend)(...)"
                return entry.resultCount > 0 ? "print(\(call))" : ";" + call
            }
            if Self.mentionsLocal(source) { return "do\n\(source)\nend" }
            return source
        }
    }

    /// True when the word `local` appears (a cheap, safe over-approximation of a top-level local).
    private static func mentionsLocal(_ source: String) -> Bool {
        let bytes = Array(source.utf8)
        let word = Array("local".utf8)
        func isNameByte(_ c: UInt8) -> Bool { (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c == 95 }
        guard bytes.count >= word.count else { return false }
        for start in 0...(bytes.count - word.count) where Array(bytes[start..<start + word.count]) == word {
            let before = start == 0 || !isNameByte(bytes[start - 1])
            let after = start + word.count == bytes.count || !isNameByte(bytes[start + word.count])
            if before && after { return true }
        }
        return false
    }
}
