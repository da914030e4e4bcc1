// The virtual clock (§ "Time is virtual"): scheduled app work runs in (time, sequence) order.
extension Simulator {
    /// Runs the earliest scheduled event if it is due at or before `limit`, moving the clock to
    /// its time. Returns false (and leaves the clock alone) when nothing is due.
    package func runNextEvent(notAfter limit: VirtualTime) throws(SimError) -> Bool {
        try action(.clock) { () throws(SimError) in
            // A suspended app's work waits in the scheduler until it resumes (semantics 11.2).
            let appNext = process?.isSuspended == true ? nil : scheduler.nextTime
            // The system's deadlines; at the same instant the app's own work runs first.
            if let process, let deadline = nextSystemDeadline(process), deadline.time <= limit,
                appNext.map({ deadline.time < $0 }) ?? true
            {
                // The system's deadlines stop at the end of the clock as the app's events do
                // (past it, sums of times could overflow: a crash, not an error).
                if deadline.time > VirtualTime.latest {
                    throw SimError(
                        .clockEnd,
                        "the next event (\(deadline.kind.text)) is due at \(deadline.time.text) s, past \(VirtualTime.latest.text) s, the end of the virtual clock; nothing can run after it"
                    )
                }
                now = max(now, deadline.time)
                runSystemDeadline(deadline.kind, process)
                return true
            }
            // Nothing runs past the end of the clock: an event the app scheduled beyond it
            // (a delay added near the end) stays queued, and running it is an error.
            guard let next = appNext, next <= limit else { return false }
            if next > VirtualTime.latest {
                throw SimError(.clockEnd, "the next event is due at \(next.text) s, past \(VirtualTime.latest.text) s, the end of the virtual clock; nothing can run after it")
            }
            guard let entry = scheduler.popDue(notAfter: limit) else { return false }
            now = max(now, entry.time)
            if let process { perform(entry.job, process) }
            return true
        }
    }

    /// Moves the clock to `time` without running anything (drivers call this after draining).
    package func moveClock(to time: VirtualTime) throws(SimError) {
        try action(.clock) { () throws(SimError) in
            guard time >= now else {
                throw SimError(.invalidValue, "the clock cannot go back (now \(now.text) s, asked for \(time.text) s)")
            }
            guard time <= VirtualTime.latest else {
                throw SimError(.clockEnd, "the clock cannot move to \(time.text) s, past \(VirtualTime.latest.text) s, the end of the virtual clock")
            }
            now = time
        }
    }

    /// Runs every event due within `duration`, in order, then sets the clock.
    ///
    /// In a scenario script: `sim.advance`.
    public func advance(by duration: VirtualTime) throws(SimError) {
        try advance(by: duration, afterEach: { true })
    }

    /// Runs every event due within `seconds`, in order, then sets the clock: a NaN, an infinity, more than 1e12 seconds (past what
    /// `VirtualTime` holds exactly) or a negative span is an error, and the clock stays.
    ///
    /// In a scenario script: `sim.advance(seconds)`.
    public func advance(seconds: Double) throws(SimError) {
        guard let duration = VirtualTime(checkedSeconds: seconds) else {
            throw SimError(.invalidValue, "\(.advance) needs a finite number of seconds, at most 1e12 (got \(seconds))")
        }
        guard duration >= .zero else {
            throw SimError(.invalidValue, "\(.advance) needs zero or more seconds (got \(duration.text)); the clock only moves forward")
        }
        try advance(by: duration)
    }

    /// `advance(by:)` with a Swift `Duration` (`.seconds(2)`, `.milliseconds(1500)`), to the nearest
    /// microsecond: a negative span is an error, and the clock stays.
    public func advance(by duration: Duration) throws(SimError) {
        guard duration >= .zero else {
            throw SimError(.invalidValue, "\(.advance) needs zero or more time (got \(VirtualTime(duration).text) s); the clock only moves forward")
        }
        try advance(by: VirtualTime(duration))
    }

    /// `advance` for a driver that acts between events: `afterEach` runs after each one (the
    /// Lua bridge runs the lifecycle requests of script hooks there); returning false stops.
    package func advance(by duration: VirtualTime, afterEach: () -> Bool) throws(SimError) {
        // The guards of `SimInput.advance`, written once in `check`.
        _ = try check(.advance(duration))
        let target = now + duration
        var count = 0
        while try runNextEvent(notAfter: target) {
            guard afterEach() else { return }
            try chargeWork(1)
            count += 1
            if count >= Self.settleLimit {
                throw SimError(
                    .didNotSettle, "\(.advanceBy(duration)): ran \(Self.settleLimit) events and the clock is only at \(now.text) s of \(target.text) s; \(keepsSchedulingWork)")
            }
        }
        // Something run between events may have moved the clock past the target already.
        if now < target { try moveClock(to: target) }
    }

    /// The most events one `settle` or `advance` runs before it calls the simulation a livelock.
    package static let settleLimit = 100_000

    /// Runs until nothing is scheduled but repeating timers (docs/semantics.md 8.5): a timer armed again by
    /// its own chain's body (`scheduleTask`) would keep the clock going for ever, so settling stops once
    /// only such timers are left, and the system has no deadline of its own (suspension, background time)
    /// to come.
    ///
    /// In a scenario script: `sim.settle`.
    public func settle() throws(SimError) {
        try settle(afterEach: { true })
    }

    /// `settle` for a driver that acts between events; `afterEach` as for `advance`.
    package func settle(afterEach: () -> Bool) throws(SimError) {
        var count = 0
        while !isSettled, try runNextEvent(notAfter: VirtualTime(microseconds: .max)) {
            guard afterEach() else { return }
            try chargeWork(1)
            count += 1
            if count >= Self.settleLimit {
                throw SimError(.didNotSettle, "\(.settle): did not settle after \(Self.settleLimit) events; \(keepsSchedulingWork)")
            }
        }
    }

    /// Settle's horizon: nothing is scheduled but repeating timers, and no deadline of the
    /// system's is to come.
    package var isSettled: Bool {
        guard scheduler.onlyIdleLeft else { return false }
        guard let process else { return true }
        return nextSystemDeadline(process) == nil
    }

    /// What keeps the clock busy, for the livelock guard's message: the places of the timers
    /// still pending (repeating ones marked), in the order they were armed, or a hook.
    private var keepsSchedulingWork: SimError.Message {
        var pending: [Int] = []
        for job in scheduler.jobs {
            if case .task(let id) = job, services.taskBodies[id] != nil { pending.append(id) }
        }
        pending.sort()
        var places: [SimError.Message] = [], seen = Set<Int32>(), unplaced = false
        for id in pending {
            let record = services.tasks[id - 1]
            guard record.site >= 0 else { unplaced = true; continue }
            guard seen.insert(record.site).inserted else { continue }
            let place: SimError.Message = "\(APICall.after) at \(services.timerSites[Int(record.site)])"
            places.append(record.repeating ? "\(place) (repeating: a timer of its own chain arms it again)" : place)
        }
        if unplaced { places.append("\(APICall.after)") }
        guard !places.isEmpty else {
            return "something keeps scheduling work \(script: "(a hook that reacts to every change?)", swift: "(a model handler, such as onPhase, that reacts to every change?)")"
        }
        var list: SimError.Message = ""
        for (index, place) in places.enumerated() {
            list = index == 0 ? place : "\(list)\(index == places.count - 1 ? " and " : ", ")\(place)"
        }
        return
            "something keeps scheduling work; timers still pending: \(list). Settling stops once only repeating timers are left: a repeating timer that arms other work each time, due after its own next run, keeps it going"
    }
}
