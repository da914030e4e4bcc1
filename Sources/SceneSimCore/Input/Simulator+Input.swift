import ByteText

// Inputs as data (issue 17): every operation is a `SimInput`, checked by one `check` whose
// guards `validate` (is this allowed now?) and the operation itself both use, and run by one
// `send`. The core owns the queue of lifecycle actions that app code makes in the middle of a
// system action (semantics 9.5): they run, in order, once the outermost call is over, for a
// script's hooks and a Swift model's closures alike, as swift-nio's EmbeddedEventLoop runs
// what a task enqueues on the next `run()`.
extension Simulator {
    /// Runs one input now, or, when app code makes it in the middle of a system action,
    /// queues it to run once that action is over (and returns `.queued`).
    @discardableResult
    public func send(_ input: SimInput) throws(SimError) -> InputResult {
        try send(input, origin: nil)
    }

    /// `send` for a front end that knows where the input was made (a script's `file:line: `):
    /// a queued input that fails carries it in `SimError.queuedAt`.
    package func send(_ input: SimInput, origin: String?) throws(SimError) -> InputResult {
        if case .askingRestore = underWay.activity { throw Self.restoreReentry }
        if input.isLifecycleAction, queuesLifecycleActions {
            // Charged to the memory limit: the queue runs at most `maxQueuedInputs` actions, but
            // each may queue many more before that count stops it (hooks at each phase change of
            // 600 windows queued 1.2 million actions, 220 MB under --max-memory 64).
            let cost = Self.queuedInputCost + (origin?.utf8.count ?? 0) + input.payloadBytes
            try requireMemory(cost)
            underWay.queue.append(QueuedInput(input: input, origin: origin))
            underWay.queueBytes += cost
            return .queued
        }
        switch input {
        // Each event the clock runs is an entry of its own, so what its app code queued runs
        // right after it, before the next event.
        case .advance(let duration):
            try advance(by: duration)
            return .done
        case .settle:
            try settle()
            return .done
        case let .intent(name, arguments):
            return .value(try perform(intent: name, arguments))
        default:
            // `apply` runs it as an action, itself an entry.
            return try apply(input)
        }
    }

    /// Throws the error `send(input)` would refuse it with now, without changing anything:
    /// the guards of the operation itself (a limit that the operation would pass, such as the
    /// memory budget, is not checked).
    public func validate(_ input: SimInput) throws(SimError) {
        _ = try check(input)
    }

    /// Whether `send(input)` would be accepted now (`validate` without the message).
    public func accepts(_ input: SimInput) -> Bool {
        probing = true
        defer { probing = false }
        do {
            _ = try check(input)
            return true
        } catch {
            return false
        }
    }

    /// The guards of each input: what must hold for it to run, in the order the operation
    /// checks them. Returns the running process (nil for a launch, which needs none).
    func check(_ input: SimInput) throws(SimError) -> AppProcess? {
        // Named only in errors: building the text on every call cost the hot path.
        func what() -> APICall { input.operationName }
        switch input {
        case .launch:
            if let process, process.prewarmed { return process }
            if process != nil {
                throw refusal(.forbidden, "\(.launch): the app is already running (launch #\(launchCount)); terminate it first with \(.terminateAnyKind)")
            }
            return nil
        case .advance(let duration):
            guard duration.microseconds >= 0 else {
                throw SimError(.invalidValue, "\(.advance) needs a duration of zero or more seconds (got \(duration.text))")
            }
            // The clock stops well short of Int64 microseconds, so now + any script-given span
            // (at most VirtualTime.maxSeconds) never overflows.
            guard now.microseconds <= VirtualTime.latest.microseconds - duration.microseconds else {
                throw SimError(.invalidValue, "\(.advanceBy(duration)) would take the clock past \(VirtualTime.latest.text) s, the end of the virtual clock")
            }
            return process
        case .settle:
            return process
        case let .intent(name, arguments):
            _ = try checkedIntent(name, arguments)
            return process
        case .focus(let id):
            try requireAlive(id, what())
            return try runningProcess(what())
        case .close(let id):
            try requireAlive(id, what())
            // The user removes the window's card in the switcher (semantics 2.4): the iOS
            // family has cards of an app that is not running; the Mac has none.
            if process == nil, config.platform != .macos { return nil }
            return try runningProcess(what())
        case .backgroundWindow(let id):
            try requireAlive(id, what())
            let process = try runningProcess(what())
            // On macOS it is minimising to the Dock (semantics 13.7).
            if config.platform == .macos {
                try checkMinimizable(id, process)
                return process
            }
            let label = sessions[id.index].label
            guard let phase = scenePhase(id) else {
                throw SimError(.forbidden, "\(.backgroundWindow): \(label) is disconnected, so it is not on screen; call \(.focus) to bring it back first")
            }
            guard phase.isVisible else {
                throw SimError(.forbidden, "\(.backgroundWindow): \(label) is already in the background; call \(.focus) to bring it back first")
            }
            return process
        case .disconnect(let id):
            try requireAlive(id, what())
            let process = try runningProcess(what())
            let label = sessions[id.index].label
            guard let phase = scenePhase(id) else {
                throw SimError(.forbidden, "\(.disconnect): \(label) is already disconnected")
            }
            guard phase == .background else {
                // On macOS w:background() minimises, which leaves the window inactive (13.7).
                let first: SimError.Message =
                    config.platform == .macos
                    ? "call \(.background) (\(.hide)) first; on macos \(.backgroundWindow) minimises a window to the Dock, where it stays inactive"
                    : "call \(.backgroundWindow) or \(.background) first"
                throw SimError(.forbidden, "\(.disconnect): the system disconnects only background scenes, and \(label) is \(phase.rawValue); \(first)")
            }
            return process
        case .openWindow(let groupID, let value), .dismissWindow(let groupID, let value):
            let process = try runningProcess(what())
            let isOpen = if case .openWindow = input { true } else { false }
            try requireOS(isOpen ? config.platform.openWindowOS : config.platform.dismissWindowOS, for: what(), action: isOpen ? "OpenWindowAction" : "DismissWindowAction")
            let group = try groupIndex(groupID)
            if case .openWindow = input, config.scenes[group].kind == .settings {
                throw SimError(.invalidValue, "\(.openWindow): scene \"\(groupID)\" is the Settings scene, which openWindow cannot open; call \(.openSettings)")
            }
            try checkValue(value, for: group)
            // dismissWindow is the app's own code (an environment action its views call), and a
            // suspended app runs none (semantics 11.2); openWindow stands for the user opening a
            // window too, which resumes the app.
            if case .dismissWindow = input { try requireAwake(what()) }
            return process
        case .openSettings, .reopen, .hide, .minimize, .terminateKeepingWindows, .replyToQuit:
            return try checkMac(input)
        case .openURL, .continueActivity, .openNotification, .openShortcut:
            // A terminated app launches for the event (nil: a launch; semantics 12.8).
            try checkEvent(input)
            return process
        case .background, .switcher:
            let process = try runningProcess(what())
            guard process.visible.isEmpty else { return process }
            if case .background = input {
                throw SimError(.forbidden, "\(.background): the app is already in the background (no scene on screen); call \(.foreground) first")
            }
            throw SimError(
                .forbidden,
                "\(.switcher): no scene is on screen (the app is \(process.reportedPhase.rawValue)); the app switcher covers a visible app, so call \(.foreground) first")
        case .foreground:
            let process = try runningProcess(what())
            noteWalk(process)
            // (A hidden app's minimised windows are in the background: foreground unhides it.)
            if process.visible.isEmpty, !process.minimized.isEmpty, process.order.elements.allSatisfy(process.minimized.contains), !hasHiddenDocked(process) {
                throw SimError(.forbidden, "\(.foreground): every window is minimised to the Dock; \(.focus) brings one back, \(.reopen) asks the app")
            }
            if !process.visible.isEmpty && !visibleScenes(process, contain: .inactive) {
                throw SimError(.forbidden, "\(.foreground): the app is already in the foreground and active")
            }
            return process
        case .interrupt:
            let process = try runningProcess(what())
            guard visibleScenes(process, contain: .active) else {
                throw SimError(.forbidden, "\(.interrupt): no scene is active (the app is \(process.reportedPhase.rawValue)); an overlay can only interrupt an active app")
            }
            return process
        case .resume:
            let process = try runningProcess(what())
            guard process.overlay, visibleScenes(process, contain: .inactive) else {
                throw SimError(.forbidden, "\(.resume): nothing to resume: no overlay is up; call \(.interrupt) or \(.switcher) first")
            }
            return process
        case .refresh:
            try checkRefresh()
            return process
        case .push:
            return process
        case .transferDone(let name):
            try checkTransferName(name)
            return process
        case .memoryWarning:
            return try checkMemoryWarning()
        case .update(let version):
            try checkUpdate(version)
            return nil
        case .lock, .unlock, .prewarm:
            return try checkDevice(input)
        case .terminate(let how):
            if how == .watchdog {
                throw SimError(
                    .invalidValue,
                    "\(.terminate(.watchdog)): only the system's watchdog ends an app that way, when a background task outlives its background time; begin a task with \(.beginBackgroundTask) and let the time run out, or use \(script: "\"system\", \"user\" or \"crash\"", swift: ".system, .user or .crash")"
                )
            }
            if how == .force, config.platform != .macos {
                throw SimError(
                    .forbidden,
                    "\(.terminate(.force)) is the Mac's Force Quit (⌥⌘⎋); on \(config.platform.rawValue) the user force quits an app from the app switcher: use \(.terminate(.user))"
                )
            }
            let process = try runningProcess(what())
            if how == .system, let front = process.visible.first {
                let shown = sessionID(front)
                let label = sessions[shown.index].label
                let phase = scenePhase(shown)?.rawValue ?? "disconnected"
                throw SimError(
                    .forbidden, "\(.terminate(.system)): the system kills only an app in the background (suspended or not), but \(label) is \(phase); call \(.background) first")
            }
            return process
        }
    }

    /// The intent `name` of a running app, with `arguments` as it takes them: the guards of
    /// `SimInput.intent`, which `perform(intent:)` runs once and then calls.
    func checkedIntent(_ name: String, _ arguments: [SceneValue]) throws(SimError) -> (AppModel.Intent, [SceneValue]) {
        guard let intent = model.intentHandlers[name] else {
            let names = model.intentHandlers.keys.sorted()
            let known = names.isEmpty ? "it declares none" : "its intents are \(names.joined(separator: ", "))"
            throw SimError(.invalidValue, "the model has no Swift intent \"\(name)\"\(suggestion(for: name, among: names)); \(known)")
        }
        try requireRunning(.intentName(name))
        try requireAwake(.intentName(name))
        return (intent, try model.checkedArguments(intent: name, arguments))
    }

    private func visibleScenes(_ process: AppProcess, contain phase: SimScenePhase) -> Bool {
        noteWalk(process)
        return process.visible.elements.contains { scenePhase(sessionID($0)) == phase }
    }

    /// Runs one lifecycle action: its guards, then its steps, as one system action.
    private func apply(_ input: SimInput) throws(SimError) -> InputResult {
        try action(input.operationName) { () throws(SimError) -> InputResult in
            switch input {
            case .refresh:
                try runRefresh(try check(input))
                return .done
            case .lock, .unlock, .prewarm:
                runDevice(input, try check(input))
                return .done
            case .push(let info):
                runWake(.push, info: info, try check(input))
                return .done
            case .transferDone(let name):
                runWake(.transfer(name), info: SimSceneStorage(), try check(input))
                return .done
            default:
                break
            }
            if case .update(let version) = input {
                _ = try check(input)
                update(to: version)
                return .done
            }
            guard let process = try check(input) else {
                switch input {
                case .openURL, .continueActivity, .openNotification, .openShortcut: return runEvent(input, nil)
                case .close(let id):
                    discard([id], reason: .closed, delivered: false)
                    return .done
                default: break  // a launch, or a Dock click on an app that is not running
                }
                startProcess()
                return .done
            }
            switch input {
            case .openURL, .continueActivity, .openNotification, .openShortcut:
                return runEvent(input, process)
            case .launch:
                // `check` returns a process for a launch only when it was prewarmed.
                bringPrewarmedForward(process)
            case .advance, .settle, .intent, .refresh, .push, .transferDone, .update, .lock, .unlock, .prewarm:
                // They do not come here.
                return .done
            case .background:
                if config.platform == .macos { hideApp(process) } else { leave(process) }
            case .openSettings, .reopen, .hide, .minimize, .terminateKeepingWindows, .replyToQuit:
                return runMac(input, process)
            case .foreground: returnToForeground(process)
            case .switcher, .interrupt: showOverlay(process)
            case .resume: removeOverlay(process)
            case .terminate(let how): end(how, process)
            case let .openWindow(groupID, value):
                return .window(openWindow(groupID, value: value, process))
            case let .dismissWindow(groupID, value):
                let closed = dismissWindow(groupID, value: value, process)
                quitIfLastWindowClosed(process)
                return .closed(closed)
            case .focus(let id): focus(id, process)
            case .backgroundWindow(let id):
                if config.platform == .macos { minimizeWindow(id, process) } else { backgroundWindow(id, process) }
            case .close(let id):
                delivering(process) { close(id, process) }
                quitIfLastWindowClosed(process)
            case .disconnect(let id): delivering(process) { detach(id, save: true, process) }
            case .memoryWarning: warnOfMemory(process)
            }
            return .done
        }
    }

    // MARK: The queue

    /// Runs `body` as one entry into the simulator from outside (a script's call, a Swift
    /// caller, an event of the clock). When the outermost entry is over, the app code's first
    /// failure is thrown, or, if none and the entry itself did not fail, the queued lifecycle
    /// actions run in order, each an action of its own whose app code may queue more (the rules:
    /// `UnderWay`).
    func entry<T>(_ body: () throws(SimError) -> T) throws(SimError) -> T {
        underWay.entryDepth += 1
        // The app's tasks something outside the simulation resumed since the last entry run
        // first, as the app's code of this entry (semantics 10.10).
        if underWay.entryDepth == 1, !underWay.draining, isRunning, AppTasks.hasParked(serial) {
            runAppCode { try onMainActor(self) { _ in } }
        }
        let value: T
        do throws(SimError) {
            value = try body()
        } catch {
            underWay.entryDepth -= 1
            guard underWay.entryDepth == 0, !underWay.draining else { throw error }
            clearQueue()
            throw underWay.throwFailure() ?? error
        }
        underWay.entryDepth -= 1
        guard underWay.entryDepth == 0, !underWay.draining else { return value }
        if let failure = underWay.throwFailure() {
            clearQueue()
            throw failure
        }
        if !underWay.queue.isEmpty { try drainQueue() }
        // What the process does once a call is over: expiration handlers of tasks begun after
        // the warning moment, then a suspension whose moment has come (semantics 11.3).
        if let process, !process.pendingExpirations.isEmpty { try runPendingExpirations() }
        suspendIfDue()
        return value
    }

    /// Drops the queued actions (run, or dropped after a failure).
    private func clearQueue() {
        underWay.queue.removeAll()
        underWay.queueBytes = 0
    }

    /// The most queued actions one entry runs: app code that keeps requesting what fires it
    /// again (a window focused on background, backgrounded on focus) ends there.
    package static let maxQueuedInputs = 1000

    /// Runs the queued actions in order; the first failure (of an action, or of the app code it
    /// ran) stops it and drops the rest.
    private func drainQueue() throws(SimError) {
        underWay.draining = true
        defer {
            underWay.draining = false
            clearQueue()
        }
        var next = 0
        while next < underWay.queue.count {
            let queued = underWay.queue[next]
            next += 1
            guard next <= Self.maxQueuedInputs else {
                var error = SimError(
                    .tooManyRequests,
                    "\(script: "hooks", swift: "handlers") requested \(Self.maxQueuedInputs) lifecycle actions for one operation: this request, made in \(script: "a hook, fires a hook", swift: "a handler, fires a handler") that requests again; let \(script: "a hook", swift: "a handler") act only on changes it did not cause (check old and new, or keep a flag)"
                )
                error.queuedAt = queued.origin ?? ""
                throw error
            }
            onQueuedInput?(queued.origin)
            do throws(SimError) {
                _ = try send(queued.input)
            } catch {
                // The app code's failure wins over the action's own error (`UnderWay`).
                if let failure = underWay.throwFailure() { throw failure }
                var error = error
                if error.queuedAt == nil { error.queuedAt = queued.origin ?? "" }
                throw error
            }
            if let failure = underWay.throwFailure() { throw failure }
        }
    }

    /// Runs the app's own code (a model handler, a timer body, an intent called from a
    /// handler): lifecycle actions it makes are queued; if it throws, the first error is kept,
    /// no more app code runs in this entry, and the outermost call throws it once its action
    /// is over. Swift code runs on the main actor (see `onMainActor`).
    func runAppCode(_ body: () throws -> Void) {
        guard !underWay.hasFailed else { return }
        underWay.appCodeDepth += 1
        defer { underWay.appCodeDepth -= 1 }
        do {
            try body()
        } catch {
            guard !underWay.hasFailed else { return }
            underWay.failure = Failure(error: (error as? SimError) ?? SimError(.appCode, "\(error)"))
        }
    }
}

/// A lifecycle action app code made in the middle of a system action, waiting for it to end.
struct QueuedInput {
    var input: SimInput
    /// Where it was made, for the front end's error (a script's `file:line: `).
    var origin: String?
}

extension SimInput {
    /// Bytes its texts and values hold (what a queued input keeps besides its record).
    var payloadBytes: Int {
        switch self {
        case .openWindow(let id, let value), .dismissWindow(let id, let value): id.utf8.count + (value?.byteSize ?? 0)
        case .openURL(let url): url.count
        case .intent(let name, let arguments): name.utf8.count + arguments.reduce(0) { $0 + $1.byteSize }
        case let .continueActivity(type, info, target, webpage):
            type.utf8.count + Simulator.cost(of: info) + (target?.utf8.count ?? 0) + (webpage?.utf8.count ?? 0)
        case let .openNotification(info, target): Simulator.cost(of: info) + (target?.utf8.count ?? 0)
        case let .openShortcut(type, target): type.utf8.count + (target?.utf8.count ?? 0)
        case .push(let info): Simulator.cost(of: info)
        case .transferDone(let name): name.count
        case .update(let version): version.utf8.count
        default: 0
        }
    }

    /// The operation as messages name it.
    var operationName: APICall {
        switch self {
        case .launch: .launch
        case .background: .background
        case .foreground: .foreground
        case .switcher: .switcher
        case .interrupt: .interrupt
        case .resume: .resume
        case .terminate(let how): .terminate(how)
        case .openWindow: .openWindow
        case .dismissWindow: .dismissWindow
        case .focus: .focus
        case .backgroundWindow: .backgroundWindow
        case .close: .close
        case .disconnect: .disconnect
        case .openURL: .openURL
        case .advance: .advance
        case .settle: .settle
        case .intent(let name, _): .intentName(name)
        case .refresh: .refresh
        case .push: .push
        case .transferDone: .transferDone
        case .lock: .lockDevice
        case .unlock: .unlockDevice
        case .prewarm: .prewarm
        case .continueActivity: .continueActivity
        case .openNotification: .openNotification
        case .openShortcut: .openShortcut
        case .openSettings: .openSettings
        case .reopen: .reopen
        case .hide: .hide
        case .minimize: .minimize
        case .terminateKeepingWindows: .quitKeepingWindows
        case .memoryWarning: .memoryWarning
        case .update: .update
        case .replyToQuit: .replyToQuit
        }
    }
}

extension Simulator {
    /// Whether a lifecycle action sent now would be queued (app code is running in the middle
    /// of a system action).
    package var queuesLifecycleActions: Bool { underWay.activity == .acting || underWay.appCodeDepth > 0 }
}

extension Simulator {
    /// Fails when the app's OS predates `needed`, the version that introduced `action`, the
    /// environment action behind `what` (semantics 14.1).
    @inline(__always)
    func requireOS(_ needed: Int?, for what: @autoclosure () -> APICall, action: String) throws(SimError) {
        // Inlined with the message built out of line: every open_window asks (bench-core).
        guard let needed, config.os < needed else { return }
        throw osRefusal(needed, for: what(), action: action)
    }

    private func osRefusal(_ needed: Int, for what: APICall, action: String) -> SimError {
        let os = config.platform.osName
        return SimError(
            .forbidden,
            "\(what): \(action) needs \(os) \(needed), and this app runs on \(os) \(config.os) (\(script: "os = \"\(config.os)\"", swift: "osVersion \(config.os)")); raise \(script: "os in sim.launch", swift: "AppConfig.osVersion")"
        )
    }
}
