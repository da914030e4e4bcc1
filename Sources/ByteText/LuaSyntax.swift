/// The parts of Lua's lexical syntax that code outside Lua needs: which words are reserved and
/// which names may follow a `.` or stand as `name = value` in a table constructor.
package enum LuaSyntax {
    /// Lua 5.4's reserved words (manual §3.1).
    package static let keywords: Set<String> = [
        "and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if",
        "in", "local", "nil", "not", "or", "repeat", "return", "then", "true", "until", "while",
    ]

    /// True for a Lua name: ASCII letters, digits and `_`, not starting with a digit, and not
    /// a reserved word.
    package static func isIdentifier(_ bytes: some Collection<UInt8>) -> Bool {
        guard let first = bytes.first, isLetter(first),
            bytes.allSatisfy({ isLetter($0) || ($0 >= 48 && $0 <= 57) })
        else { return false }
        return !keywords.contains(String(decoding: bytes, as: UTF8.self))
    }

    /// True for a Lua name (see the other overload).
    package static func isIdentifier(_ name: String) -> Bool { isIdentifier(name.utf8) }

    private static func isLetter(_ c: UInt8) -> Bool {
        (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c == 95
    }
}
