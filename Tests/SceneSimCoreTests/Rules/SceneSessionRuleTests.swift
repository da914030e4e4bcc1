import ByteText
import CustomDump
import SceneSimTestSupport
import SceneSimTesting
import Testing
import SceneSimBuiltin
@testable import SceneSimCore

/// docs/semantics.md §2: scene sessions outlive their scenes.
@Suite("§2 Scene sessions")
struct SceneSessionRuleTests {
    @Test("2.1 a session survives disconnection and process death with its value and saved storage")
    func sessionIsDurable() throws {
        // given a detail window with storage, saved when the app left
        let device = try SceneSimTestStore.ready()
        try device.openWindow("detail", value: .string("42"))
        try device.setStorage("detail#1", "tab", .int(2))
        try device.background()
        // when the system disconnects it and later kills the app
        try device.disconnect("detail#1")
        try device.terminate(.system)
        // then the session is still there, with its value and storage, though no scene is attached
        let session = try #require(device.simulator.snapshot().sessions.first { $0.id == "detail#1" })
        expectNoDifference(session, .init(id: "detail#1", value: .string("42"), phase: .disconnected, storage: nil, saved: ["tab": .int(2)]))
        #expect(device.simulator.isAlive(try device.window("detail#1")))
    }

    @Test("2.2 a disconnect saves storage first, leaves the aggregate, and the session reconnects with it")
    func disconnectAndReconnect() throws {
        // given a detail window written to while in the background (so the write is unsaved)
        let device = try SceneSimTestStore.ready()
        try device.openWindow("detail", value: .string("42"))
        try device.backgroundWindow("detail#1")
        try device.setStorage("detail#1", "draft", .string("hi"))
        _ = device.takeTrace()
        // when the system disconnects it and the user focuses it again
        try device.disconnect("detail#1")
        #expect(device.simulator.windows.map(device.simulator.label(of:)) == ["main#1"])
        try device.focus("detail#1")
        // then the unsaved write was saved before the disconnect and comes back with the scene
        device.expectTrace(
            """
            [   0.500] detail#1    storage saved: 1 key, 7 bytes
            [   0.500] detail#1    disconnected (session kept)
            [   0.500] detail#1    connected (reconnected, value \"42\") -> inactive
            [   0.500] detail#1    phase inactive -> active
            """)
        #expect(try device.simulator.storageValue(device.window("detail#1"), key: ByteString("draft")) == .string("hi"))
    }

    @Test("2.2 a disconnected scene no longer counts in the aggregate")
    func disconnectedLeavesAggregate() throws {
        let device = try SceneSimTestStore.ready()
        try device.background()
        try device.disconnect("main#1")
        #expect(device.simulator.windows.isEmpty)
        #expect(device.simulator.appPhase == .background)
        try device.foreground()
        #expect(device.simulator.appPhase == .active)
        #expect(device.simulator.snapshot().windows.map(\.description) == ["main#1 active"])
    }

    @Test("2.3 closing a window discards its session and storage for good and tells the app at once")
    func closeDiscards() throws {
        let device = try SceneSimTestStore.ready()
        try device.openWindow("detail", value: .string("42"))
        try device.setStorage("detail#1", "tab", .int(2))
        _ = device.takeTrace()
        try device.close("detail#1")
        device.expectTrace(
            """
            [   0.500] detail#1    phase active -> inactive
            [   0.500] detail#1    phase inactive -> background
            [   0.500] app         sessions discarded (closed by the user): detail#1; didDiscardSceneSessions delivered
            """)
        let session = try #require(device.simulator.snapshot().sessions.first { $0.id == "detail#1" })
        expectNoDifference(session, .init(id: "detail#1", value: .string("42"), phase: nil, storage: nil, saved: [:]))
        // reopening the same value makes a new session
        #expect(try device.openWindowReportingNew("detail", value: .string("42")) == ("detail#2", true))
    }

    @Test("2.3 sessions discarded while the app was not running are delivered at its next launch")
    func discardDeliveredAtLaunch() throws {
        let device = try SceneSimTestStore.ready()
        try device.terminate(.user)
        try device.launch()
        device.expectTrace(
            """
            [   0.500] main#1      phase active -> inactive
            [   0.500] app         phase active -> inactive: prepare for background
            [   0.500] main#1      disconnected (session kept)
            [   0.500] app         terminated (user): restoration data discarded
            [   0.500] app         sessions discarded (force quit discards restoration data): main#1; the app is told at its next launch
            [   0.500] app         launch #2 on ipados: nothing to restore
            [   0.500] app         didDiscardSceneSessions delivered: main#1
            [   0.500] main#2      connected (new session) -> inactive
            [   0.500] main#2      phase inactive -> active
            [   0.500] app         phase inactive -> active: validate session and refresh
            """)
    }
}
