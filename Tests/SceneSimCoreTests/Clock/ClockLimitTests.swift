import SceneSimBuiltin
import SceneSimCore
import SceneSimTestSupport
import Testing

/// Issue 9, item 6: `advance` has the livelock guard `settle` has, and no path takes the clock
/// past its end.
@Suite("Limits of the virtual clock")
struct ClockLimitTests {
    /// A launched app whose initialization takes no time, so a driver can loop at one instant.
    private func quickApp() throws -> Simulator {
        let config = AppConfig.testing(scenes: valueScenes) { $0.minLoading = .zero }
        let simulator = try Simulator(config: config)
        try simulator.launch()
        return simulator
    }

    /// Between events: unauthenticated → error → retry, whose initialization event, due at
    /// once, makes it unauthenticated again, and so on without the clock moving.
    private func livelock(_ simulator: Simulator) -> () -> Bool {
        {
            if simulator.appState == .unauthenticated {
                _ = try? simulator.transition(to: .error(.sessionExpired))
                try? simulator.retry()
            }
            return true
        }
    }

    @Test("advance stops a driver that keeps scheduling work, as settle does, with the clock where it was")
    func advanceLivelock() throws {
        let simulator = try quickApp()

        #expect(
            throws: SimError(
                .didNotSettle,
                "sim.advance(1.000): ran 100000 events and the clock is only at 0.000 s of 1.000 s; something keeps scheduling work (a hook that reacts to every change?)")
        ) {
            try simulator.advance(by: .at(1), afterEach: livelock(simulator))
        }
        #expect(simulator.now == .zero)
    }

    @Test("settle refuses an event due past the end of the clock, and the clock stays at its end")
    func settleStopsAtTheEnd() throws {
        let simulator = try Simulator(config: .testing(scenes: valueScenes))
        try simulator.launch()
        try simulator.settle()
        try simulator.advance(by: VirtualTime.latest - simulator.now)
        _ = try simulator.transition(to: .error(.sessionExpired))
        try simulator.retry()  // initialization again: due after min_loading, past the end

        #expect(throws: SimError(.clockEnd, "the next event is due at 4611686018427.887903 s, past 4611686018427.387903 s, the end of the virtual clock; nothing can run after it"))
        {
            try simulator.settle()
        }
        #expect(simulator.now == .latest)
    }

    @Test("settle refuses a system deadline due past the end of the clock (a suspension), and the clock stays at its end; it ran on, and a sum of times past it crashed")
    func settleStopsAtTheEndForTheSystem() throws {
        let simulator = try Simulator(config: .testing(.iphone) { $0.policy.suspendAfter = .after(.at(1_000_000_000_000)) })
        try simulator.launch()
        try simulator.settle()
        try simulator.advance(by: VirtualTime.latest - simulator.now - .at(1))
        try simulator.background()

        #expect(
            throws: SimError(
                .clockEnd,
                "the next event (the app's suspension) is due at 5611686018426.387903 s, past 4611686018427.387903 s, the end of the virtual clock; nothing can run after it")
        ) {
            try simulator.settle()
        }
        #expect(simulator.now == VirtualTime.latest - .at(1))
        #expect(!simulator.isSuspended)
    }

    @Test("The clock cannot be moved past its end")
    func moveClockPastTheEnd() throws {
        let simulator = try quickApp()

        #expect(throws: SimError(.clockEnd, "the clock cannot move to 4611686018427.387904 s, past 4611686018427.387903 s, the end of the virtual clock")) {
            try simulator.moveClock(to: VirtualTime(microseconds: VirtualTime.latest.microseconds + 1))
        }
    }
}
