import ByteText
import SceneSimTestSupport
import SceneSimTesting
import Testing
import SceneSimBuiltin
@testable import SceneSimCore

/// Misuse messages are API: each is asserted verbatim, and each misuse leaves the state as it was.
@Suite("Misuse messages")
struct MisuseMessageTests {
    /// Runs `body`, expects exactly `error`, and checks the state did not change.
    func expectRefusal(_ device: SceneSimTestStore, _ error: SimError, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void) {
        let before = device.simulator.snapshot()
        #expect(throws: error, sourceLocation: sourceLocation) { try body() }
        #expect(device.simulator.snapshot() == before, "the refused operation changed the state", sourceLocation: sourceLocation)
    }

    @Test("an unknown scene id names the declared ones and suggests the closest")
    func unknownScene() throws {
        let device = try SceneSimTestStore.ready()
        expectRefusal(device, SimError(.unknownScene, "unknown scene id \"detial\" (did you mean \"detail\"?); the app declares \"main\", \"detail\", \"item\"")) {
            try device.openWindow("detial", value: .string("a"))
        }
        expectRefusal(device, SimError(.unknownScene, "unknown scene id \"settings\"; the app declares \"main\", \"detail\", \"item\"")) {
            try device.dismissWindow("settings")
        }
    }

    @Test(
        "a value of the wrong type says which type the group presents",
        arguments: [
            ("item", SceneValue.string("7"), "scene \"item\" presents integer values, not string \"7\" (write 7 without quotes)"),
            ("item", .double(7), "scene \"item\" presents integer values, not float 7.0 (write 7, not 7.0: integer and float are different values)"),
            ("detail", .int(42), "scene \"detail\" presents string values, not integer 42 (write \"42\" in quotes)"),
            ("detail", .bool(true), "scene \"detail\" presents string values, not boolean true"),
            (
                "main", .string("x"),
                "scene \"main\" is a WindowGroup without a value type, so it cannot present \"x\"; call open_window(\"main\") or declare it with value = \"string\" or \"integer\""
            ),
        ])
    func wrongValueType(group: String, value: SceneValue, message: String) throws {
        let device = try SceneSimTestStore.ready()
        expectRefusal(device, SimError(.invalidValue, .text(message))) { try device.openWindow(group, value: value) }
    }

    @Test("a discarded session's handle says when and why it was discarded")
    func discardedSession() throws {
        let device = try SceneSimTestStore.ready()
        try device.openWindow("detail", value: .string("42"))
        try device.advance(1)
        try device.close("detail#1")
        let message = "window detail#1 no longer exists: its session was discarded at 1.500 s (closed by the user); open a new window with app:open_window(\"detail\", \"42\")"
        expectRefusal(device, SimError(.discardedSession, .text("w:focus(): " + message))) { try device.focus("detail#1") }
        expectRefusal(device, SimError(.discardedSession, .text("writing storage: " + message))) { try device.setStorage("detail#1", "k", .int(1)) }
        expectRefusal(device, SimError(.discardedSession, .text("w:close(): " + message))) { try device.close("detail#1") }
    }

    @Test("intents the app state forbids say what state is needed and how to get there")
    func forbiddenByState() throws {
        let device = try SceneSimTestStore.launched()
        expectRefusal(
            device, SimError(.forbidden, "app:login needs the app to be unauthenticated, but it is loading; advance the clock until initialization finishes (sim.settle())")
        ) {
            try device.login("ada")
        }
        try device.settle()
        expectRefusal(device, SimError(.forbidden, "app:next_step() needs the app to be onboarding, but it is unauthenticated; log in first with app:login{ user = \"...\" }")) {
            try device.nextStep()
        }
        expectRefusal(
            device, SimError(.forbidden, "app:logout() needs the app to be authenticated or error, but it is unauthenticated; log in first with app:login{ user = \"...\" }")
        ) {
            try device.logout()
        }
        try device.login("ada")
        expectRefusal(device, SimError(.forbidden, "app:retry() needs the app to be error, but it is authenticated(ada); log out first with app:logout()")) {
            try device.retry()
        }
    }

    @Test("lifecycle operations the current phase forbids are refused with what to do instead")
    func forbiddenByLifecycle() throws {
        let device = try SceneSimTestStore.ready()
        expectRefusal(
            device, SimError(.forbidden, "app:launch(): the app is already running (launch #1); terminate it first with app:terminate(\"system\" | \"user\" | \"crash\")")
        ) {
            try device.launch()
        }
        expectRefusal(device, SimError(.forbidden, "app:resume(): nothing to resume: no overlay is up; call app:interrupt() or app:switcher() first")) {
            try device.resume()
        }
        expectRefusal(device, SimError(.forbidden, "app:foreground(): the app is already in the foreground and active")) {
            try device.foreground()
        }
        expectRefusal(
            device, SimError(.forbidden, "w:disconnect(): the system disconnects only background scenes, and main#1 is active; call w:background() or app:background() first")
        ) {
            try device.disconnect("main#1")
        }
        try device.background()
        expectRefusal(device, SimError(.forbidden, "app:background(): the app is already in the background (no scene on screen); call app:foreground() first")) {
            try device.background()
        }
        expectRefusal(device, SimError(.forbidden, "app:interrupt(): no scene is active (the app is background); an overlay can only interrupt an active app")) {
            try device.interrupt()
        }
        expectRefusal(device, SimError(.forbidden, "w:background(): main#1 is already in the background; call w:focus() to bring it back first")) {
            try device.backgroundWindow("main#1")
        }
        try device.disconnect("main#1")
        expectRefusal(
            device,
            SimError(.forbidden, "reading storage: main#1 is disconnected, and SceneStorage exists only on a connected scene; call w:focus() to reconnect it, or read w.saved")
        ) {
            _ = try device.simulator.storageValue(device.window("main#1"), key: ByteString("tab"))
        }
        expectRefusal(device, SimError(.forbidden, "w:disconnect(): main#1 is already disconnected")) {
            try device.disconnect("main#1")
        }
    }

    @Test("on macOS, disconnecting a minimised window says to hide the app: w:background() minimises there, and leaves the window inactive")
    func macDisconnectHint() throws {
        let device = try SceneSimTestStore.ready(.testing(.macos, scenes: valueScenes))
        try device.backgroundWindow("main#1")
        expectRefusal(
            device,
            SimError(
                .forbidden,
                "w:disconnect(): the system disconnects only background scenes, and main#1 is inactive; call app:background() (app:hide()) first; on macos w:background() minimises a window to the Dock, where it stays inactive"
            )
        ) {
            try device.disconnect("main#1")
        }
    }

    @Test("terminate(\"system\") while a scene is on screen is refused")
    func systemKillWhileActive() throws {
        let device = try SceneSimTestStore.ready()
        try device.openWindow("detail", value: .string("a"))
        try device.interrupt()
        expectRefusal(
            device,
            SimError(
                .forbidden, "app:terminate(\"system\"): the system kills only an app in the background (suspended or not), but detail#1 is inactive; call app:background() first")
        ) {
            try device.terminate(.system)
        }
    }

    @Test("operations on a terminated app say how it ended and to launch it")
    func notRunning() throws {
        let device = try SceneSimTestStore.ready()
        try device.advance(1)
        try device.terminate(.crash)
        expectRefusal(device, SimError(.notRunning, "app:open_window needs a running app, but it was terminated (crash) at 1.500 s; call app:launch() first")) {
            try device.openWindow("main")
        }
        expectRefusal(device, SimError(.notRunning, "app:terminate(\"user\") needs a running app, but it was terminated (crash) at 1.500 s; call app:launch() first")) {
            try device.terminate(.user)
        }
        let fresh = try SceneSimTestStore.nonExhaustive()
        expectRefusal(fresh, SimError(.notRunning, "app:background() needs a running app; call app:launch() first")) {
            try fresh.background()
        }
    }

    @Test("the clock cannot go backwards and settle reports a duration error verbatim")
    func clockMisuse() throws {
        let device = try SceneSimTestStore.ready()
        expectRefusal(device, SimError(.invalidValue, "sim.advance needs a duration of zero or more seconds (got -1.000)")) {
            try device.perform("advance(-1)") { try $0.advance(by: VirtualTime(seconds: -1)) }
        }
        #expect(throws: SimError(.invalidValue, "the clock cannot go back (now 0.500 s, asked for 0.100 s)")) {
            try device.simulator.moveClock(to: .at(0.1))
        }
    }

    @Test("a restore hook that calls back into the simulator gets a reentrant error")
    func reentrantHook() throws {
        nonisolated(unsafe) var caught: SimError?  // the hook runs on this thread (AppModel's calls are @Sendable)
        var model = AppModel.builtin
        model.restoreCheck = { sim, _ in
            do { try sim.openWindow("main") } catch { caught = error as? SimError }
            return true
        }
        let device = try SceneSimTestStore.ready(model: model)
        try device.background()
        try device.terminate(.system)
        try device.launch()
        #expect(caught == SimError(.reentrant, "cannot change the simulation from inside a restore hook; return true or false and act after the launch"))
    }

    @Test(
        "config errors name the offending key",
        arguments: [
            (AppConfig.testing(scenes: [.group("main"), .group("main")]), "scenes: duplicate scene id \"main\"; every scene needs its own id"),
            (
                AppConfig.testing(.ipados, scenes: [.group("main"), .window("settings")]),
                "scenes: \"settings\" has kind = \"window\", but ipados has no Window scenes (only macos and visionos); use a WindowGroup (drop kind)"
            ),
            (AppConfig.testing(scenes: []), "scenes must declare at least one scene (e.g. scenes = { { id = \"main\" } })"),
            // A body of Window scenes only is valid on macOS (semantics 13.3), one of Settings only is not.
            (AppConfig.testing(.macos, scenes: [SceneDeclaration(id: "prefs", kind: .settings)]), "scenes: the app needs at least one WindowGroup or Window besides Settings"),
            // The second Settings is named as the second (it named the first).
            (
                AppConfig.testing(.macos, scenes: [.group("main"), SceneDeclaration(id: "a", kind: .settings), SceneDeclaration(id: "b", kind: .settings)]),
                "scenes: an app has one Settings scene, and \"b\" is a second after \"a\"; keep one"
            ),
            (AppConfig.testing(scenes: valueScenes) { $0.routes = ["x": "detial"] }, "routes.x names scene \"detial\", which is not declared (did you mean \"detail\"?)"),
            (
                AppConfig.testing(scenes: valueScenes) { $0.routes = ["x": "main"] },
                "routes.x names scene \"main\", which takes no value; route to a WindowGroup declared with value = \"string\" or \"integer\""
            ),
            (AppConfig.testing { $0.visibleLimit = 0 }, "visible_limit must be at least 1 (got 0)"),
            (AppConfig.testing { $0.sessionTTL = .zero }, "session_ttl must be positive (got 0.000)"),
            (AppConfig.testing { $0.minLoading = .at(-1) }, "min_loading must not be negative (got -1.000)"),
        ])
    func configErrors(config: AppConfig, message: String) {
        #expect(throws: SimError(.invalidConfig, .text(message))) { try SceneSimTestStore.nonExhaustive(config) }
    }
}
