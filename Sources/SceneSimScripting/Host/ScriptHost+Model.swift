import ByteText
import LuaKit
import SceneSimBuiltin
import SceneSimCore

// The app's model from the script's side (semantics 10): the built-in model's intents as Swift
// functions, a declared model's handlers and intents as the script's Lua functions. Either way
// an intent is a method of the app, found by name (`app:<name>(...)`), and a handler runs at
// its handler point as hooks do.
extension ScriptHost {
    /// The model the simulator runs for what `sim.launch` declared — a registered Swift model,
    /// a Lua one, or the built-in one — with the scenes' code; and the intents the app handle
    /// offers for it.
    func appModel(_ parser: ConfigParser) -> AppModel {
        var model: AppModel
        if let swift = parser.swiftModel {
            model = swiftAppModel(swift)
        } else if let declared = parser.model {
            model = declared
            var functions: [String: LuaValue] = [:]
            if let channel = parser.intentCall {
                for name in declared.intents {
                    functions[name] = .function(
                        lua.makeFunction { [unowned(unsafe) self] call in
                            callIntent(name, channel, call)
                        })
                }
            }
            intentFunctions = functions
        } else {
            model = .builtin
            intentFunctions = builtinIntentFunctions()
        }
        for (id, code) in parser.sceneCode { model.setCode(code, ofScene: id) }
        // The `restore` hooks (app:on), registered at any time, are the app's last check.
        let ref = ScriptHostRef(host: self)
        model.restoreCheck = { _, id in ref.host.decideRestore(id) }
        return model
    }

    /// `app:<name>(...)` of a Lua model: a `SimInput.intent`, which the simulator runs as it runs
    /// a Swift model's (`perform(intent:)`: running and awake, then the model's code); the
    /// call's Lua values reach the intent's function through `channel`, its results are the
    /// call's, and its error reaches the caller as it was raised. An intent is a change the
    /// app's code makes, so it runs from a hook too; its lifecycle requests follow the usual
    /// rules there.
    private func callIntent(_ name: String, _ channel: LuaIntentCall, _ call: LuaCall) -> LuaReturn {
        guard call.handle(at: 1, of: classes.app) != nil else {
            return .error("app:\(name)(...) is a method: call it with a colon, app:\(name)(...)")
        }
        let simulator: Simulator
        do throws(SimError) {
            simulator = try requireSimulator("app:\(name)")
        } catch {
            return .error(error.message)
        }
        channel.arguments = call.count < 2 ? [] : (2...call.count).map { call.value(at: $0) }
        defer { channel.arguments = nil }
        do throws(SimError) {
            _ = try simulator.send(.intent(name, []))
        } catch {
            if let raised = channel.error {
                channel.error = nil
                return .error(raised.message, location: .none)
            }
            // A hook's failure under the intent ends the call as it was raised (`endCall`).
            return end(call, error, [])
        }
        return end(call, nil, channel.results)
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
            (
                "login",
                { call, sim throws(SimError) in
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
                }
            ),
            (
                "next_step",
                { _, sim throws(SimError) in
                    try sim.nextStep(); return []
                }
            ),
            (
                "cancel_onboarding",
                { _, sim throws(SimError) in
                    try sim.cancelOnboarding(); return []
                }
            ),
            (
                "logout",
                { _, sim throws(SimError) in
                    try sim.logout(); return []
                }
            ),
            (
                "retry",
                { _, sim throws(SimError) in
                    try sim.retry(); return []
                }
            ),
        ]
        var functions: [String: LuaValue] = [:]
        for (name, body) in intents {
            functions[name] = .function(
                lua.makeFunction { [unowned(unsafe) self] call in
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
}
