/// The simulator's virtual clock as a Swift `Clock`, for the app's async code (semantics 10.10):
/// hand it to a controller where it would take a `ContinuousClock` or an
/// `any Clock<Duration>`, and a `try await clock.sleep(for: .seconds(2))` in a task the app's
/// code started resumes when `advance` or `settle` brings the virtual clock to its deadline.
///
/// ```swift
/// model.onLaunch = { sim in
///     Task { @MainActor in
///         try await sim.clock.sleep(for: .seconds(2))
///         try sim.transition(to: ModelState("ready"))   // at 2.000 s of virtual time
///     }
/// }
/// ```
///
/// Its instant is the simulation's virtual time (0 at its start), one clock for the device
/// across relaunches, with a resolution of one microsecond (a deadline is rounded to the
/// nearest). A sleep registers on the simulator's schedule beside the app's timers: sleeps and
/// timers due at the same instant run in the order they were scheduled; a deadline at or before
/// `now` returns at once; one reached while the app is suspended resumes when the app resumes;
/// a termination drops the process's sleeps, which never resume. A resumed sleep is not a trace
/// line; what the app then does is.
///
/// Only a task the simulator runs can sleep on it: one the app's code started (in a handler, a
/// timer body or an intent) with `Task { @MainActor in … }`. A sleep from anywhere else (a
/// test's own async code, a detached task on another thread) throws. A cancelled task's sleep
/// throws `CancellationError` when it starts or resumes; cancellation does not end a sleep
/// early. Read `now` on the thread that drives the simulator.
public final class SimClock: Clock, @unchecked Sendable {
    /// A point on the virtual clock: the time since the simulation started.
    public struct Instant: InstantProtocol, Hashable, Sendable, CustomStringConvertible {
        /// The instant on the simulator's clock.
        public var time: VirtualTime

        /// The instant at `time` on the simulator's clock.
        public init(_ time: VirtualTime) { self.time = time }

        /// The time since the simulation started.
        public var offset: Duration { time.duration }

        /// The instant `duration` later (earlier, when negative), to the nearest microsecond.
        public func advanced(by duration: Duration) -> Instant {
            let moved = time.microseconds + VirtualTime(duration).microseconds
            let bound = VirtualTime.latest.microseconds
            return Instant(VirtualTime(microseconds: min(max(moved, -bound), bound)))
        }

        /// The span from this instant to `other`.
        public func duration(to other: Instant) -> Duration { (other.time - time).duration }

        /// Whether `a` comes before `b`.
        public static func < (a: Instant, b: Instant) -> Bool { a.time < b.time }

        /// `2.000 s`.
        public var description: String { "\(time.text) s" }
    }

    /// The simulator whose clock this is; it holds the clock, so the clock holds it weakly.
    weak var simulator: Simulator?

    init(_ simulator: Simulator) { self.simulator = simulator }

    /// The simulator's current virtual time.
    public var now: Instant { Instant(simulator?.now ?? .zero) }

    /// One microsecond, the virtual clock's resolution.
    public var minimumResolution: Duration { .microseconds(1) }

    /// Suspends the calling task until the virtual clock reaches `deadline` (at once when it is
    /// not later than `now`). `tolerance` is ignored: the virtual clock is exact.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        guard let simulator else {
            throw SimError(.notRunning, "\(APICall.sleepUntil): its simulator is gone; sleep on the clock of a simulator the test still holds")
        }
        try await withUnsafeThrowingContinuation { (continuation: UnsafeContinuation<Void, any Error>) in
            do throws(SimError) {
                if try simulator.registerSleep(until: deadline.time, continuation) { continuation.resume() }
            } catch {
                continuation.resume(throwing: error)
            }
        }
        try Task.checkCancellation()
    }
}
