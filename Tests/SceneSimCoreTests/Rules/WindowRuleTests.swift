import ByteText
import CustomDump
import SceneSimTestSupport
import SceneSimTesting
import Testing
import SceneSimBuiltin
@testable import SceneSimCore

/// docs/semantics.md §4.1–4.4: opening windows.
@Suite("§4 Windows")
struct WindowRuleTests {
    @Test("4.1 open_window on a WindowGroup always creates a new window; a value group opened without a value gets nil")
    func alwaysNew() throws {
        let device = try SceneSimTestStore.ready(.testing(.macos, scenes: valueScenes))
        #expect(try device.openWindowReportingNew("main") == ("main#2", true))
        #expect(try device.openWindowReportingNew("main") == ("main#3", true))
        #expect(try device.openWindowReportingNew("detail") == ("detail#1", true))
        #expect(try device.openWindowReportingNew("detail") == ("detail#2", true))
        #expect(device.simulator.value(of: try device.window("detail#2")) == nil)
    }

    @Test("4.2 open_window with a value fronts the live window presenting an equal value")
    func dedupByValue() throws {
        let device = try SceneSimTestStore.ready(.testing(.macos, scenes: valueScenes))
        try device.openWindow("detail", value: .string("42"))
        try device.openWindow("detail", value: .string("7"))
        _ = device.takeTrace()
        #expect(try device.openWindowReportingNew("detail", value: .string("42")) == ("detail#1", false))
        device.expectTrace(
            """
            [   0.500] detail#1    already open: brought to front
            """)
        #expect(device.windows == ["detail#1", "detail#2", "main#1"])
    }

    @Test("4.2 open_window with the value of a disconnected session reconnects it")
    func dedupReconnects() throws {
        let device = try SceneSimTestStore.ready()
        try device.openWindow("item", value: .int(7))
        try device.setStorage("item#1", "tab", .int(3))
        try device.backgroundWindow("item#1")
        try device.disconnect("item#1")
        _ = device.takeTrace()
        #expect(try device.openWindowReportingNew("item", value: .int(7)) == ("item#1", false))
        device.expectTrace(
            """
            [   0.500] item#1      connected (reconnected, value 7) -> inactive
            [   0.500] item#1      phase inactive -> active
            """)
        #expect(try device.simulator.storageValue(device.window("item#1"), key: ByteString("tab")) == .int(3))
    }

    @Test("4.2 equal values in different groups never count as the same window")
    func noDedupAcrossGroups() throws {
        let scenes: [SceneDeclaration] = [.group("main"), .group("detail", value: .string), .group("note", value: .string)]
        let device = try SceneSimTestStore.ready(.testing(.macos, scenes: scenes))
        #expect(try device.openWindowReportingNew("detail", value: .string("x")) == ("detail#1", true))
        #expect(try device.openWindowReportingNew("note", value: .string("x")) == ("note#1", true))
    }

    @Test("4.3 a Window scene has at most one instance: opening it again fronts it", arguments: [Platform.macos, .visionos])
    func windowSingleInstance(platform: Platform) throws {
        let device = try SceneSimTestStore.ready(.testing(platform, scenes: [.group("main"), .window("settings")]))
        #expect(try device.openWindowReportingNew("settings") == ("settings#1", true))
        try device.focus("main#1")
        _ = device.takeTrace()
        #expect(try device.openWindowReportingNew("settings") == ("settings#1", false))
        device.expectTrace(
            """
            [   0.500] settings#1  already open: brought to front
            """)
        #expect(device.windows == ["settings#1", "main#1"])
    }

    @Test(
        "4.4 without multiple-window support open_window is ignored and a warning is traced",
        arguments: [
            (AppConfig.testing(.iphone, scenes: valueScenes), "iphone shows one window per app"),
            (AppConfig.testing(.ipados, scenes: valueScenes) { $0.multipleScenes = false }, "UIApplicationSupportsMultipleScenes is false (multiple_scenes = false)"),
        ])
    func ignoredWithoutMultipleWindows(config: AppConfig, why: String) throws {
        let device = try SceneSimTestStore.ready(config)
        let before = device.simulator.snapshot()
        let (window, created) = try device.openWindowReportingNew("detail", value: .string("42"))
        #expect(window == nil && !created)
        device.expectTrace(
            """
            [   0.500] app         warning: openWindow(id: \"detail\") ignored: \(why)
            """)
        expectNoDifference(device.simulator.snapshot(), before)
    }
}
