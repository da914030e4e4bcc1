import ByteText
import LuaKit
import SceneSimCore

// When the script's code runs inside a system action (semantics 9): hooks run at their
// handler point, synchronously; their storage writes and transitions apply at once; their
// lifecycle requests wait in a queue until the action is over; their errors wait too.
extension ScriptHost {
    /// A lifecycle request a hook made, with the `file:line: ` of the line that made it.
    struct QueuedRequest {
        var location: String
        var request: LifecycleRequest
    }

    /// How deep hooks may nest (a hook's transition firing a hook that transitions, ...) before
    /// the innermost call is refused; well inside Lua's own limit of 200 nested C calls, which
    /// would end the run with a bare "C stack overflow".
    static let maxHookDepth = 40

    /// The most queued requests one operation runs: hooks that keep requesting what fires them
    /// again (a window focused on background, backgrounded on focus) end there.
    static let maxQueuedRequests = 1000

    /// Runs a simulator operation for a Lua call. A `SimError` becomes a Lua error at the
    /// calling line. At the top level, once the operation is over, the requests its hooks
    /// queued run in order; a hook's error (with the hook's own `file:line`) wins, then a queued
    /// request's (at the line that made it), then the operation's own.
    func perform(_ call: LuaCall, _ body: () throws(SimError) -> [LuaValue]) -> LuaReturn {
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
        do {
            results = try body()
        } catch {
            failure = error.message
        }
        takeEvents()
        if hookDepth > 0 {
            // Inside a hook: what stops this hook's code travels up through it (and, uncaught,
            // fails the hook, which `reached` notes again); the queue waits for the top level.
            if let hookError = hookFailure {
                hookFailure = nil
                return .error(hookError.message, location: .none)
            }
            if nestedTooDeep {
                nestedTooDeep = false
                return .error("hooks are nested \(Self.maxHookDepth) deep: this call, inside a hook, fires a hook again, "
                    + "and that one does the same; let a hook act only on changes it did not cause (check old and new, or keep a flag)")
            }
            if let failure { return .error(failure) }
            return call.results(results)
        }
        if !queuedRequests.isEmpty {
            if hookFailure == nil && failure == nil {
                runQueuedRequests()
            }
            queuedRequests = []
        }
        if let hookError = hookFailure {
            hookFailure = nil
            return .error(hookError.message, location: .none)
        }
        if let queued = queuedFailure {
            queuedFailure = nil
            return .error(queued, location: .none)
        }
        if let failure { return .error(failure) }
        return call.results(results)
    }

    /// A lifecycle request from Lua: inside a hook it is queued (its arguments checked now, so
    /// a misuse still fails at its line) and returns nothing; otherwise it runs at once.
    func request(_ call: LuaCall, _ what: @autoclosure () -> String, _ prepare: () throws(SimError) -> LifecycleRequest) -> LuaReturn {
        guard hookDepth > 0 else {
            return perform(call) { () throws(SimError) in
                let request = try prepare()
                return try run(request, try requireSimulator(what()))
            }
        }
        do throws(SimError) {
            let request = try prepare()
            _ = try requireSimulator(what())
            queuedRequests.append(QueuedRequest(location: call.location(), request: request))
            return .values(0)
        } catch {
            return .error(error.message)
        }
    }

    /// `file:line` from a location prefix `file:line: `; nil where Lua knows no line.
    static func sourceLine(_ location: String) -> String? {
        let line = location.hasSuffix(": ") ? String(location.dropLast(2)) : location
        return line.isEmpty ? nil : line
    }

    /// Why a pcall in the hook did not catch a queued request's error.
    static let queuedNote = " (requested in a hook, it ran once the system action was over)"

    /// Runs the queued requests in order, each a system action of its own whose hooks may
    /// queue more; stops at the first error, dropping the rest.
    func runQueuedRequests() {
        var next = 0
        while next < queuedRequests.count, hookFailure == nil, queuedFailure == nil {
            let request = queuedRequests[next]
            next += 1
            guard next <= Self.maxQueuedRequests else {
                queuedFailure = request.location + "hooks requested \(Self.maxQueuedRequests) lifecycle actions for one operation: "
                    + "this request, made in a hook, fires a hook that requests again; let a hook act only on changes it did not cause (check old and new, or keep a flag)"
                break
            }
            guard let simulator else { break }
            if recording != nil { currentSource = Self.sourceLine(request.location) }
            do throws(SimError) {
                _ = try run(request.request, simulator)
            } catch {
                queuedFailure = request.location + error.message + Self.queuedNote
            }
            takeEvents()
        }
        queuedRequests = []
    }

    /// A handler point of a system action: the trace so far is written, then the app's code for
    /// it runs at once — a timer's or a server answer's function; a scene's `on_phase`, then
    /// the hooks. After one failed, none runs until its error has been raised.
    func reached(_ point: HandlerPoint) {
        takeEvents()
        // Taken first: a timer's function is let go even when an earlier failure skips it.
        let direct = modelCallback(at: point)
        guard hookFailure == nil else { return }
        guard let call = direct ?? handlers(at: point) else { return }
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
            noteHookError(error)
            hookFailure = error
            return nil
        }
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
                noteHookError(error)
                hookFailure = error
                return true
            }
        }
        return true
    }
}
