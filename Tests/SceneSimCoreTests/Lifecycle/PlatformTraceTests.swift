import SceneSimTestSupport
import SceneSimTesting
import Testing
import SceneSimBuiltin
@testable import SceneSimCore

/// Whole traces of where the four platforms differ (docs/semantics.md §7).
@Suite("Trace: platforms")
struct PlatformTraceTests {
    @Test("macos: hiding goes active -> background directly, for every window")
    func macosHide() throws {
        let device = try SceneSimTestStore.ready(.testing(.macos, scenes: valueScenes))
        try device.openWindow("detail", value: .string("a"))
        _ = device.takeTrace()
        try device.background()
        device.expectTrace(
            """
            [   0.500] detail#1    phase active -> background
            [   0.500] main#1      phase active -> background
            [   0.500] app         phase active -> background: release resources
            """)
    }

    @Test("iphone: open_window is ignored with a warning and the one window stays")
    func iphoneIgnoresOpenWindow() throws {
        let device = try SceneSimTestStore.launched(.testing(.iphone, scenes: valueScenes))
        try device.openWindow("detail", value: .string("a"))
        device.expectTrace(
            """
            [   0.000] app         launch #1 on iphone: nothing to restore
            [   0.000] main#1      connected (new session) -> inactive
            [   0.000] main#1      phase inactive -> active
            [   0.000] app         phase inactive -> active: validate session and refresh
            [   0.000] app         warning: openWindow(id: \"detail\") ignored: iphone shows one window per app
            """)
        #expect(device.simulator.snapshot().windows.map(\.description) == ["main#1 active"])
    }

    @Test("macos and visionos: a Window scene opened twice is one window, fronted the second time", arguments: [Platform.macos, .visionos])
    func windowSceneDedup(platform: Platform) throws {
        let device = try SceneSimTestStore.ready(.testing(platform, scenes: [.group("main"), .window("settings")]))
        try device.openWindow("settings")
        try device.openWindow("settings")
        device.expectTrace(
            """
            [   0.500] settings#1  connected (new session) -> inactive
            [   0.500] settings#1  phase inactive -> active
            [   0.500] settings#1  already open: brought to front
            """)
    }

    @Test("visionos: closing the last window backgrounds it, and it reopens at the next launch")
    func visionosCloseLast() throws {
        let device = try SceneSimTestStore.ready(.testing(.visionos))
        try device.close("main#1")
        try device.terminate(.system)
        try device.launch()
        device.expectTrace(
            """
            [   0.500] main#1      phase active -> inactive
            [   0.500] app         phase active -> inactive: prepare for background
            [   0.500] main#1      phase inactive -> background
            [   0.500] app         phase inactive -> background: release resources
            [   0.500] app         terminated (system): restoration data kept
            [   0.500] app         launch #2 on visionos: restoring main#1
            [   0.500] main#1      connected (restored) -> inactive
            [   0.500] main#1      phase inactive -> active
            [   0.500] app         phase inactive -> active: validate session and refresh
            """)
    }

    @Test("ipados: closing the last window discards it; returning opens a fresh one")
    func ipadosCloseLast() throws {
        let device = try SceneSimTestStore.ready()
        try device.close("main#1")
        try device.foreground()
        device.expectTrace(
            """
            [   0.500] main#1      phase active -> inactive
            [   0.500] app         phase active -> inactive: prepare for background
            [   0.500] main#1      phase inactive -> background
            [   0.500] app         phase inactive -> background: release resources
            [   0.500] app         sessions discarded (closed by the user): main#1; didDiscardSceneSessions delivered
            [   0.500] main#2      connected (new session) -> inactive
            [   0.500] app         phase background -> inactive: prepare for background
            [   0.500] main#2      phase inactive -> active
            [   0.500] app         phase inactive -> active: validate session and refresh
            """)
    }
}
