import ByteText
import SceneSimTestSupport
import SceneSimTesting
import Testing
import SceneSimBuiltin
@testable import SceneSimCore

/// Whole traces of the system reclaiming scenes and of the visible limit.
@Suite("Trace: windows")
struct WindowTraceTests {
    @Test("disconnect in the background and reconnect on return, storage intact")
    func disconnectAndReconnect() throws {
        let device = try SceneSimTestStore.ready()
        try device.openWindow("detail", value: .string("42"))
        try device.setStorage("detail#1", "tab", .int(2))
        _ = device.takeTrace()
        try device.background()
        try device.advance(30)
        try device.disconnect("detail#1")
        try device.advance(30)
        try device.foreground()
        device.expectTrace(
            """
            [   0.500] detail#1    phase active -> inactive
            [   0.500] main#1      phase active -> inactive
            [   0.500] app         phase active -> inactive: prepare for background
            [   0.500] detail#1    phase inactive -> background
            [   0.500] detail#1    storage saved: 1 key, 11 bytes
            [   0.500] main#1      phase inactive -> background
            [   0.500] app         phase inactive -> background: release resources
            [   5.500] app         suspended
            [  30.500] detail#1    disconnected (session kept)
            [  60.500] app         resumed (suspended 55.000 s)
            [  60.500] detail#1    connected (reconnected, value \"42\") -> inactive
            [  60.500] app         phase background -> inactive: prepare for background
            [  60.500] main#1      phase background -> inactive
            [  60.500] detail#1    phase inactive -> active
            [  60.500] app         phase inactive -> active: validate session and refresh
            [  60.500] main#1      phase inactive -> active
            """)
        #expect(try device.simulator.storageValue(device.window("detail#1"), key: ByteString("tab")) == .int(2))
    }

    @Test("visible_limit on ipados: each window opened past two evicts the least recently focused")
    func visibleLimitEviction() throws {
        let device = try SceneSimTestStore.ready()
        try device.openWindow("detail", value: .string("a"))
        try device.openWindow("detail", value: .string("b"))
        try device.openWindow("detail", value: .string("a"))
        device.expectTrace(
            """
            [   0.500] detail#1    connected (new session, value \"a\") -> inactive
            [   0.500] detail#1    phase inactive -> active
            [   0.500] detail#2    connected (new session, value \"b\") -> inactive
            [   0.500] detail#2    phase inactive -> active
            [   0.500] main#1      phase active -> inactive
            [   0.500] main#1      phase inactive -> background
            [   0.500] detail#1    already open: brought to front
            """)
        #expect(device.simulator.snapshot().windows.map(\.description) == ["detail#1 active", "detail#2 active", "main#1 background"])
    }
}
