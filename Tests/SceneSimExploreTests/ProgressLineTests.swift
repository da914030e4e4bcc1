@testable import SceneSimExplore
import SceneSimScripting
import Testing

@Suite("Exploration progress")
struct ProgressLineTests {
    /// A progress line on a manual clock, and everything it wrote.
    final class Probe {
        let start = ContinuousClock.now
        var elapsed: Duration = .zero
        var written: [String] = []
        lazy var line = ProgressLine(
            mode: mode,
            plan: ExplorePlan(
                file: "m.lua", seed: 1, budget: .runs(300), steps: 10, jobs: 1, shard: nil, out: "found",
                shrink: true, stats: false, options: ScenarioOptions()
            ),
            started: start, now: { [unowned self] in start + elapsed }, write: { [unowned self] in written.append($0) }
        )
        let mode: ProgressLine.Mode
        init(_ mode: ProgressLine.Mode) { self.mode = mode }
    }

    @Test("Where standard error is not a terminal (a CI log), a plain line every 30 seconds: no control sequences")
    func logLines() {
        let probe = Probe(.log)
        probe.elapsed = .seconds(10)
        probe.line.update(runs: 10, steps: 100, failures: 0)
        probe.elapsed = .seconds(30)
        probe.line.update(runs: 30, steps: 300, failures: 0)
        probe.elapsed = .seconds(45)
        probe.line.update(runs: 45, steps: 450, failures: 0)
        probe.elapsed = .seconds(61)
        probe.line.update(runs: 61, steps: 610, failures: 1)
        probe.line.clear()

        #expect(
            probe.written == [
                "explore: 30/300 runs, 10 steps/s, 0 failures\n",
                "explore: 61/300 runs, 10 steps/s, 1 failure\n",
            ])
    }

    @Test("At a terminal, one live line redrawn in place and erased at the end")
    func terminalLine() {
        let probe = Probe(.terminal)
        probe.elapsed = .seconds(1)
        probe.line.update(runs: 1, steps: 10, failures: 0)
        probe.line.clear()

        #expect(probe.written == ["\r\u{1B}[Kexplore: 1/300 runs, 10 steps/s, 0 failures", "\r\u{1B}[K"])
    }
}
