#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The live progress line on standard error (only at a terminal): runs done, steps per second,
/// failures so far; redrawn at most ten times a second, and erased at the end.
final class ProgressLine {
    private let enabled: Bool
    private let plan: ExplorePlan
    private let started: ContinuousClock.Instant
    private var lastDrawn: ContinuousClock.Instant?

    init(enabled: Bool, plan: ExplorePlan, started: ContinuousClock.Instant) {
        self.enabled = enabled
        self.plan = plan
        self.started = started
    }

    func update(runs: Int, steps: Int, failures: Int) {
        guard enabled else { return }
        let now = ContinuousClock.now
        if let lastDrawn, lastDrawn.duration(to: now) < .milliseconds(100) { return }
        lastDrawn = now
        let seconds = ExploreSession.seconds(started.duration(to: now))
        let amount = switch plan.budget {
        case .runs(let total): "\(runs)/\(total) runs"
        case .time(let limit): "\(runs) runs, \(Int(max(0, limit - seconds).rounded(.up))) s left"
        case .replay: "\(runs)/1 runs"
        }
        let rate = seconds > 0 ? Int(Double(steps) / seconds) : 0
        Output.error("\r\u{1B}[Kexplore: \(amount), \(rate) steps/s, \(failures) \(failures == 1 ? "failure" : "failures")")
    }

    func clear() {
        guard enabled, lastDrawn != nil else { return }
        Output.error("\r\u{1B}[K")
    }
}
