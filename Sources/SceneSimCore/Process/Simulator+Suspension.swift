import ByteText

// Suspension (semantics 11.2): a backgrounded app keeps running for `suspend_after` seconds,
// then the system suspends it unless a background task runs. While suspended none of its
// code runs: its timers and server answers wait in the scheduler, and run, in the order they
// fell due, when it resumes. The system's deadlines (suspension, the expiration warning, the
// end of the background time) are fields of the process, not scheduled jobs.
extension Simulator {
    /// Whether the system has suspended the app (false when it is not running).
    public var isSuspended: Bool { process?.isSuspended ?? false }

    /// Seconds of background time left: nil in the foreground, when the app is not running or
    /// is never suspended; 0 while suspended (`UIApplication.backgroundTimeRemaining`).
    public var backgroundTimeRemaining: VirtualTime? {
        guard let process, config.suspendDelay != nil, process.keptRunning == nil, let since = process.backgroundSince else { return nil }
        if process.isSuspended { return .zero }
        let left = since + process.grant - now
        return left.microseconds > 0 ? left : .zero
    }

    /// Fails while the app is suspended: `what` is a call that runs the app's code or stands
    /// for it, and a suspended app runs none.
    public func requireAwake(_ what: @autoclosure () -> APICall) throws(SimError) {
        guard let process, let since = process.suspendedSince, !process.delivering else { return }
        throw SimError(.forbidden, .suspended(what(), since: since))
    }

    /// Runs `body`, a disconnect or a close the system delivers to the app (semantics 11.2):
    /// to a suspended app without resuming it, its handlers running as the app's code, so
    /// their writes are the app's as in any handler.
    func delivering(_ process: AppProcess, _ body: () -> Void) {
        guard process.isSuspended, !process.delivering else { return body() }
        process.delivering = true
        defer { process.delivering = false }
        body()
    }

    /// The aggregate phase became background: the grace before suspension and the background
    /// time start now (only where the app can be suspended).
    func enterBackground(_ process: AppProcess, grant: VirtualTime? = nil, graceSpent: Bool = false) {
        process.backgroundSince = now
        process.queuedAfterWarning = false
        process.grant = grant ?? config.policy.backgroundTime
        process.warningAt = nil
        process.timeUpAt = nil
        guard let delay = config.suspendDelay else {
            process.graceEnd = nil
            process.suspendAt = nil
            return
        }
        if let reason = process.keptRunning {
            // Work a background mode keeps running holds the app awake (semantics 11.9).
            holdAwake(process, reason)
            return
        }
        let graceEnd = graceSpent ? now : now + delay
        process.graceEnd = graceEnd
        process.suspendAt = graceEnd
        if !process.openTasks.isEmpty { startBackgroundClock(process) }
    }

    /// The aggregate phase left background: the count stops; the next background stay starts
    /// a fresh background time.
    func leaveBackground(_ process: AppProcess) {
        process.backgroundSince = nil
        process.graceEnd = nil
        process.suspendAt = nil
        process.warningAt = nil
        process.timeUpAt = nil
    }

    /// Sets the expiration warning and the end of the background time for the stay under way
    /// (a task runs in the background; `began`, when a task was just begun).
    func startBackgroundClock(_ process: AppProcess, began: BackgroundTaskID? = nil) {
        guard config.suspendDelay != nil, process.keptRunning == nil, let since = process.backgroundSince else { return }
        let end = since + process.grant
        let warning = end - config.policy.expirationWarning
        if process.timeUpAt == nil {
            process.timeUpAt = max(end, now)
            if warning > now { process.warningAt = warning }
        }
        if warning <= now {
            // Begun after the warning moment: the handlers run once the call is over. Once every
            // open task was queued in this stay, a task just begun is the only one that can be
            // new here (the others are queued or expired): a walk of every open task at each
            // begin made beginning n tasks quadratic.
            let candidates = began.flatMap { process.queuedAfterWarning ? [$0] : nil } ?? Array(process.openTasks)
            process.queuedAfterWarning = true
            for id in candidates where services.backgroundTasks[id.rawValue - 1].status == .running {
                process.pendingExpirations.append(id)
            }
        }
    }

    /// A scene of a suspended app comes on screen: the process runs again. What fell due runs
    /// at the end of the action under way, after its own phase changes (semantics 11.2).
    func resumeIfSuspended(_ process: AppProcess) {
        guard let since = process.suspendedSince else { return }
        process.suspendedSince = nil
        process.resumedInAction = true
        emit(.resumed(suspended: now - since))
        // Still in the background (a URL handled without a window coming forward): a new
        // background stay starts, with its grace and background time (semantics 11.2).
        if process.backgroundSince != nil { enterBackground(process) }
    }

    /// Runs what fell due while the app was suspended, in the order it fell due, at the time
    /// of the resume.
    func runFallenDue(_ process: AppProcess) {
        process.resumedInAction = false
        while self.process === process, !process.isSuspended, let entry = scheduler.popDue(notAfter: now) {
            perform(entry.job, process)
        }
    }

    /// The earliest deadline of the system's own, if any.
    func nextSystemDeadline(_ process: AppProcess) -> (time: VirtualTime, kind: SystemDeadline)? {
        // At the same instant: the warning, then the end of the time, then suspension. No
        // collection is built: this runs for every event of the clock.
        var best: (time: VirtualTime, kind: SystemDeadline)?
        if let time = process.warningAt { best = (time, .warning) }
        if let time = process.timeUpAt, best.map({ time < $0.time }) ?? true { best = (time, .timeUp) }
        if let time = process.suspendAt, best.map({ time < $0.time }) ?? true { best = (time, .suspend) }
        return best
    }

    /// Runs one of the system's deadlines (the clock reached it).
    func runSystemDeadline(_ kind: SystemDeadline, _ process: AppProcess) {
        switch kind {
        case .suspend:
            process.suspendAt = nil
            suspendIfIdle(process)
        case .warning:
            process.warningAt = nil
            for id in process.openTasks where services.backgroundTasks[id.rawValue - 1].status == .running {
                expire(id, process)
                guard self.process === process else { return }
            }
        case .timeUp:
            process.timeUpAt = nil
            guard !process.openTasks.isEmpty else { return }
            watchdogTerminate(process)
        }
    }

    /// Suspends the app unless a background task holds it awake (then it is suspended when
    /// the last one finishes).
    func suspendIfIdle(_ process: AppProcess) {
        guard !process.isSuspended, process.openTasks.isEmpty, process.keptRunning == nil, process.backgroundSince != nil else { return }
        process.suspendAt = nil
        process.warningAt = nil
        process.timeUpAt = nil
        process.suspendedSince = now
        emit(.suspended)
    }

    /// At the end of a call from outside: a suspension whose moment has come (the last task
    /// finished after the grace was spent) happens now, unless the app's own work is due at
    /// this instant (a timer the call's code set for now): that runs first, and the clock then
    /// suspends the app (semantics 11.2: at one instant the app's due work runs before the
    /// system's deadlines).
    func suspendIfDue() {
        guard let process, let at = process.suspendAt, at <= now, process.openTasks.isEmpty else { return }
        if let next = scheduler.nextTime, next <= now { return }
        suspendIfIdle(process)
    }
}

/// One of the system's own deadlines in a background stay.
enum SystemDeadline {
    case suspend, warning, timeUp

    /// What the deadline is, for a message.
    var text: String {
        switch self {
        case .suspend: "the app's suspension"
        case .warning: "the background tasks' expiration warning"
        case .timeUp: "the end of the background time"
        }
    }
}
