import ByteText
import LuaKit
import SceneSimCore

// Window handles (scenarios/README.md, "window — one scene session") and their SceneStorage proxies.
extension ScriptHost {
    /// A window's fields, named as scripts read them; `__index` reads them by their place here.
    enum WindowField: String, CaseIterable {
        case id, group, value, phase, connected, alive, storage, saved, minimized, memory

        /// A field `plainWindowField` never answers: C reads it from `windowField` without
        /// asking. (Either way gives the same value: `windowField` asks `plainWindowField` first.)
        var neverPlain: Bool { self == .storage || self == .saved || self == .memory }
    }
    static let windowFieldCases = WindowField.allCases
    package static let windowFields = windowFieldCases.map(\.rawValue)

    func windowValue(_ id: SessionID) -> LuaValue {
        .handle(LuaHandle(classes.window, id: id.handleID))
    }

    /// The session behind a handle id. Ids come only from handles this host pushed.
    private func session(_ id: Int64) -> SessionID { SessionID(index: Int(id)) }

    func defineWindowClass() -> LuaClass {
        var definition = LuaClassDefinition(name: "scenesim.Window")
        definition.toString = { [unowned(unsafe) self] id in
            guard let simulator else { return "window" }
            let session = session(id)
            let label = simulator.label(of: session)
            return simulator.value(of: session).map { "\(label)(\($0.literal))" } ?? label
        }
        definition.getNamedField = { [unowned(unsafe) self] call, id, name in windowField(call, session(id), name) }
        // Its fields by number (read from C, as scn_index finds them): no name to decode.
        definition.numberedFields = Self.windowFields
        definition.getNumberedField = { [unowned(unsafe) self] call, id, field, cache in
            windowField(call, session(id), Self.windowFieldCases[field], cache: cache)
        }
        definition.plainNumberedField = { [unowned(unsafe) self] id, field, out in
            plainWindowField(session(id), Self.windowFieldCases[field], into: &out)
        }
        definition.neverPlainFields = Set(Self.windowFieldCases.filter(\.neverPlain).map(\.rawValue))
        definition.getField = { [unowned(unsafe) self] call, id, key in windowField(call, session(id), key.escaped) }
        definition.setField = { _, _, key in
            if key == "storage" {
                return .error("cannot replace w.storage; set its keys instead: w.storage.tab = 2")
            }
            if key == "memory" {
                return .error("cannot replace w.memory; set its keys instead: w.memory.draft = \"...\"")
            }
            return .error("w.\(key) is read-only; change the window through its methods (w:focus(), w:close(), ...)")
        }
        for kind in Self.inputKinds(prefix: "w:") {
            definition.methods[Self.functionName(kind)] = inputFunction(kind, what: kind.scriptName + "()") { [unowned(unsafe) self] in session($0) }
        }
        definition.methods["effect"] = { [unowned(unsafe) self] call, id in callEffect(call, scene: session(id)) }
        // The completion list is written out (ScriptHost+Completion); it must name exactly these.
        assert(definition.methods.keys.sorted() == Self.windowMethods.sorted(), "ScriptHost.windowMethods is out of date")
        return lua.defineClass(definition)
    }

    /// A window field read by name: one of `windowFields`, or an error that says which there are.
    private func windowField(_ call: LuaCall, _ id: SessionID, _ key: String) -> LuaReturn {
        guard simulator != nil else { return .values(0) }
        if let field = WindowField(rawValue: key) { return windowField(call, id, field, cache: true) }
        let known = Self.windowFields + Self.windowMethods
        let hint = suggestion(for: key, among: known)
        return .error("window has no field \"\(key)\"\(hint); fields are \(Self.windowFields.joined(separator: ", ")) (storage keys go in w.storage)")
    }

    /// Window field `field` when its value is plain (a string, a boolean, nil), put into `out`
    /// with whether it is fixed for the session's life (`keep`: cached on the handle when C
    /// asks, from the field's second read; see scn_index); nothing when it is not plain. C reads
    /// these without a call through the trampoline (`plainNumberedField`: `out` is C's buffer);
    /// `windowField` answers the same from Lua calls.
    func plainWindowField(_ id: SessionID, _ field: WindowField, into out: inout some LuaPlainSink) {
        guard let simulator else { return }
        switch field {
        case .id: out.put(utf8: simulator.label(of: id), keep: true)
        case .group: out.put(utf8: simulator.group(of: id), keep: true)
        case .value: out.put(simulator.value(of: id), keep: false)
        case .phase: out.put(utf8: simulator.phase(of: id).text, keep: false)
        case .connected: out.put(simulator.isConnected(id), keep: false)
        case .alive: out.put(simulator.isAlive(id), keep: false)
        case .minimized: out.put(simulator.isMinimized(id), keep: false)
        case .storage, .memory, .saved: break
        }
    }

    /// Window field `field`. `cache`: keep a value fixed for the session's life on the handle (C
    /// says so from the field's second read; see scn_index).
    private func windowField(_ call: LuaCall, _ id: SessionID, _ field: WindowField, cache: Bool) -> LuaReturn {
        guard let simulator else { return .values(0) }
        var plain = LuaPlainField.notPlain
        plainWindowField(id, field, into: &plain)
        if case .value(let value, let keep) = plain {
            if cache && keep { call.cacheField(field.rawValue, value) }
            return call.results(value)
        }
        func fixed(_ value: LuaValue) -> LuaReturn {
            if cache { call.cacheField(field.rawValue, value) }
            return call.results(value)
        }
        switch field {
        case .storage: return fixed(.handle(LuaHandle(classes.storage, id: Int64(id.index))))
        case .memory: return fixed(windowMemoryValue(id))
        case .saved:
            do throws(SimError) {
                return call.results(try simulator.savedStorage(id).luaTable)
            } catch {
                return .error(error.message)
            }
        case .id, .group, .value, .phase, .connected, .alive, .minimized:
            return .values(0)  // plain: answered above
        }
    }

    func defineStorageClass() -> LuaClass {
        var definition = LuaClassDefinition(name: "scenesim.Storage")
        // `w.storage.keys = 1`: the key's name is the method's (w.storage:keys()).
        definition.methodAssignmentHint = { method in "a SceneStorage key cannot be named \"\(method)\" (the method w.storage:\(method)()); choose another name" }
        // The contents, as the trace would show them: `storage of main#1 {tab = 2}` (the saved
        // storage once the scene is disconnected, which is what it would come back with).
        definition.toString = { [unowned(unsafe) self] id in
            guard let simulator else { return "storage" }
            let session = session(id)
            let label = simulator.label(of: session)
            // Capped as print caps a table: the text costs what it shows, at most about 1 MiB.
            if let live = try? simulator.liveStorage(session) { return "storage of \(label) \(live.literal(maxBytes: SimSceneStorage.maxLiteralBytes))" }
            let saved = (try? simulator.savedStorage(session))?.literal(maxBytes: SimSceneStorage.maxLiteralBytes) ?? "{}"
            return "storage of \(label) (not connected; saved: \(saved))"
        }
        definition.getField = { [unowned(unsafe) self] call, id, key in
            guard let simulator else { return .values(0) }
            do throws(SimError) {
                let value = try simulator.storageValue(session(id), key: key)?.lua ?? .nil
                cacheStorage(call, session: session(id), key: key, value: value)
                return call.results(value)
            } catch {
                return .error(error.message)
            }
        }
        definition.setField = { [unowned(unsafe) self] call, id, key in
            perform(call) { () throws(SimError) in
                let simulator = try requireSimulator("writing storage")
                // The declared keys first, before the value is looked at (setStorage checks again).
                try simulator.checkStorageKey(session(id), key)
                let value = try storedValue(call.value(at: 3), "storage key \(key.quoted)", holder: "SceneStorage holds")
                try simulator.setStorage(session(id), key: key, value: value)
                cacheStorage(call, session: session(id), key: key, value: value?.lua ?? .nil)
                return []
            }
        }
        // `s.k = v` that keeps the type and size of a cached value never reaches setField: C
        // buffers it and hands the last value over here before Swift next runs. Handles
        // accept that only while `storageWritesAreQuiet` (see `cacheStorage`), so the write
        // cannot fail, warn or run a hook, and folding a run of writes into one is exact:
        // the scene's storage ends with the last value and counts as changed (saved at once
        // under storage_save = "every_write", else unsaved until the next save point).
        definition.bufferedWrite = { [unowned(unsafe) self] id, key, value in
            do throws(SimError) {
                let simulator = try requireSimulator("writing storage")
                guard let stored = SceneValue(lua: value) else {
                    throw SimError(.invalidValue, "storage key \(key.quoted): cannot store a \(value.typeName)")
                }
                try simulator.setStorage(session(id), key: key, value: stored, changed: true)
            } catch {
                // Unreachable while the promise holds; if it breaks, the next operation says so.
                let message = "internal error: a buffered storage write failed: \(error.message)"
                simulator?.appCodeFailed(SimError(.appCode, .text(message)), raised: LuaError(.runtime, message))
            }
        }
        definition.methods["keys"] = { [unowned(unsafe) self] call, id in
            guard let simulator else { return .values(0) }
            do throws(SimError) {
                let keys = try simulator.storageKeys(session(id))
                return call.results(.table(LuaTable(sequence: keys.map { .string($0) })))
            } catch {
                return .error(error.message)
            }
        }
        // `pairs(w.storage)` walks the live storage in key order, as `pairs(app.defaults)` does;
        // a disconnected or closed scene's is its reads' error (read w.saved), not an empty walk.
        definition.contents = { [unowned(unsafe) self] id throws(LuaError) in
            guard let simulator else { return LuaTable() }
            do throws(SimError) {
                guard case .table(let table) = try simulator.liveStorage(session(id)).luaTable else { return LuaTable() }
                return table
            } catch {
                throw LuaError(.runtime, error.message)
            }
        }
        // The completion list is written out (ScriptHost+Completion); it must name exactly these.
        assert(definition.methods.keys.sorted() == Self.storageMethods.sorted(), "ScriptHost.storageMethods is out of date")
        return lua.defineClass(definition)
    }
}

extension SessionID {
    /// The id of the session's window handle (and of its storage and memory proxies).
    package var handleID: Int64 { Int64(index) }
}
