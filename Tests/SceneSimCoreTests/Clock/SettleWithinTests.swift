import SceneSimBuiltin
import Testing

@testable import SceneSimCore

/// Issue 42, item 7: `settle(within:)` and `advance(until:)`, bounded by virtual time, whose
/// errors name what is still to come in the caller's words.
@Suite("settle(within:) and advance(until:)")
struct SettleWithinTests {
    private func launched() throws -> Simulator {
        let simulator = try Simulator(config: .testing(scenes: valueScenes))
        try simulator.launch()
        return simulator
    }

    @Test("settle(within:) settles as settle() does when the work ends in time; the clock stays at the last event")
    func settlesInTime() throws {
        let simulator = try launched()
        try simulator.settle(within: .seconds(10))
        #expect(simulator.state == ModelState("unauthenticated"))
        #expect(simulator.now == VirtualTime(seconds: 0.5))
    }

    @Test("settle(within:) with work due after the limit fails naming the timer by where it was scheduled; a repeating one is marked")
    func namesWhatIsToCome() throws {
        let simulator = try launched()
        try simulator.settle()
        let start = simulator.now
        try simulator.scheduleTask(after: .at(3600), site: "Sync.swift:40") { _ in }
        func tick(_ sim: Simulator) throws {
            try sim.scheduleTask(after: .at(60), site: "Feed.swift:12") { _ in }
            try sim.scheduleTask(after: .at(30), site: "Feed.swift:13", tick)
        }
        try tick(simulator)

        let error = #expect(throws: SimError.self) { try simulator.settle(within: .seconds(100)) }

        #expect(error?.kind == .didNotSettle)
        #expect(
            error?.swiftMessage
                == "settle(within:): the app did not settle within 100.000 s; still to come: scheduleTask(after:_:) at Sync.swift:40, scheduleTask(after:_:) at Feed.swift:12 and scheduleTask(after:_:) at Feed.swift:13 (repeating: a timer of its own chain arms it again)"
        )
        #expect(simulator.now <= start + .at(100))
    }

    @Test("a negative limit is an error, and the clock stays")
    func negativeLimit() throws {
        let simulator = try launched()
        let error = #expect(throws: SimError.self) { try simulator.settle(within: .seconds(-1)) }
        #expect(error?.swiftMessage == "settle(within:) needs zero or more time (got -1.000 s); the clock only moves forward")
        #expect(simulator.now == .zero)
    }

    @Test("advance(until:) stops at the event that makes the condition hold; a condition true already runs nothing")
    func advanceUntilState() throws {
        let simulator = try launched()
        try simulator.advance(until: ModelState("loading"))
        #expect(simulator.now == .zero)
        try simulator.advance(until: ModelState("unauthenticated"))
        #expect(simulator.now == VirtualTime(seconds: 0.5))
        var fired = false
        try simulator.scheduleTask(after: .at(7), site: "A.swift:1") { _ in fired = true }
        try simulator.scheduleTask(after: .at(9), site: "A.swift:2") { _ in }
        try simulator.advance(until: { _ in fired })
        #expect(simulator.now == VirtualTime(seconds: 7.5))
    }

    @Test("advance(until:) that never holds fails: at the limit, or when nothing is left to run")
    func advanceUntilFails() throws {
        let simulator = try launched()
        let early = #expect(throws: SimError.self) { try simulator.advance(until: ModelState("authenticated", .text("ada")), within: .milliseconds(100)) }
        #expect(early?.swiftMessage == #"advance(until:): the app's state authenticated(ada) did not hold within 0.100 s (the clock is at 0.000 s)"#)
        let never = #expect(throws: SimError.self) { try simulator.advance(until: { _ in false }) }
        #expect(never?.swiftMessage == "advance(until:): nothing is left to run and the condition does not hold (the clock is at 0.500 s)")
    }
}
