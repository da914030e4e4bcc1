import ByteText

// Silent pushes and background transfers (semantics 11.8): the system wakes a running app, or
// launches one that is not running in the background as for a refresh, and hands the model's
// `onPush`/`onTransfer` a background task of `push_time` seconds. Background modes that keep
// running (semantics 11.9): while the app's `keepRunning` work goes on (audio, location) the
// system does not suspend it in the background.
extension Simulator {
    /// A silent push (`content-available`) with its payload reaches the app.
    ///
    /// In a scenario script: `sim.system.push(app, info)`.
    public func receivePush(_ info: SimSceneStorage = SimSceneStorage()) throws(SimError) { try send(.push(info)) }

    /// The app's background URLSession `name` finished its transfers.
    ///
    /// In a scenario script: `sim.system.transfer_done(app, name)`.
    public func finishTransfer(_ name: String) throws(SimError) { try send(.transferDone(ByteString(name))) }

    /// The guard of `SimInput.transferDone`: the session needs a name.
    func checkTransferName(_ name: ByteString) throws(SimError) {
        guard name.isEmpty else { return }
        throw refusal(.invalidValue, "\(.transferDone) needs the background session's name (its configuration's identifier), not an empty string")
    }

    /// Why the system does not deliver `wake` now, if it does not.
    private func wakeDropReason(_ wake: BackgroundWake, _ running: AppProcess?) -> String? {
        if case .push = wake, !model.backgroundModes.contains(.remoteNotification) {
            return "the app does not declare the \"remote-notification\" background mode (UIBackgroundModes), so the system does not deliver silent pushes to it"
        }
        guard running == nil else { return nil }
        if launchCount == 0 {
            return "the app has never been launched, so it has not registered for them"
        }
        if lastTermination?.how == .user || lastTermination?.how == .force {
            return "the user force-quit the app, and the system does not launch it in the background until the user launches it again"
        }
        if config.platform == .macos {
            return "macos does not launch an app that is not running for it"
        }
        return nil
    }

    /// Delivers a silent push or a finished transfer (the guards passed): launches the app in
    /// the background or wakes it, then hands the model's handler a background task of
    /// `push_time` seconds; without a handler the task ends at once.
    func runWake(_ wake: BackgroundWake, info: SimSceneStorage, _ running: AppProcess?) {
        if let reason = wakeDropReason(wake, running) {
            emit(.wakeDropped(wake, reason: reason))
            return
        }
        guard let process = wokenProcess(running, launchingFor: wake.launchReason) else { return }
        guard self.process === process else { return }
        emit(.woken(wake))
        if process.visible.isEmpty, process.reportedPhase == .background {
            // In the background: the wake's own stay, whose time is the task's; once the task
            // ends the app suspends at once.
            enterBackground(process, grant: config.policy.pushTime, graceSpent: true)
        }
        switch wake {
        case .push:
            let id = openBackgroundTask(named: "push", nil, process)
            if let code = model.pushCode {
                runAppCode { try code(self, info, id) }
            } else {
                closeBackgroundTask(id, process)
            }
        case .transfer(let name):
            let id = openBackgroundTask(named: name, nil, process)
            if let code = model.transferCode {
                runAppCode { try code(self, name, id) }
            } else {
                closeBackgroundTask(id, process)
            }
        }
    }

    // MARK: Background modes that keep running

    /// The app's work that a background mode keeps running (playing audio, tracking the
    /// location) begins: until `stopRunning()` the app is not suspended in the background and
    /// its background time does not run out. Needs `.audio` or `.location` in the model's
    /// `backgroundModes`; a second call replaces the reason.
    public func keepRunning(_ reason: String) throws(SimError) {
        try keepRunning(reason: ByteString(reason))
    }

    /// `keepRunning` with the reason in bytes, for front ends.
    package func keepRunning(reason: ByteString) throws(SimError) {
        try change { () throws(SimError) in
            let process = try runningProcess(.keepRunning)
            try requireAwake(.keepRunning)
            guard model.backgroundModes.contains(where: BackgroundMode.keepingRunning.contains) else {
                let declared = model.backgroundModes.isEmpty ? "it declares none" : "it declares \(model.backgroundModes.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))"
                throw SimError(
                    .forbidden,
                    "\(.keepRunning): only a background mode keeps an app running in the background, and the model declares neither \"audio\" nor \"location\" (\(declared)); add one to \(script: "model.background_modes", swift: "AppModel.backgroundModes") (UIBackgroundModes), or use \(.beginBackgroundTask) for work that finishes"
                )
            }
            try requireMemory(reason.count)
            process.keptRunning = reason
            emit(.keepRunning(reason: reason))
            if process.backgroundSince != nil { holdAwake(process, reason) }
        }
    }

    /// The work `keepRunning` began ends: in the background, the app is suspended after `suspendAfter`
    /// (unless a background task runs), with a fresh background time. Nothing happens when no such work
    /// runs.
    public func stopRunning() throws(SimError) {
        try change { () throws(SimError) in
            let process = try runningProcess(.stopRunning)
            try requireAwake(.stopRunning)
            guard process.keptRunning != nil else { return }
            process.keptRunning = nil
            emit(.keepRunning(reason: nil))
            if process.backgroundSince != nil { enterBackground(process) }
        }
    }

    /// What keeps the app running in the background, if anything (`keepRunning`'s reason).
    public var keptRunningReason: String? { process?.keptRunning.map { String(decoding: $0.bytes, as: UTF8.self) } }

    /// The app is in the background with `keepRunning` work: none of the system's deadlines
    /// of the stay apply (no suspension, no expiration warning, no end of the background time).
    func holdAwake(_ process: AppProcess, _ reason: ByteString) {
        process.graceEnd = nil
        process.suspendAt = nil
        process.warningAt = nil
        process.timeUpAt = nil
        guard config.suspendDelay != nil else { return }
        emit(.staysRunning(reason: reason))
    }
}
