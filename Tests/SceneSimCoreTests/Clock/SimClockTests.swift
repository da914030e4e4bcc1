import SceneSimTestSupport
import Testing
@testable import SceneSimCore

/// Issue 42, item 1 (semantics 10.10): the tasks the app's code starts run within the
/// simulator's events, and sleep on its virtual clock.
@Suite("SimClock and the app's tasks")
struct SimClockTests {
    /// What the app's code did, with the virtual time of each step.
    @MainActor
    final class Log {
        var lines: [String] = []
        var task: Task<Void, Never>?
        nonisolated init() {}
        func add(_ line: String, _ sim: Simulator) { lines.append("\(sim.now.text) \(line)") }
        func record(_ line: String) { lines.append(line) }
    }

    /// A model with one state whose launch runs `launch`.
    private func simulator(_ config: AppConfig = .testing(), launch: @escaping @MainActor (Simulator) throws -> Void) throws -> Simulator {
        var model = try AppModel(states: [ModelState("idle")], initial: "idle", transitions: [:])
        model.onLaunch = launch
        return try Simulator(config: config, model: model)
    }

    /// Code that is not isolated but expects the main actor, as a callback from a framework.
    nonisolated static func checkMainActor(_ log: Log, _ sim: Simulator) {
        nonisolated(unsafe) let sim = sim
        MainActor.assumeIsolated { log.add("on the main actor", sim) }
    }

    /// Nonisolated async work the app's task hops to (it runs on the default executor).
    nonisolated static func work(_ log: Log, _ clock: SimClock) async {
        let line = "\(clock.now.time.text) nonisolated work"
        await log.record(line)
    }

    @MainActor
    @Test("a task started in a handler runs when the handler returns, within the event: hops and yields too, until it sleeps; the sleep resumes at its instant")
    func runsWithinTheEvent() throws {
        let log = Log()
        let sim = try simulator { sim in
            log.add("handler start", sim)
            Task { @MainActor in
                log.add("task start", sim)
                await Self.work(log, sim.clock)
                await Task.yield()
                log.add("after yield", sim)
                try await sim.clock.sleep(for: .seconds(2))
                log.add("resumed", sim)
                Self.checkMainActor(log, sim)
            }
            log.add("handler end", sim)
        }
        try sim.launch()
        #expect(log.lines == ["0.000 handler start", "0.000 handler end", "0.000 task start", "0.000 nonisolated work", "0.000 after yield"])
        try sim.advance(by: .milliseconds(1500))
        #expect(log.lines.count == 5)
        try sim.settle()
        #expect(log.lines.suffix(2) == ["2.000 resumed", "2.000 on the main actor"])
        #expect(sim.now == .at(2))
        #expect(sim.pendingWork.isEmpty)
    }

    @MainActor
    @Test("sleeps and timers due at the same instant run in the order they were scheduled")
    func sameInstantOrder() throws {
        let log = Log()
        let sim = try simulator { sim in
            try sim.scheduleTask(after: 2) { sim in log.add("timer armed before the task", sim) }
            Task { @MainActor in
                try await sim.clock.sleep(for: .seconds(2))
                log.add("sleep", sim)
            }
        }
        try sim.launch()
        // Armed after the task went to sleep.
        try sim.scheduleTask(after: 2) { sim in log.add("timer armed after the sleep", sim) }
        try sim.advance(by: .seconds(2))
        #expect(log.lines == ["2.000 timer armed before the task", "2.000 sleep", "2.000 timer armed after the sleep"])
    }

    @MainActor
    @Test("a deadline at or before now resumes at once, within the same event")
    func pastDeadline() throws {
        let log = Log()
        let sim = try simulator { sim in
            Task { @MainActor in
                try await sim.clock.sleep(until: sim.clock.now.advanced(by: .seconds(-1)))
                log.add("past", sim)
                try await sim.clock.sleep(for: .zero)
                log.add("zero", sim)
            }
        }
        try sim.launch()
        #expect(log.lines == ["0.000 past", "0.000 zero"])
        #expect(sim.pendingWork.isEmpty)
    }

    @MainActor
    @Test("a deadline reached while the app is suspended resumes when it resumes, as timers do")
    func suspension() throws {
        let log = Log()
        let sim = try simulator(.testing(.iphone)) { sim in
            Task { @MainActor in
                try await sim.clock.sleep(for: .seconds(60))
                log.add("resumed", sim)
            }
        }
        try sim.launch()
        try sim.background()
        try sim.advance(by: .seconds(100))
        #expect(sim.isSuspended)
        #expect(log.lines.isEmpty)
        try sim.foreground()
        #expect(log.lines == ["100.000 resumed"])
    }

    @MainActor
    @Test("a termination drops the process's sleeping tasks: they never resume and are not pending")
    func terminationDrops() throws {
        let log = Log()
        let sim = try simulator { sim in
            Task { @MainActor in
                try await sim.clock.sleep(for: .seconds(2))
                log.add("resumed", sim)
            }
        }
        try sim.launch()
        #expect(sim.pendingWork == [.sleep(since: .zero, due: .at(2))])
        try sim.terminate(.user)
        #expect(sim.pendingWork.isEmpty)
        try sim.advance(by: .seconds(10))
        #expect(log.lines.isEmpty)
    }

    @MainActor
    @Test("a sleep outside the simulator's events (a test's own async code) throws, naming the call and what to do")
    func sleepOutsideEvents() async throws {
        let sim = try simulator { _ in }
        try sim.launch()
        await #expect {
            try await sim.clock.sleep(for: .seconds(1))
        } throws: { error in
            "\(error)"
                == "SimClock.sleep(until:) ran outside the simulator's events: only a task the app's code starts (Task { @MainActor in … } in a handler, a timer body or an intent) sleeps on the virtual clock; a test moves the clock with advance(by:) or settle() instead"
        }
        #expect(sim.pendingWork.isEmpty)
    }

    @MainActor
    @Test(
        "a real sleep (ContinuousClock, Task.sleep) works once the simulator runs the app's tasks: the app's task waits outside the simulation and runs at the next operation after it is due; the test's own sleeps work"
    )
    func realSleep() async throws {
        let log = Log()
        let sim = try simulator { sim in
            Task { @MainActor in
                log.add("task start", sim)
                try await ContinuousClock().sleep(for: .milliseconds(1))
                log.add("slept for real", sim)
            }
        }
        try sim.launch()
        #expect(log.lines == ["0.000 task start"])
        guard case .appTask(let origin, _)? = sim.pendingWork.first else {
            Issue.record("pending: \(sim.pendingWork)")
            return
        }
        #expect(origin == "started at 0.000 s")
        // The test's own real sleep: the process crashed here (the runtime's unwrap of the
        // default executor's scheduling) before the taken-over executor scheduled.
        let resumed = Simulator.PendingWork.appTask(origin: "started at 0.000 s", resumedFromOutside: true)
        for _ in 0..<500 where sim.pendingWork != [resumed] {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(sim.pendingWork == [resumed])
        #expect(log.lines == ["0.000 task start"])
        try sim.advance(by: .seconds(1))
        #expect(log.lines == ["0.000 task start", "0.000 slept for real"])
        #expect(sim.pendingWork.isEmpty)
    }

    @MainActor
    @Test("an app's task that never awaits anything but Task.yield() is an error after 100,000 steps, not a hang; its jobs are dropped")
    func yieldingForEver() throws {
        let log = Log()
        let sim = try simulator { _ in
            Task { @MainActor in
                while true { await Task.yield() }
            }
        }
        #expect {
            try sim.launch()
        } throws: { error in
            "\(error)"
                == "the app's tasks ran 100000 steps in one event and are still ready to run: a task that never awaits anything but Task.yield() or itself keeps the event going; let it await the clock (SimClock.sleep) or end"
        }
        // Its jobs were dropped: it never runs again, so it is not work under way.
        #expect(sim.pendingWork.isEmpty)
        // The next event runs only its own tasks.
        try sim.scheduleTask(after: 1) { sim in
            Task { @MainActor in log.add("next event's task", sim) }
        }
        try sim.advance(by: .seconds(1))
        #expect(log.lines == ["1.000 next event's task"])
    }

    @MainActor
    @Test("a task cancelled during its sleep is not woken early: its sleep throws CancellationError at the deadline")
    func cancellation() throws {
        let log = Log()
        let sim = try simulator { sim in
            log.task = Task { @MainActor in
                do {
                    try await sim.clock.sleep(for: .seconds(2))
                    log.add("slept", sim)
                } catch {
                    log.add("\(type(of: error))", sim)
                }
            }
        }
        try sim.launch()
        try sim.scheduleTask(after: 1) { _ in log.task?.cancel() }
        try sim.advance(by: .milliseconds(1500))
        #expect(log.lines.isEmpty)
        try sim.advance(by: .seconds(1))
        #expect(log.lines == ["2.000 CancellationError"])
    }

    @Test("Duration converts to the nearest microsecond, held within the clock's end")
    func durationConversion() {
        #expect(VirtualTime(.seconds(2)) == .at(2))
        #expect(VirtualTime(.nanoseconds(1499)) == VirtualTime(microseconds: 1))
        #expect(VirtualTime(.nanoseconds(1500)) == VirtualTime(microseconds: 2))
        #expect(VirtualTime(.nanoseconds(-1500)) == VirtualTime(microseconds: -2))
        #expect(VirtualTime(.seconds(Int64.max)) == .latest)
        #expect(VirtualTime(microseconds: 1_500).duration == .microseconds(1500))
        let start = SimClock.Instant(.zero)
        #expect(start.advanced(by: .milliseconds(1500)).time == .at(1.5))
        #expect(start.duration(to: SimClock.Instant(.at(3))) == .seconds(3))
    }
}
