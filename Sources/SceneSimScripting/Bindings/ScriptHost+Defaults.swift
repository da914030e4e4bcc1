import ByteText
import LuaKit
import SceneSimCore

// app.defaults (scenarios/README.md, "What a model uses"): UserDefaults as a handle that reads
// and writes like a table, lists its keys sorted and walks them with pairs in that order.
extension ScriptHost {
    var defaultsValue: LuaValue { .handle(LuaHandle(classes.defaults, id: 1)) }

    func defineDefaultsClass() -> LuaClass {
        var definition = LuaClassDefinition(name: "scenesim.Defaults")
        // `app.defaults.keys = 1`: the key's name is the method's (app.defaults:keys()).
        definition.methodAssignmentHint = { method in "a key of app.defaults cannot be named \"\(method)\" (the method app.defaults:\(method)()); choose another name" }
        definition.toString = { [unowned(unsafe) self] _ in
            // Capped as print caps a table: the text costs what it shows, at most about 1 MiB.
            "defaults \(simulator?.defaults.literal(maxBytes: SimSceneStorage.maxLiteralBytes) ?? "{}")"
        }
        definition.getField = { [unowned(unsafe) self] call, _, key in
            do throws(SimError) {
                try simulator?.checkDefaultsKey(key)
            } catch {
                return .error(error.message)
            }
            return call.results(simulator?.defaults[key]?.lua ?? .nil)
        }
        definition.setField = { [unowned(unsafe) self] call, _, key in
            perform(call) { () throws(SimError) in
                // The declared keys first, before the value is looked at (setDefault checks again).
                try simulator?.checkDefaultsKey(key)
                let value = try storedValue(call.value(at: 3), "app.defaults key \(key.quoted)", holder: "defaults hold")
                try requireSimulator("writing app.defaults").setDefault(key, value)
                return []
            }
        }
        definition.methods["keys"] = { [unowned(unsafe) self] call, _ in
            call.results(.table(LuaTable(sequence: (simulator?.defaults.sortedKeys ?? []).map { .string($0) })))
        }
        definition.contents = { [unowned(unsafe) self] _ in
            guard case .table(let table) = simulator?.defaults.luaTable ?? .nil else { return LuaTable() }
            return table
        }
        return lua.defineClass(definition)
    }
}
