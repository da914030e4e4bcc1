import ByteText
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
        // A fresh copy at each read: changing it changes nothing in memory until it is written back.
        case .table(let entries): .table(LuaTable(entries.map { ($0.key.lua, $0.value.lua) }))
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
        // Only memory holds tables, and its reads are never cached (ScriptHost+Memory): a
        // store read through this sink holds none.
        case .table: putNil(keep: keep)
        }
    }
}

extension SimSceneStorage {
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

/// What `app.memory` and `w.memory` hold: a store's values, and tables of them (issue 44): keys
/// that are booleans, numbers or strings, values storable or tables again, no cycle. The table
/// is copied in, so changing the script's table later leaves memory as written.
let memoryTypes = "boolean, integer, float or string values, and tables of them"

/// The value a script writes into `app.memory` or `w.memory`: `storedValue`'s, or a table of
/// such values, copied; a part that cannot be stored is named by its path (`queue[2].f`).
func memoryValue(_ raw: LuaValue, _ what: String) throws(SimError) -> SceneValue? {
    if raw.isNil { return nil }
    var left = maxMemoryEntries
    return try memoryPart(raw, what, path: "", left: &left)
}

/// The most entries a value memory holds may have, a table shared in several places counted at
/// each: a copy is made of every place, so a table nested in itself many times over (`t = {t, t}`
/// forty times) is refused, not copied for ever.
let maxMemoryEntries = 1 << 20

private func memoryPart(_ raw: LuaValue, _ what: String, path: String, left: inout Int) throws(SimError) -> SceneValue {
    let place = path.isEmpty ? "" : " (at \(path))"
    switch raw {
    case .table(let table):
        left -= table.count
        guard left >= 0 else {
            throw SimError(
                .invalidValue,
                "\(what): cannot store a table of more than \(maxMemoryEntries) entries (a table shared in several places counts at each, as memory keeps a copy of each)")
        }
        var entries: [SceneValue: SceneValue] = [:]
        for (key, value) in table.entries {
            guard let storedKey = SceneValue(lua: key) else {
                throw SimError(
                    .invalidValue, "\(what): cannot store a table with \(aLuaTypeName(key)) key\(place); memory holds \(memoryTypes), keyed by booleans, numbers or strings")
            }
            let keyPath: String
            if case .string(let name) = storedKey, LuaSyntax.isIdentifier(name.bytes) {
                keyPath = path + (path.isEmpty ? "" : ".") + name.escaped
            } else {
                keyPath = path + "[\(storedKey.literal)]"
            }
            entries[storedKey] = try memoryPart(value, what, path: keyPath, left: &left)
        }
        return .table(entries)
    case .opaque(let typeName) where typeName == "table":
        throw SimError(.invalidValue, "\(what): cannot store a table that holds itself (a cycle) or is nested too deep\(place); memory holds \(memoryTypes), copied in")
    default:
        guard let value = SceneValue(lua: raw) else {
            throw SimError(.invalidValue, "\(what): cannot store \(aLuaTypeName(raw))\(place); memory holds \(memoryTypes)")
        }
        if case .double(let d) = value, d.isNaN {
            throw SimError(.invalidValue, "\(what): NaN cannot be stored\(place) (it never equals itself); store a number or nil")
        }
        return value
    }
}
