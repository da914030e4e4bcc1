import ByteText

// The Mac's app lifecycle (semantics 13): the Settings scene, the three ways to quit, the Dock
// (reopen, minimise) and hiding.
extension Simulator {
    /// Opens the Settings scene, or brings it to the front (macOS).
    ///
    /// In a scenario script: `app:open_settings()`.
    @discardableResult
    public func openSettings() throws(SimError) -> WindowOpening {
        guard case .window(let opening) = try send(.openSettings) else { return .queued }
        return opening
    }

    /// The user clicks the Dock icon (semantics 13.6) (macOS).
    ///
    /// In a scenario script: `app:reopen()`.
    public func reopen() throws(SimError) { try send(.reopen) }

    /// The app's answer to a Quit its `onShouldQuit` put off (semantics 13.8): true quits now, false keeps
    /// the app running (macOS).
    ///
    /// In a scenario script: `app:reply_to_quit(quits)`.
    public func replyToQuit(_ quits: Bool) throws(SimError) { try send(.replyToQuit(quits)) }

    /// Whether a Quit waits for the app's `replyToQuit(_:)` (macOS).
    public var isQuitPending: Bool { process?.pendingQuit != nil }

    /// Every window leaves the screen (semantics 13.7) (macOS, ⌘H).
    ///
    /// In a scenario script: `app:hide()`.
    public func hide() throws(SimError) { try send(.hide) }

    /// The window goes to the Dock, inactive and off screen (semantics 13.7) (macOS).
    ///
    /// In a scenario script: `w:minimize()`.
    public func minimize(_ id: SessionID) throws(SimError) { try send(.minimize(id)) }

    /// Quit and Keep Windows (⌥⌘Q) (macOS).
    ///
    /// In a scenario script: `app:terminate("user", { keep_windows = true })`.
    public func quitKeepingWindows() throws(SimError) { try send(.terminateKeepingWindows) }

    /// Whether a window is minimised to the Dock (macOS).
    public func isMinimized(_ id: SessionID) -> Bool {
        owns(id) && process?.minimized.contains(id.index) ?? false
    }

    /// The error for a macOS-only call on another platform.
    func requireMac(_ what: APICall, _ meaning: String) throws(SimError) {
        guard config.platform == .macos else {
            throw SimError(.forbidden, .macOnly(what, feature: meaning, platform: config.platform))
        }
    }

    /// The guards of the Mac's inputs; nil: the input launches the app (a Dock click).
    func checkMac(_ input: SimInput) throws(SimError) -> AppProcess? {
        let what = input.operationName
        switch input {
        case .openSettings:
            try requireMac(what, "the Settings scene (⌘,)")
            let process = try runningProcess(what)
            guard settingsScene != nil else {
                throw SimError(
                    .forbidden,
                    "\(what): the app declares no Settings scene; \(script: "add { id = \"settings\", kind = \"settings\" } to scenes", swift: "add SceneDeclaration(id: \"settings\", kind: .settings) to the scenes")"
                )
            }
            return process
        case .reopen:
            try requireMac(what, "a click on the Dock icon")
            return process
        case .hide:
            try requireMac(what, "Hide (⌘H)")
            let process = try runningProcess(what)
            if process.visible.isEmpty && process.minimized.isEmpty {
                throw SimError(.forbidden, "\(what): no window is on screen (the app is hidden or has none); \(.foreground) unhides it")
            }
            return process
        case .minimize(let id):
            try requireMac(what, "minimising to the Dock")
            try requireAlive(id, what)
            let process = try runningProcess(what)
            try checkMinimizable(id, process)
            return process
        case .terminateKeepingWindows:
            try requireMac(.quitKeepingWindows, "Quit and Keep Windows (⌥⌘Q)")
            return try runningProcess(what)
        case .replyToQuit:
            try requireMac(what, "the reply to a Quit the app put off (applicationShouldTerminate)")
            let process = try runningProcess(what)
            guard process.pendingQuit != nil else {
                throw SimError(
                    .forbidden,
                    "\(what): no quit is waiting for a reply; it answers a Quit whose \(script: "model.on_should_quit", swift: "AppModel.onShouldQuit") returned \(script: "\"later\"", swift: ".later")"
                )
            }
            return process
        default:
            return process
        }
    }

    /// A window the Dock can take: connected, on screen, not there already.
    func checkMinimizable(_ id: SessionID, _ process: AppProcess) throws(SimError) {
        let label = sessions[id.index].label
        if process.minimized.contains(id.index) {
            throw SimError(.forbidden, "\(label) is already minimised to the Dock; call \(.focus) to bring it back")
        }
        guard let phase = scenePhase(id) else {
            throw SimError(.forbidden, "\(label) is disconnected, so it is not on screen; call \(.focus) to bring it back first")
        }
        guard phase.isVisible else {
            throw SimError(.forbidden, "\(label) is not on screen (the app is hidden); call \(.focus) or \(.foreground) first")
        }
    }

    /// Runs a Mac input on the running app (or, for a Dock click, the app it launches).
    func runMac(_ input: SimInput, _ process: AppProcess) -> InputResult {
        switch input {
        case .openSettings:
            guard let group = settingsScene else { return .done }
            let (id, created) = present(group: group, value: nil, process)
            return .window(created ? .created(id) : .fronted(id))
        case .reopen:
            reopen(process)
        case .hide:
            hideApp(process)
        case .minimize(let id):
            minimizeWindow(id, process)
        case .terminateKeepingWindows:
            requestQuit(.keepingWindows, process)
        case .replyToQuit(let quits):
            replyToQuit(quits, process)
        default:
            break
        }
        return .done
    }

    /// The Settings scene, if the app declares one.
    var settingsScene: Int? { config.scenes.firstIndex { $0.kind == .settings } }

    // MARK: Quitting (semantics 13.4, 13.6, 13.8)

    /// A Quit: ⌘Q, Quit and Keep Windows (⌥⌘Q), or the one that follows the last window closing.
    enum QuitKind: Equatable {
        case quit, keepingWindows, lastWindow
    }

    /// A Quit: the model's `on_should_quit` answers now, cancel or later (semantics 13.8); a
    /// second Quit while one waits for `reply_to_quit` is ignored.
    func requestQuit(_ kind: QuitKind, _ process: AppProcess) {
        guard process.pendingQuit == nil else {
            emit(.quitRequest(.ignored))
            return
        }
        var reply = AppModel.QuitReply.now
        if let code = model.shouldQuitCode {
            runAppCode { reply = try code(self) }
            // Its code failed: the error is raised, and the app has not quit.
            guard !underWay.hasFailed, self.process === process else { return }
        }
        switch reply {
        case .now: quit(kind, process)
        case .cancel: emit(.quitRequest(.cancelled))
        case .later:
            process.pendingQuit = kind
            emit(.quitRequest(.deferred))
        }
    }

    /// app:reply_to_quit(quits): the answer to a Quit `on_should_quit` put off.
    func replyToQuit(_ quits: Bool, _ process: AppProcess) {
        guard let kind = process.pendingQuit else { return }
        process.pendingQuit = nil
        emit(.quitRequest(.replied(quits)))
        if quits { quit(kind, process) }
    }

    /// Quit (⌘Q): the model's `on_terminate` runs; no window or App phase changes (a Mac app
    /// hears none at Quit, semantics 13.4); each window's SceneStorage is saved as it stands;
    /// the user's "Close windows when quitting an application" setting decides restoration,
    /// unless kept (⌥⌘Q).
    func quit(_ kind: QuitKind, _ process: AppProcess) {
        runTerminateCode(.quit)
        guard self.process === process else { return }
        noteWalk(process)
        let open = process.order.elements.map { sessionID($0) }
        process.foregroundSet = open
        for id in open { saveStorage(id) }
        let keep = kind == .keepingWindows || !config.policy.closeWindowsOnQuit
        let cause: TerminationCause? = kind == .lastWindow ? .lastWindowClosed : nil
        finishProcess(.user, onScreen: open, keep: keep, process, event: .terminated(how: .user, restorationKept: keep, cause: cause))
        if !keep {
            discard(sessions.filter(\.alive).map(\.id), reason: .quitClosesWindows, delivered: false)
        }
    }

    /// The model's `on_terminate` (`applicationWillTerminate`), when it has one: the process is
    /// about to end (semantics 5.7).
    func runTerminateCode(_ how: AppModel.TerminateReason) {
        guard let code = model.terminateCode else { return }
        emit(.willTerminate(how))
        runAppCode { try code(self, how) }
    }

    /// Force Quit (⌥⌘⎋, kill): no events, unsaved writes lost, restoration kept (observed).
    func forceQuit(_ process: AppProcess) {
        finishProcess(.force, onScreen: process.order.elements.map { sessionID($0) }, keep: true, process)
    }

    /// The app quits when its last window closes: always when its primary (first) scene is a
    /// `Window` (semantics 13.6), else as `policy.quit_when_last_window_closes` answers now.
    func quitIfLastWindowClosed(_ process: AppProcess) {
        guard config.platform == .macos, self.process === process, process.order.isEmpty else { return }
        if config.scenes.first?.kind != .window {
            let rule = config.policy.quitWhenLastWindowCloses
            var quits = rule.fixed
            if let ask = rule.ask {
                runAppCode { quits = try ask(self) }
                guard !underWay.hasFailed, self.process === process, process.order.isEmpty else { return }
            }
            guard quits else { return }
        }
        requestQuit(.lastWindow, process)
    }

    // MARK: The Dock and hiding (semantics 13.6, 13.7)

    /// A Dock click: a hidden app unhides; the model's `on_reopen` runs with whether a window
    /// is visible or minimised, and unless it returns false, with none a window of each launch
    /// scene opens, and with every window minimised the front one comes back from the Dock.
    func reopen(_ process: AppProcess) {
        if process.visible.isEmpty, process.foregroundSet.contains(where: { sessions[$0.index].alive && sessions[$0.index].scene != nil && !process.minimized.contains($0.index) })
        {
            returnToForeground(process)
        } else {
            unhideDocked(process)  // the click unhides the app: its minimised windows are back in the Dock
        }
        let onScreen = !process.visible.isEmpty
        let visible = onScreen || !process.minimized.isEmpty
        var handler: Bool?
        if let code = model.reopenCode {
            var answer = true
            runAppCode { answer = try code(self, visible) }
            handler = answer
            guard !underWay.hasFailed, self.process === process else { return }
        }
        emit(.reopened(visible: visible, handler: handler))
        guard handler != false, !onScreen else { return }
        if let docked = process.order.elements.first(where: { process.minimized.contains($0) }) {
            focus(sessionID(docked), process)
        } else {
            openLaunchWindows(process)
        }
    }

    /// The minimised windows a hide sent to the background go back to inactive, in the Dock
    /// (the app unhides: app:foreground(), a Dock click).
    /// Every foreground calls this: with no window minimised (every platform but the Mac, and
    /// most Mac runs) it returns before walking the windows.
    func unhideDocked(_ process: AppProcess) {
        guard self.process === process, !process.minimized.isEmpty else { return }
        noteWalk(process)
        // The minimised ones, in window order (a copy: setPhase may reorder the list).
        let docked = process.order.elements.filter { process.minimized.contains($0) }
        for index in docked where scenePhase(sessionID(index)) == .background {
            setPhase(sessionID(index), .inactive, process)
            process.visible.remove(index)  // (inactive, but off screen: as minimizeWindow leaves it)
        }
    }

    /// Whether the app is hidden with windows in the Dock: a minimised window in the background.
    func hasHiddenDocked(_ process: AppProcess) -> Bool {
        !process.minimized.isEmpty && process.order.contains { process.minimized.contains($0) && scenePhase(sessionID($0)) == .background }
    }

    /// Hide (⌘H; `app:background()` on macOS): the windows on screen go straight to the
    /// background, and so do the minimised ones (they stay in the Dock). The minimised ones
    /// go first, so the App's phase goes from active to background in one change, never through
    /// the inactive a minimised window has.
    func hideApp(_ process: AppProcess) {
        noteWalk(process)
        let docked = process.order.elements.filter { process.minimized.contains($0) }
        for index in docked { setPhase(sessionID(index), .background, process) }
        leave(process)
    }

    /// Minimise: the window goes inactive and off screen, its storage saved as on entering the
    /// background.
    func minimizeWindow(_ id: SessionID, _ process: AppProcess) {
        setPhase(id, .inactive, process)
        process.visible.remove(id.index)
        process.minimized.insert(id.index)
        process.order.pushBack(id.index)
        emit(.windowMinimized(scene: id, minimized: true))
        saveStorage(id)
    }

    /// Brings a minimised window out of the Dock (before `w:focus()` fronts it).
    func unminimize(_ id: SessionID, _ process: AppProcess) -> Bool {
        guard process.minimized.remove(id.index) != nil else { return false }
        emit(.windowMinimized(scene: id, minimized: false))
        if scenePhase(id)?.isVisible == true { process.visible.pushFront(id.index) }
        return true
    }
}
