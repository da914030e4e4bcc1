#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Progress on standard error: at a terminal, a live line (runs done, steps per second,
/// failures so far) redrawn at most ten times a second and erased at the end; elsewhere (a CI
/// log), the same words as a plain line every `logInterval`, so a long exploration shows it is
/// alive without writing control sequences into the log.
package final class ProgressLine {
    package enum Mode { case terminal, log }

    private let mode: Mode
    private let plan: ExplorePlan
    private let started: ContinuousClock.Instant
    private let now: () -> ContinuousClock.Instant
    private let write: (String) -> Void
    private var lastDrawn: ContinuousClock.Instant?

    /// How often a log gets a progress line.
    static let logInterval: Duration = .seconds(30)

    package init(
        mode: Mode, plan: ExplorePlan, started: ContinuousClock.Instant,
        now: @escaping () -> ContinuousClock.Instant = { .now }, write: @escaping (String) -> Void
    ) {
        self.mode = mode
        self.plan = plan
        self.started = started
        self.now = now
        self.write = write
    }

    package func update(runs: Int, steps: Int, failures: Int) {
        let now = now()
        switch mode {
        case .terminal:
            if let lastDrawn, lastDrawn.duration(to: now) < .milliseconds(100) { return }
        case .log:
            guard (lastDrawn ?? started).duration(to: now) >= Self.logInterval else { return }
        }
        lastDrawn = now
        let seconds = ExploreSession.seconds(started.duration(to: now))
        let amount =
            switch plan.budget {
            case .runs(let total): "\(runs)/\(total) runs"
            case .time(let limit): "\(runs) runs, \(Int(max(0, limit - seconds).rounded(.up))) s left"
            case .replay: "\(runs)/1 runs"
            }
        let rate = seconds > 0 ? Int(Double(steps) / seconds) : 0
        let text = "explore: \(amount), \(rate) steps/s, \(failures) \(failures == 1 ? "failure" : "failures")"
        write(mode == .terminal ? "\r\u{1B}[K" + text : text + "\n")
    }

    package func clear() {
        guard mode == .terminal, lastDrawn != nil else { return }
        write("\r\u{1B}[K")
    }
}
