import SceneSim
import SceneSimTesting
import Testing

@Suite("SceneSimTestStore: lifecycle tests in Swift")
struct SceneSimTestStoreTests {
    static let config = AppConfig(
        platform: .ipados,
        scenes: [SceneDeclaration(id: "main"), SceneDeclaration(id: "detail", valueType: .string)]
    )

    @Test("the trace since the last assertion is what a cold launch did, line for line")
    func launchTrace() throws {
        let store = try SceneSimTestStore(Self.config)
        try store.launch()
        store.expectTrace(
            """
            [   0.000] app         launch #1 on ipados: nothing to restore
            [   0.000] main#1      connected (new session) -> inactive
            [   0.000] main#1      phase inactive -> active
            [   0.000] app         phase inactive -> active: validate session and refresh
            """)
        try store.advance(1)
        store.expectTrace(
            """
            [   0.500] app         state loading -> unauthenticated
            """)
        store.expectState("unauthenticated")
    }

    @Test("opening a window for a value already shown brings that window to the front instead of a second one")
    func openWindowDedups() throws {
        let store = try SceneSimTestStore(Self.config)
        try store.launch()
        _ = store.takeTrace()
        let first = try store.openWindow("detail", value: .string("42"))
        let second = try store.openWindow("detail", value: .string("42"))
        #expect(first == "detail#1")
        #expect(second == "detail#1")
        #expect(store.windows == ["detail#1", "main#1"])
        store.expectTrace(
            """
            [   0.000] detail#1    connected (new session, value "42") -> inactive
            [   0.000] detail#1    phase inactive -> active
            [   0.000] detail#1    already open: brought to front
            """)
        try store.settle()
        store.expectTrace("[   0.500] app         state loading -> unauthenticated")
    }

    @Test("storage saved when the app is backgrounded comes back after the system kills and relaunches it")
    func storageSurvivesSystemKill() throws {
        let store = try SceneSimTestStore(Self.config)
        store.exhaustivity = .off
        try store.launch()
        try store.openWindow("detail", value: .string("42"))
        try store.setStorage("detail#1", "draft", .string("hello"))
        try store.background()
        try store.terminate(.system)
        try store.launch()
        try store.expectStorage("detail#1", ["draft": .string("hello")])
        #expect(store.windows == ["detail#1", "main#1"])
    }

    @Test("expectSnapshot checks only what its closure says changed since the last snapshot")
    func snapshotChanges() throws {
        let store = try SceneSimTestStore(Self.config)
        store.exhaustivity = .off
        try store.launch()
        store.expectSnapshot {
            $0.isRunning = true
            $0.launchCount = 1
            $0.phase = .active
            $0.state = ModelState("loading")
            $0.windows = [.init("main#1", .active)]
            $0.sessions = [.init(id: "main#1", phase: .connected(.active), storage: [:])]
        }
        try store.background()
        store.expectSnapshot {
            $0.phase = .background
            $0.windows = [.init("main#1", .background)]
            $0.sessions[0].phase = .connected(.background)
        }
    }

    @Test("a trace that differs fails the test with a diff of the lines that differ")
    func traceMismatchShowsDiff() throws {
        let store = try SceneSimTestStore(Self.config)
        try store.launch()
        try store.advance(1)
        withKnownIssue {
            store.expectTrace(
                """
                [   0.000] app         launch #1 on ipados: nothing to restore
                [   0.000] main#1      connected (new session) -> inactive
                [   0.000] main#1      phase inactive -> active
                [   0.000] app         phase inactive -> active: validate session and refresh
                [   0.500] app         state loading -> authenticated("ada")
                """)
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined(separator: "\n")
            return text.hasPrefix("the trace differs (−: expected, +: what ran)")
                && text.contains(#"− [   0.500] app         state loading -> authenticated("ada")"#)
                && text.contains("+ [   0.500] app         state loading -> unauthenticated")
        }
    }

    @Test("a state that differs fails the test naming both states")
    func stateMismatchShowsBoth() throws {
        let store = try SceneSimTestStore(Self.config)
        store.exhaustivity = .off
        try store.launch()
        try store.advance(1)
        withKnownIssue {
            store.expectState(#"authenticated("ada")"#)
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined(separator: "\n")
            return text.hasPrefix("the app's state differs (−: expected, +: what ran)")
                && text.contains(##"− #"authenticated("ada")"#"##)
                && text.contains(#"+ "unauthenticated""#)
        }
    }

    @Test("a store runs an app model of the test's own, whose launch handler moves it to its first screen")
    func ownModel() throws {
        var model = try AppModel(
            states: [.init("starting"), .init("locked"), .init("unlocked")],
            initial: "starting",
            transitions: ["starting": ["locked"], "locked": ["unlocked"], "unlocked": ["locked"]]
        )
        model.onLaunch = { simulator in _ = try? simulator.transition(to: ModelState("locked")) }
        let store = try SceneSimTestStore(Self.config, model: model)
        try store.launch()
        store.expectState("locked")
        try store.advance(1)
        _ = try store.simulator.transition(to: ModelState("unlocked"))
        try store.background()
        // `starting` is on screen for no time at all, which the simulator flags as a flicker.
        store.expectTrace(
            """
            [   0.000] app         launch #1 on ipados: nothing to restore
            [   0.000] app         state starting -> locked
            [   0.000] main#1      connected (new session) -> inactive
            [   0.000] main#1      phase inactive -> active
            [   0.000] app         phase inactive -> active
            [   1.000] app         state locked -> unlocked
            [   1.000] main#1      phase active -> inactive
            [   1.000] app         phase active -> inactive
            [   1.000] main#1      phase inactive -> background
            [   1.000] app         phase inactive -> background
            """)
    }

    @Test("a window label no session has is an error that lists the labels there are")
    func unknownWindow() throws {
        let store = try SceneSimTestStore(Self.config)
        store.exhaustivity = .off
        try store.launch()
        let error = #expect(throws: UnknownWindow.self) { try store.focus("detail#1") }
        #expect(error?.description == "no window is labelled detail#1; the sessions are main#1")
    }

    /// A timer due at 5 s, a server validation and a background task, begun by the app's code
    /// at 0 s, while the built-in model's initialization is still under way; the trace taken.
    static func startWork(_ store: SceneSimTestStore) throws -> (TaskID, BackgroundTaskID) {
        let token = try store.simulator.createSession(user: "ada")
        try store.perform("validate") { sim in try sim.validate(token: token) { _, _, _ in } }
        let task = try store.perform("scheduleTask") { sim in try sim.scheduleTask(after: 5) { _ in } }
        let upload = try store.beginBackgroundTask(named: "upload")
        _ = store.takeTrace()
        return (task, upload)
    }

    @Test("finish() fails while the app's work is under way, naming each piece: as TCA's fails on effects still running")
    func finishNamesWorkUnderWay() throws {
        let store = try SceneSimTestStore(Self.config)
        try store.launch()
        _ = try Self.startWork(store)
        withKnownIssue {
            store.finish()
        } matching: { issue in
            issue.comments.map(\.rawValue).joined() == """
                4 pieces of work are still under way at the end of the test; let it run (advance, settle), cancel or finish it, or set exhaustivity = .off:
                  server validation 1, its answer due at 0.200 s
                  the model's own timer, due at 0.500 s
                  task 1, due at 5.000 s
                  background task 1 "upload", running
                """
        }
    }

    @Test("once the work is done, cancelled or finished, finish() passes; with exhaustivity off it never looks")
    func finishPassesOnceWorkIsDone() throws {
        let store = try SceneSimTestStore(Self.config)
        try store.launch()
        let (task, upload) = try Self.startWork(store)
        #expect(try store.simulator.cancelTask(task))
        try store.finishBackgroundTask(upload)
        try store.settle()
        _ = store.takeTrace()
        #expect(store.simulator.pendingWork.isEmpty)
        store.finish()

        let loose = try SceneSimTestStore(Self.config)
        loose.exhaustivity = .off
        try loose.launch()
        _ = try Self.startWork(loose)
        #expect(loose.simulator.pendingWork.count == 4)
        loose.finish()
    }

    @Test("a misuse is the simulator's error, with what to do")
    func misuse() throws {
        let store = try SceneSimTestStore(Self.config)
        let error = #expect(throws: SimError.self) { try store.background() }
        #expect(error?.kind == .notRunning)
    }
}
