import ByteText
import LuaKit
import SceneSimCore

// A registered Swift model (`sim.launch{ model = "notes" }`): its handlers are Swift closures
// the simulator runs itself; its intents become methods of the app handle whose arguments are
// checked against the intent's parameters, the error at the calling line.
extension ScriptHost {
    func swiftAppModel(_ model: AppModel) -> AppModel {
        var functions: [String: LuaValue] = [:]
        for name in model.intentHandlers.keys {
            functions[name] = .function(
                lua.makeFunction { [unowned(unsafe) self] call in
                    callSwiftIntent(name, call)
                })
        }
        intentFunctions = functions
        return model
    }

    private func callSwiftIntent(_ name: String, _ call: LuaCall) -> LuaReturn {
        guard call.handle(at: 1, of: classes.app) != nil else {
            return .error("app:\(name)(...) is a method: call it with a colon, app:\(name)(...)")
        }
        return perform(call) { () throws(SimError) in
            let simulator = try requireSimulator("app:\(name)")
            try simulator.model.checkCount(intent: name, max(call.count - 1, 0))
            var arguments: [SceneValue] = []
            if call.count >= 2 {
                for index in 2...call.count {
                    let value = call.value(at: index)
                    guard let argument = SceneValue(lua: value) else {
                        throw simulator.model.argumentError(intent: name, index: index - 1, given: value.isNil ? "nil" : aLuaTypeName(value))
                    }
                    arguments.append(argument)
                }
            }
            return try simulator.perform(intent: name, arguments).map { [$0.lua] } ?? []
        }
    }
}
