// app:after (semantics 8.3): timers on the virtual clock that die with their process.
extension Simulator {
    /// Schedules a timer `delay` from now in the running process; returns its id. Its function
    /// is the driver's: when it fires, the simulator reaches `HandlerPoint.taskDue(id:)`.
    public func after(_ delay: VirtualTime) throws(SimError) -> Int {
        try change { () throws(SimError) in
            try requireRunning("app:after")
            guard delay >= .zero else {
                throw SimError(.invalidValue, "app:after(seconds, fn) needs zero or more seconds (got \(delay.text)); the clock only moves forward")
            }
            guard now.microseconds <= VirtualTime.latest.microseconds - delay.microseconds else {
                throw SimError(.invalidValue, "app:after(\(delay.text)) would fire past \(VirtualTime.latest.text) s, the end of the virtual clock")
            }
            services.tasks.append(ModelServices.TaskRecord(launch: launches, at: now + delay))
            let id = services.tasks.count
            scheduler.schedule(.task(id: id), at: now + delay)
            return id
        }
    }

    /// Where timer `id` stands.
    public func taskStatus(_ id: Int) -> TaskStatus {
        let task = services.tasks[id - 1]
        if task.done { return .done }
        if task.cancelled { return .cancelled }
        return task.launch == launches && isRunning ? .pending : .ended
    }

    /// When timer `id` fires (or would have).
    public func taskTime(_ id: Int) -> VirtualTime { services.tasks[id - 1].at }

    /// task:cancel(): stops a pending timer; returns false when it already ran or was cancelled.
    /// A timer whose process ended is an error: it is gone with that process.
    public func cancelTask(_ id: Int) throws(SimError) -> Bool {
        try change { () throws(SimError) in
            switch taskStatus(id) {
            case .pending:
                services.tasks[id - 1].cancelled = true
                return true
            case .done, .cancelled:
                return false
            case .ended:
                throw SimError(.forbidden, "task:cancel(): this task was made by launch #\(services.tasks[id - 1].launch), which has ended, and a process's tasks end with it; schedule a new one with app:after in the running app")
            }
        }
    }

    /// Timer `id` fires (called from `perform` for its scheduled job).
    func fireTask(_ id: Int) {
        guard taskStatus(id) == .pending else { return }
        services.tasks[id - 1].done = true
        reach(.taskDue(id: id))
    }
}
