import ByteText
import SceneSimTestSupport
import SceneSimTesting
import Testing
import SceneSimBuiltin
@testable import SceneSimCore

/// Whole traces of the everyday flows: launch, leaving and returning, being killed.
@Suite("Trace: launch and background")
struct LaunchAndBackgroundTraceTests {
    @Test("a cold launch traces background -> inactive -> active, then initialization")
    func coldLaunch() throws {
        let device = try SceneSimTestStore.launched()
        try device.settle()
        device.expectTrace(
            """
            [   0.000] app         launch #1 on ipados: nothing to restore
            [   0.000] main#1      connected (new session) -> inactive
            [   0.000] main#1      phase inactive -> active
            [   0.000] app         phase inactive -> active: validate session and refresh
            [   0.500] app         state loading -> unauthenticated
            """)
    }

    @Test("going home saves storage; returning brings the same scenes back")
    func backgroundAndReturn() throws {
        let device = try SceneSimTestStore.ready()
        try device.openWindow("detail", value: .string("a"))
        try device.setStorage("detail#1", "tab", .int(2))
        _ = device.takeTrace()
        try device.advance(1)
        try device.background()
        try device.advance(60)
        try device.foreground()
        device.expectTrace(
            """
            [   1.500] detail#1    phase active -> inactive
            [   1.500] main#1      phase active -> inactive
            [   1.500] app         phase active -> inactive: prepare for background
            [   1.500] detail#1    phase inactive -> background
            [   1.500] detail#1    storage saved: 1 key, 11 bytes
            [   1.500] main#1      phase inactive -> background
            [   1.500] app         phase inactive -> background: release resources
            [   6.500] app         suspended
            [  61.500] app         resumed (suspended 55.000 s)
            [  61.500] detail#1    phase background -> inactive
            [  61.500] app         phase background -> inactive: prepare for background
            [  61.500] main#1      phase background -> inactive
            [  61.500] detail#1    phase inactive -> active
            [  61.500] app         phase inactive -> active: validate session and refresh
            [  61.500] main#1      phase inactive -> active
            """)
        #expect(device.simulator.snapshot().windows.map(\.description) == ["detail#1 active", "main#1 active"])
    }

    @Test("a system kill in the background and a relaunch restore the scenes with their storage")
    func systemKillAndRelaunch() throws {
        let device = try SceneSimTestStore.ready()
        try device.openWindow("detail", value: .string("a"))
        try device.setStorage("detail#1", "tab", .int(2))
        try device.background()
        _ = device.takeTrace()
        try device.advance(600)
        try device.terminate(.system)
        try device.advance(10)
        try device.launch()
        try device.settle()
        device.expectTrace(
            """
            [   5.500] app         suspended
            [ 600.500] app         terminated (system): restoration data kept
            [ 610.500] app         launch #2 on ipados: restoring detail#1, main#1
            [ 610.500] detail#1    connected (restored, value \"a\") -> inactive
            [ 610.500] main#1      connected (restored) -> inactive
            [ 610.500] detail#1    phase inactive -> active
            [ 610.500] app         phase inactive -> active: validate session and refresh
            [ 610.500] main#1      phase inactive -> active
            [ 611.000] app         state loading -> unauthenticated
            """)
        #expect(try device.simulator.storageValue(device.window("detail#1"), key: ByteString("tab")) == .int(2))
    }
}
