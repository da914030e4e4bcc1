import LuaKit
import SceneSimCore

extension SceneValue {
    /// The storable value of a Lua value; nil for types SceneStorage cannot hold.
    init?(lua value: LuaValue) {
        switch value {
        case .boolean(let b): self = .bool(b)
        case .integer(let i): self = .int(i)
        case .number(let d): self = .double(d)
        case .string(let s): self = .string(s)
        case .nil, .table, .handle, .function, .opaque: return nil
        }
    }

    var lua: LuaValue {
        switch self {
        case .bool(let b): .boolean(b)
        case .int(let i): .integer(i)
        case .double(let d): .number(d)
        case .string(let s): .string(s)
        }
    }
}

extension LuaPlainSink {
    /// A stored value (every one is plain), or nil: no `LuaValue` made on the way.
    mutating func put(_ value: SceneValue?, keep: Bool) {
        switch value {
        case nil: putNil(keep: keep)
        case .bool(let b): put(b, keep: keep)
        case .int(let i): put(integer: i, keep: keep)
        case .double(let d): put(number: d, keep: keep)
        case .string(let s): put(s, keep: keep)
        }
    }
}

extension SceneStorage {
    /// A plain Lua table with the same keys and values.
    var luaTable: LuaValue {
        var table = LuaTable()
        for key in sortedKeys { table[.string(key)] = self[key]!.lua }
        return .table(table)
    }
}

/// `"boolean, integer, float or string"`: what storage and window values may be.
let storableTypes = "boolean, integer, float or string"

/// The value a script writes into a key-value store (SceneStorage, defaults): nil deletes the
/// key; anything else must be storable, or the error names the key (`what`) and what the store
/// (`holder`, e.g. "SceneStorage holds") can keep.
func storedValue(_ raw: LuaValue, _ what: String, holder: String) throws(SimError) -> SceneValue? {
    if raw.isNil { return nil }
    guard let storable = SceneValue(lua: raw) else {
        throw SimError(.invalidValue, "\(what): cannot store a \(luaTypeName(raw)); \(holder) \(storableTypes) values (encode tables as strings)")
    }
    return storable
}

/// Lua's type name with integer and float told apart, for messages.
func luaTypeName(_ value: LuaValue) -> String {
    switch value {
    case .integer: "integer"
    case .number: "float"
    default: value.typeName
    }
}

/// `luaTypeName` with its article: "an integer", "a table".
func aLuaTypeName(_ value: LuaValue) -> String {
    let name = luaTypeName(value)
    return (name.first.map { "aeiou".contains($0) } ?? false ? "an " : "a ") + name
}
