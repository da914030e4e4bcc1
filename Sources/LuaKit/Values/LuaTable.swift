/// A copy of a Lua table: raw contents only, metatable ignored.
///
/// `nil` keys and values are never stored (as in Lua); float keys with an integer value are
/// stored as integers (as Lua does, so `t[1.0]` is `t[1]`).
public struct LuaTable: Hashable {
    private var storage: [LuaValue: LuaValue] = [:]

    /// An empty table.
    public init() {}

    /// A table of key/value pairs; later duplicates win.
    public init(_ pairs: [(LuaValue, LuaValue)]) {
        for (key, value) in pairs { self[key] = value }
    }

    /// A sequence `{v1, v2, ...}`.
    public init(sequence: [LuaValue]) {
        for (offset, value) in sequence.enumerated() { self[.integer(Int64(offset + 1))] = value }
    }

    /// A record `{name = value, ...}`.
    public init(fields: [String: LuaValue]) {
        for (key, value) in fields { self[.string(key)] = value }
    }

    /// The value stored under `key`, `.nil` when absent; assigning `.nil` removes the key.
    public subscript(key: LuaValue) -> LuaValue {
        get { LuaTable.normalized(key).flatMap { storage[$0] } ?? .nil }
        set {
            guard let key = LuaTable.normalized(key) else { return }
            storage[key] = newValue.isNil ? nil : newValue
        }
    }

    /// The value of field `name`, `.nil` when absent.
    public subscript(field name: String) -> LuaValue {
        get { self[.string(name)] }
        set { self[.string(name)] = newValue }
    }

    /// The number of keys.
    public var count: Int { storage.count }

    /// True when the table has no keys.
    public var isEmpty: Bool { storage.isEmpty }

    /// Every key in the canonical order: numbers ascending, then strings, booleans, others.
    public var keys: [LuaValue] {
        // Each key's order is worked out once (for table keys it means rendering them).
        storage.keys.map { ($0, LuaKeyOrder($0)) }.sorted { $0.1 < $1.1 }.map(\.0)
    }

    /// Every pair in no particular order, for uses that do not show it (pushing, or rendering,
    /// which sorts by itself).
    var unorderedEntries: Dictionary<LuaValue, LuaValue> { storage }

    /// Every pair in the canonical key order.
    public var entries: [(key: LuaValue, value: LuaValue)] {
        keys.map { ($0, storage[$0]!) }
    }

    /// The string keys, sorted (for option bags: detecting unknown keys).
    public var stringKeys: [String] {
        storage.keys.compactMap(\.stringValue).sorted()
    }

    /// The values at 1, 2, ... up to the first missing index.
    public var sequence: [LuaValue] {
        var values: [LuaValue] = []
        var index: Int64 = 1
        while let value = storage[.integer(index)] {
            values.append(value)
            index += 1
        }
        return values
    }

    private static func normalized(_ key: LuaValue) -> LuaValue? {
        switch key {
        case .nil: return nil
        case .number(let value):
            if value.isNaN { return nil }
            if let integer = Int64(exactly: value) { return .integer(integer) }
            return key
        default: return key
        }
    }
}
