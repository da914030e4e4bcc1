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
    /// Values keyed by values, as a dictionary (only memory holds one: `setAppMemory(key:value:)`,
    /// `setWindowMemory(_:key:value:)`).
    ///
    /// In a scenario script: a Lua table in `app.memory` or `w.memory`.
    indirect case table([SceneValue: SceneValue])

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
        case .table: "table"
        }
    }

    package func matches(_ kind: Kind) -> Bool {
        switch (self, kind) {
        case (.string, .string), (.int, .integer): true
        default: false
        }
    }

    /// The value as the trace and scenarios write it: `true`, `42`, `2.0`, `"42"` (strings quoted and
    /// escaped).
    public var literal: String {
        switch self {
        case .bool(let b): b ? "true" : "false"
        case .int(let i): String(i)
        case .double(let d): Self.floatLiteral(d)
        case .string(let s): s.quoted
        case .table(let entries): Self.tableLiteral(entries)
        }
    }

    /// Bytes this value counts for in a scene's storage size (semantics §3.4).
    var byteSize: Int {
        switch self {
        case .bool: 1
        case .int, .double: 8
        case .string(let s): s.count
        case .table(let entries): entries.reduce(16) { $0 + $1.key.byteSize + $1.value.byteSize + 16 }
        }
    }

    /// A table's keys in the order every rendering shows them: numbers ascending (an integer
    /// before an equal float), strings by bytes, `false`, `true`; as `pairs` walks a table.
    package static func sortedKeys(_ entries: [SceneValue: SceneValue]) -> [SceneValue] {
        entries.keys.sorted(by: keyPrecedes)
    }

    static func keyPrecedes(_ a: SceneValue, _ b: SceneValue) -> Bool {
        func rank(_ v: SceneValue) -> Int {
            switch v {
            case .int, .double: 0
            case .string: 1
            case .bool(let flag): flag ? 3 : 2
            case .table: 4
            }
        }
        let (ra, rb) = (rank(a), rank(b))
        if ra != rb { return ra < rb }
        switch (a, b) {
        case let (.string(x), .string(y)): return x < y
        case (.int, _), (.double, _):
            let x: Double = if case .int(let i) = a { Double(i) } else if case .double(let d) = a { d } else { 0 }
            let y: Double = if case .int(let i) = b { Double(i) } else if case .double(let d) = b { d } else { 0 }
            if x != y { return x < y }
            if case let (.int(i), .int(j)) = (a, b) { return i < j }
            if case .int = a, case .double = b { return true }
            return false
        default: return false
        }
    }

    /// `{1, 2, 3}`, `{a = 1, ["two words"] = true, [2.5] = "x"}`: the entries in key order, a
    /// run of keys 1, 2, 3 ... first without keys, as `print` shows a table.
    static func tableLiteral(_ entries: [SceneValue: SceneValue]) -> String {
        var parts: [String] = []
        var next: Int64 = 1
        for key in sortedKeys(entries) {
            let value = entries[key]!.literal
            if case .int(let i) = key, i == next {
                parts.append(value)
                next += 1
                continue
            }
            switch key {
            case .string(let name) where LuaSyntax.isIdentifier(name.bytes): parts.append("\(name.escaped) = \(value)")
            default: parts.append("[\(key.literal)] = \(value)")
            }
        }
        return "{" + parts.joined(separator: ", ") + "}"
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
