import ByteText
import LuaKit
import SceneSimBuiltin
import SceneSimCore

// The `app` handle (scenarios/README.md, "app — the app on the device"): one for the app's whole life.
extension ScriptHost {
    /// The app's fields, named as scripts read them; `__index` reads them by their place here.
    enum AppField: String, CaseIterable {
        case running, launches, phase, state, windows, sessions, front, history, rejected, defaults, keychain, memory, suspended
        case backgroundTimeRemaining = "background_time_remaining"
        /// The installed version (semantics 5.6): "1.0" until app:update.
        case version
        case protectedData = "protected_data"

        /// A field `plainAppField` never answers: C reads it from `appField` without asking.
        /// (Either way gives the same value: `appField` asks `plainAppField` first.)
        var neverPlain: Bool {
            switch self {
            case .windows, .sessions, .front, .history, .rejected, .defaults, .memory: true
            default: false
            }
        }
    }
    static let appFieldCases = AppField.allCases
    package static let appFields = appFieldCases.map(\.rawValue)

    var appValue: LuaValue { .handle(LuaHandle(classes.app, id: 1)) }

    func defineAppClass() -> LuaClass {
        var definition = LuaClassDefinition(name: "scenesim.App")
        definition.toString = { [unowned(unsafe) self] _ in
            guard let simulator else { return "app" }
            return "app(\(simulator.config.platform.rawValue), \(simulator.isRunning ? simulator.state.text : "not running"))"
        }
        definition.getNamedField = { [unowned(unsafe) self] call, _, name in appField(call, name) }
        // Its fields by number (read from C, as scn_index finds them): no name to decode.
        definition.numberedFields = Self.appFields
        definition.getNumberedField = { [unowned(unsafe) self] call, _, field, cache in
            appField(call, Self.appFieldCases[field], cache: cache)
        }
        definition.plainNumberedField = { [unowned(unsafe) self] _, field, out in plainAppField(Self.appFieldCases[field], into: &out) }
        definition.neverPlainFields = Set(Self.appFieldCases.filter(\.neverPlain).map(\.rawValue))
        definition.getField = { [unowned(unsafe) self] call, _, key in appField(call, key.escaped) }
        definition.setField = { [unowned(unsafe) self] call, _, key in
            if key == "keychain" { return setKeychain(call) }
            if key == "defaults" {
                return .error("cannot replace app.defaults; set its keys instead: app.defaults.theme = \"dark\"")
            }
            if key == "memory" {
                return .error("cannot replace app.memory; set its keys instead: app.memory.tab = \"timeline\"")
            }
            return .error("app.\(key) is read-only; change the app through its methods (app:open_window, app:background, ...)")
        }
        // Lifecycle inputs: from a hook the core queues them until the system action is over (§3.5).
        for kind in Self.inputKinds(prefix: "app:") {
            definition.methods[Self.functionName(kind)] = inputFunction(kind, what: kind.scriptName)
        }
        // Changes the app's code makes: they apply at once, from a hook too (§3.4).
        let changes: [(String, (LuaCall, Simulator) throws(SimError) -> [LuaValue])] = [
            (
                "transition",
                { [unowned(unsafe) self] call, sim throws(SimError) in
                    guard let text = call.bytes(at: 2) else {
                        throw SimError(
                            .invalidValue, "app:transition(state) needs the state as canonical text, e.g. app:transition(\"authenticated(ada)\") (got \(call.typeName(at: 2)))")
                    }
                    let target = try sim.model.parse(text)
                    // A Swift model's state follows its controller: the request goes through it.
                    let outcome: AppStateMachine.Outcome
                    if let name = swiftModelName {
                        outcome = try sim.requestTransitionThroughModel(to: target, modelName: name)
                    } else {
                        outcome = try sim.transition(to: target)
                    }
                    switch outcome {
                    case .accepted: return [.boolean(true)]
                    case .rejected(let reason): return [.boolean(false), .string(ByteString(reason))]
                    }
                }
            ),
            ("after", { [unowned(unsafe) self] call, sim throws(SimError) in try appAfter(call, sim) }),
            ("begin_background_task", { [unowned(unsafe) self] call, sim throws(SimError) in try appBeginBackgroundTask(call, sim) }),
            ("schedule_refresh", { [unowned(unsafe) self] call, sim throws(SimError) in try appScheduleRefresh(call, sim) }),
            ("keep_running", { [unowned(unsafe) self] call, sim throws(SimError) in try appKeepRunning(call, sim) }),
            (
                "stop_running",
                { call, sim throws(SimError) in
                    try Self.checkArgumentCount(call, after: 1, "app:stop_running()")
                    try sim.stopRunning()
                    return []
                }
            ),
        ]
        for (name, body) in changes {
            definition.methods[name] = { [unowned(unsafe) self] call, _ in
                perform(call) { () throws(SimError) in
                    try body(call, try requireSimulator("app:\(name)"))
                }
            }
        }
        definition.methods["on"] = { [unowned(unsafe) self] call, _ in appOn(call) }
        definition.methods["effect"] = { [unowned(unsafe) self] call, _ in callEffect(call, scene: nil) }
        // The completion list is written out (ScriptHost+Completion); it must name exactly these.
        assert(definition.methods.keys.sorted() == Self.appMethods.sorted(), "ScriptHost.appMethods is out of date")
        return lua.defineClass(definition)
    }

    /// An app field read by name: one of `appFields`, or an intent of the model.
    private func appField(_ call: LuaCall, _ key: String) -> LuaReturn {
        if let field = AppField(rawValue: key) { return appField(call, field, cache: true) }
        guard simulator != nil else {
            return .error("app.\(key): the app is not declared yet; call sim.launch{ ... } first")
        }
        // The model's intents are methods of the app (semantics 10.2): app:unlock("1234").
        if let intent = intentFunctions[key] {
            call.cacheField(key, intent)
            appFieldsCached = true
            return call.results(intent)
        }
        if AppModel.builtinIntents.contains(key) {
            let intents = intentFunctions.keys.sorted()
            return .error(
                "app:\(key) is an intent of the built-in model, and this app declares its own model; its intents are \(intents.isEmpty ? "none" : intents.joined(separator: ", "))")
        }
        let known = Self.appFields + Self.appMethods + intentFunctions.keys.sorted()
        let hint = suggestion(for: key, among: known)
        let intents = intentFunctions.keys.sorted()
        let intentList = intents.isEmpty ? "" : "; the model's intents are \(intents.joined(separator: ", "))"
        return .error("app has no field \"\(key)\"\(hint); fields are \(Self.appFields.joined(separator: ", "))\(intentList)")
    }

    /// App field `field`. `cache`: keep a plain value on the handle (C says so from the field's
    /// second read since the cache was dropped; see scn_index).
    private func appField(_ call: LuaCall, _ field: AppField, cache: Bool) -> LuaReturn {
        guard let simulator else {
            return .error("app.\(field.rawValue): the app is not declared yet; call sim.launch{ ... } first")
        }
        // The handle counts this read (scn_index) until its cache is dropped, so the cache is
        // dropped at the next event that may change an app field even when nothing was kept in
        // it (ScriptHost+Caches): a later read then starts counting again.
        appFieldsCached = true
        // Plain values are cached on the handle (see ScriptHost+Caches); the others build new
        // tables on every read.
        func cached(_ value: LuaValue) -> LuaReturn {
            if cache { call.cacheField(field.rawValue, value) }
            return call.results(value)
        }
        var plain = LuaPlainField.notPlain
        plainAppField(field, into: &plain)
        if case .value(let value, let keep) = plain {
            if cache && keep { call.cacheField(field.rawValue, value) }
            return call.results(value)
        }
        switch field {
        case .running, .launches, .phase, .state, .keychain, .suspended, .backgroundTimeRemaining, .version, .protectedData:
            return .values(0)  // plain: answered above
        case .windows:
            // Straight from the window order into the Lua list: no Swift array on the way.
            return withUnsafeTemporaryAllocation(of: Int64.self, capacity: simulator.windowCount) { ids in
                var count = 0
                simulator.forEachWindow { id in
                    ids[count] = id.handleID
                    count += 1
                }
                return call.results(handles: UnsafeBufferPointer(rebasing: ids[..<count]), of: classes.window)
            }
        case .sessions: return call.results(handles: simulator.liveSessions.map(\.handleID), of: classes.window)
        case .front: return call.results(simulator.frontWindow.map(windowValue) ?? .nil)
        case .history: return call.results(transitions(simulator.history))
        case .rejected: return call.results(transitions(simulator.rejectedTransitions))
        case .defaults: return cached(defaultsValue)
        case .memory: return cached(appMemoryValue)
        }
    }

    /// App field `field` when its value is plain (a boolean, a number, a string, nil), put into
    /// `out` with whether the handle may keep it (`keep`; see ScriptHost+Caches); nothing when it
    /// is not plain. C reads these without a call through the trampoline (`plainNumberedField`:
    /// `out` is C's buffer); `appField` answers the same from Lua calls. A read marks the app's cache as used, whichever way it came.
    func plainAppField(_ field: AppField, into out: inout some LuaPlainSink) {
        guard let simulator else { return }
        appFieldsCached = true
        switch field {
        case .running: out.put(simulator.isRunning, keep: true)
        case .launches: out.put(integer: Int64(simulator.launchCount), keep: true)
        case .phase: out.put(utf8: simulator.appPhase.rawValue, keep: true)
        case .state: out.put(simulator.state.bytes, keep: true)
        case .keychain:
            if let token = simulator.keychainToken { out.put(integer: Int64(token), keep: false) } else { out.putNil(keep: false) }
        // Suspending and resuming are traced, which drops the cache (ScriptHost+Caches).
        case .suspended: out.put(simulator.isSuspended, keep: true)
        case .backgroundTimeRemaining:
            if let remaining = simulator.backgroundTimeRemaining { out.put(number: remaining.seconds, keep: false) } else { out.putNil(keep: false) }
        // An update is traced, which drops the cache (ScriptHost+Caches).
        case .version: out.put(utf8: simulator.appVersion, keep: true)
        case .protectedData: out.put(simulator.protectedDataAvailable, keep: false)
        case .windows, .sessions, .front, .history, .rejected, .defaults, .memory: break
        }
    }

    /// `app.keychain = token`, `= { token = t, accessible = "after_first_unlock" }` or `= nil`.
    private func setKeychain(_ call: LuaCall) -> LuaReturn {
        perform(call) { () throws(SimError) in
            let simulator = try requireSimulator("writing app.keychain")
            if call.isNil(at: 3) {
                try simulator.setKeychain(token: nil)
                return []
            }
            let usage =
                "app.keychain holds a login token, an integer from sim.server.create_session(user), a table { token = t, accessible = \"after_first_unlock\" }, or nil to clear it"
            if call.isInteger(at: 3), let token = call.int(at: 3) {
                try simulator.setKeychain(token: Int(clamping: token))
                return []
            }
            guard case .table(let table) = call.value(at: 3) else { throw SimError(.invalidValue, "\(usage) (got \(luaTypeName(call.value(at: 3))))") }
            let classes = KeychainAccessibility.allCases.map(\.rawValue)
            for (key, _) in table.entries {
                guard let name = key.stringValue, name == "token" || name == "accessible" else {
                    throw SimError(.invalidValue, "app.keychain = { ... }: unknown key \(key.stringValue.map { "\"\($0)\"" } ?? luaTypeName(key)); it takes token and accessible")
                }
            }
            guard case .integer(let token) = table[field: "token"] else {
                throw SimError(.invalidValue, "app.keychain = { ... }: token must be an integer from sim.server.create_session(user) (got \(luaTypeName(table[field: "token"])))")
            }
            var accessible = KeychainAccessibility.whenUnlocked
            switch table[field: "accessible"] {
            case .nil: break
            case .string(let text):
                let name = String(decoding: text.bytes, as: UTF8.self)
                guard let value = KeychainAccessibility(rawValue: name) else {
                    throw SimError(
                        .invalidValue,
                        "app.keychain = { ... }: unknown accessible \"\(name)\"\(suggestion(for: name, among: classes)); use \"when_unlocked\" (the default) or \"after_first_unlock\""
                    )
                }
                accessible = value
            case let other:
                throw SimError(.invalidValue, "app.keychain = { ... }: accessible must be \"when_unlocked\" or \"after_first_unlock\" (got \(luaTypeName(other)))")
            }
            try simulator.setKeychain(Int(clamping: token), accessible: accessible)
            return []
        }
    }

    private func transitions(_ list: [AppStateMachine.Transition]) -> LuaValue {
        .table(
            LuaTable(
                sequence: list.map { transition in
                    var fields: [String: LuaValue] = [
                        "from": .string(transition.from.bytes),
                        "to": .string(transition.to.bytes),
                        "at": .number(transition.at.seconds),
                    ]
                    if let reason = transition.reason { fields["reason"] = .string(ByteString(reason)) }
                    return .table(LuaTable(fields: fields))
                }))
    }

    private func appOn(_ call: LuaCall) -> LuaReturn {
        let events = HookEvent.allCases.map(\.rawValue)
        guard let name = call.string(at: 2) else {
            return .error("app:on(event, fn) needs an event name: \(events.map { "\"\($0)\"" }.joined(separator: ", ")) (got \(call.typeName(at: 2)))")
        }
        guard let event = HookEvent(rawValue: name) else {
            let hint = suggestion(for: name, among: events)
            return .error("app:on: unknown event \"\(name)\"\(hint); events are \(events.joined(separator: ", "))")
        }
        if call.isNil(at: 3) {
            hooks.removeAll(event)
            return .values(0)
        }
        guard let function = call.function(at: 3) else {
            return .error("app:on(\"\(name)\", fn) needs a function (got \(call.typeName(at: 3))); pass nil to remove the \(name) hooks")
        }
        hooks.add(event, function)
        return .values(0)
    }
}
