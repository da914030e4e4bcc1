import SceneSimTestSupport
import Testing
@testable import SceneSimCore

/// What is under way lives in the core (issue 40): the trace is pushed to the driver's sink as
/// it happens, and the failure priority and nesting of app code are one state value
/// (`Simulator.UnderWay`) that a front end uses instead of keeping its own.
@Suite("What is under way: the trace sink, failure priority and nesting")
struct UnderWayTests {
    static func line(_ record: TraceRecord, _ sim: Simulator) -> String {
        TraceRenderer.text(record, label: { sim.label(of: $0) })
    }

    @Test(
        "a trace sink gets each event as it happens, before the app's code at the next handler point; installing it hands over the events kept so far; without one they are kept for takeEvents"
    )
    func traceSink() throws {
        // given the trace of a launch, kept (no sink)
        let kept = try Simulator(config: .testing())
        kept.isTracing = true
        try kept.launch()
        try kept.settle()
        let launch = kept.takeEvents().map { Self.line($0, kept) }
        #expect(!launch.isEmpty)

        // when a sink is installed after the same launch
        let sim = try Simulator(config: .testing())
        sim.isTracing = true
        try sim.launch()
        try sim.settle()
        var seen: [String] = []
        sim.traceSink = { [unowned sim] in seen.append(Self.line($0, sim)) }
        // then it got the kept events, in order, and none is left to take
        #expect(seen == launch)
        #expect(!sim.hasEvents)

        // and from then on each event reaches it before the code at the point that follows it
        seen = []
        sim.onHandlerPoint = { point in
            if case let .scenePhase(_, from, to) = point { seen.append("> \(from.text) -> \(to.text)") }
        }
        try sim.background()
        #expect(
            seen == [
                "[   0.500] main#1      phase active -> inactive",
                "> active -> inactive",
                "[   0.500] app         phase active -> inactive: prepare for background",
                "[   0.500] main#1      phase inactive -> background",
                "> inactive -> background",
                "[   0.500] app         phase inactive -> background: release resources",
            ])
        #expect(sim.takeEvents().isEmpty)
    }

    struct Broken: Error, CustomStringConvertible {
        var description: String { "the timer broke" }
    }

    @Test(
        "app code that fails in a queued action wins over the action's own error, and the next call does not throw it again (it threw the action's error, then the old failure at the next call)"
    )
    @MainActor
    func failureInAQueuedActionWins() throws {
        // given a launch whose phase code arms a failing timer and asks for the clock to move
        var model = AppModel.builtin
        var armed = false
        model.onPhase = { sim, _, new in
            guard new == .active, !armed else { return }
            armed = true
            _ = try sim.scheduleTask(after: 1) { _ in throw Broken() }
            try sim.send(.advance(VirtualTime(seconds: 5)))  // queued: the launch is under way
        }
        let sim = try Simulator(config: .testing(), model: model)
        // and a driver that stops the clock's work once app code failed (its own limit)
        sim.workMeter = { [unowned sim] _ in sim.hasAppCodeFailed }
        // when the launch runs the queued advance, whose timer fails, then is stopped
        #expect(throws: SimError(.appCode, "the timer broke")) { try sim.launch() }
        // then the failure was the launch's error, and it is over
        #expect(!sim.hasAppCodeFailed)
        try sim.background()
    }

    @Test(
        "a front end's code nests at most maxNesting deep: the innermost call ends with the refusal; a failure it reports stops other code and ends the call as what it raised, before the operation's own error"
    )
    func nestingAndFailure() throws {
        let sim = try Simulator(config: .testing())
        var ends: [Int: String] = [:]
        func describe(_ end: Simulator.CallEnd) -> String {
            switch end {
            case .done: "done"
            case .failed(let error): "failed: \(error.message)"
            case .raised(let error): "raised: \(error)"
            }
        }
        // A hook whose call reaches a point that runs the hook again, level after level.
        func hook(_ level: Int) -> Int? {
            sim.runNested { () -> Int? in
                let deepest = hook(level + 1) ?? level
                ends[level] = describe(sim.endCall(nil))
                return deepest
            }
        }
        #expect(hook(1) == Simulator.maxNesting)
        #expect(ends.count == Simulator.maxNesting)
        #expect(
            ends[Simulator.maxNesting]
                == "failed: hooks are nested 40 deep: this call, inside a hook, fires a hook again, and that one does the same; let a hook act only on changes it did not cause (check old and new, or keep a flag)"
        )
        #expect((1..<Simulator.maxNesting).allSatisfy { ends[$0] == "done" })
        #expect(describe(sim.endCall(nil)) == "done")

        // A failure: the first is kept, no more code runs, and the call ends with what was raised.
        struct Raised: Error, CustomStringConvertible {
            var text: String
            var description: String { text }
        }
        _ = sim.runNested { () -> Int? in
            sim.appCodeFailed(SimError(.appCode, "hook.lua:1: first"), raised: Raised(text: "first"))
            sim.appCodeFailed(SimError(.appCode, "hook.lua:2: second"), raised: Raised(text: "second"))
            return nil
        }
        var ran = false
        _ = sim.runNested { () -> Int? in
            ran = true
            return nil
        }
        #expect(!ran)
        #expect(describe(sim.endCall(SimError(.forbidden, "the operation's own"))) == "raised: first")
        #expect(!sim.hasAppCodeFailed)
        #expect(describe(sim.endCall(SimError(.forbidden, "the operation's own"))) == "failed: the operation's own")
    }
}
