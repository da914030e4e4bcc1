import SceneSim
import SceneSimTesting
import Testing

/// Issue 42, item 6: the store's assertions as a TCA team expects them.
@Suite("SceneSimTestStore: send(_:assert:), receive, exhaustivity, memory, literals")
struct StoreAssertionTests {
    static let config = AppConfig(platform: .ipados)

    /// Launched and settled (the built-in model is `unauthenticated` at 0.500 s), nothing asserted
    /// yet but the snapshot.
    static func settled(_ exhaustivity: SceneSimTestStore.Exhaustivity = .on) throws -> SceneSimTestStore {
        let store = try SceneSimTestStore(config)
        store.exhaustivity = exhaustivity
        try store.launch()
        try store.settle()
        _ = store.takeTrace()
        store.expectSnapshot {
            $0.time = VirtualTime(seconds: 0.5)
            $0.isRunning = true
            $0.launchCount = 1
            $0.phase = .active
            $0.state = "unauthenticated"
            $0.windows = [.init("main#1", .active)]
            $0.sessions = [.init(id: "main#1", phase: .connected(.active), storage: [:])]
        }
        return store
    }

    @Test("send(_:assert:) runs the input, then checks the closure's edit of the last snapshot against what ran")
    func sendAssert() throws {
        let store = try Self.settled()
        try store.send(.background) {
            $0.phase = .background
            $0.windows = [.init("main#1", .background)]
            $0.sessions[0].phase = .connected(.background)
        }
        try withKnownIssue {
            try store.send(.foreground) { $0.phase = .active }
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined(separator: "\n")
            return text.hasPrefix("the snapshot differs (−: expected, +: what ran)") && text.contains("−       phase: .background") && text.contains("+       phase: .active")
        }
        _ = store.takeTrace()
    }

    @Test("with exhaustivity off, a snapshot assertion checks only what its closure sets; on, the same closure fails")
    func nonExhaustiveSnapshot() throws {
        for exhaustivity in [SceneSimTestStore.Exhaustivity.off, .off(showSkippedAssertions: true)] {
            let store = try Self.settled(exhaustivity)
            try store.send(.background) { $0.phase = .background }
        }
        let store = try Self.settled()
        try withKnownIssue {
            try store.send(.background) { $0.phase = .background }
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("+       phase: .connected(.background)")
        }
        _ = store.takeTrace()
        #expect(SceneSimTestStore.Exhaustivity.off == .off(showSkippedAssertions: false))
    }

    @Test("receive takes the next events as values, expectTrace the rest as text: one queue")
    func receiveEvents() throws {
        let store = try SceneSimTestStore(Self.config)
        try store.launch()
        let main = try store.window("main#1")
        store.receive(.launched(number: 1, platform: .ipados, restoring: []))
        store.receive([.sceneConnected(scene: main, value: nil, reason: .new), .scenePhaseChanged(scene: main, from: .inactive, to: .active)])
        let phase = store.receive { if case .appPhaseChanged(from: .inactive, to: .active, _) = $0 { true } else { false } }
        #expect(phase?.time == .zero)
        try store.advance(until: "unauthenticated")
        #expect(store.simulator.now == VirtualTime(seconds: 0.5))
        store.expectTrace("[   0.500] app         state loading -> unauthenticated")
        try store.background()
        store.receive(.scenePhaseChanged(scene: main, from: .active, to: .inactive))
        _ = store.takeTrace()
    }

    @Test("an exhaustive receive fails on the next event when it is another, with a diff; nothing left is a failure too")
    func receiveMismatch() throws {
        let store = try Self.settled()
        try store.openWindow("main")
        withKnownIssue {
            store.receive(.stateChanged(from: "loading", to: "authenticated(ada)"))
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined(separator: "\n")
            return text.hasPrefix("the next event differs (−: expected, +: what ran)") && text.contains("− TraceEvent.stateChanged(")
                && text.contains("+ TraceEvent.sceneConnected(")
        }
        _ = store.takeTrace()
        withKnownIssue {
            store.receive(.networkChanged(reachable: false))
        } matching: { issue in
            issue.comments.map(\.rawValue) == ["expected to receive TraceEvent.networkChanged(reachable: false), but nothing was traced since the last assertion"]
        }
    }

    @Test("a non-exhaustive receive skips the events before the one it names; none matching is a failure listing them")
    func receiveSkips() throws {
        let store = try SceneSimTestStore(Self.config)
        store.exhaustivity = .off(showSkippedAssertions: true)
        try store.launch()
        try store.advance(by: .seconds(1))
        store.receive(.stateChanged(from: "loading", to: "unauthenticated"))
        #expect(store.takeTrace().isEmpty)
        try store.network(reachable: false)
        withKnownIssue {
            store.receive(.networkChanged(reachable: true))
        } matching: { issue in
            issue.comments.map(\.rawValue) == [
                """
                expected to receive TraceEvent.networkChanged(reachable: true), but none of the 1 events since the last assertion does:
                  [   1.000] network     down
                """
            ]
        }
    }

    @Test("memory: read a key, expect all of it, and see it in the snapshot")
    func memory() throws {
        let store = try Self.settled()
        try store.setMemory("main#1", "scroll", .int(40))
        try store.setAppMemory("cache", "warm")
        #expect(try store.memory("main#1", "scroll") == .int(40))
        #expect(try store.memory("main#1", "missing") == nil)
        #expect(try store.appMemory("cache") == "warm")
        try store.expectMemory("main#1", ["scroll": .int(40)])
        try store.expectAppMemory(["cache": "warm"])
        store.expectSnapshot {
            $0.memory = ["cache": "warm"]
            $0.sessions[0].memory = ["scroll": .int(40)]
        }
        try withKnownIssue {
            try store.expectMemory("main#1", ["scroll": .int(41)])
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().hasPrefix("the memory of main#1 differs (−: expected, +: what ran)")
        }
        try store.background()
        try store.terminate(.system)
        _ = store.takeTrace()
        let after = store.simulator.snapshot()
        #expect(after.memory.values.isEmpty && after.sessions[0].memory.values.isEmpty)
    }

    @Test("a state and a value are written as string literals")
    func literals() {
        let plain: ModelState = "loading"
        let text: ModelState = "authenticated(ada)"
        let number: ModelState = "step(-3)"
        #expect(plain == ModelState("loading"))
        #expect(text == ModelState("authenticated", .text("ada")))
        #expect(number == ModelState("step", .integer(-3)))
        #expect(("unclosed(" as ModelState) == ModelState("unclosed("))
        let value: SceneValue = "42"
        #expect(value == .string("42"))
    }
}
