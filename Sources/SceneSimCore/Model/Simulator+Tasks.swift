// Timers on the virtual clock that die with their process (semantics 8.3: a script's app:after,
// a Swift model's scheduleTask). Their bodies are the app's code, run by the simulator at their
// event: lifecycle actions they make are queued until the event is over.
extension Simulator {
    /// Schedules `body` to run `seconds` from now in the running process, on the main actor;
    /// returns the timer's id. It dies with the process: if the app is terminated first, it
    /// never runs. If `body` throws, the call that moved the clock throws that error.
    ///
    /// A timer that `body` arms again at the same call (`fileID`:`line`), directly or through
    /// other timers' bodies, repeats: `settle()` runs until only repeating timers are left
    /// (docs/semantics.md 8.5).
    @discardableResult
    public func scheduleTask(after seconds: Double, fileID: StaticString = #fileID, line: UInt = #line, _ body: @escaping @MainActor (Simulator) throws -> Void) throws(SimError)
        -> TaskID
    {
        guard let delay = VirtualTime(checkedSeconds: seconds) else {
            throw SimError(.invalidValue, "scheduleTask(after: \(seconds)): the delay must be a finite number of seconds, at most 1e12")
        }
        return try scheduleTask(after: delay, site: "\(fileID):\(line)") { sim in try onMainActor(sim) { sim in try body(sim) } }
    }

    /// `scheduleTask` for a front end whose code runs on the thread driving the simulator;
    /// `site` is where the app's code armed it (`model.lua:4`), nil where unknown.
    @discardableResult
    package func scheduleTask(after delay: VirtualTime, site: String? = nil, _ body: @escaping (Simulator) throws -> Void) throws(SimError) -> TaskID {
        try change { () throws(SimError) in
            try requireRunning(.after)
            try requireAwake(.after)
            guard delay >= .zero else {
                throw SimError(.invalidValue, "\(.after, scriptArguments: "(seconds, fn)") needs zero or more seconds (got \(delay.text)); the clock only moves forward")
            }
            guard now.microseconds <= VirtualTime.latest.microseconds - delay.microseconds else {
                throw SimError(.invalidValue, "\(.afterDelay(delay)) would fire past \(VirtualTime.latest.text) s, the end of the virtual clock")
            }
            var record = ModelServices.TaskRecord(launch: launchCount, at: now + delay)
            if let site {
                // Its lineage: the places of the chain of timers whose bodies armed it. Armed
                // at a place the chain has been through, it repeats (a chain that re-arms
                // itself shares its lineage's storage: nothing is copied).
                let number = services.siteNumber(site)
                let parent = services.runningTask
                record.site = number
                if parent > 0 {
                    let lineage = services.tasks[parent - 1].lineage
                    record.repeating = lineage.contains(number)
                    record.lineage = record.repeating ? lineage : lineage + [number]
                } else {
                    record.lineage = [number]
                }
            }
            services.tasks.append(record)
            let id = services.tasks.count
            services.taskBodies[id] = body
            scheduler.schedule(.task(id: id), at: now + delay, idle: record.repeating)
            return TaskID(rawValue: id)
        }
    }

    /// Where timer `id` stands. A number the run never gave a timer is an error.
    public func taskStatus(_ id: TaskID) throws(SimError) -> TaskStatus {
        try taskRecord(id, .taskStatus)
        return status(ofTask: id.rawValue)
    }

    /// Where timer `id`, one the run made, stands.
    func status(ofTask id: Int) -> TaskStatus {
        let task = services.tasks[id - 1]
        if task.done { return .done }
        if task.cancelled { return .cancelled }
        return task.launch == launchCount && isRunning ? .pending : .ended
    }

    /// When timer `id` fires (or would have). A number the run never gave a timer is an error.
    public func taskTime(_ id: TaskID) throws(SimError) -> VirtualTime { try taskRecord(id, .taskTime).at }

    /// The record of timer `id`, or the error that says the run made no such timer.
    @discardableResult
    private func taskRecord(_ id: TaskID, _ what: APICall) throws(SimError) -> ModelServices.TaskRecord {
        guard id.rawValue >= 1, id.rawValue <= services.tasks.count else {
            throw SimError(.invalidValue, .noTask(what, id: id.rawValue, made: services.tasks.count))
        }
        return services.tasks[id.rawValue - 1]
    }

    /// Stops a pending timer; returns false when it already ran or was cancelled. A timer whose
    /// process ended is an error: it is gone with that process.
    @discardableResult
    public func cancelTask(_ id: TaskID) throws(SimError) -> Bool {
        try change { () throws(SimError) in
            try taskRecord(id, .cancelTask)
            switch status(ofTask: id.rawValue) {
            case .pending:
                services.tasks[id.rawValue - 1].cancelled = true
                services.taskBodies[id.rawValue] = nil
                return true
            case .done, .cancelled:
                return false
            case .ended:
                throw SimError(
                    .forbidden,
                    "\(.cancelTask): this task was made by launch #\(services.tasks[id.rawValue - 1].launch), which has ended, and a process's tasks end with it; schedule a new one with \(.after) in the running app"
                )
            }
        }
    }

    /// Timer `id` fires (called from `perform` for its scheduled job): the driver sees the
    /// point, then the body runs (`reach`).
    func fireTask(_ id: Int) {
        guard status(ofTask: id) == .pending else { return }
        services.tasks[id - 1].done = true
        reach(.taskDue(id: TaskID(rawValue: id)))
    }
}

extension Simulator {
    /// Runs `body` at `time` in the running process, as a `ModelController`'s own work (the
    /// built-in model's loading and validation timers): no task number, no trace line, no
    /// handler point (what it does is traced itself), on the thread driving the simulator.
    /// Dies with the process; a `time` already past runs at the next step of the clock.
    public func scheduleModelTimer(at time: VirtualTime, _ body: @escaping (Simulator) -> Void) {
        let id = services.nextModelTimer
        services.nextModelTimer += 1
        services.modelTimers[id] = body
        scheduler.schedule(.modelTimer(id: id), at: time)
    }
}
