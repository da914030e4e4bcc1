import ByteText

// Background tasks (semantics 11.3): `beginBackgroundTask(withName:expirationHandler:)` keeps a
// backgrounded app from being suspended for the background time the system grants; the
// expiration handlers run `expiration_warning` seconds before it runs out, and a task still
// open when it does ends the process (the watchdog).
extension Simulator {
    /// Begins a background task named `name`; `expirationHandler` runs, on the main actor,
    /// when the background time is about to run out (the task is then `.expired`; finish it).
    @discardableResult
    public func beginBackgroundTask(named name: String, expirationHandler: (@MainActor (Simulator, BackgroundTaskID) throws -> Void)? = nil) throws(SimError) -> BackgroundTaskID {
        try beginBackgroundTask(
            named: ByteString(name),
            expirationHandler.map { body in
                { sim, id in try onMainActor(sim) { sim in try body(sim, id) } }
            })
    }

    /// `beginBackgroundTask` for a front end whose code runs on the thread driving the simulator.
    package func beginBackgroundTask(named name: ByteString, _ expiration: ((Simulator, BackgroundTaskID) throws -> Void)?) throws(SimError) -> BackgroundTaskID {
        try change { () throws(SimError) in
            let process = try runningProcess(.beginBackgroundTask)
            try requireAwake(.beginBackgroundTask)
            // The record is kept for the whole run (ids are never reused), its name with it.
            try requireMemory(Self.backgroundTaskCost + name.count)
            return openBackgroundTask(named: name, expiration, process)
        }
    }

    /// Begins a task in the running, awake process (the guards passed).
    ///
    /// A handler the system delivers to the suspended app (a disconnect, a close) runs while
    /// the app is still suspended; a task begun there resumes it (semantics 11.6): the system
    /// woke the app to run that code, and a running task keeps an app from being suspended, so
    /// the task gets a fresh background stay, its expiration handler its real time, and
    /// `finish()` is allowed. (Before, the task counted against the background stay that had
    /// ended: its handler ran at once with 0 s left, finish() was refused as the app's code
    /// of a suspended app, and the watchdog ended a correct app.)
    func openBackgroundTask(
        named name: ByteString, _ expiration: ((Simulator, BackgroundTaskID) throws -> Void)?, _ process: AppProcess, completesAtExpiry: Bool = false
    ) -> BackgroundTaskID {
        if process.isSuspended { resumeIfSuspended(process) }
        let id = BackgroundTaskID(rawValue: services.backgroundTasks.count + 1)
        let ref = BackgroundTaskRef(id: id, name: name)
        services.backgroundTasks.append(
            BackgroundTaskRecord(ref: ref, launch: launchCount, status: .running, expiration: expiration, completesAtExpiry: completesAtExpiry && expiration == nil))
        services.backgroundTaskNameBytes += name.count
        process.openTasks.append(id)
        emit(.backgroundTaskBegan(ref))
        // A task holds the app awake: no suspension while it runs.
        if process.backgroundSince != nil { startBackgroundClock(process, began: id) }
        return id
    }

    /// Finishes a background task (`endBackgroundTask`); false when it was already finished.
    /// A task whose process ended is an error: it ended with that process.
    @discardableResult
    public func finishBackgroundTask(_ id: BackgroundTaskID) throws(SimError) -> Bool {
        try change { () throws(SimError) in
            let record = try backgroundTaskRecord(id, .finishBackgroundTask)
            switch record.status {
            case .finished:
                return false
            case .ended:
                throw SimError(
                    .forbidden,
                    "\(.finishBackgroundTask): \(record.ref) was begun by launch #\(record.launch), which has ended, and a process's background tasks end with it; begin a new one with \(.beginBackgroundTask) in the running app"
                )
            case .running, .expired:
                break
            }
            // Not open: the system completed it at expiry (a refresh task with no expiration
            // handler); completing it again does nothing, as `setTaskCompleted` does.
            guard let process, process.openTasks.contains(id) else { return false }
            try requireAwake(.finishBackgroundTask)
            closeBackgroundTask(id, process)
            return true
        }
    }

    /// Finishes an open task of the running process.
    func closeBackgroundTask(_ id: BackgroundTaskID, _ process: AppProcess) {
        services.backgroundTasks[id.rawValue - 1].status = .finished
        services.backgroundTasks[id.rawValue - 1].expiration = nil
        process.openTasks.remove(id)
        process.pendingExpirations.remove(id)
        emit(.backgroundTaskFinished(services.backgroundTasks[id.rawValue - 1].ref))
        if process.openTasks.isEmpty, process.backgroundSince != nil, process.keptRunning == nil, config.suspendDelay != nil {
            // Suspension follows at once if the grace is spent, else when it is; it happens
            // when the call is over (`suspendIfDue`), not in the middle of it.
            process.warningAt = nil
            process.timeUpAt = nil
            process.suspendAt = max(process.graceEnd ?? now, now)
        }
    }

    /// Where background task `id` stands. A number the run never gave a task is an error.
    public func backgroundTaskStatus(_ id: BackgroundTaskID) throws(SimError) -> BackgroundTaskStatus {
        try backgroundTaskRecord(id, .backgroundTaskStatus).status
    }

    /// The name background task `id` was begun with. A number the run never gave a task is an error.
    public func backgroundTaskName(_ id: BackgroundTaskID) throws(SimError) -> String {
        try backgroundTaskRecord(id, .backgroundTaskName).ref.name.escaped
    }

    /// The background task's trace name (`background task 1 "upload"`), for front ends.
    package func backgroundTaskRef(_ id: BackgroundTaskID) throws(SimError) -> BackgroundTaskRef {
        try backgroundTaskRecord(id, .backgroundTaskName).ref
    }

    /// How many background tasks the run has begun (their ids are 1 through this).
    public var backgroundTaskCount: Int { services.backgroundTasks.count }

    private func backgroundTaskRecord(_ id: BackgroundTaskID, _ what: APICall) throws(SimError) -> BackgroundTaskRecord {
        guard id.rawValue >= 1, id.rawValue <= services.backgroundTasks.count else {
            throw SimError(.invalidValue, .noBackgroundTask(what, id: id.rawValue, begun: services.backgroundTasks.count))
        }
        return services.backgroundTasks[id.rawValue - 1]
    }

    /// The background time is about to run out for task `id`: it is `.expired` and its handler
    /// runs now, as the app's code.
    func expire(_ id: BackgroundTaskID, _ process: AppProcess) {
        let index = id.rawValue - 1
        guard services.backgroundTasks[index].status == .running else { return }
        services.backgroundTasks[index].status = .expired
        let handler = services.backgroundTasks[index].expiration
        services.backgroundTasks[index].expiration = nil
        if services.backgroundTasks[index].completesAtExpiry {
            completeAtExpiry(id, process)
            return
        }
        emit(.backgroundTaskExpiring(services.backgroundTasks[index].ref, remaining: backgroundTimeRemaining ?? .zero, handler: handler != nil))
        guard let handler else { return }
        runAppCode { try handler(self, id) }
    }

    /// A refresh task with no expiration handler reached the warning moment: the system marks
    /// it complete and unsuccessful (`expired`); the watchdog does not count it, and with no
    /// other task open the app is suspended at once (semantics 11.4).
    private func completeAtExpiry(_ id: BackgroundTaskID, _ process: AppProcess) {
        emit(.backgroundTaskCompletedAtExpiry(services.backgroundTasks[id.rawValue - 1].ref, remaining: backgroundTimeRemaining ?? .zero))
        process.openTasks.remove(id)
        process.pendingExpirations.remove(id)
        guard process.openTasks.isEmpty, process.backgroundSince != nil, config.suspendDelay != nil else { return }
        process.warningAt = nil
        process.timeUpAt = nil
        process.suspendAt = now
    }

    /// Tasks begun after the warning moment get their handlers once the call that began them is
    /// over: one system action, at the current time.
    func runPendingExpirations() throws(SimError) {
        guard let process, !process.pendingExpirations.isEmpty else { return }
        try action(.expirationHandler) { () throws(SimError) in
            var rounds = 0
            while self.process === process, let id = process.pendingExpirations.popFirst() {
                rounds += 1
                guard rounds <= Self.maxQueuedInputs else {
                    // The tasks stay open (the watchdog will end them); their handlers are dropped.
                    process.pendingExpirations.removeAll()
                    throw SimError(
                        .tooManyRequests,
                        "expiration handlers began \(Self.maxQueuedInputs) background tasks after the warning moment, each calling the next handler at once; an expiration handler should finish its task, not begin another"
                    )
                }
                expire(id, process)
            }
        }
    }

    /// The background time ran out with tasks open: the watchdog ends the process. Sessions are
    /// kept as for a system kill; no handler runs and unsaved writes are lost, as in a crash.
    func watchdogTerminate(_ process: AppProcess) {
        let open = process.openTasks.map { services.backgroundTasks[$0.rawValue - 1].ref }
        let after = now - (process.backgroundSince ?? now)
        finishProcess(.watchdog, onScreen: process.foregroundSet, keep: true, process, event: .watchdogTerminated(tasks: open, after: after))
    }
}
