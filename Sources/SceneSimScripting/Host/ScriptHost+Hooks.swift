import ByteText
import LuaKit
import SceneSimCore

// When the script's code runs inside a system action (semantics 9): hooks run at their
// handler point, synchronously; their storage writes and transitions apply at once; their
// lifecycle requests wait in the core's queue until the action is over; their errors wait too.
// What is under way — how deep hooks nest, which error wins — is the core's
// (`Simulator.UnderWay`): the host runs hooks through `runNested` and ends each call with
// `endCall`.
extension ScriptHost {
    /// Runs a simulator operation for a Lua call. A `SimError` becomes a Lua error at the
    /// calling line. Once the operation is over the core says how the call ends (`endCall`):
    /// a hook's error (with the hook's own `file:line`, as the value it raised) wins, then,
    /// inside a hook, the refusal to nest deeper, then the operation's own error (a queued
    /// request's at the line that made it).
    package func perform(_ call: LuaCall, _ body: () throws(SimError) -> [LuaValue]) -> LuaReturn {
        // Asked only when recording: finding the line costs a walk of Lua's debug info.
        let outerSource: String??
        if recording != nil {
            outerSource = .some(currentSource)
            currentSource = Self.sourceLine(call.location())
        } else {
            outerSource = .none
        }
        defer { if case .some(let outer) = outerSource { currentSource = outer } }
        var results: [LuaValue] = []
        var failure: SimError?
        do {
            results = try body()
        } catch {
            failure = error
        }
        return end(call, failure, results)
    }

    /// How a Lua call into the simulator ends, as the core says (`endCall`), given the
    /// operation's own failure and results. Inside a hook, what stops this hook's code travels
    /// up through it (and, uncaught, fails the hook, which the core keeps again); the queue
    /// waits for the top level.
    func end(_ call: LuaCall, _ failure: SimError?, _ results: [LuaValue]) -> LuaReturn {
        switch simulator?.endCall(failure) ?? failure.map(Simulator.CallEnd.failed) ?? .done {
        case .done:
            return call.results(results)
        case .raised(let error as LuaError):
            return .raise(error)  // the value the hook raised (a table stays a table)
        case .raised(let error):
            return .error("\(error)")  // only Lua errors are handed to the core (`failed`)
        case .failed(let error):
            guard let origin = error.queuedAt else { return .error(error.message) }
            // A queued request's error, at the line that made it.
            return .error(origin + error.message + (error.kind == .tooManyRequests ? "" : Self.queuedNote), location: .none)
        }
    }

    /// A lifecycle request from Lua: its arguments are checked at the calling line, then it is
    /// sent to the core, which runs it or, from a hook, queues it (and the call returns nothing).
    package func request(_ call: LuaCall, _ what: @autoclosure () -> String, _ prepare: () throws(SimError) -> SimInput) -> LuaReturn {
        perform(call) { () throws(SimError) in
            let input = try prepare()
            return try send(input, call, try requireSimulator(what()))
        }
    }

    /// `file:line` from a location prefix `file:line: `; nil where Lua knows no line.
    static func sourceLine(_ location: String) -> String? {
        let line = location.hasSuffix(": ") ? String(location.dropLast(2)) : location
        return line.isEmpty ? nil : line
    }

    /// Why a pcall in the hook did not catch a queued request's error.
    static let queuedNote = " (requested in a hook, it ran once the system action was over)"

    /// Before the core runs a queued request: while recording, its events are put down to the
    /// line that made the request.
    func willRunQueued(_ origin: String?) {
        if recording != nil { currentSource = origin.flatMap(Self.sourceLine) }
    }

    /// A handler point of a system action: the app's code for it runs at once — a timer's or a
    /// server answer's function; a scene's `on_phase`, then the hooks. After one failed, none
    /// runs until its error has been raised. The trace so far is already written (and the
    /// caches it makes stale dropped): the simulator hands each event over as it happens.
    func reached(_ point: HandlerPoint) {
        guard simulator?.hasAppCodeFailed == false, let call = handlers(at: point) else { return }
        runAppCode(call)
    }

    /// Runs the app's code for one event, as hooks run: nested at most `Simulator.maxNesting`
    /// deep; the first error is kept (and raised once the system action is over) and stops the
    /// rest.
    func runAppCode(_ call: HookCall.Direct) {
        for function in call.functions {
            guard callAppCode(function, call.arguments) != nil else { return }
        }
    }

    /// Runs one function of the app's code at its event and hands back its results; nil when
    /// it did not run (an earlier failure, nesting too deep: the core's `runNested`) or failed
    /// (its error is kept).
    func callAppCode(_ function: LuaFunctionRef, _ arguments: [LuaValue]) -> [LuaValue]? {
        guard let simulator else { return nil }
        return simulator.runNested { () -> [LuaValue]? in
            do throws(LuaError) {
                return try lua.call(function, arguments)
            } catch {
                failed(error)
                return nil
            }
        }
    }

    /// App code raised `error`: the core keeps it (the first failure wins), raises it once the
    /// system action is over, and runs nothing it queued.
    func failed(_ error: LuaError) {
        noteHookError(error)
        simulator?.appCodeFailed(SimError(.appCode, .text(error.message)), raised: error)
    }

    /// The `app:on` hooks of a point, with their arguments (a scene's `on_phase` is the
    /// model's code, which the simulator runs before them).
    private func handlers(at point: HandlerPoint) -> HookCall.Direct? {
        guard let call = hooks.call(for: point) else { return nil }
        let arguments = call.arguments.map { argument -> LuaValue in
            switch argument {
            case .text(let text): .string(ByteString(text))
            case .window(let id): windowValue(id)
            }
        }
        return HookCall.Direct(functions: call.functions, arguments: arguments)
    }

    /// Keeps the traceback of a hook that failed (see `withHookFrames`). The innermost hook's
    /// is kept: Lua's traceback runs through the Swift calls below it, down to the main chunk.
    func noteHookError(_ error: LuaError) {
        guard hookErrorFrames?.message != error.message else { return }
        hookErrorFrames = (error.message, error.traceback)
    }

    /// The `restore` hooks' decision (after the scene's own `restore`, which the model runs):
    /// none may return false.
    func decideRestore(_ id: SessionID) -> Bool {
        for function in hooks.functions(for: .restore) where !askRestore(function, id) { return false }
        return true
    }

    /// Whether a restore check (a scene's `restore`, a `restore` hook) lets window `id` be
    /// restored: anything but false does; one that fails, or comes after a failure, lets it
    /// (the error is raised once the launch is over).
    func askRestore(_ function: LuaFunctionRef, _ id: SessionID) -> Bool {
        guard simulator?.hasAppCodeFailed == false else { return true }
        do {
            let results = try lua.call(function, [windowValue(id)])
            if case .boolean(false)? = results.first { return false }
            return true
        } catch {
            failed(error)
            return true
        }
    }
}
