import ByteText
import LuaKit
import SceneSimCore

// sim.server.create_session / validate (scenarios/README.md, "What a model uses").
extension ScriptHost {
    func serverCreateSession(_ call: LuaCall) -> LuaReturn {
        perform(call) { () throws(SimError) in
            guard let user = call.bytes(at: 1) else {
                throw SimError(
                    .invalidValue, "sim.server.create_session(user, ttl?) needs a user name string, e.g. sim.server.create_session(\"ada\") (got \(call.typeName(at: 1)))")
            }
            var ttl: VirtualTime?
            if !call.isNil(at: 2) {
                guard let seconds = call.number(at: 2) else {
                    throw SimError(.invalidValue, "sim.server.create_session(user, ttl?): ttl must be a number of seconds (got \(call.typeName(at: 2)))")
                }
                guard let time = VirtualTime(checkedSeconds: seconds), time > .zero else {
                    throw SimError(
                        .invalidValue,
                        "sim.server.create_session(user, ttl?): ttl must be a finite number of seconds above 0 and at most 1e12 (got \((try? call.describe(at: 2)).map { String(decoding: $0, as: UTF8.self) } ?? "a number"))"
                    )
                }
                ttl = time
            }
            let token = try requireSimulator("sim.server.create_session").createSession(user: user, ttl: ttl)
            return [.integer(Int64(token))]
        }
    }

    func serverEndSession(_ call: LuaCall) -> LuaReturn {
        perform(call) { () throws(SimError) in
            guard call.isInteger(at: 1), let token = call.int(at: 1) else {
                throw SimError(
                    .invalidValue, "sim.server.end_session(token) needs a token, an integer from sim.server.create_session or app.keychain (got \(luaTypeName(call.value(at: 1))))")
            }
            return [.boolean(try requireSimulator("sim.server.end_session").endSession(token: Int(clamping: token)))]
        }
    }

    func serverValidate(_ call: LuaCall) -> LuaReturn {
        perform(call) { () throws(SimError) in
            guard call.isInteger(at: 1), let token = call.int(at: 1) else {
                throw SimError(
                    .invalidValue, "sim.server.validate(token, fn) needs a token, an integer from sim.server.create_session or app.keychain (got \(luaTypeName(call.value(at: 1))))"
                )
            }
            guard let function = call.function(at: 2) else {
                throw SimError(.invalidValue, "sim.server.validate(token, fn) needs a function for the answer, e.g. function(answer, user) ... end (got \(call.typeName(at: 2)))")
            }
            let simulator = try requireSimulator("sim.server.validate")
            try simulator.validate(
                token: Int(clamping: token),
                answer: { [unowned(unsafe) self] _, answer, user in
                    runAppCode(HookCall.Direct(functions: [function], arguments: [.string(ByteString(answer.rawValue)), user.map(LuaValue.string) ?? .nil]))
                })
            return []
        }
    }
}
