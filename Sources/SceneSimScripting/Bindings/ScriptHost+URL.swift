import ByteText
import LuaKit
import SceneSimCore

// sim.url (semantics 8.4): a URL as a plain Lua table. Needs no app, so it works before sim.launch.
extension ScriptHost {
    func simURL(_ call: LuaCall) -> LuaReturn {
        guard let text = call.bytes(at: 1) else {
            return .error("sim.url(text) needs a URL string, e.g. sim.url(\"app://doc/42?tab=2\") (got \(call.typeName(at: 1)))")
        }
        do throws(SimError) {
            return call.results(try AppURL(parsing: text).lua)
        } catch {
            return .error("sim.url: \(text.quoted) is not a URL: \(error.message)")
        }
    }
}

extension AppURL {
    /// `{ scheme, host, path = {...}, query = {k = v}, query_items = {{name, value}, ...}, fragment }`:
    /// path, query and query_items are always tables, so `url.query.tab` never fails.
    var lua: LuaValue {
        var table = LuaTable()
        table[field: "scheme"] = .string(scheme)
        table[field: "host"] = host.map(LuaValue.string) ?? .nil
        table[field: "path"] = .table(LuaTable(sequence: path.map(LuaValue.string)))
        var query = LuaTable()
        for (name, value) in self.query { query[.string(name)] = .string(value) }
        table[field: "query"] = .table(query)
        table[field: "query_items"] = .table(
            LuaTable(
                sequence: queryItems.map { item in
                    var entry = LuaTable()
                    entry[field: "name"] = .string(item.name)
                    entry[field: "value"] = .string(item.value)
                    return .table(entry)
                }))
        table[field: "fragment"] = fragment.map(LuaValue.string) ?? .nil
        return .table(table)
    }
}
