/// The `--list` view: each scenario's name and the first comment line of its file.
enum ScenarioListing {
    /// One line per scenario, names padded to one column, descriptions after.
    static func render(_ entries: [(name: String, description: String?)]) -> String {
        let width = entries.map(\.name.count).max() ?? 0
        return entries.map { entry in
            guard let description = entry.description else { return entry.name + "\n" }
            let padding = String(repeating: " ", count: width - entry.name.count + 2)
            return entry.name + padding + description + "\n"
        }.joined()
    }

    /// The first line starting with `--`, without the dashes and surrounding blanks.
    ///
    /// LuaLS annotations (`---@meta`, `---@param`), rulers (`-----`) and `-- expect:` lines
    /// describe nothing, so they are passed over.
    static func firstComment(in source: String) -> String? {
        // (A byte order mark before the first line is not part of it.)
        for rawLine in source.drop(while: { $0 == "\u{FEFF}" }).split(whereSeparator: \.isNewline) {
            let line = rawLine.drop(while: { $0 == " " || $0 == "\t" })
            guard line.hasPrefix("--"), !line.hasPrefix("---@") else { continue }
            var text = line.drop(while: { $0 == "-" }).trimmingBlanks()
            // A block comment's first line: its text, without the brackets.
            if line.hasPrefix("--[[") { text = Substring(text.dropFirst(2)).trimmingBlanks() }
            // `-- expect: error` is a declaration for the runner, not a description.
            if !text.isEmpty, !text.hasPrefix(ScenarioHeader.keyword) { return text }
        }
        return nil
    }
}

private extension Substring {
    func trimmingBlanks() -> String {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        return String(drop(while: isBlank).reversed().drop(while: isBlank).reversed())
    }
}
