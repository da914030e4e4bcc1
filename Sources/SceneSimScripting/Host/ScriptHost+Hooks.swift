import LuaKit
import SceneSimCore

extension ScriptHost {
    /// Runs a simulator operation for a Lua call. A `SimError` becomes a Lua error at the
    /// calling line; hooks owed for the operation's events run after it returns (so a hook may
    /// itself drive the simulator), and a hook's own error, with its own `file:line`, wins.
    func perform(_ call: LuaCall, _ body: () throws(SimError) -> [LuaValue]) -> LuaReturn {
        var results: [LuaValue] = []
        var failure: String?
        do {
            results = try body()
        } catch {
            failure = error.message
        }
        if let hookError = hookFailure ?? runPendingHooks() {
            hookFailure = nil
            return .error(hookError.message, location: .none)
        }
        if let failure { return .error(failure) }
        return call.results(results)
    }

    /// Calls the hooks owed so far, in event order; stops at the first error.
    func runPendingHooks() -> LuaError? {
        while !pendingHooks.isEmpty {
            let batch = pendingHooks
            pendingHooks = []
            for hook in batch {
                let arguments = hook.arguments.map { argument -> LuaValue in
                    switch argument {
                    case .text(let text): .string(text)
                    case .window(let id): windowValue(id)
                    }
                }
                for function in hooks.functions(for: hook.event) {
                    do {
                        _ = try lua.call(function, arguments)
                    } catch {
                        pendingHooks = []
                        return error
                    }
                }
            }
        }
        return nil
    }

    /// The simulator's restore decision: every `restore` hook must not return false.
    func decideRestore(_ id: SessionID) -> Bool {
        for function in hooks.functions(for: .restore) {
            do {
                let results = try lua.call(function, [windowValue(id)])
                if case .boolean(false)? = results.first { return false }
            } catch {
                if hookFailure == nil { hookFailure = error }
                return true
            }
        }
        return true
    }
}
