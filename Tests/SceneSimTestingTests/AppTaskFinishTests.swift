import SceneSim
import SceneSimTesting
import Testing

/// A client the simulation does not know: its answer comes when the test (standing for the
/// network) resumes it, or never.
@MainActor
final class OutsideClient {
    private(set) var waiting: [CheckedContinuation<String, any Error>] = []
    nonisolated init() {}

    func fetch() async throws -> String {
        try await withCheckedThrowingContinuation { waiting.append($0) }
    }

    /// The answer comes, from outside the simulation.
    func answer(_ text: String) { waiting.removeFirst().resume(returning: text) }
}

/// Something the app's code did, seen by the test.
@MainActor
final class Flag {
    var isSet = false
    nonisolated init() {}
}

struct UploadFailed: Error, CustomStringConvertible {
    var description: String { "UploadFailed(the server said 500)" }
}

/// A model whose `onLaunch` starts `body` in a `Task { @MainActor in … }`, as an App's `.task`.
@MainActor
func launchModel(_ body: @escaping @MainActor (Simulator) async throws -> Void) throws -> AppModel {
    var model = try AppModel(states: [ModelState("loading"), ModelState("ready")], initial: "loading", transitions: ["loading": ["ready"]])
    model.onLaunch = { sim in
        Task { @MainActor in try await body(sim) }
    }
    return model
}

@Suite("finish() and the app's tasks: waiting outside the simulation, thrown errors, terminations")
struct AppTaskFinishTests {
    static let config = AppConfig(platform: .ipados, scenes: [SceneDeclaration(id: "main")])

    /// `finish()` fails with exactly `expected` (a different text is an unexpected issue).
    @MainActor
    static func expectFinishFails(_ store: SceneSimTestStore, with expected: String) {
        withKnownIssue {
            store.finish()
        } matching: { issue in
            issue.comments.map(\.rawValue).joined(separator: "\n") == expected
        }
    }

    @MainActor
    @Test("a task awaiting a client outside the simulation fails finish(), named by when it started")
    func waitingOutside() throws {
        let client = OutsideClient()
        let store = try SceneSimTestStore(Self.config, model: launchModel { _ in _ = try await client.fetch() })
        try store.launch()
        #expect(client.waiting.count == 1)
        #expect(store.simulator.pendingWork == [.appTask(origin: "started at 0.000 s", resumedFromOutside: false)])
        _ = store.takeTrace()
        Self.expectFinishFails(
            store,
            with:
                "1 piece of work is still under way at the end of the test; let it run (advance, settle), cancel or finish it, or set exhaustivity = .off:\n  a task the app's code started at 0.000 s, awaiting something outside the simulation (neither SimClock nor the server answers it, so it never resumes in a test): hand the app a client the test controls"
        )
    }

    @MainActor
    @Test("a task started by a task after a sleep names both; a task asleep and one done are not waiting outside")
    func nestedOrigin() throws {
        let client = OutsideClient()
        let store = try SceneSimTestStore(
            Self.config,
            model: launchModel { sim in
                try await sim.clock.sleep(for: .seconds(1))
                Task { @MainActor in _ = try await client.fetch() }
                try await sim.clock.sleep(for: .seconds(5))
            })
        try store.launch()
        #expect(store.simulator.pendingWork == [.sleep(since: .zero, due: VirtualTime(microseconds: 1_000_000))])
        try store.advance(by: .seconds(1))
        #expect(
            store.simulator.pendingWork == [
                .sleep(since: VirtualTime(microseconds: 1_000_000), due: VirtualTime(microseconds: 6_000_000)),
                .appTask(origin: "started at 1.000 s by a task started at 0.000 s", resumedFromOutside: false),
            ])
        // The answer comes from outside, between events: the task runs at the next one.
        client.answer("ok")
        #expect(store.simulator.pendingWork.last == .appTask(origin: "started at 1.000 s by a task started at 0.000 s", resumedFromOutside: true))
        try store.advance(by: .seconds(5))
        #expect(store.simulator.pendingWork == [])
        _ = store.takeTrace()
        store.finish()
    }

    @MainActor
    @Test("an error a task throws and does not catch fails the event it ran in, naming the task")
    func thrownError() throws {
        let reached = Flag()
        let store = try SceneSimTestStore(
            Self.config,
            model: launchModel { sim in
                try await sim.clock.sleep(for: .seconds(2))
                reached.isSet = true
                throw UploadFailed()
            })
        try store.launch()
        try store.advance(by: .seconds(1))
        #expect {
            try store.advance(by: .seconds(1))
        } throws: { error in
            "\(error)"
                == "a task the app's code started at 0.000 s threw an error it did not catch: UploadFailed(the server said 500); an unstructured Task drops its error in the app, so catch it inside the task (do/catch) and handle it there"
        }
        #expect(reached.isSet)
        // Reported once: the task is over, nothing is left.
        #expect(store.simulator.pendingWork == [])
        _ = store.takeTrace()
        store.finish()
    }

    @MainActor
    @Test("tasks that return values (a reference, a 2 KiB value) end, are not pending, and leave the app's state intact")
    func tasksReturningValues() throws {
        let log = Flag()
        var model = try AppModel(states: [ModelState("loading"), ModelState("ready")], initial: "loading", transitions: ["loading": ["ready"]])
        model.onLaunch = { sim in
            let clock = sim.clock
            Task { @MainActor in
                try await clock.sleep(for: .seconds(1))
                return [String](repeating: "line", count: 100)
            }
            // 2 KiB inline: four SIMD64<Int> of 512 bytes each.
            Task { @MainActor in
                (SIMD64<Int>(repeating: 1), SIMD64<Int>(repeating: 2), SIMD64<Int>(repeating: 3), SIMD64<Int>(repeating: 4))
            }
            Task { @MainActor in
                try await clock.sleep(for: .seconds(2))
                log.isSet = true
                try sim.transition(to: ModelState("ready"))
            }
        }
        let store = try SceneSimTestStore(Self.config, model: model)
        try store.launch()
        try store.settle()
        #expect(log.isSet)
        #expect(store.simulator.pendingWork == [])
        store.expectState("ready")
        _ = store.takeTrace()
        store.finish()
    }

    @MainActor
    @Test("a CancellationError a cancelled task throws is not a failure")
    func cancellationIsNotAFailure() throws {
        let store = try SceneSimTestStore(
            Self.config,
            model: launchModel { sim in
                withUnsafeCurrentTask { $0?.cancel() }
                try await sim.clock.sleep(for: .seconds(2))
            })
        try store.launch()
        #expect(store.simulator.pendingWork == [])
        _ = store.takeTrace()
        store.finish()
    }

    @MainActor
    @Test("a kill during a sleep drops the task: finish() passes, and nothing of the app runs afterwards")
    func killDuringSleep() throws {
        let woke = Flag()
        let store = try SceneSimTestStore(
            Self.config,
            model: launchModel { sim in
                try await sim.clock.sleep(for: .seconds(2))
                woke.isSet = true
            })
        try store.launch()
        try store.advance(by: .seconds(1))
        try store.terminate(.user)
        try store.advance(by: .seconds(5))
        #expect(!woke.isSet)
        #expect(store.simulator.pendingWork == [])
        _ = store.takeTrace()
        store.finish()
    }

    @MainActor
    @Test("a kill while a task awaits outside: it is not pending, and when its answer comes later it never runs")
    func killWhileWaitingOutside() throws {
        let client = OutsideClient()
        let answered = Flag()
        let store = try SceneSimTestStore(
            Self.config,
            model: launchModel { _ in
                _ = try await client.fetch()
                answered.isSet = true
            })
        try store.launch()
        try store.terminate(.user)
        #expect(store.simulator.pendingWork == [])
        client.answer("late")
        try store.launch()
        #expect(!answered.isSet)
        // The new process's task waits on the client: that one is pending.
        #expect(store.simulator.pendingWork == [.appTask(origin: "started at 0.000 s", resumedFromOutside: false)])
        client.answer("now")
        try store.advance(by: .seconds(1))
        #expect(answered.isSet)
        #expect(store.simulator.pendingWork == [])
        _ = store.takeTrace()
        store.finish()
    }

    @MainActor
    @Test("an async onLaunch awaiting a client outside the simulation: finish() names the rest of the handler; once answered it runs at the next operation and finish() passes")
    func asyncHandlerWaitingOutside() throws {
        let client = OutsideClient()
        var model = try AppModel(states: [ModelState("loading"), ModelState("ready")], initial: "loading", transitions: ["loading": ["ready"]])
        model.onLaunch = { sim in
            _ = try await client.fetch()
            try sim.transition(to: ModelState("ready"))
        }
        let store = try SceneSimTestStore(Self.config, model: model)
        try store.launch()
        _ = store.takeTrace()
        Self.expectFinishFails(
            store,
            with:
                "1 piece of work is still under way at the end of the test; let it run (advance, settle), cancel or finish it, or set exhaustivity = .off:\n  a task the app's code started at 0.000 s (the rest of the async onLaunch), awaiting something outside the simulation (neither SimClock nor the server answers it, so it never resumes in a test): hand the app a client the test controls"
        )
        client.answer("token")
        try store.advance(by: .seconds(1))
        // It runs first in that operation, before the clock moves (semantics 10.10).
        store.expectTrace("[   0.000] app         state loading -> ready")
        store.expectState("ready")
        store.finish()
    }

    @MainActor
    @Test("an async onLaunch that throws after it awaited fails the store's call that resumed it, naming the handler")
    func asyncHandlerThrows() throws {
        var model = try AppModel(states: [ModelState("loading")], initial: "loading", transitions: [:])
        model.onLaunch = { sim in
            try await sim.clock.sleep(for: .seconds(2))
            throw UploadFailed()
        }
        let store = try SceneSimTestStore(Self.config, model: model)
        try store.launch()
        #expect {
            try store.advance(by: .seconds(2))
        } throws: { error in
            "\(error)" == "onLaunch, an async handler that ran at 0.000 s, threw an error after it awaited: UploadFailed(the server said 500)"
        }
        _ = store.takeTrace()
        store.finish()
    }
}
