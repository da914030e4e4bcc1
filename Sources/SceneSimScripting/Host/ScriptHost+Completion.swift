import ByteText
import LuaKit
import SceneSimBuiltin
import SceneSimCore

// Names for the REPL's tab completion, read from the live state. Tables are read raw (no
// metamethod runs); handle fields go through the handle's own getters, which never change
// the simulation.
extension ScriptHost {
    /// The methods of the app handle (`app:...`): its inputs (`SimInput.Kind`) and the changes
    /// its code makes; the model's intents come on top.
    package static let appMethods =
        (inputKinds(prefix: "app:").map(functionName) + ["after", "begin_background_task", "effect", "keep_running", "on", "schedule_refresh", "stop_running", "transition"])
        .sorted()
    /// The methods of window handles (`w:...`): their inputs.
    package static let windowMethods = (inputKinds(prefix: "w:").map(functionName) + ["effect"]).sorted()
    /// The methods of `w.storage`.
    package static let storageMethods = ["keys"]

    /// Every global name that is an identifier, sorted (raw access: `_G`'s metatable is not used).
    package func globalNames() -> [String] {
        guard case .table(let globals) = lua.global("_G") else { return [] }
        return Self.identifiers(globals.keys.compactMap(\.stringValue))
    }

    /// The names that may follow `path` (e.g. `["sim", "server"]`) and a `.`, or a `:` when
    /// `methodCall`: fields of tables and handles, or their methods. Empty when `path` does not
    /// lead to a table or handle now.
    package func completions(after path: [String], methodCall: Bool) -> [String] {
        guard let first = path.first else { return [] }
        var value = lua.global(first)
        for name in path.dropFirst() {
            guard let next = field(name, of: value) else { return [] }
            value = next
        }
        switch value {
        case .table(let table):
            let keys = table.entries.filter { !methodCall || $0.value.functionValue != nil }
            return Self.identifiers(keys.compactMap(\.key.stringValue))
        case .handle(let handle) where handle.type == classes.app:
            return methodCall ? (Self.appMethods + (simulator == nil ? AppModel.builtinIntents : intentFunctions.keys.sorted())).sorted() : Self.appFields.sorted()
        case .handle(let handle) where handle.type == classes.window:
            return methodCall ? Self.windowMethods : Self.windowFields.sorted()
        case .handle(let handle) where handle.type == classes.storage:
            if methodCall { return Self.storageMethods }
            let keys = try? simulator?.storageKeys(SessionID(index: Int(handle.id)))
            return Self.identifiers((keys ?? []).compactMap(\.string))
        case .handle(let handle) where handle.type == classes.defaults:
            if methodCall { return Self.storageMethods }
            return Self.identifiers((simulator?.defaults.sortedKeys ?? []).compactMap(\.string))
        case .handle(let handle) where handle.type == classes.task:
            return methodCall ? Self.taskMethods : Self.taskFields.sorted()
        case .handle(let handle) where handle.type == classes.memory:
            if methodCall { return Self.memoryMethods }
            guard let simulator else { return [] }
            let memory = handle.id == 0 ? try? simulator.appMemory() : try? simulator.windowMemory(SessionID(index: Int(handle.id - 1)))
            return Self.identifiers((memory?.sortedKeys ?? []).compactMap(\.string))
        case .handle(let handle) where handle.type == classes.backgroundTask:
            return methodCall ? Self.backgroundTaskMethods : Self.backgroundTaskFields.sorted()
        default:
            return []
        }
    }

    /// `value[name]`: raw for tables, through the getter for this host's handles.
    private func field(_ name: String, of value: LuaValue) -> LuaValue? {
        switch value {
        case .table(let table):
            return table[field: name]
        case .handle(let handle) where [classes.app, classes.window, classes.task, classes.backgroundTask].contains(handle.type):
            guard let index = try? lua.load("local object, key = ...; return object[key]", chunkName: "=completion"),
                let results = try? lua.call(index, [value, .string(ByteString(name))])
            else { return nil }
            return results.first
        default:
            return nil
        }
    }

    /// The names usable after a `.`: identifiers that are not keywords, sorted by bytes.
    private static func identifiers(_ names: [String]) -> [String] {
        names.filter { LuaSyntax.isIdentifier($0) }.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }
}
