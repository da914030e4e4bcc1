import Foundation
import Testing

/// Issue 42, item 8: every message a Swift caller can read is in Swift words. The messages are
/// string literals in `SimError(...)` calls of SceneSimCore, SceneSimBuiltin and SceneSimTesting;
/// what a Swift caller reads of one is its literal text and the `swift:` side of its
/// `\(script: ..., swift: ...)` phrases (its `APICall`s are spelled by `swiftSpelling`, which
/// SwiftWordsTests checks). None of that may be a script's spelling. Script-only text belongs in
/// the `script:` side.
@Suite("Every SimError message literal reads in Swift words for a Swift caller")
struct SwiftMessageLiteralTests {
    static let modules = ["Sources/SceneSimCore", "Sources/SceneSimBuiltin", "Sources/SceneSimTesting"]

    /// A script's spellings (as SwiftWordsTests.scriptWords): a Lua call or field, `nil`, a hook,
    /// a Lua table or function, a Lua option (`kind = "window"`), a snake_case name.
    nonisolated(unsafe) static let scriptWords =
        #/(?:^|[^\w.])(app|w|task):[a-z_]|(?:^|[^\w.])(sim|app|w|task)\.[a-z]|\bnil\b|\bhooks?\b|(?:^|[^.\w])tables?\b|\bfunctions?\b|\b[a-z]+ = \\?"|\b[a-z]+_[a-z_]+\b/#

    /// One string literal: where it starts and ends (UTF-8 offsets) and the text a Swift caller
    /// reads of it: its literal pieces and its `swift:` phrases.
    struct Literal {
        var start: Int
        var end: Int
        var line: Int
        var swiftText: [String]
    }

    /// The string literals of Swift source `source` outside comments, in order.
    static func literals(in source: [UInt8]) -> [Literal] {
        var found: [Literal] = []
        var index = 0
        var line = 1
        while index < source.count {
            let byte = source[index]
            if byte == UInt8(ascii: "\n") {
                line += 1
                index += 1
            } else if starts(source, index, "//") {
                while index < source.count && source[index] != UInt8(ascii: "\n") { index += 1 }
            } else if starts(source, index, "/*") {
                index += 2
                while index < source.count && !starts(source, index, "*/") {
                    if source[index] == UInt8(ascii: "\n") { line += 1 }
                    index += 1
                }
                index += 2
            } else if byte == UInt8(ascii: "\"") {
                let literal = readLiteral(source, at: index, line: line)
                found.append(literal)
                line += source[index..<literal.end].filter { $0 == UInt8(ascii: "\n") }.count
                index = literal.end
            } else {
                index += 1
            }
        }
        return found
    }

    static func starts(_ source: [UInt8], _ index: Int, _ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return index + bytes.count <= source.count && Array(source[index..<index + bytes.count]) == bytes
    }

    /// The literal starting at `start` (a `"` or `"""`).
    static func readLiteral(_ source: [UInt8], at start: Int, line: Int) -> Literal {
        let quote = starts(source, start, "\"\"\"") ? "\"\"\"" : "\""
        var index = start + quote.utf8.count
        var pieces: [String] = []
        var current: [UInt8] = []
        while index < source.count {
            if starts(source, index, quote) {
                pieces.append(String(decoding: current, as: UTF8.self))
                return Literal(start: start, end: index + quote.utf8.count, line: line, swiftText: pieces)
            }
            if source[index] == UInt8(ascii: "\\"), index + 1 < source.count, source[index + 1] == UInt8(ascii: "(") {
                // An interpolation: up to its balancing parenthesis, stepping over nested literals.
                pieces.append(String(decoding: current, as: UTF8.self))
                current = []
                var end = index + 2
                var depth = 1
                var nested: [Literal] = []
                while end < source.count && depth > 0 {
                    if source[end] == UInt8(ascii: "\"") {
                        let literal = readLiteral(source, at: end, line: line)
                        nested.append(literal)
                        end = literal.end
                        continue
                    }
                    if source[end] == UInt8(ascii: "(") { depth += 1 }
                    if source[end] == UInt8(ascii: ")") { depth -= 1 }
                    end += 1
                }
                let inside = String(decoding: source[(index + 2)..<(end - 1)], as: UTF8.self)
                // `\(script: "...", swift: "...")`: a Swift caller reads the `swift:` side.
                // (A `swift:` side that is an expression, not a literal, is Swift by construction.)
                if inside.hasPrefix("script:"), let swift = inside.utf8.firstRange(of: "swift:".utf8) {
                    let swiftStart = index + 2 + inside.utf8.distance(from: inside.utf8.startIndex, to: swift.lowerBound)
                    pieces += nested.filter { $0.start > swiftStart }.flatMap(\.swiftText)
                }
                index = end
                continue
            }
            if source[index] == UInt8(ascii: "\\"), index + 1 < source.count {
                current += source[index...(index + 1)]
                index += 2
                continue
            }
            current.append(source[index])
            index += 1
        }
        return Literal(start: start, end: source.count, line: line, swiftText: pieces + [String(decoding: current, as: UTF8.self)])
    }

    /// `file:line: text` of each literal inside a `SimError(...)` call of `source` whose Swift
    /// text has a script's spelling.
    static func scriptWordsInMessages(_ text: String, file: String) -> [String] {
        let source = Array(text.utf8)
        let literals = literals(in: source)
        let literalEnds = Dictionary(uniqueKeysWithValues: literals.map { ($0.start, $0.end) })
        var inCall: Set<Int> = []
        var index = 0
        let opener = Array("SimError(".utf8)
        while index + opener.count <= source.count {
            if let end = literalEnds[index] {
                index = end
                continue
            }
            guard Array(source[index..<index + opener.count]) == opener else {
                index += 1
                continue
            }
            var end = index + opener.count
            var depth = 1
            while end < source.count && depth > 0 {
                if let literalEnd = literalEnds[end] {
                    inCall.insert(end)
                    end = literalEnd
                    continue
                }
                if source[end] == UInt8(ascii: "(") { depth += 1 }
                if source[end] == UInt8(ascii: ")") { depth -= 1 }
                end += 1
            }
            index = end
        }
        return literals.filter { inCall.contains($0.start) }.flatMap { literal in
            literal.swiftText.filter { $0.firstMatch(of: scriptWords) != nil }.map { "\(file):\(literal.line): \($0)" }
        }
    }

    @Test("the reader finds a message's literal text and its swift: phrases, and skips its script: ones")
    func readerReadsMessages() {
        let source = #"""
            // SimError(.forbidden, "app:launch() in a comment")
            throw SimError(.forbidden, "\(script: "app.defaults key", swift: "default") \(key.quoted): store a number or nil")
            let x = "app:launch() outside a message"
            throw SimError(.forbidden, "\(.after, scriptArguments: "(seconds, fn)") needs \(script: "w.memory", swift: "w.memory") (\("a_b"))")
            throw SimError(.forbidden, "call \(script: "open_window(\"\(id)\")", swift: APICall.openWindow.swiftSpelling)")
            """#
        #expect(
            Self.scriptWordsInMessages(source, file: "F.swift") == [
                "F.swift:2: : store a number or nil", "F.swift:4: w.memory",
            ])
    }

    @Test("no SimError message of the exported modules shows a Swift caller a script's spelling")
    func messagesAreInSwiftWords() throws {
        var found: [String] = []
        for module in Self.modules {
            for (file, text) in try PublicAPITests.swiftFiles(in: module) {
                found += Self.scriptWordsInMessages(text, file: "\(module)/\(file)")
            }
        }
        #expect(
            found.isEmpty, "put the script's words on the script: side of a \\(script: ..., swift: ...) phrase, with Swift words on the other:\n\(found.joined(separator: "\n"))")
    }
}
