import ByteText

// The device's lock and protected data (semantics 8.6), and prewarming (11.11). The lock is the
// device's: `sim.system.lock(app)` and `unlock(app)` act whether the app runs or not. While the
// device is locked, protected data is unavailable: a `when_unlocked` keychain item reads as
// missing, and before the first unlock since boot so does an `after_first_unlock` one
// (Simulator+Keychain.swift). The model's `onProtectedData` hears each change, in a running app
// that is not suspended. A prewarm starts the process in the background as a refresh launch does
// (`startProcess(inBackgroundFor:)`), runs `on_launch` and suspends; the user's next launch
// brings that process forward.
extension Simulator {
    /// The user locks the device: a foreground app goes to the background, then protected data becomes
    /// unavailable.
    ///
    /// In a scenario script: `sim.system.lock(app)`.
    public func lockDevice() throws(SimError) { try send(.lock) }

    /// The user unlocks the device: protected data becomes available; the first unlock since boot makes
    /// `.afterFirstUnlock` keychain items readable.
    ///
    /// In a scenario script: `sim.system.unlock(app)`.
    public func unlockDevice() throws(SimError) { try send(.unlock) }

    /// The system prewarms the app: its process starts in the background and runs `onLaunch` with no
    /// scene; the next `launch()` brings it forward.
    ///
    /// In a scenario script: `sim.system.prewarm(app)`.
    public func prewarm() throws(SimError) { try send(.prewarm) }

    /// The guards of `.lock`, `.unlock` and `.prewarm`; returns the running process, if any.
    func checkDevice(_ input: SimInput) throws(SimError) -> AppProcess? {
        let what = input.operationName
        guard config.platform != .macos else {
            throw refusal(
                .forbidden,
                "\(what): macos has no \(input == .prewarm ? "prewarming" : "data protection lock") in scenesim (modelled on iphone, ipados and visionos); a Mac app keeps running as the screen locks"
            )
        }
        switch input {
        case .lock:
            guard !isDeviceLocked else {
                throw refusal(.forbidden, "\(what): the device is already \(lockText); call \(.unlockDevice) first")
            }
        case .unlock:
            guard isDeviceLocked else {
                throw refusal(.forbidden, "\(what): the device is not locked; call \(.lockDevice) first")
            }
        default:
            if process != nil {
                throw refusal(
                    .forbidden,
                    "\(what): the app is already running (launch #\(launchCount)); the system prewarms only an app that is not running; terminate it first with \(.terminateAnyKind)"
                )
            }
        }
        return process
    }

    /// Runs `.lock`, `.unlock` or `.prewarm` (the guards passed).
    func runDevice(_ input: SimInput, _ process: AppProcess?) {
        switch input {
        case .lock:
            // The screen goes dark over the app first (as the user leaving it), then the
            // system marks protected data unavailable.
            if let process, !process.visible.isEmpty { leave(process) }
            isDeviceLocked = true
            emit(.deviceLock(locked: true, firstUnlock: false))
            protectedDataChanged(available: false)
        case .unlock:
            let first = !unlockedSinceBoot
            isDeviceLocked = false
            unlockedSinceBoot = true
            emit(.deviceLock(locked: false, firstUnlock: first))
            protectedDataChanged(available: true)
        default:
            startProcess(inBackgroundFor: "prewarm")
            guard let started = self.process else { return }
            started.prewarmed = true
            // Nothing keeps it running: it suspends once the launch is over.
            enterBackground(started, graceSpent: true)
        }
    }

    /// The model's `onProtectedData`, in a running app that is not suspended.
    private func protectedDataChanged(available: Bool) {
        guard let process, !process.isSuspended, let code = model.protectedDataCode else { return }
        runAppCode { try code(self, available) }
    }

    /// The user's launch of a prewarmed app: the process comes forward as a background launch
    /// does when the user brings it forward (`app:foreground()`: it resumes as its first scene
    /// becomes visible, what fell due runs after the action); `on_launch` does not run again.
    func bringPrewarmedForward(_ process: AppProcess) {
        emit(.prewarmedLaunch(number: launchCount, platform: config.platform))
        returnToForeground(process)
    }
}
