/// A value SceneStorage can hold or a window can present: Bool, Int, Double or String.
///
/// Int and Double stay distinct (`2` is not `2.0`), as they are distinct Swift types.
public enum SceneValue: Hashable, Sendable {
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)

    /// The declared type of a value group (`WindowGroup(id:for:)`).
    public enum Kind: String, Sendable, CaseIterable {
        case string, integer
    }

    /// The Lua-facing type name used in messages: boolean, integer, float, string.
    public var typeName: String {
        switch self {
        case .bool: "boolean"
        case .int: "integer"
        case .double: "float"
        case .string: "string"
        }
    }

    public func matches(_ kind: Kind) -> Bool {
        switch (self, kind) {
        case (.string, .string), (.int, .integer): true
        default: false
        }
    }

    /// Lua-literal text: `true`, `42`, `2.0`, `"42"` (strings quoted and escaped).
    public var literal: String {
        switch self {
        case .bool(let b): b ? "true" : "false"
        case .int(let i): String(i)
        case .double(let d): Self.floatLiteral(d)
        case .string(let s): Self.quoted(s)
        }
    }

    /// Bytes this value counts for in a scene's storage size (semantics §3.4).
    var byteSize: Int {
        switch self {
        case .bool: 1
        case .int, .double: 8
        case .string(let s): s.utf8.count
        }
    }

    /// Floats always show a fraction or exponent so they never read as integers (`2.0`, `1e+20`).
    static func floatLiteral(_ d: Double) -> String {
        if d.isNaN { return "nan" }
        if d.isInfinite { return d < 0 ? "-inf" : "inf" }
        if d == d.rounded(), abs(d) < 1e15 {
            return String(Int64(d)) + ".0"
        }
        return "\(d)"
    }

    static func quoted(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7f {
                    // Always three digits: "\\1" followed by a digit would read back as one byte.
                    let digits = String(scalar.value)
                    out += "\\" + String(repeating: "0", count: 3 - digits.count) + digits
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
