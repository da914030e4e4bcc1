import ByteText

// The Mac's app lifecycle (semantics 13): the Settings scene, the three ways to quit, the Dock
// (reopen, minimise) and hiding.
extension Simulator {
    /// app:open_settings() (macOS): opens the Settings scene, or brings it to the front.
    @discardableResult
    public func openSettings() throws(SimError) -> WindowOpening {
        guard case .window(let opening) = try send(.openSettings) else { return .queued }
        return opening
    }

    /// app:reopen() (macOS): the user clicks the Dock icon (semantics 13.6).
    public func reopen() throws(SimError) { try send(.reopen) }

    /// app:hide() (macOS, ⌘H): every window leaves the screen (semantics 13.7).
    public func hide() throws(SimError) { try send(.hide) }

    /// w:minimize() (macOS): the window goes to the Dock, inactive and off screen (semantics 13.7).
    public func minimize(_ id: SessionID) throws(SimError) { try send(.minimize(id)) }

    /// app:terminate("user", { keep_windows = true }) (macOS): Quit and Keep Windows (⌥⌘Q).
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
            quit(keepingWindows: true, process)
        default:
            break
        }
        return .done
    }

    /// The Settings scene, if the app declares one.
    var settingsScene: Int? { config.scenes.firstIndex { $0.kind == .settings } }

    // MARK: Quitting (semantics 13.4)

    /// Quit (⌘Q): the windows leave the screen, the app's handlers run, and the user's "Close
    /// windows when quitting an application" setting decides restoration, unless kept (⌥⌘Q).
    func quit(keepingWindows: Bool, _ process: AppProcess) {
        noteWalk(process)
        let open = process.order.elements.map { sessionID($0) }
        process.foregroundSet = open
        walkTogether(open.filter { scenePhase($0) != .background }, to: .background, process)
        let keep = keepingWindows || !config.policy.closeWindowsOnQuit
        finishProcess(.user, onScreen: open, keep: keep, process)
        if !keep {
            discard(sessions.filter(\.alive).map(\.id), reason: .quitClosesWindows, delivered: false)
        }
    }

    /// Force Quit (⌥⌘⎋, kill): no events, unsaved writes lost, restoration kept (observed).
    func forceQuit(_ process: AppProcess) {
        finishProcess(.force, onScreen: process.order.elements.map { sessionID($0) }, keep: true, process)
    }

    /// `policy.quit_when_last_window_closes`: the app quits when its last window closes.
    func quitIfLastWindowClosed(_ process: AppProcess) {
        guard config.platform == .macos, config.policy.quitWhenLastWindowCloses, self.process === process, process.order.isEmpty else { return }
        quit(keepingWindows: false, process)
    }

    // MARK: The Dock and hiding (semantics 13.6, 13.7)

    /// A Dock click: a hidden app unhides; with no window visible, the model's `on_reopen`
    /// runs, and unless it returns false a window of each launch scene opens.
    func reopen(_ process: AppProcess) {
        if process.visible.isEmpty, process.foregroundSet.contains(where: { sessions[$0.index].alive && sessions[$0.index].scene != nil && !process.minimized.contains($0.index) })
        {
            returnToForeground(process)
        } else {
            unhideDocked(process)  // the click unhides the app: its minimised windows are back in the Dock
        }
        let visible = !process.visible.isEmpty
        var handler: Bool?
        if !visible, let code = model.reopenCode {
            var answer = true
            runAppCode { answer = try code(self) }
            handler = answer
        }
        emit(.reopened(visible: visible, handler: handler))
        if !visible && handler != false { openLaunchWindows(process) }
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
