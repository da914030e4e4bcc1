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

    /// `settle()` that must finish within `limit` of virtual time (`.seconds(30)`): the app's
    /// work runs as `settle()` runs it, and what would still be to come after `limit` is an
    /// error naming it (the timers by where they were scheduled), the clock left at the last
    /// event run. A negative limit is an error.
    public func settle(within limit: Duration) throws(SimError) {
        let deadline = try horizon(limit, .settleWithin)
        var count = 0
        while !isSettled {
            guard try runNextEvent(notAfter: deadline) else {
                throw SimError(.didNotSettle, "\(.settleWithin): the app did not settle within \(VirtualTime(limit).text) s; \(stillToCome)")
            }
            try chargeWork(1)
            count += 1
            if count >= Self.settleLimit {
                throw SimError(.didNotSettle, "\(.settleWithin): did not settle after \(Self.settleLimit) events; \(keepsSchedulingWork)")
            }
        }
    }

    /// Runs the app's scheduled work event by event until `condition` holds (checked first, then
    /// after each event), leaving the clock at the event that made it hold; with `limit`, for
    /// at most that much virtual time. Work that runs out, or `limit` reached, with the
    /// condition still false is an error; so is a clock that never stops (more than
    /// 100,000 events).
    public func advance(until condition: (Simulator) -> Bool, within limit: Duration? = nil) throws(SimError) {
        try advance(until: condition, within: limit, described: "the condition")
    }

    /// `advance(until:within:)` until the app's model is in `state`.
    public func advance(until state: ModelState, within limit: Duration? = nil) throws(SimError) {
        try advance(until: { $0.isRunning && $0.state == state }, within: limit, described: "the app's state \(state.text)")
    }

    private func advance(until condition: (Simulator) -> Bool, within limit: Duration?, described what: String) throws(SimError) {
        let deadline = try limit.map { limit throws(SimError) in try horizon(limit, .advanceUntil) } ?? VirtualTime(microseconds: .max)
        var count = 0
        while !condition(self) {
            guard try runNextEvent(notAfter: deadline) else {
                let why = limit.map { "\(what) did not hold within \(VirtualTime($0).text) s" } ?? "nothing is left to run and \(what) does not hold"
                throw SimError(.didNotSettle, "\(.advanceUntil): \(why) (the clock is at \(now.text) s)")
            }
            try chargeWork(1)
            count += 1
            if count >= Self.settleLimit {
                throw SimError(
                    .didNotSettle, "\(.advanceUntil): ran \(Self.settleLimit) events and \(what) did not hold (the clock is at \(now.text) s); \(keepsSchedulingWork)")
            }
        }
    }

    /// The instant `limit` from now, for `call`; a negative limit is an error, and one past the
    /// end of the clock stops there.
    private func horizon(_ limit: Duration, _ call: APICall) throws(SimError) -> VirtualTime {
        guard limit >= .zero else {
            throw SimError(.invalidValue, "\(call) needs zero or more time (got \(VirtualTime(limit).text) s); the clock only moves forward")
        }
        let span = VirtualTime(limit)
        return span > VirtualTime.latest - now ? VirtualTime.latest : now + span
    }

    /// What is still to come when a bounded settle stops: the timers (by where they were
    /// scheduled) and the system's next deadline.
    private var stillToCome: SimError.Message {
        var parts = pendingTimerPlaces
        if let process, let deadline = nextSystemDeadline(process) {
            parts.append("the system's \(deadline.kind.text) at \(deadline.time.text) s")
        }
        if let next = scheduler.nextTime, parts.isEmpty { parts.append("work due at \(next.text) s") }
        return "still to come: \(Self.list(parts))"
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
        let places = pendingTimerPlaces
        guard !places.isEmpty else {
            return "something keeps scheduling work \(script: "(a hook that reacts to every change?)", swift: "(a model handler, such as onPhase, that reacts to every change?)")"
        }
        return
            "something keeps scheduling work; timers still pending: \(Self.list(places)). Settling stops once only repeating timers are left: a repeating timer that arms other work each time, due after its own next run, keeps it going"
    }

    /// `places` joined as a sentence lists them: `a, b and c`.
    private static func list(_ places: [SimError.Message]) -> SimError.Message {
        var list: SimError.Message = ""
        for (index, place) in places.enumerated() {
            list = index == 0 ? place : "\(list)\(index == places.count - 1 ? " and " : ", ")\(place)"
        }
        return list
    }

    /// The places of the timers still pending (repeating ones marked), in the order they were
    /// armed, each once.
    private var pendingTimerPlaces: [SimError.Message] {
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
        return places
    }
}
