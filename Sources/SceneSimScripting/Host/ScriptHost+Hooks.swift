import ByteText
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
        takeEvents()
        if hookDepth >= Self.maxHookDepth, !pendingHooks.isEmpty, hookFailure == nil {
            // Located at the operation inside the innermost hook: the line that re-fires it.
            let events = Set(pendingHooks.map(\.event.rawValue)).sorted().joined(separator: ", ")
            pendingHooks = []
            return .error("hooks are nested \(Self.maxHookDepth) deep: this operation, inside a hook, fires a \(events) hook again, "
                + "and that one does the same; let a hook act only on changes it did not cause (check old and new, or keep a flag)")
        }
        if let hookError = hookFailure ?? runPendingHooks() {
            // A hook failed: the hooks still owed for this operation are dropped with it, as
            // runPendingHooks drops them, never run by the next operation.
            hookFailure = nil
            pendingHooks = []
            return .error(hookError.message, location: .none)
        }
        if let failure { return .error(failure) }
        return call.results(results)
    }

    /// How deep hooks may nest before an operation inside one is refused; well inside Lua's
    /// own limit of 200 nested C calls, which would end the run with a bare "C stack overflow".
    static let maxHookDepth = 40

    /// Calls the hooks owed so far, in event order; stops at the first error.
    func runPendingHooks() -> LuaError? {
        hookDepth += 1
        defer { hookDepth -= 1 }
        while !pendingHooks.isEmpty {
            let batch = pendingHooks
            pendingHooks = []
            for hook in batch {
                let arguments = hook.arguments.map { argument -> LuaValue in
                    switch argument {
                    case .text(let text): .string(ByteString(text))
                    case .window(let id): windowValue(id)
                    }
                }
                for function in hooks.functions(for: hook.event) {
                    do {
                        _ = try lua.call(function, arguments)
                    } catch {
                        pendingHooks = []
                        noteHookError(error)
                        return error
                    }
                }
            }
        }
        return nil
    }

    /// Keeps the traceback of a hook that failed (see `withHookFrames`). The innermost hook's
    /// is kept: Lua's traceback runs through the Swift calls below it, down to the main chunk.
    func noteHookError(_ error: LuaError) {
        guard hookErrorFrames?.message != error.message else { return }
        hookErrorFrames = (error.message, error.traceback)
    }

    /// The simulator's restore decision: every `restore` hook must not return false.
    func decideRestore(_ id: SessionID) -> Bool {
        takeEvents()
        for function in hooks.functions(for: .restore) {
            do {
                let results = try lua.call(function, [windowValue(id)])
                if case .boolean(false)? = results.first { return false }
            } catch {
                noteHookError(error)
                if hookFailure == nil { hookFailure = error }
                return true
            }
        }
        return true
    }
}
