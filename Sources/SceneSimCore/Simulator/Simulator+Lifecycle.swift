// The process lifecycle (§1.5, §5): launch, the user leaving and returning, overlays, and the
// three kinds of termination with their restoration rules.
extension Simulator {
    /// Launches the app: the first time cold, later restoring per §5.4.
    public func launch() throws(SimError) { try send(.launch) }

    /// Starts a new process (the guards passed): the launch line, `on_launch`, then the
    /// restored windows or the ones that open at launch. Launched by an event with nothing to
    /// restore, it opens the window the event's routing picks instead, and returns it.
    ///
    /// Launched in the background (`reason`, a background refresh), no scene connects: the
    /// scenes to restore wait until the user brings the app to the foreground (semantics 11.4).
    @discardableResult
    func startProcess(for event: ExternalEvent? = nil, cause: LaunchCause? = nil, inBackgroundFor reason: String? = nil) -> SessionID? {
        launchCount += 1
        let process = AppProcess(model: model, now: now, owner: serial, launchedInBackground: reason != nil, reusing: spareLists)
        self.process = process
        spareLists = nil
        let candidates = onScreenAtExit.filter { sessions[$0.index].alive }
        onScreenAtExit = []
        if let reason {
            emit(.launchedInBackground(number: launchCount, platform: config.platform, reason: reason))
            process.deferredRestore = candidates
        } else if let cause {
            emit(.eventLaunched(number: launchCount, platform: config.platform, cause: cause, restoring: candidates))
        } else {
            emit(.launched(number: launchCount, platform: config.platform, restoring: candidates))
        }
        if !pendingDiscards.isEmpty {
            emit(.discardsDelivered(scenes: pendingDiscards))
            pendingDiscards = []
        }
        // A model grows a state at a time: a state nothing reaches yet is worth a look, once.
        if launchCount == 1 {
            for name in model.unreachableStates { emit(.warning(.unreachableState(name: name))) }
        }
        reach(.processStarted)
        if reason != nil { return nil }
        guard candidates.isEmpty else {
            restore(candidates, process)
            return nil
        }
        // Semantics 12.8: one window, the one the event's routing picks (rule 2 or 4).
        if let event, config.allowsMultipleWindows, let group = newWindowScene(for: event, process) {
            return present(group: group, value: nil, process).0
        }
        let opened = openLaunchWindows(process)
        return event != nil && !config.allowsMultipleWindows ? opened.first : nil
    }

    func openPrimaryWindow(_ process: AppProcess) {
        openLaunchWindows(process)
    }

    /// The scenes that open at launch with nothing restored (semantics 13.1): every scene with
    /// `launch = "presented"`, in body order; if none, the first scene of the body, unless it
    /// is suppressed or the Settings scene.
    var launchScenes: [Int] {
        let presented = config.scenes.indices.filter { config.scenes[$0].launch == .presented && config.scenes[$0].kind != .settings }
        if !presented.isEmpty { return presented }
        guard let first = config.scenes.first, first.launch != .suppressed, first.kind != .settings else { return [] }
        return [0]
    }

    /// Opens a window of each launch scene; returns them in the order they opened.
    @discardableResult
    func openLaunchWindows(_ process: AppProcess) -> [SessionID] {
        launchScenes.map { group in present(group: group, value: nil, process).0 }
    }

    /// Reconnects the scenes that were on screen, in order, each after the restore hook (§5.4).
    func restore(_ ids: [SessionID], _ process: AppProcess) {
        let docked = minimizedAtExit
        minimizedAtExit = []
        for id in ids {
            if !decideRestore(id) {
                let record = sessions[id.index]
                if let key = dedupKey(group: record.group, value: record.value), dedup[key] == id, record.value != nil {
                    dedup[key] = nil
                }
                if config.scenes[record.group].kind == .windowGroup { sessions[id.index].value = nil }
                changingStorage(of: id) { sessions[id.index].saved = SimSceneStorage() }
                emit(.restoreRejected(scene: id))
                if recordsRestorations { restorations.append(Restoration(id: id, launch: launchCount, storage: nil)) }
            } else if recordsRestorations {
                // What the window comes back with, as its first handler sees it: what the
                // app's code writes afterwards, in the same step, is the app's, not the restore's.
                restorations.append(Restoration(id: id, launch: launchCount, storage: sessions[id.index].saved))
            }
            connect(id, reason: .restored, process)
            process.order.pushBack(id.index)
            if docked.contains(id.index) {
                // Minimised when the process ended: back in the Dock, inactive (semantics 13.9).
                process.minimized.insert(id.index)
                process.visible.remove(id.index)  // (inactive, but off screen: as minimizeWindow leaves it)
                emit(.windowMinimized(scene: id, minimized: true))
            } else {
                process.visible.pushBack(id.index)
            }
        }
        let shown = ids.filter { !docked.contains($0.index) }
        for id in shown { setPhase(id, .active, process) }
        if let front = shown.first { enforceVisibleLimit(keeping: front, process) }
    }

    /// Asks the model's restore checks about one scene (its scene's `restore`, then the App's
    /// `restoreCheck`); nothing may change the simulation meanwhile.
    private func decideRestore(_ id: SessionID) -> Bool {
        underWay.activity = .askingRestore
        defer { underWay.activity = .acting }
        guard sceneAllowsRestore(id) else { return false }
        return model.restoreCheck?(self, id) ?? true
    }

    /// The user leaves the app; visible scenes go inactive, then background.
    ///
    /// In a scenario script: `app:background()`.
    public func background() throws(SimError) { try send(.background) }

    func leave(_ process: AppProcess) {
        let visible = process.visibleScenes
        process.foregroundSet = visible
        process.overlay = false
        walkTogether(visible, to: .background, process)
    }

    /// The user returns; the scenes that were on screen come back (reconnecting any the system disconnected
    /// meanwhile), or, from the switcher or an overlay, go active again.
    ///
    /// In a scenario script: `app:foreground()`.
    public func foreground() throws(SimError) { try send(.foreground) }

    func returnToForeground(_ process: AppProcess) {
        if let deferred = process.deferredRestore {
            // Launched in the background: the scenes connect now, as a launch would connect them.
            process.deferredRestore = nil
            process.prewarmed = false
            let alive = deferred.filter { sessions[$0.index].alive }
            if alive.isEmpty {
                openPrimaryWindow(process)
            } else {
                restore(alive, process)
            }
            return
        }
        // Unhiding: the minimised windows hiding sent to the background are back in the Dock,
        // inactive (semantics 13.7), once the windows on screen have come back.
        defer { unhideDocked(process) }
        let visible = process.visibleScenes
        if !visible.isEmpty {
            process.overlay = false
            walkTogether(visible.filter { scenePhase($0) == .inactive }, to: .active, process)
            return
        }
        // Minimised windows stay in the Dock (semantics 13.7).
        var targets = process.foregroundSet.filter { sessions[$0.index].alive && !process.minimized.contains($0.index) }
        if targets.isEmpty, let front = process.order.elements.first(where: { !process.minimized.contains($0) }) { targets = [sessionID(front)] }
        if targets.isEmpty && !process.minimized.isEmpty { return }
        if targets.isEmpty {
            openPrimaryWindow(process)
            return
        }
        process.overlay = false
        for id in targets where sessions[id.index].scene == nil {
            connect(id, reason: .reconnected, process)
        }
        for id in targets.reversed() {
            process.order.pushFront(id.index)
        }
        walkTogether(targets, to: .active, process)
        // Each scene joined the visible list as it came on screen; restore front-to-back order.
        for id in targets.reversed() where process.visible.contains(id.index) {
            process.visible.pushFront(id.index)
        }
        if let front = targets.first { enforceVisibleLimit(keeping: front, process) }
    }

    /// The app switcher opens; visible scenes go inactive.
    ///
    /// In a scenario script: `app:switcher()`.
    public func openAppSwitcher() throws(SimError) { try send(.switcher) }

    /// A system overlay (Control Center, an alert) covers the app: active → inactive.
    ///
    /// In a scenario script: `app:interrupt()`.
    public func interrupt() throws(SimError) { try send(.interrupt) }

    /// The switcher or an overlay covers the app: its active scenes go inactive.
    func showOverlay(_ process: AppProcess) {
        let visible = process.visibleScenes
        process.overlay = true
        walkTogether(visible.filter { scenePhase($0) == .active }, to: .inactive, process)
    }

    /// The overlay goes away: inactive → active.
    ///
    /// In a scenario script: `app:resume()`.
    public func resume() throws(SimError) { try send(.resume) }

    func removeOverlay(_ process: AppProcess) {
        process.overlay = false
        walkTogether(process.visibleScenes.filter { scenePhase($0) == .inactive }, to: .active, process)
    }

    /// Ends the process (§5.1–5.3).
    ///
    /// In a scenario script: `app:terminate(how)`.
    public func terminate(_ how: Termination) throws(SimError) { try send(.terminate(how)) }

    func end(_ how: Termination, _ process: AppProcess) {
        var onScreen = process.visibleScenes
        switch how {
        case .system:
            onScreen = process.foregroundSet
            // `check` let only an app in the background through: unless suspended, it hears it.
            if !process.isSuspended { runTerminateCode(.system) }
            guard self.process === process else { return }
            finishProcess(how, onScreen: onScreen, keep: true, process)
        case .force:
            forceQuit(process)
        case .user:
            if config.platform == .macos {
                requestQuit(.quit, process)
                return
            }
            if !onScreen.isEmpty {
                process.foregroundSet = onScreen
                switch config.forceQuitOnScreen {
                case .background:
                    walkTogether(onScreen, to: .background, process)
                case .noBackground:
                    // Swiped away from the switcher: willResignActive, then sceneDidDisconnect,
                    // and no didEnterBackground (semantics 11.5): nothing is saved on the way,
                    // and the App's phase is not re-derived after the last scene goes.
                    walkTogether(onScreen, to: .inactive, process)
                    for id in onScreen where self.process === process {
                        // Writes made since the last save go with the scene, unsaved.
                        let lost = unsavedKeys(id)
                        if !lost.isEmpty { emit(.storageLost(scene: id, keys: lost)) }
                        detach(id, save: false, process, updatesAggregate: false)
                    }
                }
            } else {
                onScreen = process.foregroundSet
            }
            if !process.isSuspended { runTerminateCode(.user) }
            guard self.process === process else { return }
            let keep = config.policy.forceQuit == .keep
            finishProcess(how, onScreen: onScreen, keep: keep, process)
            if services.refreshRequest != nil {
                // iOS drops the pending requests of an app the user force-quits.
                services.refreshRequest = nil
                emit(.refreshCancelled)
            }
            if !keep {
                discard(sessions.filter(\.alive).map(\.id), reason: .forceQuit, delivered: false)
            }
        case .watchdog:
            // `check` refuses it from outside; the watchdog itself calls `watchdogTerminate`.
            watchdogTerminate(process)
        case .crash:
            // On macOS every open window is in the restore set, minimised ones too (13.4, 13.9).
            if config.platform == .macos { onScreen = process.order.elements.map { sessionID($0) } }
            if process.launchedInBackground, process.deferredRestore != nil {
                crashAtLaunch(process, cause: nil)
                return
            }
            if onScreen.isEmpty { onScreen = process.foregroundSet }
            // In a loading screen (a state the model declares `loading`, as the built-in model's
            // `loading`): the app has not finished starting, so the system distrusts its
            // restoration data (semantics 5.3).
            let loading = model.declaration(of: process.machine.state.name)?.isLoading == true
            finishProcess(how, onScreen: onScreen, keep: !loading, process)
            if loading {
                discard(sessions.filter(\.alive).map(\.id), reason: .crashWhileLoading, delivered: false)
            }
        }
    }

    /// A process launched in the background crashed before any scene connected: a crash at
    /// launch time, so the system discards the restoration data (semantics 11.4). `cause` is
    /// what the trace says crashed it, when the simulator knows.
    func crashAtLaunch(_ process: AppProcess, cause: TerminationCause?) {
        finishProcess(.crash, onScreen: [], keep: false, process, event: .terminated(how: .crash, restorationKept: false, cause: cause))
        discard(sessions.filter(\.alive).map(\.id), reason: .crashAtLaunch, delivered: false)
    }

    /// Drops the process: unsaved storage is lost, scheduled work dies, scenes detach silently.
    func finishProcess(_ how: Termination, onScreen: [SessionID], keep: Bool, _ process: AppProcess, event: TraceEvent? = nil) {
        // The restore set is what was on screen when the app left, whether or not the system
        // disconnected a scene since (memory pressure disconnects before it kills): its session
        // keeps the storage saved on the way to background, and the system restores it (§5.4).
        // A process launched in the background and never brought forward restores what the
        // launch before it would have.
        noteWalk(process)
        let restorable = (process.deferredRestore ?? onScreen).filter { sessions[$0.index].alive }
        for index in process.order.elements {
            let lost = unsavedKeys(sessionID(index))
            if !lost.isEmpty {
                emit(.storageLost(scene: sessionID(index), keys: lost))
            }
            traceWindowMemoryLoss(sessionID(index), .terminated)
            changingStorage(of: sessionID(index)) { sessions[index].scene = nil }
        }
        if isTracing, !process.memory.isEmpty {
            emit(.memoryLost(scene: nil, keys: process.memory.sortedKeys, cause: .terminated))
        }
        if isTracing { traceEndedWork(how, process) }
        for id in process.openTasks {
            services.backgroundTasks[id.rawValue - 1].status = .ended
            services.backgroundTasks[id.rawValue - 1].expiration = nil
        }
        process.openTasks.removeAll()
        process.pendingExpirations.removeAll()
        // Emptied in place first: copying out and then emptying would copy the storage.
        process.order.removeAll()
        process.visible.removeAll()
        spareLists = (process.order, process.visible)
        // Dropped here, not when the action lets go of `process`, so reusing them copies nothing.
        process.order = IndexList()
        process.visible = IndexList()
        self.process = nil
        scheduler.removeAll()
        services.processEnded()
        lastTermination = TerminationRecord(how: how, at: now)
        onScreenAtExit = keep ? restorable.filter { restores(sessions[$0.index].group) } : []
        minimizedAtExit = keep ? process.minimized : []
        emit(event ?? .terminated(how: how, restorationKept: keep))
        // Scenes that are never restored (restoration = false, Settings) lose their sessions,
        // each told why: a model that disabled nothing must not read that it did.
        let unrestored = sessions.filter { $0.alive && !restores($0.group) }
        discard(unrestored.filter { config.scenes[$0.group].kind != .settings }.map(\.id), reason: .restorationDisabled, delivered: false)
        discard(unrestored.filter { config.scenes[$0.group].kind == .settings }.map(\.id), reason: .settingsNotRestored, delivered: false)
    }

    /// Traces the work the process had under way, which ends with it unfinished (semantics
    /// 11.7): its background tasks in the order they began (not at the watchdog, whose own line
    /// names them), then its timers and its server requests in the order they were made.
    private func traceEndedWork(_ how: Termination, _ process: AppProcess) {
        if how != .watchdog {
            for id in process.openTasks {
                let record = services.backgroundTasks[id.rawValue - 1]
                emit(.workEnded(.backgroundTask(record.ref, expired: record.status == .expired)))
            }
        }
        for id in services.taskBodies.keys.sorted() {
            emit(.workEnded(.timer(TaskID(rawValue: id), due: services.tasks[id - 1].at)))
        }
        for id in services.validations.keys.sorted() where services.validations[id]?.answer != nil {
            emit(.workEnded(.request(ValidationRequestID(rawValue: id))))
        }
    }

    /// Whether the windows of scene `group` are ever restored (semantics 13.2).
    func restores(_ group: Int) -> Bool {
        config.scenes[group].restoration && config.scenes[group].kind != .settings
    }
}
