import ByteText
import LuaKit
import SceneSimCore

// app.memory and w.memory (scenarios/README.md, "What lives in memory"): the process's own
// state, with the API of w.storage. Handle id 0 is the app's memory; id n + 1 is the memory
// of the window whose session index is n.
extension ScriptHost {
    /// The methods of `app.memory` and `w.memory`.
    package static let memoryMethods = ["keys"]

    var appMemoryValue: LuaValue { .handle(LuaHandle(classes.memory, id: 0)) }

    func windowMemoryValue(_ id: SessionID) -> LuaValue {
        .handle(LuaHandle(classes.memory, id: Int64(id.index) + 1))
    }

    /// The window of a memory handle; nil for the app's.
    private func memoryWindow(_ id: Int64) -> SessionID? {
        id == 0 ? nil : SessionID(index: Int(id - 1))
    }

    private func memoryContents(_ simulator: Simulator, _ id: Int64) throws(SimError) -> SimSceneStorage {
        if let window = memoryWindow(id) { return try simulator.windowMemory(window) }
        return try simulator.appMemory()
    }

    func defineMemoryClass() -> LuaClass {
        var definition = LuaClassDefinition(name: "scenesim.Memory")
        // `w.memory.keys = 1`: the key's name is the method's (w.memory:keys(), app.memory:keys()).
        definition.methodAssignmentHint = { method in "a key of w.memory or app.memory cannot be named \"\(method)\" (the method :\(method)()); choose another name" }
        definition.toString = { [unowned(unsafe) self] id in
            guard let simulator else { return "memory" }
            let owner = memoryWindow(id).map { simulator.label(of: $0) } ?? "the app"
            // Capped as print caps a table; a store that is gone says why instead.
            guard let contents = try? memoryContents(simulator, id) else {
                return "memory of \(owner) (gone: \(memoryWindow(id) == nil ? "the app is not running" : "its scene is disconnected"))"
            }
            return "memory of \(owner) \(contents.literal(maxBytes: SimSceneStorage.maxLiteralBytes))"
        }
        definition.getField = { [unowned(unsafe) self] call, id, key in
            guard let simulator else { return .values(0) }
            do throws(SimError) {
                try simulator.checkMemoryKey(memoryWindow(id), key)
                return call.results(try memoryContents(simulator, id)[key]?.lua ?? .nil)
            } catch {
                return .error(error.message)
            }
        }
        definition.setField = { [unowned(unsafe) self] call, id, key in
            perform(call) { () throws(SimError) in
                let what = memoryWindow(id) == nil ? "app.memory" : "w.memory"
                let simulator = try requireSimulator("writing \(what)")
                // The declared keys first, before the value is looked at (the setter checks again).
                try simulator.checkMemoryKey(memoryWindow(id), key)
                let value = try memoryValue(call.value(at: 3), "\(what) key \(key.quoted)")
                if let window = memoryWindow(id) {
                    try simulator.setWindowMemory(window, key: key, value: value)
                } else {
                    try simulator.setAppMemory(key: key, value: value)
                }
                return []
            }
        }
        definition.methods["keys"] = { [unowned(unsafe) self] call, id in
            guard let simulator else { return .values(0) }
            do throws(SimError) {
                let keys = try memoryContents(simulator, id).sortedKeys
                return call.results(.table(LuaTable(sequence: keys.map { .string($0) })))
            } catch {
                return .error(error.message)
            }
        }
        // pairs(w.memory) of a store that is gone is its reads' error, not an empty walk.
        definition.contents = { [unowned(unsafe) self] id throws(LuaError) in
            guard let simulator else { return LuaTable() }
            do throws(SimError) {
                guard case .table(let table) = try memoryContents(simulator, id).luaTable else { return LuaTable() }
                return table
            } catch {
                throw LuaError(.runtime, error.message)
            }
        }
        assert(definition.methods.keys.sorted() == Self.memoryMethods.sorted(), "ScriptHost.memoryMethods is out of date")
        return lua.defineClass(definition)
    }
}
