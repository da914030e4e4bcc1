/// Where a run reads the time a scenario took, for the JUnit report's `time` attributes.
///
/// Injected so tests of the runner get the same report on every run; the per-scenario timeout
/// always uses the real monotonic clock.
public struct RunClock: Sendable {
    /// The time now, on any fixed origin.
    public var now: @Sendable () -> Duration

    /// A clock reading `now`.
    public init(now: @escaping @Sendable () -> Duration) {
        self.now = now
    }

    /// The system's monotonic clock.
    public static let monotonic: RunClock = {
        let origin = ContinuousClock.now
        return RunClock { ContinuousClock.now - origin }
    }()
}
