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
                // true: handled; false with a reason: refused; anything else: passed on.
                guard let results = callAppCode(function, [appValue, .string(url)]) else { return .passed }
                switch (results.first, results.dropFirst().first) {
                case (.boolean(true)?, _): return .handled
                case (.boolean(false)?, .string(let reason)?): return .refused(reason.escaped)
                default: return .passed
                }
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
            try requireSimulator("app:\(name)").requireRunning("app:\(name)")
        } catch {
            return .error(error.message)
        }
        let arguments = [appValue] + (call.count < 2 ? [] : (2...call.count).map { call.value(at: $0) })
        let results: [LuaValue]
        do {
            results = try lua.call(function, arguments)
        } catch {
            noteHookError(error)
            takeEvents()
            return .error(error.message, location: .none)
        }
        takeEvents()
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

    /// A window's answer to a URL the model passed on (semantics 10.8): its scene's `handles`
    /// says whether it takes the URL (without one, a scene with `on_url` takes every URL), then
    /// its `on_url` handles it (true) or not.
    func windowTakesURL(_ id: SessionID, _ url: ByteString) -> Bool? {
        guard let simulator, let handlers = sceneHandlers[simulator.group(of: id)], let onURL = handlers.onURL else { return nil }
        if let handles = handlers.handles {
            guard let answer = callAppCode(handles, [.string(url)]) else { return nil }
            switch answer.first {
            case nil, .nil?, .boolean(false)?: return nil
            default: break
            }
        }
        guard let results = callAppCode(onURL, [windowValue(id), .string(url)]) else { return false }
        return results.first == .boolean(true)
    }
}
