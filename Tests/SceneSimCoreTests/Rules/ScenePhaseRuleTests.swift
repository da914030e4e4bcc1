import ByteText
import CustomDump
import SceneSimTestSupport
import SceneSimTesting
import Testing
import SceneSimBuiltin
@testable import SceneSimCore

/// docs/semantics.md §1: scene phases and the app's aggregate.
@Suite("§1 Scene phase")
struct ScenePhaseRuleTests {
    @Test("1.1 every connected scene has its own phase")
    func ownPhase() throws {
        // given two windows side by side
        let device = try SceneSimTestStore.ready()
        try device.openWindow("detail", value: .string("a"))
        // when one of them alone leaves the screen
        try device.backgroundWindow("detail#1")
        // then each reports its own phase
        expectNoDifference(device.simulator.snapshot().windows.map(\.description), ["main#1 active", "detail#1 background"])
        #expect(device.simulator.phase(of: try device.window("detail#1")) == .connected(.background))
        #expect(device.simulator.phase(of: try device.window("main#1")) == .connected(.active))
    }

    @Test("1.2 on iphone, ipados and visionos a scene passes through inactive, one event per step", arguments: [Platform.iphone, .ipados, .visionos])
    func throughInactive(platform: Platform) throws {
        let device = try SceneSimTestStore.ready(.testing(platform))
        try device.background()
        try device.foreground()
        device.expectTrace(
            """
            [   0.500] main#1      phase active -> inactive
            [   0.500] app         phase active -> inactive: prepare for background
            [   0.500] main#1      phase inactive -> background
            [   0.500] app         phase inactive -> background: release resources
            [   0.500] main#1      phase background -> inactive
            [   0.500] app         phase background -> inactive: prepare for background
            [   0.500] main#1      phase inactive -> active
            [   0.500] app         phase inactive -> active: validate session and refresh
            """)
    }

    @Test("1.2 on macos hiding the app goes active → background directly")
    func macosHide() throws {
        let device = try SceneSimTestStore.ready(.testing(.macos))
        try device.background()
        device.expectTrace(
            """
            [   0.500] main#1      phase active -> background
            [   0.500] app         phase active -> background: release resources
            """)
    }

    @Test("1.3 the aggregate phase is active if any scene is active")
    func aggregateActive() throws {
        let device = try SceneSimTestStore.ready()
        try device.openWindow("detail", value: .string("a"))
        try device.backgroundWindow("main#1")
        #expect(device.simulator.snapshot().windows.map(\.description) == ["detail#1 active", "main#1 background"])
        #expect(device.simulator.appPhase == .active)
    }

    @Test("1.3 the aggregate phase is inactive when some scene is inactive and none is active")
    func aggregateInactive() throws {
        let device = try SceneSimTestStore.ready()
        try device.openWindow("detail", value: .string("a"))
        try device.backgroundWindow("main#1")
        try device.interrupt()
        #expect(device.simulator.snapshot().windows.map(\.description) == ["detail#1 inactive", "main#1 background"])
        #expect(device.simulator.appPhase == .inactive)
    }

    @Test("1.3 the aggregate phase is background when every scene is background")
    func aggregateBackground() throws {
        let device = try SceneSimTestStore.ready()
        try device.openWindow("detail", value: .string("a"))
        try device.background()
        #expect(device.simulator.snapshot().windows.map(\.description) == ["detail#1 background", "main#1 background"])
        #expect(device.simulator.appPhase == .background)
    }

    @Test("1.3 with no connected scene the iOS family reads background", arguments: [Platform.iphone, .ipados])
    func aggregateEmptyIOS(platform: Platform) throws {
        let device = try SceneSimTestStore.ready(.testing(platform))
        try device.close("main#1")
        #expect(device.simulator.windows.isEmpty)
        #expect(device.simulator.appPhase == .background)
        #expect(device.simulator.isRunning)
    }

    // A closed macOS window simply goes away (no background step), so with no scene left the
    // aggregate keeps the value it had: the app stays active, as a Mac app with no window does.
    @Test("1.3 on macos closing the last window leaves the app running in its last phase")
    func aggregateEmptyMacos() throws {
        let device = try SceneSimTestStore.ready(.testing(.macos))
        try device.close("main#1")
        device.expectTrace(
            """
            [   0.500] app         sessions discarded (closed by the user): main#1; didDiscardSceneSessions delivered
            """)
        #expect(device.simulator.isRunning)
        #expect(device.simulator.appPhase == .active)
    }

    @Test("1.4 the app-level handler runs only when the aggregate changes, one trace event each")
    func handlerOnlyOnChange() throws {
        // given an active app
        let device = try SceneSimTestStore.ready()
        // when a second window opens and the first leaves (the aggregate stays active)
        try device.openWindow("detail", value: .string("a"))
        try device.backgroundWindow("main#1")
        // then no app-level event is traced
        device.expectTrace(
            """
            [   0.500] detail#1    connected (new session, value \"a\") -> inactive
            [   0.500] detail#1    phase inactive -> active
            [   0.500] main#1      phase active -> inactive
            [   0.500] main#1      phase inactive -> background
            """)
    }

    @Test("1.4 becoming active validates the session of an authenticated user")
    func activeValidates() throws {
        let device = try SceneSimTestStore.loggedIn()
        try device.interrupt()
        try device.resume()
        try device.settle()
        device.expectTrace(
            """
            [   2.000] main#1      phase active -> inactive
            [   2.000] app         phase active -> inactive: prepare for background
            [   2.000] main#1      phase inactive -> active
            [   2.000] app         phase inactive -> active: validate session and refresh
            [   2.000] auth        validating the session of ada with the server
            [   2.200] auth        session of ada: valid
            """)
    }

    @Test("1.5 cold launch: the first scene connects and goes inactive → active")
    func coldLaunch() throws {
        let device = try SceneSimTestStore.launched()
        device.expectTrace(
            """
            [   0.000] app         launch #1 on ipados: nothing to restore
            [   0.000] main#1      connected (new session) -> inactive
            [   0.000] main#1      phase inactive -> active
            [   0.000] app         phase inactive -> active: validate session and refresh
            """)
    }

    @Test("1.5 Control Center and alerts: active ⇄ inactive")
    func overlay() throws {
        let device = try SceneSimTestStore.ready()
        try device.interrupt()
        try device.resume()
        device.expectTrace(
            """
            [   0.500] main#1      phase active -> inactive
            [   0.500] app         phase active -> inactive: prepare for background
            [   0.500] main#1      phase inactive -> active
            [   0.500] app         phase inactive -> active: validate session and refresh
            """)
    }

    @Test("1.5 app switcher: active → inactive, then back to active")
    func switcherBack() throws {
        let device = try SceneSimTestStore.ready()
        try device.openAppSwitcher()
        try device.foreground()
        device.expectTrace(
            """
            [   0.500] main#1      phase active -> inactive
            [   0.500] app         phase active -> inactive: prepare for background
            [   0.500] main#1      phase inactive -> active
            [   0.500] app         phase inactive -> active: validate session and refresh
            """)
    }

    @Test("1.5 app switcher: active → inactive, then on to background")
    func switcherAway() throws {
        let device = try SceneSimTestStore.ready()
        try device.openAppSwitcher()
        try device.background()
        device.expectTrace(
            """
            [   0.500] main#1      phase active -> inactive
            [   0.500] app         phase active -> inactive: prepare for background
            [   0.500] main#1      phase inactive -> background
            [   0.500] app         phase inactive -> background: release resources
            """)
    }

    @Test("1.6 side-by-side ipados windows are all active")
    func sideBySide() throws {
        let device = try SceneSimTestStore.ready()
        try device.openWindow("detail", value: .string("a"))
        expectNoDifference(device.simulator.snapshot().windows.map(\.description), ["detail#1 active", "main#1 active"])
    }

    @Test("1.6 non-key macos windows are active, with no visible limit")
    func macosAllActive() throws {
        let device = try SceneSimTestStore.ready(.testing(.macos, scenes: valueScenes))
        for value in ["a", "b", "c"] { try device.openWindow("detail", value: .string(ByteString(value))) }
        expectNoDifference(device.simulator.snapshot().windows.map(\.description), ["detail#3 active", "detail#2 active", "detail#1 active", "main#1 active"])
    }

    @Test("1.6 opening one window more than visible_limit sends the least recently focused to background")
    func visibleLimitByOpen() throws {
        let device = try SceneSimTestStore.ready()
        try device.openWindow("detail", value: .string("a"))
        try device.focus("main#1")
        _ = device.takeTrace()
        try device.openWindow("detail", value: .string("b"))
        device.expectTrace(
            """
            [   0.500] detail#2    connected (new session, value \"b\") -> inactive
            [   0.500] detail#2    phase inactive -> active
            [   0.500] detail#1    phase active -> inactive
            [   0.500] detail#1    phase inactive -> background
            """)
        expectNoDifference(device.simulator.snapshot().windows.map(\.description), ["detail#2 active", "main#1 active", "detail#1 background"])
    }

    @Test("1.6 focusing a background window over visible_limit sends the least recently focused to background")
    func visibleLimitByFocus() throws {
        let device = try SceneSimTestStore.ready()
        try device.openWindow("detail", value: .string("a"))
        try device.openWindow("detail", value: .string("b"))
        _ = device.takeTrace()
        try device.focus("main#1")
        device.expectTrace(
            """
            [   0.500] main#1      phase background -> inactive
            [   0.500] main#1      phase inactive -> active
            [   0.500] detail#1    phase active -> inactive
            [   0.500] detail#1    phase inactive -> background
            """)
        expectNoDifference(device.simulator.snapshot().windows.map(\.description), ["main#1 active", "detail#2 active", "detail#1 background"])
    }
}
