import Testing
import SceneSimBuiltin
@testable import SceneSimCore

/// Issue 44, item 1: a timer that its own chain arms again (a refresh every 30 s) repeats for
/// ever, so `settle` runs until only repeating timers are left (docs/semantics.md 8.5); the
/// livelock guard's message names the timers still pending, in the words of the caller's API.
@Suite("settle and repeating timers")
struct RepeatingTimerTests {
    private func settledApp() throws -> Simulator {
        let simulator = try Simulator(config: .testing(scenes: valueScenes) { $0.minLoading = .zero })
        try simulator.launch()
        try simulator.settle()
        return simulator
    }

    /// A timer armed at `site` every `period` seconds by its own body; counts its runs.
    private final class Ticker {
        var runs = 0
        let site: String, period: VirtualTime
        init(site: String, period: VirtualTime) { (self.site, self.period) = (site, period) }
        func arm(_ simulator: Simulator) throws {
            try simulator.scheduleTask(after: period, site: site) { [self] sim in
                runs += 1
                try arm(sim)
            }
        }
    }

    @Test("settle runs the work that is not a repeating timer, the ticks due before it included, then stops with the repeating timer pending")
    func settleStopsAtRepeatingTimers() throws {
        let simulator = try settledApp()
        let start = simulator.now
        let ticker = Ticker(site: "m.lua:2", period: .at(30))
        try ticker.arm(simulator)
        var saved = false
        try simulator.scheduleTask(after: .at(100), site: "m.lua:5") { _ in saved = true }

        try simulator.settle()

        #expect(saved && ticker.runs == 3)
        #expect(simulator.now == start + .at(100))
        // Nothing else to do: settling again moves nothing.
        try simulator.settle()
        #expect(simulator.now == start + .at(100) && ticker.runs == 3)
        // The clock still runs the timer when asked to.
        try simulator.advance(by: .at(60))
        #expect(ticker.runs == 5)
    }

    @Test("The first timer of a chain is not repeating (armed by no timer); a chain through two places repeats from its second round; a timer armed without a place never repeats")
    func whatRepeats() throws {
        let simulator = try settledApp()
        var runs = 0
        func a(_ sim: Simulator) throws { runs += 1; try sim.scheduleTask(after: .at(10), site: "m.lua:1", b) }
        func b(_ sim: Simulator) throws { runs += 1; try sim.scheduleTask(after: .at(10), site: "m.lua:2", a) }
        try simulator.scheduleTask(after: .at(10), site: "m.lua:9", a)

        try simulator.settle()

        // The first (armed by no timer), a's (m.lua:1), b's (m.lua:2), then a's again: its
        // place is in its chain, so it repeats, and settling stops.
        #expect(runs == 3)
        #expect(simulator.services.tasks.map(\.repeating) == [false, false, false, true])
    }

    @Test("settle that cannot end names the timers pending, the repeating one marked, spelled for Swift in a Swift caller's message")
    func messageNamesTheTimers() throws {
        let simulator = try settledApp()
        // Each run 30 s apart arms work due 60 s later: there is always some pending.
        func refresh(_ sim: Simulator) throws {
            try sim.scheduleTask(after: .at(60), site: "Feed.swift:12") { _ in }
            try sim.scheduleTask(after: .at(30), site: "Feed.swift:13", refresh)
        }
        try refresh(simulator)

        let error = #expect(throws: SimError.self) { try simulator.settle() }

        let expected =
            "sim.settle(): did not settle after 100000 events; something keeps scheduling work; timers still pending: app:after at Feed.swift:12 and app:after at Feed.swift:13 (repeating: a timer of its own chain arms it again). Settling stops once only repeating timers are left: a repeating timer that arms other work each time, due after its own next run, keeps it going"
        #expect(error?.message == expected)
        #expect(
            error?.swiftMessage
                == "settle(): did not settle after 100000 events; something keeps scheduling work; timers still pending: scheduleTask(after:_:) at Feed.swift:12 and scheduleTask(after:_:) at Feed.swift:13 (repeating: a timer of its own chain arms it again). Settling stops once only repeating timers are left: a repeating timer that arms other work each time, due after its own next run, keeps it going"
        )
    }

    @Test("The public scheduleTask takes its place from the caller's file and line: a Swift model's repeating timer is one too")
    @MainActor func publicScheduleTaskRepeats() throws {
        let simulator = try settledApp()
        // The line of the scheduleTask call, wherever the formatter puts it.
        let site = "SceneSimCoreTests/RepeatingTimerTests.swift:\(#line + 1)"
        func tick(_ sim: Simulator) throws { try sim.scheduleTask(after: 30) { try tick($0) } }
        try tick(simulator)

        try simulator.settle()

        // The first run (armed by no timer) is work settle waits for; the one it arms repeats.
        #expect(simulator.services.tasks.map(\.repeating) == [false, true])
        try simulator.advance(by: .at(30))
        #expect(simulator.services.tasks.map(\.repeating) == [false, true, true])
        #expect(simulator.services.timerSites == [site])
    }

    @Test("Without timers the guard's Swift message speaks of a model handler, not of a script's hook")
    @MainActor func swiftWordingWithoutTimers() throws {
        // Work that is no timer: each server answer asks the server again.
        let simulator = try settledApp()
        let token = try simulator.createSession(user: "ada")
        func ask(_ sim: Simulator) throws { try sim.validate(token: token) { sim, _, _ in try ask(sim) } }
        try ask(simulator)
        let error = #expect(throws: SimError.self) { try simulator.settle() }
        #expect(
            error?.swiftMessage == "settle(): did not settle after 100000 events; something keeps scheduling work (a model handler, such as onPhase, that reacts to every change?)")
        #expect(error?.message == "sim.settle(): did not settle after 100000 events; something keeps scheduling work (a hook that reacts to every change?)")
    }
}
