import ByteText
import LuaKit
import SceneSimCore

// When the script's code runs inside a system action (semantics 9): hooks run at their
// handler point, synchronously; their storage writes and transitions apply at once; their
// lifecycle requests wait in the core's queue until the action is over; their errors wait too.
extension ScriptHost {
    /// How deep hooks may nest (a hook's transition firing a hook that transitions, ...) before
    /// the innermost call is refused; well inside Lua's own limit of 200 nested C calls, which
    /// would end the run with a bare "C stack overflow".
    static let maxHookDepth = 40

    /// Runs a simulator operation for a Lua call. A `SimError` becomes a Lua error at the
    /// calling line. At the top level, once the operation is over (the core has run what its
    /// hooks queued), a hook's error (with the hook's own `file:line`) wins, then a queued
    /// request's (at the line that made it), then the operation's own.
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
        var failure: String?
        var failureLocation = LuaErrorLocation.caller
        do {
            results = try body()
        } catch {
            if let origin = error.queuedAt {
                // A queued request's error, at the line that made it.
                failure = origin + error.message + (error.kind == .tooManyRequests ? "" : Self.queuedNote)
                failureLocation = .none
            } else {
                failure = error.message
            }
        }
        takeEvents()
        if hookDepth > 0 {
            // Inside a hook: what stops this hook's code travels up through it (and, uncaught,
            // fails the hook, which `reached` notes again); the queue waits for the top level.
            if let hookError = hookFailure {
                // It travels on as this call's error, through Lua code that may catch it.
                hookFailure = nil
                simulator?.appCodeFailureHandled()
                return .raise(hookError)  // the value the hook raised (a table stays a table)
            }
            if nestedTooDeep {
                nestedTooDeep = false
                return .error("hooks are nested \(Self.maxHookDepth) deep: this call, inside a hook, fires a hook again, "
                    + "and that one does the same; let a hook act only on changes it did not cause (check old and new, or keep a flag)")
            }
            if let failure { return .error(failure, location: failureLocation) }
            return call.results(results)
        }
        if let hookError = hookFailure {
            hookFailure = nil
            return .raise(hookError)
        }
        if let failure { return .error(failure, location: failureLocation) }
        return call.results(results)
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

    /// Before the core runs a queued request: the trace so far is written, and while recording
    /// its events are put down to the line that made the request.
    func willRunQueued(_ origin: String?) {
        takeEvents()
        if recording != nil { currentSource = origin.flatMap(Self.sourceLine) }
    }

    /// A handler point of a system action: the app's code for it runs at once — a timer's or a
    /// server answer's function; a scene's `on_phase`, then the hooks. After one failed, none
    /// runs until its error has been raised. The trace so far is written (and the caches it
    /// makes stale dropped) before any of that code runs (`callAppCode`); a point with nothing
    /// to run leaves the events for the next point that has, or for the end of the operation:
    /// no Lua runs in between, so nothing reads a cache or prints out of order.
    func reached(_ point: HandlerPoint) {
        guard hookFailure == nil, let call = handlers(at: point) else { return }
        runAppCode(call)
    }

    /// Runs the app's code for one event, as hooks run: nested at most `maxHookDepth` deep; the
    /// first error is kept (and raised once the system action is over) and stops the rest.
    func runAppCode(_ call: HookCall.Direct) {
        for function in call.functions {
            guard callAppCode(function, call.arguments) != nil else { return }
        }
    }

    /// Runs one function of the app's code at its event and hands back its results; nil when
    /// it did not run (an earlier failure, nesting too deep) or failed (its error is kept).
    func callAppCode(_ function: LuaFunctionRef, _ arguments: [LuaValue]) -> [LuaValue]? {
        takeEvents()
        guard hookFailure == nil else { return nil }
        guard hookDepth < Self.maxHookDepth else {
            nestedTooDeep = true
            return nil
        }
        hookDepth += 1
        defer { hookDepth -= 1 }
        do {
            return try lua.call(function, arguments)
        } catch {
            failed(error)
            return nil
        }
    }

    /// App code raised `error`: it is raised once the system action is over, and the core runs
    /// nothing it queued.
    func failed(_ error: LuaError) {
        noteHookError(error)
        hookFailure = error
        simulator?.appCodeFailed(SimError(.appCode, error.message))
    }

    /// A scene's `on_phase` and the `app:on` hooks of a point, with their arguments.
    private func handlers(at point: HandlerPoint) -> HookCall.Direct? {
        var call = hooks.call(for: point)
        if case let .scenePhase(id, from, to) = point, let simulator,
           let handler = sceneHandlers.isEmpty ? nil : sceneHandlers[simulator.group(of: id)]?.onPhase {
            let hooks = call?.functions ?? []
            call = HookCall(functions: [handler] + hooks, arguments: [.window(id), .text(from.text), .text(to.text)])
        }
        guard let call else { return nil }
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

    /// The simulator's restore decision: the scene's `restore`, then every `restore` hook, must
    /// not return false.
    func decideRestore(_ id: SessionID) -> Bool {
        takeEvents()
        guard hookFailure == nil else { return true }
        let sceneCheck = simulator.flatMap { sceneHandlers.isEmpty ? nil : sceneHandlers[$0.group(of: id)]?.restore }
        for function in (sceneCheck.map { [$0] } ?? []) + hooks.functions(for: .restore) {
            do {
                let results = try lua.call(function, [windowValue(id)])
                if case .boolean(false)? = results.first { return false }
            } catch {
                failed(error)
                return true
            }
        }
        return true
    }
}
