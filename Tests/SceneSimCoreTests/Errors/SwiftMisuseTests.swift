import SceneSimBuiltin
import SceneSimCore
import SceneSimTestSupport
import Testing

/// Issue 43, item 14: the Swift library's misuses that trapped (a NaN or huge advance, a
/// task id the run never made, a window of another simulator) are errors, with the script's
/// words in `message` and Swift's in `description`, and change nothing.
@Suite("Swift misuse is an error, never a trap")
struct SwiftMisuseTests {
    @Test("advance(seconds:) refuses NaN, infinities, spans past 1e12 s and negative spans; the clock stays")
    func advanceRefusesBadSpans() throws {
        let simulator = try Simulator(config: .testing())
        try simulator.launch()
        for (seconds, shown) in [(Double.nan, "nan"), (.infinity, "inf"), (1e300, "1e+300"), (-.infinity, "-inf")] {
            let error = #expect(throws: SimError.self) { try simulator.advance(seconds: seconds) }
            #expect(error?.message == "sim.advance needs a finite number of seconds, at most 1e12 (got \(shown))")
            #expect(error?.description == "advance(by:) needs a finite number of seconds, at most 1e12 (got \(shown))")
        }
        let back = #expect(throws: SimError.self) { try simulator.advance(seconds: -1) }
        #expect(back?.description == "advance(by:) needs zero or more seconds (got -1.000); the clock only moves forward")
        #expect(simulator.now == .zero)
        try simulator.advance(seconds: 1.5)
        #expect(simulator.now == .at(1.5))
    }

    @Test("trace(_:) takes only the validation lines a model's own code writes; any other event is an error that writes nothing")
    func traceTakesOnlyAModelsLines() throws {
        let simulator = try Simulator(config: .testing())
        simulator.isTracing = true
        try simulator.launch()
        _ = simulator.takeEvents()
        let error = #expect(throws: SimError.self) { try simulator.trace(.note("made up")) }
        #expect(
            error?.message
                == #"trace(_:): .note is a line the simulator writes itself; a model's code traces only .validationStarted, .validationFinished and .warning(.validationSkipped), and writes anything else with note(_:)"#
        )
        #expect(simulator.takeEvents().isEmpty)
        try simulator.trace(.validationStarted(user: "ada"))
        #expect(simulator.takeEvents().map(\.event) == [.validationStarted(user: "ada")])
    }

    @Test("a timer or background task id the run never made is an error for each call that takes one")
    func unknownTaskIDs() throws {
        let simulator = try Simulator(config: .testing(.iphone))
        try simulator.launch()
        let timer = try simulator.scheduleTask(after: 1) { _ in }
        let task = try simulator.beginBackgroundTask(named: "upload")
        let missingTimer = TaskID(rawValue: timer.rawValue + 6)
        let missingTask = BackgroundTaskID(rawValue: 0)

        let status = #expect(throws: SimError.self) { try simulator.taskStatus(missingTimer) }
        #expect(status?.message == "task.status: there is no task 7; app:after has made 1 in this run")
        #expect(status?.description == "taskStatus(_:): there is no task 7; scheduleTask(after:_:) has made 1 in this run")
        let time = #expect(throws: SimError.self) { try simulator.taskTime(missingTimer) }
        #expect(time?.description == "taskTime(_:): there is no task 7; scheduleTask(after:_:) has made 1 in this run")
        let cancel = #expect(throws: SimError.self) { try simulator.cancelTask(missingTimer) }
        #expect(cancel?.message == "task:cancel(): there is no task 7; app:after has made 1 in this run")
        #expect(cancel?.description == "cancelTask(_:): there is no task 7; scheduleTask(after:_:) has made 1 in this run")

        let background = #expect(throws: SimError.self) { try simulator.backgroundTaskStatus(missingTask) }
        #expect(background?.message == "task.status: there is no background task 0; app:begin_background_task has begun 1 in this run")
        #expect(background?.description == "backgroundTaskStatus(_:): there is no background task 0; beginBackgroundTask(named:expirationHandler:) has begun 1 in this run")
        let name = #expect(throws: SimError.self) { try simulator.backgroundTaskName(BackgroundTaskID(rawValue: 9)) }
        #expect(name?.description == "backgroundTaskName(_:): there is no background task 9; beginBackgroundTask(named:expirationHandler:) has begun 1 in this run")
        let finish = #expect(throws: SimError.self) { try simulator.finishBackgroundTask(BackgroundTaskID(rawValue: 9)) }
        #expect(finish?.description == "finishBackgroundTask(_:): there is no background task 9; beginBackgroundTask(named:expirationHandler:) has begun 1 in this run")

        #expect(try simulator.taskStatus(timer) == .pending)
        #expect(try simulator.backgroundTaskStatus(task) == .running)
        #expect(try simulator.backgroundTaskName(task) == "upload")
    }

    @Test("a window of another simulator is an error for every call that takes one, in range of this one's table or past it")
    func foreignSessionIDs() throws {
        let first = try Simulator(config: .testing(scenes: [.group("main"), .group("doc", value: .string)]))
        first.isTracing = true
        try first.launch()
        let docs = try (1...3).map { try #require(try first.openWindow("doc", value: .string("\($0)")).window) }
        let other = try Simulator(config: .testing(scenes: [.group("main"), .group("doc", value: .string)]))
        try other.launch()
        let before = other.snapshot()

        // Ids from every place a simulator hands them out: its lists, its results, its trace.
        let traced = first.takeEvents().compactMap { record -> SessionID? in
            if case .scenePhaseChanged(let scene, _, _) = record.event { scene } else { nil }
        }
        #expect(!traced.isEmpty)
        for window in [docs[2], try #require(first.windows.last), try #require(traced.first), try #require(first.session(labeled: "main#1"))] {
            let focus = #expect(throws: SimError.self) { try other.focus(window) }
            #expect(focus?.message == "w:focus(): this window belongs to another simulator; use the windows this one gives (windows, liveSessions, session(labeled:))")
            #expect(focus?.description == "focus(_:): this window belongs to another simulator; use the windows this one gives (windows, liveSessions, session(labeled:))")
            #expect(throws: SimError.self) { try other.close(window) }
            #expect(throws: SimError.self) { try other.send(.disconnect(window)) }
            #expect(throws: SimError.self) { try other.setStorage(window, key: "k", value: .int(1)) }
            #expect(throws: SimError.self) { try other.storageValue(window, key: "k") }
            #expect(throws: SimError.self) { try other.liveStorage(window) }
            #expect(throws: SimError.self) { try other.savedStorage(window) }
            #expect(throws: SimError.self) { try other.storageKeys(window) }
            #expect(throws: SimError.self) { try other.windowMemory(window) }
            #expect(throws: SimError.self) { try other.setWindowMemory(window, key: "k", value: .int(1)) }
            #expect(!other.accepts(.focus(window)))
            #expect(!other.isAlive(window))
            #expect(!other.isConnected(window))
            #expect(other.phase(of: window) == .disconnected)
        }
        #expect(other.snapshot() == before)
        #expect(first.isAlive(docs[2]))
    }
}
