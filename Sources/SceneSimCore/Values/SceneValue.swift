import ByteText

/// A value SceneStorage can hold or a window can present: Bool, Int, Double or String.
///
/// Int and Double stay distinct (`2` is not `2.0`), as they are distinct Swift types. Strings
/// are the script's bytes (Data travels as strings): compared byte by byte, never normalized.
public enum SceneValue: Hashable, Sendable {
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(ByteString)

    /// A string value from Swift text (its UTF-8 bytes).
    public static func string(_ text: String) -> SceneValue { .string(ByteString(text)) }

    /// The declared type of a value group (`WindowGroup(id:for:)`).
    public enum Kind: String, Sendable, CaseIterable {
        case string, integer
    }

    /// The Lua-facing type name used in messages: boolean, integer, float, string.
    package var typeName: String {
        switch self {
        case .bool: "boolean"
        case .int: "integer"
        case .double: "float"
        case .string: "string"
        }
    }

    package func matches(_ kind: Kind) -> Bool {
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
        case .string(let s): s.quoted
        }
    }

    /// Bytes this value counts for in a scene's storage size (semantics §3.4).
    var byteSize: Int {
        switch self {
        case .bool: 1
        case .int, .double: 8
        case .string(let s): s.count
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
}
