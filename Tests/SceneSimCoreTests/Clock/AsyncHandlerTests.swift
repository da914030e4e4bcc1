import SceneSimTestSupport
import Testing
@testable import SceneSimCore

/// Issue 42, item 1 (semantics 10.11): the model's and the scenes' handlers may be async. The
/// code starts at its handler point, as a synchronous handler's does; when it awaits, the
/// handler point goes on and the rest is one of the app's tasks, on the virtual clock.
@Suite("Async model and scene handlers")
struct AsyncHandlerTests {
    typealias Log = SimClockTests.Log

    struct Boom: Error, CustomStringConvertible {
        var description: String { "the disk is full" }
    }

    /// A model with states `idle` and `ready`, its launch running `launch`.
    private func simulator(
        _ config: AppConfig = .testing(),
        launch: @escaping @MainActor (Simulator) async throws -> Void
    ) throws -> Simulator {
        var model = try AppModel(states: [ModelState("idle"), ModelState("ready")], initial: "idle", transitions: ["idle": ["ready"]])
        model.onLaunch = launch
        return try Simulator(config: config, model: model)
    }

    private func lines(_ sim: Simulator) -> [String] {
        sim.takeEvents().map { TraceRenderer.text($0, label: sim.label(of:)) }
    }

    @MainActor
    @Test("an async onLaunch runs at its handler point until it awaits the clock, and goes on at the virtual instant it slept to")
    func launchSleeps() throws {
        let log = Log()
        let sim = try simulator { sim in
            log.add("launch start", sim)
            try await sim.clock.sleep(for: .seconds(2))
            log.add("launch resumed", sim)
            try sim.transition(to: ModelState("ready"))
        }
        sim.isTracing = true
        try sim.launch()
        #expect(log.lines == ["0.000 launch start"])
        #expect(sim.state == ModelState("idle"))
        // The rest of the handler asleep is pending work, named by its sleep.
        #expect(sim.pendingWork == [.sleep(since: .zero, due: .at(2))])
        _ = sim.takeEvents()
        try sim.advance(by: .milliseconds(1999))
        #expect(log.lines.count == 1)
        try sim.advance(by: .milliseconds(1))
        #expect(log.lines == ["0.000 launch start", "2.000 launch resumed"])
        #expect(sim.state == ModelState("ready"))
        #expect(lines(sim).filter { $0.contains("state ") } == ["[   2.000] app         state idle -> ready"])
        #expect(sim.pendingWork.isEmpty)
    }

    @MainActor
    @Test("a synchronous closure given as an async handler runs within its handler point, its error the handler's, as before")
    func synchronousBody() throws {
        let log = Log()
        var model = try AppModel(states: [ModelState("idle")], initial: "idle", transitions: [:])
        try model.addScene(SceneDeclaration(id: "main"))
        model.onLaunch = { sim in log.add("launch", sim) }
        model.onPhase = { sim, old, new in log.add("app \(old.rawValue) -> \(new.rawValue)", sim) }
        let sim = try Simulator(config: .testing(scenes: []), model: model)
        try sim.launch()
        // Each ran where it runs: the launch before the first scene, the App's phase change after it.
        #expect(log.lines.first == "0.000 launch")
        #expect(log.lines.dropFirst().allSatisfy { $0.hasPrefix("0.000 app ") })
        #expect(log.lines.count > 1)

        let failing = try simulator { _ in throw Boom() }
        #expect {
            try failing.launch()
        } throws: { error in
            (error as? SimError)?.kind == .appCode && "\(error)" == "the disk is full"
        }
    }

    @MainActor
    @Test("an error an async handler throws after it awaited fails the event that ran it, naming the handler and when it ran")
    func errorAfterAwait() throws {
        let sim = try simulator { sim in
            try await sim.clock.sleep(for: .seconds(1))
            throw Boom()
        }
        try sim.launch()
        #expect {
            try sim.advance(by: .seconds(1))
        } throws: { error in
            (error as? SimError)?.kind == .appCode
                && "\(error)" == "onLaunch, an async handler that ran at 0.000 s, threw an error after it awaited: the disk is full"
        }
        #expect(sim.pendingWork.isEmpty)
    }

    @MainActor
    @Test("a scene's async onPhase starts at each of its window's phase changes, in order, and each goes on at its own instant")
    func scenePhase() throws {
        let log = Log()
        var model = try AppModel(states: [ModelState("idle")], initial: "idle", transitions: [:])
        try model.addScene(
            SceneDeclaration(id: "main"),
            AppModel.SceneCode(onPhase: { sim, id, old, new in
                log.add("\(old.text) -> \(new.text)", sim)
                guard new == .connected(.active) else { return }
                try await sim.clock.sleep(for: .seconds(1))
                try sim.setStorage(id, key: "seen", value: .bool(true))
                log.add("wrote seen", sim)
            }))
        let sim = try Simulator(config: .testing(scenes: []), model: model)
        try sim.launch()
        #expect(log.lines == ["0.000 disconnected -> inactive", "0.000 inactive -> active"])
        let window = try #require(sim.windows.first)
        #expect(try sim.storageValue(window, key: "seen") == nil)
        try sim.advance(by: .seconds(1))
        #expect(log.lines.last == "1.000 wrote seen")
        #expect(try sim.storageValue(window, key: "seen") == .bool(true))
    }

    @MainActor
    @Test("a scene's async handler that throws after it awaited is named with its scene")
    func sceneErrorNamesTheScene() throws {
        var model = try AppModel(states: [ModelState("idle")], initial: "idle", transitions: [:])
        try model.addScene(
            SceneDeclaration(id: "editor"),
            AppModel.SceneCode(onPhase: { sim, _, _, new in
                guard new == .connected(.active) else { return }
                try await sim.clock.sleep(for: .seconds(1))
                throw Boom()
            }))
        let sim = try Simulator(config: .testing(scenes: []), model: model)
        try sim.launch()
        #expect {
            try sim.advance(by: .seconds(1))
        } throws: { error in
            "\(error)" == "onPhase of scene \"editor\", an async handler that ran at 0.000 s, threw an error after it awaited: the disk is full"
        }
    }

    /// Holds a continuation nothing in the simulation resumes (a real network call).
    @MainActor
    final class Outside {
        var continuation: CheckedContinuation<Void, Never>?
        nonisolated init() {}
        /// Waits until the test resumes `continuation`.
        func wait() async { await withCheckedContinuation { continuation = $0 } }
    }

    @MainActor
    @Test("the rest of an async handler that awaits something outside the simulation is pending work, named as the handler's; resumed from outside, it runs at the next operation")
    func awaitsOutside() throws {
        let log = Log()
        let outside = Outside()
        let sim = try simulator { sim in
            await withCheckedContinuation { outside.continuation = $0 }
            log.add("answered", sim)
        }
        try sim.launch()
        #expect(sim.pendingWork == [.appTask(origin: "started at 0.000 s (the rest of the async onLaunch)", resumedFromOutside: false)])
        #expect(
            sim.pendingWork.first?.description
                == "a task the app's code started at 0.000 s (the rest of the async onLaunch), awaiting something outside the simulation (neither SimClock nor the server answers it, so it never resumes in a test): hand the app a client the test controls"
        )
        try sim.advance(by: .seconds(1))
        outside.continuation?.resume()
        #expect(sim.pendingWork == [.appTask(origin: "started at 0.000 s (the rest of the async onLaunch)", resumedFromOutside: true)])
        #expect(log.lines.isEmpty)
        try sim.advance(by: .seconds(1))
        #expect(log.lines == ["1.000 answered"])
        #expect(sim.pendingWork.isEmpty)
    }

    @MainActor
    @Test("a termination drops an async handler asleep: its rest never runs, is not pending, and the next launch runs the handler anew")
    func terminationDrops() throws {
        let log = Log()
        let sim = try simulator { sim in
            log.add("launch", sim)
            try await sim.clock.sleep(for: .seconds(2))
            log.add("resumed", sim)
        }
        try sim.launch()
        try sim.advance(by: .seconds(1))
        try sim.terminate(.user)
        #expect(sim.pendingWork.isEmpty)
        try sim.advance(by: .seconds(5))
        #expect(log.lines == ["0.000 launch"])
        try sim.launch()
        #expect(log.lines == ["0.000 launch", "6.000 launch"])
        try sim.advance(by: .seconds(2))
        #expect(log.lines.last == "8.000 resumed")
    }

    @MainActor
    @Test("a task an async handler starts before it awaits runs when the handler's first run returns; one it starts after is started by the handler's rest")
    func tasksItStarts() throws {
        let log = Log()
        let outside = Outside()
        let sim = try simulator { sim in
            Task { @MainActor in log.add("task before the await", sim) }
            log.add("handler before the await", sim)
            try await sim.clock.sleep(for: .seconds(1))
            Task { @MainActor in await withCheckedContinuation { outside.continuation = $0 } }
        }
        try sim.launch()
        #expect(log.lines == ["0.000 handler before the await", "0.000 task before the await"])
        try sim.advance(by: .seconds(1))
        #expect(
            sim.pendingWork == [.appTask(origin: "started at 1.000 s by a task started at 0.000 s", resumedFromOutside: false)]
        )
        outside.continuation?.resume()
    }

    @MainActor
    @Test("a window the app's own task opens opens once the task's step is over; its scene's async onPhase starts then, and its rest resumes at its own instant")
    func handlerInsideATask() throws {
        let log = Log()
        var model = try AppModel(states: [ModelState("idle")], initial: "idle", transitions: [:])
        try model.addScene(
            SceneDeclaration(id: "main"),
            AppModel.SceneCode(onPhase: { sim, id, old, new in
                guard new == .connected(.active), sim.label(of: id) == "main#2" else { return }
                log.add("second window active", sim)
                try await sim.clock.sleep(for: .seconds(1))
                log.add("second window settled", sim)
            }))
        model.onLaunch = { sim in
            Task { @MainActor in
                try await sim.clock.sleep(for: .seconds(1))
                log.add("task opens a window", sim)
                _ = try sim.openWindow("main")
                log.add("task goes on", sim)
            }
        }
        let sim = try Simulator(config: .testing(scenes: []), model: model)
        try sim.launch()
        try sim.advance(by: .seconds(1))
        #expect(log.lines == ["1.000 task opens a window", "1.000 task goes on", "1.000 second window active"])
        #expect(sim.pendingWork == [.sleep(since: .at(1), due: .at(2))])
        try sim.advance(by: .seconds(1))
        #expect(log.lines.last == "2.000 second window settled")
        #expect(sim.pendingWork.isEmpty)
    }

    @MainActor
    @Test("an async intent the app's own task performs starts inside the task's step; the task goes on when the intent first awaits")
    func intentInsideATask() throws {
        let log = Log()
        var model = try AppModel(states: [ModelState("idle")], initial: "idle", transitions: [:])
        try model.addIntent("sync") { sim, _ in
            log.add("intent start", sim)
            try await sim.clock.sleep(for: .seconds(1))
            log.add("intent done", sim)
        }
        model.onLaunch = { sim in
            Task { @MainActor in
                log.add("task start", sim)
                try sim.perform(intent: "sync")
                log.add("task goes on", sim)
                try await sim.clock.sleep(for: .seconds(3))
                log.add("task done", sim)
            }
        }
        let sim = try Simulator(config: .testing(), model: model)
        try sim.launch()
        #expect(log.lines == ["0.000 task start", "0.000 intent start", "0.000 task goes on"])
        #expect(sim.pendingWork == [.sleep(since: .zero, due: .at(1)), .sleep(since: .zero, due: .at(3))])
        try sim.settle()
        #expect(log.lines.suffix(2) == ["1.000 intent done", "3.000 task done"])
    }

    @MainActor
    @Test("an async intent: its call returns when its code first awaits, the rest runs at its instant; its early error is the call's")
    func asyncIntent() throws {
        let log = Log()
        var model = try AppModel(states: [ModelState("idle")], initial: "idle", transitions: [:])
        try model.addIntent("refresh", parameters: [.init("delay", .integer)]) { sim, arguments in
            guard case .int(let delay) = arguments[0] else { return }
            guard delay >= 0 else { throw Boom() }
            log.add("refresh start", sim)
            try await sim.clock.sleep(for: .seconds(delay))
            log.add("refresh done", sim)
        }
        // The synchronous form, with a result, is still the one a closure returning a value picks.
        try model.addIntent("count") { _, _ in .int(3) }
        let sim = try Simulator(config: .testing(), model: model)
        try sim.launch()
        #expect(try sim.perform(intent: "refresh", [.int(2)]) == nil)
        #expect(log.lines == ["0.000 refresh start"])
        try sim.settle()
        #expect(log.lines == ["0.000 refresh start", "2.000 refresh done"])
        #expect(try sim.perform(intent: "count") == .int(3))
        #expect {
            try sim.perform(intent: "refresh", [.int(-1)])
        } throws: { error in
            "\(error)" == "perform(intent: \"refresh\"): the disk is full"
        }
    }

    @MainActor
    @Test("an async handler that only ever yields is the livelock error after 100,000 steps, not a hang; it is not pending after, and the next event runs")
    func yieldsForEver() throws {
        let log = Log()
        let sim = try simulator { _ in
            while true { await Task.yield() }
        }
        #expect {
            try sim.launch()
        } throws: { error in
            (error as? SimError)?.kind == .didNotSettle
        }
        // Its jobs were dropped: it never runs again, so it is not work under way.
        #expect(sim.pendingWork.isEmpty)
        try sim.scheduleTask(after: 1) { sim in log.add("next event", sim) }
        try sim.advance(by: .seconds(1))
        #expect(log.lines == ["1.000 next event"])
    }
}
