import ByteText

/// A copy of a Lua table: raw contents only, metatable ignored.
///
/// `nil` keys and values are never stored (as in Lua); float keys with an integer value are
/// stored as integers (as Lua does, so `t[1.0]` is `t[1]`).
package struct LuaTable: Hashable {
    private var storage: [LuaValue: LuaValue] = [:]

    /// The identity of the Lua table this is an unchanged copy of (see `LuaStack.value`); a
    /// change makes it a table of its own.
    final class Origin {}
    var origin: Origin?

    package static func == (lhs: LuaTable, rhs: LuaTable) -> Bool { lhs.storage == rhs.storage }

    /// Hashes one level deep: nested tables count by their size only. A copy may share one
    /// table in many places (see `LuaStack.value`); a deep hash would visit every path.
    package func hash(into hasher: inout Hasher) {
        var entries = 0
        for (key, value) in storage {
            var entry = Hasher()
            Self.shallowHash(key, into: &entry)
            Self.shallowHash(value, into: &entry)
            entries ^= entry.finalize()  // order-independent, as the dictionary is unordered
        }
        hasher.combine(storage.count)
        hasher.combine(entries)
    }

    private static func shallowHash(_ value: LuaValue, into hasher: inout Hasher) {
        if case .table(let table) = value { hasher.combine(table.count) } else { hasher.combine(value) }
    }

    /// An empty table.
    package init() {}

    /// A table of key/value pairs; later duplicates win.
    package init(_ pairs: [(LuaValue, LuaValue)]) {
        for (key, value) in pairs { self[key] = value }
    }

    /// A sequence `{v1, v2, ...}`.
    package init(sequence: [LuaValue]) {
        for (offset, value) in sequence.enumerated() { self[.integer(Int64(offset + 1))] = value }
    }

    /// A record `{name = value, ...}`.
    package init(fields: [String: LuaValue]) {
        for (key, value) in fields { self[.string(ByteString(key))] = value }
    }

    /// The value stored under `key`, `.nil` when absent; assigning `.nil` removes the key.
    package subscript(key: LuaValue) -> LuaValue {
        get { LuaTable.normalized(key).flatMap { storage[$0] } ?? .nil }
        set {
            guard let key = LuaTable.normalized(key) else { return }
            origin = nil
            storage[key] = newValue.isNil ? nil : newValue
        }
    }

    /// The value of field `name`, `.nil` when absent.
    package subscript(field name: String) -> LuaValue {
        get { self[.string(ByteString(name))] }
        set { self[.string(ByteString(name))] = newValue }
    }

    /// The number of keys.
    package var count: Int { storage.count }

    /// True when the table has no keys.
    package var isEmpty: Bool { storage.isEmpty }

    /// Every key in the canonical order: numbers ascending, then strings, booleans, others.
    package var keys: [LuaValue] {
        entries.map(\.key)
    }

    /// Every pair in no particular order, for uses that do not show it (pushing, or rendering,
    /// which sorts by itself).
    package var unorderedEntries: [LuaValue: LuaValue] { storage }

    /// Every pair in the canonical key order.
    /// Keys that are tables, functions or handles sort by their text, then by their value's
    /// text (equal texts print the same, so the order never shows in a rendering).
    package var entries: [(key: LuaValue, value: LuaValue)] {
        // Each key's order is worked out once (for table keys it means rendering them).
        storage.map { ($0, $1, LuaKeyOrder($0, value: $1)) }.sorted { $0.2 < $1.2 }.map { ($0.0, $0.1) }
    }

    /// The string keys as text, escaped (see `ByteString.escaped`) and sorted (for option
    /// bags: detecting and naming unknown keys).
    package var stringKeys: [String] {
        storage.keys.compactMap(\.bytesValue).sorted().map(\.escaped)
    }

    /// The values at 1, 2, ... up to the first missing index.
    package var sequence: [LuaValue] {
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
