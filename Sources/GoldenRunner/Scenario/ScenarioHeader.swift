import ByteText

/// What a scenario declares about itself in its leading comment block.
///
/// The only declaration is `-- expect: error`: the scenario is meant to end in an error (the
/// `errors/` scenarios show what a user sees when they get something wrong). Without it, a
/// scenario that ends in an error fails the run even when its output matches its golden, and
/// `--update` refuses to record it; with it, a scenario that runs to its end fails, so the
/// declaration cannot outlive the error it describes.
///
/// `-- golden: timeline` makes the golden hold the run's text timeline instead of its trace
/// (what `scenesim run --timeline - NAME.lua` prints), so a golden can pin a picture's lanes.
///
/// `-- trace: memory` adds a trace line for every write to `app.memory` and `w.memory`
/// (`scenesim run` reads it too), so a golden pins how in-memory state changes, not only its loss.
package struct ScenarioHeader: Sendable, Hashable {
    /// Whether the scenario declares `-- expect: error`.
    var expectsError = false
    /// Whether the scenario declares `-- golden: timeline`.
    var goldenHoldsTimeline = false
    /// Whether the scenario declares `-- trace: memory`.
    package var tracesMemory = false

    /// How much of a file holds the leading comments a reader of `-- platforms:` looks at.
    package static let leadingBytes = 64 * 1024

    static let goldenKeyword = "golden:"
    static let platformsKeyword = "platforms:"
    static let traceKeyword = "trace:"
    /// What `-- trace:` may add to the trace.
    static let traceAdditions = ["memory"]

    /// Whether the leading comments hold `-- trace: memory`; a `-- trace:` line naming nothing,
    /// or something else, is a mistake reported with its `file:line`.
    package static func tracesMemory(in source: [UInt8], path: String) throws(ScenarioHeaderError) -> Bool {
        var found = false
        try forEachHeaderLine(source) { (offset, text) throws(ScenarioHeaderError) in
            guard text.hasPrefix(traceKeyword) else { return }
            let words = text.dropFirst(traceKeyword.count).split { $0 == " " || $0 == "," || $0 == "\t" }.map(String.init)
            guard !words.isEmpty else {
                throw ScenarioHeaderError(
                    message: "\(path):\(offset + 1): '-- trace:' names nothing to add to the trace; write '-- trace: memory' to trace every write to app.memory and w.memory")
            }
            for word in words {
                guard traceAdditions.contains(word) else {
                    let nearest = EditDistance.closest(to: word, among: traceAdditions) { _ in 2 }
                    let hint = nearest.map { " (did you mean '\($0)'?)" } ?? ""
                    throw ScenarioHeaderError(
                        message:
                            "\(path):\(offset + 1): unknown trace addition '\(shown(word))' in '-- trace:'\(hint); the only one is 'memory' (a line for every write to app.memory and w.memory)"
                    )
                }
                found = true
            }
        }
        return found
    }

    /// The platforms of `-- platforms: iphone ipados` (spaces or commas between them), in the
    /// order written, each once, with the line they were found on; empty without the line.
    package static func platforms(in source: [UInt8], path: String, known: [String]) throws(ScenarioHeaderError) -> [String] {
        var found: [String] = []
        try forEachHeaderLine(source) { (offset, text) throws(ScenarioHeaderError) in
            guard text.hasPrefix(platformsKeyword) else { return }
            let words = text.dropFirst(platformsKeyword.count).split { $0 == " " || $0 == "," || $0 == "\t" }.map(String.init)
            guard !words.isEmpty else {
                throw ScenarioHeaderError(
                    message:
                        "\(path):\(offset + 1): '-- platforms:' names no platform; list the platforms to run on, e.g. '-- platforms: \(known.prefix(2).joined(separator: " "))'")
            }
            for word in words {
                guard known.contains(word) else {
                    let nearest = EditDistance.closest(to: word, among: known) { _ in 2 }
                    let hint = nearest.map { " (did you mean '\($0)'?)" } ?? ""
                    throw ScenarioHeaderError(
                        message: "\(path):\(offset + 1): unknown platform '\(shown(word))' in '-- platforms:'\(hint); the platforms are \(known.joined(separator: ", "))")
                }
                if !found.contains(word) { found.append(word) }
            }
        }
        return found
    }

    /// Calls `body` with each comment line of the leading block (its offset, and its text after
    /// the dashes, trimmed): the lines from the top that are `--` comments or blank (a `#!`
    /// first line too), after a UTF-8 byte order mark, which Lua's loader skips.
    private static func forEachHeaderLine(_ source: [UInt8], _ body: (Int, String) throws(ScenarioHeaderError) -> Void) throws(ScenarioHeaderError) {
        let text = source.starts(with: byteOrderMark) ? source.dropFirst(byteOrderMark.count) : source[...]
        for (offset, rawLine) in text.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
            let line = String(decoding: rawLine, as: UTF8.self).trimmingBlanks()
            if line.isEmpty || (offset == 0 && line.hasPrefix("#!")) { continue }
            guard line.hasPrefix("--"), !line.hasPrefix("--[[") else { return }
            try body(offset, String(line.drop(while: { $0 == "-" })).trimmingBlanks())
        }
    }

    /// The line that says what is expected: `expect:` after the dashes of a comment line.
    static let keyword = "expect:"

    /// UTF-8's byte order mark, which some editors write at the start of a file.
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// Reads the leading comment block: the lines from the top that are `--` comments or blank
    /// (a `#!` first line too). A `-- expect: …` line other than `-- expect: error` is a
    /// mistake, reported with its `file:line`.
    init(parsing source: [UInt8], path: String) throws(ScenarioHeaderError) {
        var expectsError = false, goldenHoldsTimeline = false
        try Self.forEachHeaderLine(source) { (offset, text) throws(ScenarioHeaderError) in
            if text.hasPrefix(Self.goldenKeyword) {
                guard String(text.dropFirst(Self.goldenKeyword.count)).trimmingBlanks() == "timeline" else {
                    throw ScenarioHeaderError(
                        message:
                            "\(path):\(offset + 1): unknown golden content '\(text)': the only one is '-- golden: timeline', for a golden that holds the text timeline instead of the trace"
                    )
                }
                goldenHoldsTimeline = true
                return
            }
            guard text.hasPrefix(Self.keyword) else { return }
            let value = String(text.dropFirst(Self.keyword.count)).trimmingBlanks()
            guard value == "error" else {
                throw ScenarioHeaderError(
                    message: "\(path):\(offset + 1): unknown expectation '\(text)': the only one is '-- expect: error', for a scenario meant to end in an error")
            }
            expectsError = true
        }
        self.expectsError = expectsError
        self.goldenHoldsTimeline = goldenHoldsTimeline
        self.tracesMemory = try Self.tracesMemory(in: source, path: path)
    }
}

/// A mistake in a scenario's header, worded for the user with its `file:line`.
package struct ScenarioHeaderError: Error, Sendable, Hashable {
    package var message: String
}

extension String {
    /// Without the leading and trailing blanks (space, tab, carriage return), character by
    /// character. Walked by index: `reversed()` here made the runtime look up the conformances
    /// of the reversed collection types on each `scenesim run`, a scan of the binary's whole
    /// conformance table each (a tenth of the start-up's instructions).
    func trimmingBlanks() -> String {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        var start = startIndex, end = endIndex
        while start < end, isBlank(self[start]) { start = index(after: start) }
        while end > start {
            let last = index(before: end)
            guard isBlank(self[last]) else { break }
            end = last
        }
        return String(self[start..<end])
    }
}
