import ByteText
import LuaKit
import SceneSimCore

// The app's model from the script's side (semantics 10): the built-in model's intents as Swift
// functions, a declared model's handlers and intents as the script's Lua functions. Either way
// an intent is a method of the app, found by name (`app:<name>(...)`), and a handler runs at
// its handler point as hooks do.
extension ScriptHost {
    /// The model the simulator runs, and the intents the app handle offers for it.
    func appModel(_ declared: LuaModel?) -> AppModel {
        guard let declared else {
            intentFunctions = builtinIntentFunctions()
            return .builtin
        }
        var model = declared.declaration
        if let function = declared.onLaunch {
            model.launchCode = { [unowned(unsafe) self] _ in
                runAppCode(HookCall.Direct(functions: [function], arguments: [appValue]))
            }
        }
        if let function = declared.onPhase {
            model.phaseCode = { [unowned(unsafe) self] _, old, new in
                runAppCode(HookCall.Direct(functions: [function], arguments: [appValue, .string(ByteString(old.rawValue)), .string(ByteString(new.rawValue))]))
            }
        }
        if let function = declared.onURL {
            model.urlCode = { [unowned(unsafe) self] _, url in
                guard let results = callAppCode(function, [appValue, .string(url)]) else { return .passed }
                return Self.eventAnswer(results)
            }
        }
        if let function = declared.onRefresh {
            model.refreshCode = { [unowned(unsafe) self] _, task in
                runAppCode(HookCall.Direct(functions: [function], arguments: [appValue, backgroundTaskValue(task)]))
            }
        }
        if let function = declared.onRefreshExpired {
            model.refreshExpiredCode = { [unowned(unsafe) self] _, task in
                runAppCode(HookCall.Direct(functions: [function], arguments: [appValue, backgroundTaskValue(task)]))
            }
        }
        if let function = declared.onActivity {
            model.activityCode = { [unowned(unsafe) self] _, type, info in
                guard let results = callAppCode(function, [appValue, .string(ByteString(type)), info.luaTable]) else { return .passed }
                return Self.eventAnswer(results)
            }
        }
        if let function = declared.onNotification {
            model.notificationCode = { [unowned(unsafe) self] _, info in
                runAppCode(HookCall.Direct(functions: [function], arguments: [appValue, info.luaTable]))
            }
        }
        if let function = declared.onReopen {
            model.reopenCode = { [unowned(unsafe) self] _ in
                // false stops the default; anything else lets it run.
                guard let results = callAppCode(function, [appValue]) else { return false }
                return results.first != .boolean(false)
            }
        }
        if !declared.phaseNotes.isEmpty {
            let notes = declared.phaseNotes
            model.phaseNote = { phase in notes[phase.rawValue] }
        }
        var functions: [String: LuaValue] = [:]
        for (name, function) in declared.intents {
            functions[name] = .function(lua.makeFunction { [unowned(unsafe) self] call in
                callIntent(name, function, call)
            })
        }
        intentFunctions = functions
        return model
    }

    /// `app:<name>(...)` of a declared model: its function runs now with the app and the
    /// arguments, and its results are the call's. An intent is a change the app's code makes,
    /// so it runs from a hook too; its lifecycle requests follow the usual rules there.
    private func callIntent(_ name: String, _ function: LuaFunctionRef, _ call: LuaCall) -> LuaReturn {
        guard call.handle(at: 1, of: classes.app) != nil else {
            return .error("app:\(name)(...) is a method: call it with a colon, app:\(name)(...)")
        }
        do throws(SimError) {
            let simulator = try requireSimulator("app:\(name)")
            try simulator.requireRunning("app:\(name)")
            // An intent stands for the app's code, which a suspended app does not run (semantics 11.2).
            try simulator.requireAwake("app:\(name)")
        } catch {
            return .error(error.message)
        }
        let arguments = [appValue] + (call.count < 2 ? [] : (2...call.count).map { call.value(at: $0) })
        return runAppCode(function, arguments, for: call)
    }

    /// Runs the model's Lua `function` for a script's call (an intent, an effect) and returns
    /// its results to the caller; its error, noted as a hook's, reaches the caller as it was
    /// raised.
    func runAppCode(_ function: LuaFunctionRef, _ arguments: [LuaValue], for call: LuaCall) -> LuaReturn {
        let results: [LuaValue]
        do {
            results = try lua.call(function, arguments)
        } catch {
            noteHookError(error)
            return .error(error.message, location: .none)
        }
        return call.results(results)
    }

    /// The built-in model's intents (semantics 4.5): the simulator's own, as Lua functions.
    private func builtinIntentFunctions() -> [String: LuaValue] {
        let intents: [(String, (LuaCall, Simulator) throws(SimError) -> [LuaValue])] = [
        ("login", { call, sim throws(SimError) in
        guard let options = call.table(at: 2) else {
            throw SimError(.invalidValue, "app:login takes a table, e.g. app:login{ user = \"ada\", new_user = false } (got \(call.typeName(at: 2)))")
        }
        for key in options.keys {
            guard let name = key.stringValue, ["user", "new_user"].contains(name) else {
                let text = key.bytesValue?.escaped ?? luaTypeName(key)
                let hint = suggestion(for: text, among: ["user", "new_user"])
                throw SimError(.invalidValue, "app:login: unknown option \"\(text)\"\(hint); options are user and new_user")
            }
        }
        guard case .string(let user) = options[field: "user"] else {
            throw SimError(.invalidValue, "app:login: user must be a string, e.g. app:login{ user = \"ada\" } (got \(luaTypeName(options[field: "user"])))")
        }
        let newUser: Bool
        switch options[field: "new_user"] {
        case .nil: newUser = false
        case .boolean(let b): newUser = b
        case let other: throw SimError(.invalidValue, "app:login: new_user must be true or false (got \(luaTypeName(other)))")
        }
        try sim.login(user: user, newUser: newUser)
        return []
    }),
    ("next_step", { _, sim throws(SimError) in try sim.nextStep(); return [] }),
    ("cancel_onboarding", { _, sim throws(SimError) in try sim.cancelOnboarding(); return [] }),
    ("logout", { _, sim throws(SimError) in try sim.logout(); return [] }),
    ("retry", { _, sim throws(SimError) in try sim.retry(); return [] }),
        ]
        var functions: [String: LuaValue] = [:]
        for (name, body) in intents {
            functions[name] = .function(lua.makeFunction { [unowned(unsafe) self] call in
                guard call.handle(at: 1, of: classes.app) != nil else {
                    return .error("app:\(name)(...) is a method: call it with a colon, app:\(name)(...)")
                }
                return perform(call) { () throws(SimError) in
                    try body(call, try requireSimulator("app:\(name)"))
                }
            })
        }
        return functions
    }

    /// What the model's `on_url` or `on_activity` answered: false with a reason, refused; nil or
    /// false, passed on; any other value handled, as Lua reads a condition (so `return "yes"`
    /// is true here as in `allows` and a window's `on_url`, not a silent "passed").
    static func eventAnswer(_ results: [LuaValue]) -> AppModel.URLAnswer {
        switch (results.first, results.dropFirst().first) {
        case (nil, _), (.nil?, _): return .passed
        case (.boolean(false)?, .string(let reason)?): return .refused(reason.escaped)
        case (.boolean(false)?, _): return .passed
        default: return .handled
        }
    }

    /// The script's windows' code for external events (semantics 12): `prefers`, `allows`
    /// (or the older `handles`, for URLs) and the handlers, by the window's scene.
    func windowEventCode() -> WindowEventCode {
        func handlers(_ id: SessionID) -> SceneHandlers? {
            guard let simulator else { return nil }
            return sceneHandlers[simulator.group(of: id)]
        }
        func eventText(_ event: ExternalEvent) -> LuaValue { .string(event.text) }
        func truthy(_ results: [LuaValue]?) -> Bool {
            switch results?.first {
            case nil, .nil?, .boolean(false)?: false
            default: true
            }
        }
        return WindowEventCode(
            declaresModifiers: { [unowned(unsafe) self] group in
                guard let simulator else { return false }
                return sceneHandlers[simulator.config.scenes[group].id]?.declaresModifiers ?? false
            },
            prefers: { [unowned(unsafe) self] id, event in
                guard let function = handlers(id)?.prefers else { return false }
                return truthy(callAppCode(function, [windowValue(id), eventText(event)]))
            },
            allows: { [unowned(unsafe) self] id, event in
                guard let scene = handlers(id) else { return false }
                if let function = scene.allows { return truthy(callAppCode(function, [windowValue(id), eventText(event)])) }
                if let function = scene.handles, case .url(let url) = event { return truthy(callAppCode(function, [.string(url)])) }
                return false
            },
            deliver: { [unowned(unsafe) self] id, event in
                switch event {
                case .url(let url):
                    guard let function = handlers(id)?.onURL else { return nil }
                    return truthy(callAppCode(function, [windowValue(id), .string(url)]))
                case let .activity(type, info):
                    guard let function = handlers(id)?.onActivity else { return nil }
                    return truthy(callAppCode(function, [windowValue(id), .string(ByteString(type)), info.luaTable]))
                }
            }
        )
    }
}
