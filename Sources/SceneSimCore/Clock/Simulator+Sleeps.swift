// The app's tasks asleep on the virtual clock (`SimClock`, semantics 10.10): each sleep is an
// entry of the scheduler beside the app's timers, and its task resumes as an event of the clock.
extension Simulator {
    /// Registers a sleep of the app's task until `deadline`; true when the deadline is not
    /// later than `now`, so the task goes on at once. Only a task the simulator runs may sleep
    /// (one the app's code started, run within an event), and only while the app runs.
    func registerSleep(until deadline: VirtualTime, _ continuation: UnsafeContinuation<Void, any Error>) throws(SimError) -> Bool {
        guard AppTasks.isRunningAppCode else {
            throw SimError(
                .forbidden,
                "\(APICall.sleepUntil) ran outside the simulator's events: only a task the app's code starts (Task { @MainActor in … } in a handler, a timer body or an intent) sleeps on the virtual clock; a test moves the clock with advance(by:) or settle() instead"
            )
        }
        guard process != nil else {
            throw refusal(.notRunning, .notRunning(.sleepUntil, lastTermination: lastTermination))
        }
        guard deadline > now else { return true }
        // The task waits on the clock, not on something outside the simulation.
        let owner = AppTasks.simulationWaitBegins()
        let id = services.nextSleep
        services.nextSleep += 1
        services.sleeps[id] = Sleep(continuation: continuation, since: now, owner: owner)
        scheduler.schedule(.sleep(id: id), at: deadline)
        return false
    }

    /// The clock reached a sleep's deadline: its task goes on, as the app's code, until it
    /// awaits again or ends.
    func resumeSleep(_ id: Int) {
        guard let sleep = services.sleeps.removeValue(forKey: id) else { return }
        AppTasks.simulationWaitEnds(sleep.owner)
        runAppCode {
            try onMainActor(self) { _ in sleep.continuation.resume() }
        }
    }
}

/// A task of the app's asleep on `SimClock`.
struct Sleep {
    /// Resumed when the clock reaches the deadline; dropped, never resumed, when the process ends.
    var continuation: UnsafeContinuation<Void, any Error>
    /// When the task went to sleep.
    var since: VirtualTime
    /// The task of the app's it is part of, whose wait this is (`AppTasks.simulationWaitBegins`).
    var owner: UInt?
}
