/// The runner's way to ask a running scenario to stop (its `--timeout` ran out).
///
/// Thread-safe: the runner requests from its own thread while the executor runs on a worker.
/// A request may repeat (the runner asks again until the scenario returns), so a handler must
/// be cheap and idempotent, such as raising an interrupt flag.
package final class ScenarioStop: @unchecked Sendable {
    // The mutex guards both stored properties, which is what makes the unchecked Sendable sound.
    private let mutex = Mutex()
    private var handler: (@Sendable () -> Void)?
    private var requested = false

    /// A stop nobody has requested yet.
    package init() {}

    /// Calls `handler` at each request; at once if one was already made.
    package func onRequest(_ handler: @escaping @Sendable () -> Void) {
        let already = mutex.withLock {
            self.handler = handler
            return requested
        }
        if already { handler() }
    }

    /// Whether the runner has asked the scenario to stop.
    package var isRequested: Bool { mutex.withLock { requested } }

    /// Asks the scenario to stop (again, if it is still running).
    package func request() {
        let handler = mutex.withLock {
            requested = true
            return self.handler
        }
        handler?()
    }
}
