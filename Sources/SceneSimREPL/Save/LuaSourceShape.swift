/// What `\save` must know about an entry's source to write it into one file without changing
/// what it does: found by reading its tokens (strings and comments skipped), not by guessing
/// from words, since `return` or `local` in a string or inside a function body means nothing.
///
/// The source is one that compiled, so it is valid Lua: every block opened is closed.
struct LuaSourceShape: Equatable {
    /// A `return` outside every function body (`do return end` too): in the saved file it
    /// would end the whole chunk.
    var returnsFromChunk = false
    /// A `local` outside every block: in the saved file it would reach the following entries.
    var declaresLocal = false
    /// A `::label::` outside every block: two entries may each have their own.
    var declaresLabel = false
    /// The first token is `(`: after the previous entry it would read as a call of it.
    var startsWithParenthesis = false

    init(_ source: String) {
        let bytes = Array(source.utf8)
        var index = 0
        // The open blocks, innermost last: true for a function body.
        var blocks: [Bool] = []
        var first = true
        while index < bytes.count {
            let byte = bytes[index]
            if Self.isSpace(byte) {
                index += 1
                continue
            }
            if byte == UInt8(ascii: "-"), Self.byte(bytes, index + 1) == UInt8(ascii: "-") {
                index = Self.skipComment(bytes, from: index + 2)
                continue
            }
            defer { first = false }
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                index = Self.skipShortString(bytes, from: index)
            } else if byte == UInt8(ascii: "["), let level = Self.longBracketLevel(bytes, at: index) {
                index = Self.skipLongBracket(bytes, from: index, level: level)
            } else if Self.isNameByte(byte) {
                let start = index
                while index < bytes.count, Self.isNameByte(bytes[index]) { index += 1 }
                // A number ("1e5", "0xff") starts with a digit and is never a keyword.
                guard !Self.isDigit(byte) else { continue }
                switch String(decoding: bytes[start..<index], as: UTF8.self) {
                case "function": blocks.append(true)
                case "do", "if", "repeat": blocks.append(false)
                case "end", "until": _ = blocks.popLast()
                case "return" where !blocks.contains(true): returnsFromChunk = true
                case "local" where blocks.isEmpty: declaresLocal = true
                default: break
                }
            } else {
                if first && byte == UInt8(ascii: "(") { startsWithParenthesis = true }
                if byte == UInt8(ascii: ":"), Self.byte(bytes, index + 1) == UInt8(ascii: ":"), blocks.isEmpty {
                    declaresLabel = true
                }
                index += 1
            }
        }
    }

    private static func byte(_ bytes: [UInt8], _ index: Int) -> UInt8? {
        index < bytes.count ? bytes[index] : nil
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte)
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "_") || isDigit(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    /// `[[` or `[==[`: the number of `=`, or nil when `[` opens no long bracket.
    private static func longBracketLevel(_ bytes: [UInt8], at index: Int) -> Int? {
        var cursor = index + 1
        while byte(bytes, cursor) == UInt8(ascii: "=") { cursor += 1 }
        return byte(bytes, cursor) == UInt8(ascii: "[") ? cursor - index - 1 : nil
    }

    /// Past the `]==]` that closes the long bracket opened at `index`.
    private static func skipLongBracket(_ bytes: [UInt8], from index: Int, level: Int) -> Int {
        var cursor = index + level + 2
        while cursor < bytes.count {
            if bytes[cursor] == UInt8(ascii: "]") {
                var end = cursor + 1
                while byte(bytes, end) == UInt8(ascii: "=") { end += 1 }
                if end - cursor - 1 == level, byte(bytes, end) == UInt8(ascii: "]") { return end + 1 }
            }
            cursor += 1
        }
        return cursor
    }

    /// Past the comment whose `--` ends just before `index`: a long one or to the line's end.
    private static func skipComment(_ bytes: [UInt8], from index: Int) -> Int {
        if byte(bytes, index) == UInt8(ascii: "["), let level = longBracketLevel(bytes, at: index) {
            return skipLongBracket(bytes, from: index, level: level)
        }
        var cursor = index
        while cursor < bytes.count, bytes[cursor] != 0x0A, bytes[cursor] != 0x0D { cursor += 1 }
        return cursor
    }

    /// Past the closing quote of the string opened at `index` (a backslash escapes one byte).
    private static func skipShortString(_ bytes: [UInt8], from index: Int) -> Int {
        let quote = bytes[index]
        var cursor = index + 1
        while cursor < bytes.count, bytes[cursor] != quote {
            cursor += bytes[cursor] == UInt8(ascii: "\\") ? 2 : 1
        }
        return cursor + 1
    }
}
