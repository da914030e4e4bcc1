/// Where a run reads the time a scenario took, for the JUnit report's `time` attributes.
///
/// Injected so tests of the runner get the same report on every run; the per-scenario timeout
/// always uses the real monotonic clock.
package struct RunClock: Sendable {
    /// The time now, on any fixed origin.
    package var now: @Sendable () -> Duration

    /// A clock reading `now`.
    package init(now: @escaping @Sendable () -> Duration) {
        self.now = now
    }

    /// The system's monotonic clock.
    package static let monotonic: RunClock = {
        let origin = ContinuousClock.now
        return RunClock { ContinuousClock.now - origin }
    }()
}
