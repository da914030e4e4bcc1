import AsyncSessionApp
import SceneSim
import SceneSimTesting
import Testing

/// The session controller's async start, driven through real lifecycles on the virtual clock.
/// Every test is exhaustive (the store's default): each trace event is asserted where it
/// happens, and `finish()` fails on anything still under way, the app's tasks included.
/// The test functions are synchronous and `@MainActor`, as the controller is: the app's tasks
/// run within the simulator's events, so nothing here awaits.
@MainActor
@Suite("An async session controller on the virtual clock")
struct SessionLifecycleTests {
    /// A device with a stored session of "ada" (token valid for an hour), or none.
    func makeStore(session: Bool = true) throws -> (SceneSimTestStore, SessionModel.Process) {
        let (model, process) = try SessionModel.make()
        var config = AppConfig(platform: .ipados)
        if session { config.storedSession = InitialSession(user: "ada", ttl: .init(seconds: 3600)) }
        return (try SceneSimTestStore(config, model: model), process)
    }

    @Test("a cold launch: the splash until 2.000 s, the session check, signed in at 2.200 s")
    func coldLaunch() throws {
        let (store, process) = try makeStore()
        try store.launch()
        store.expectTrace(
            """
            [   0.000] app         launch #1 on ipados: nothing to restore
            [   0.000] main#1      connected (new session) -> inactive
            [   0.000] main#1      phase inactive -> active
            [   0.000] app         phase inactive -> active
            """)
        let controller = try #require(process.controller)
        #expect(controller.phase == .splash)
        // The controller's task sleeps on the store's clock until 2 s.
        #expect(store.simulator.pendingWork == [.sleep(since: .zero, due: VirtualTime(microseconds: 2_000_000))])
        try store.advance(by: .seconds(2) - .milliseconds(1))
        store.expectTrace("")
        #expect(controller.phase == .splash)
        try store.advance(by: .milliseconds(1))
        store.expectTrace(
            """
            [   2.000] app         state splash -> validating
            [   2.000] auth        validating the session of ada with the server
            """)
        #expect(controller.phase == .validating)
        try store.advance(by: .milliseconds(200))
        store.expectTrace(
            """
            [   2.200] auth        session of ada: valid
            [   2.200] app         state validating -> signedIn
            """)
        #expect(controller.phase == .signedIn)
        store.finish()
    }

    @Test("no stored session: signed out at 2.000 s, without asking the server")
    func noSession() throws {
        let (store, process) = try makeStore(session: false)
        try store.launch()
        _ = store.takeTrace()
        try store.settle()
        store.expectTrace("[   2.000] app         state splash -> signedOut")
        #expect(process.controller?.phase == .signedOut)
        store.finish()
    }

    @Test("a deep link during the splash waits for the sign-in, then opens its document window at 2.200 s")
    func deepLinkDuringSplash() throws {
        let (store, process) = try makeStore()
        try store.launch()
        _ = store.takeTrace()
        try store.advance(by: .milliseconds(500))
        #expect(try store.openURL("app://doc/42"))
        #expect(process.controller?.pendingDocument == "42")
        #expect(store.windows == ["main#1"])
        _ = store.takeTrace()
        try store.advance(by: .milliseconds(1700))
        store.expectTrace(
            """
            [   2.000] app         state splash -> validating
            [   2.000] auth        validating the session of ada with the server
            [   2.200] auth        session of ada: valid
            [   2.200] app         state validating -> signedIn
            [   2.200] document#1  connected (new session, value "42") -> inactive
            [   2.200] document#1  phase inactive -> active
            """)
        #expect(store.windows == ["document#1", "main#1"])
        store.finish()
    }

    @Test("the user leaves during the splash and the system kills the app: its task is dropped; the relaunch starts over and signs in 2.200 s after it")
    func killDuringSplash() throws {
        let (store, process) = try makeStore()
        try store.launch()
        _ = store.takeTrace()
        try store.advance(by: .seconds(1))
        let first = try #require(process.controller)
        try store.background()
        try store.terminate(.system)
        _ = store.takeTrace()
        // Nothing of the first process is pending, and none of its code runs again.
        #expect(store.simulator.pendingWork == [])
        try store.advance(by: .seconds(5))
        store.expectTrace("")
        #expect(first.phase == .splash)
        try store.launch()
        _ = store.takeTrace()
        let second = try #require(process.controller)
        #expect(second !== first)
        try store.settle()
        store.expectTrace(
            """
            [   8.000] app         state splash -> validating
            [   8.000] auth        validating the session of ada with the server
            [   8.200] auth        session of ada: valid
            [   8.200] app         state validating -> signedIn
            """)
        #expect(first.phase == .splash)
        #expect(second.phase == .signedIn)
        store.finish()
    }
}
