import CLuaShim

/// The deterministic text form of Lua values, shared by `print`, `tostring` and `describe`.
///
/// The rule is "Lua's `tostring` without addresses": `function: 0x55...` becomes `function`, a
/// userdata named `Window` becomes `Window` (unless its `__tostring` says more), and a table
/// shows its contents in Lua constructor syntax with keys in canonical order:
/// `{1, 2, x = "s", ["two words"] = true, [2.5] = {}}`. Nested strings are quoted; a table met
/// again on its own path prints `<cycle>`; nesting deeper than `maxDepth` prints `{...}`.
/// So no output of `print` or `tostring` contains an address, and equal data always prints the
/// same. (`string.format` renders `%s` through `tostring` and refuses `%p`; see determinism.c.
/// io.write, with `.all`, writes to standard output directly.)
enum LuaRenderer {
    /// How deep tables nest before the renderer writes `{...}`.
    static let maxDepth = 8

    static let keywords: Set<String> = [
        "and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if",
        "in", "local", "nil", "not", "or", "repeat", "return", "then", "true", "until", "while",
    ]

    /// A float exactly as Lua prints it (`2.0`, `0.1`, `1e+100`, `inf`).
    static func number(_ value: Double) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        scn_format_number(value, &buffer, buffer.count)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// A string as a Lua literal, escaping quotes, backslashes and control characters.
    static func quoted(_ string: String) -> String {
        var result = "\""
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): result += "\\\""
            case UInt8(ascii: "\\"): result += "\\\\"
            case UInt8(ascii: "\n"): result += "\\n"
            case UInt8(ascii: "\t"): result += "\\t"
            case UInt8(ascii: "\r"): result += "\\r"
            case 0..<32, 127: result += "\\\(byte)"
            default: result.unicodeScalars.append(Unicode.Scalar(byte))
            }
        }
        return result + "\""
    }

    static func isIdentifier(_ string: String) -> Bool {
        guard let first = string.utf8.first, !keywords.contains(string) else { return false }
        func isLetter(_ c: UInt8) -> Bool {
            (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c == 95
        }
        return isLetter(first) && string.utf8.allSatisfy { isLetter($0) || ($0 >= 48 && $0 <= 57) }
    }

    /// `name = ` for identifiers, `[key] = ` for everything else.
    static func keyPrefix(_ key: LuaKeyOrder, rendered: String) -> String {
        if key.rank == .string, isIdentifier(key.text) { return key.text + " = " }
        return "[" + rendered + "] = "
    }

    /// Assembles a table: the sequence part positionally, then the other keys in order.
    static func table(_ entries: [(key: LuaKeyOrder, keyText: String, valueText: String)]) -> String {
        let sorted = entries.sorted { $0.key < $1.key }
        var parts: [String] = []
        var next: Int64 = 1
        for entry in sorted {
            if entry.key.integer == next {
                parts.append(entry.valueText)
                next += 1
            } else {
                parts.append(keyPrefix(entry.key, rendered: entry.keyText) + entry.valueText)
            }
        }
        return parts.isEmpty ? "{}" : "{" + parts.joined(separator: ", ") + "}"
    }

    /// Renders a copied value; strings are quoted when `quoted` (inside tables always).
    static func render(_ value: LuaValue, quoted isQuoted: Bool, depth: Int = 0) -> String {
        switch value {
        case .nil: return "nil"
        case .boolean(let boolean): return boolean ? "true" : "false"
        case .integer(let integer): return String(integer)
        case .number(let float): return number(float)
        case .string(let string): return isQuoted ? quoted(string) : string
        case .handle(let handle): return "\(handle.type.name)(\(handle.id))"
        case .function: return "function"
        case .opaque(let typeName): return typeName
        case .table(let table):
            if depth >= maxDepth { return "{...}" }
            // table() sorts by the key order computed here, once per key.
            return self.table(table.unorderedEntries.map { key, value in
                (LuaKeyOrder(key), render(key, quoted: true, depth: depth + 1),
                 render(value, quoted: true, depth: depth + 1))
            })
        }
    }
}

extension LuaValue: CustomStringConvertible {
    /// The deterministic Lua-like text of the value (strings quoted; see `LuaState.describe` for
    /// the form that runs `__tostring`).
    public var description: String { LuaRenderer.render(self, quoted: true) }
}
