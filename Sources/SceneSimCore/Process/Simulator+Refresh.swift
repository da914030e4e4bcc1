import ByteText

// Background launches (semantics 11.4): the app asks for a refresh (`BGTaskScheduler.submit`
// of a `BGAppRefreshTaskRequest`); once it is due the system may run it, launching the app in
// the background if it is not running. The model's `onRefresh` gets a background task with
// `refresh_time` seconds; finishing it lets the app suspend at once.
extension Simulator {
    /// Asks for a background refresh no earlier than `seconds` from now; it replaces a pending
    /// request. iPhone, iPad and Vision Pro only.
    public func scheduleRefresh(after seconds: Double) throws(SimError) {
        guard let delay = VirtualTime(checkedSeconds: seconds) else {
            throw SimError(.invalidValue, "\(.scheduleRefresh, scriptArguments: "(seconds)") needs a finite number of seconds, at most 1e12 (got \(seconds))")
        }
        try scheduleRefresh(after: delay)
    }

    /// `scheduleRefresh` with a Swift `Duration` (`.seconds(3600)`), to the nearest microsecond.
    public func scheduleRefresh(after delay: Duration) throws(SimError) {
        try scheduleRefresh(after: VirtualTime(delay))
    }

    /// `scheduleRefresh` with the delay on the virtual clock.
    package func scheduleRefresh(after delay: VirtualTime) throws(SimError) {
        try change { () throws(SimError) in
            try requireRunning(.scheduleRefresh)
            try requireAwake(.scheduleRefresh)
            guard config.hasBackgroundRefresh else {
                throw SimError(
                    .forbidden,
                    "\(.scheduleRefresh): \(config.platform.rawValue) has no background app refresh (BGTaskScheduler exists on iphone, ipados and visionos); a Mac app keeps running in the background instead"
                )
            }
            guard delay >= .zero else {
                throw SimError(
                    .invalidValue,
                    "\(.scheduleRefresh, scriptArguments: "(seconds)") needs zero or more seconds (got \(delay.text)): the earliest time the system may run it, from now")
            }
            guard now.microseconds <= VirtualTime.latest.microseconds - delay.microseconds else {
                throw SimError(.invalidValue, "\(.scheduleRefreshAfter(delay)) would be due past \(VirtualTime.latest.text) s, the end of the virtual clock")
            }
            services.refreshRequest = RefreshRequest(earliest: now + delay)
            emit(.refreshRequested(earliest: now + delay))
        }
    }

    /// The earliest time of the pending background refresh request, if any.
    public var pendingRefresh: VirtualTime? { services.refreshRequest?.earliest }

    /// The system runs the app's due background refresh.
    ///
    /// In a scenario script: `sim.system.refresh(app)`.
    public func runBackgroundRefresh() throws(SimError) { try send(.refresh) }

    /// The guards of `SimInput.refresh`.
    func checkRefresh() throws(SimError) {
        let what = APICall.refresh
        guard config.hasBackgroundRefresh else {
            throw refusal(.forbidden, "\(what): \(config.platform.rawValue) has no background app refresh (only iphone, ipados and visionos)")
        }
        guard let request = services.refreshRequest else {
            let dropped = lastTermination?.how == .user ? " (a force quit cancelled the app's requests)" : ""
            throw refusal(.forbidden, "\(what): no background refresh is pending\(dropped); the app asks for one with \(.scheduleRefresh, scriptArguments: "(seconds)")")
        }
        guard request.earliest <= now else {
            throw refusal(
                .forbidden,
                "\(what): the refresh is not due: the app asked for it no earlier than \(request.earliest.text) s, and it is \(now.text) s; call \(.advanceBy(request.earliest - now)) first"
            )
        }
        if let process, !process.visible.isEmpty || process.reportedPhase != .background {
            throw refusal(
                .forbidden,
                "\(what): the app is in the foreground (\(process.reportedPhase.rawValue)); the system runs background refreshes only for an app in the background or not running; call \(.background) first"
            )
        }
    }

    /// The process a background wake (a refresh, a silent push, a finished transfer) reaches:
    /// the running one, resumed first if it was suspended (what fell due runs before the
    /// handler, 11.2), or one launched in the background for `reason` (11.4); nil when that
    /// launch ended the process (a crash at launch).
    func wokenProcess(_ running: AppProcess?, launchingFor reason: String) -> AppProcess? {
        if let running {
            if running.isSuspended {
                resumeIfSuspended(running)
                runFallenDue(running)
            }
            return running
        }
        startProcess(inBackgroundFor: reason)
        return self.process
    }

    /// Runs the refresh (the guards passed): launches the app in the background or resumes it,
    /// then hands the model's `onRefresh` a background task with `refresh_time` seconds.
    func runRefresh(_ running: AppProcess?) throws(SimError) {
        services.refreshRequest = nil
        guard let process = wokenProcess(running, launchingFor: "refresh") else { return }
        guard self.process === process else { return }
        guard let code = model.refreshCode else {
            if running == nil {
                // Launched for a task no launch handler was registered for: BGTaskScheduler
                // raises, and the app crashes before any scene connected (semantics 11.4).
                crashAtLaunch(process, cause: .noRefreshLaunchHandler)
                return
            }
            // A running app with no handler: the system's task ends at once.
            enterBackground(process, grant: config.policy.refreshTime, graceSpent: true)
            closeBackgroundTask(openBackgroundTask(named: "refresh", nil, process), process)
            return
        }
        enterBackground(process, grant: config.policy.refreshTime, graceSpent: true)
        let id = openBackgroundTask(named: "refresh", model.refreshExpiredCode, process, completesAtExpiry: true)
        runAppCode { try code(self, id) }
    }
}
