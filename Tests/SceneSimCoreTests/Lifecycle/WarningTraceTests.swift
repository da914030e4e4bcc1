import ByteText
import SceneSimTestSupport
import SceneSimTesting
import Testing
import SceneSimBuiltin
@testable import SceneSimCore

/// Whole traces of the developer warnings: flicker and heavy storage.
@Suite("Trace: warnings")
struct WarningTraceTests {
    @Test("a short min_loading flickers the loading screen; a same-instant login leaves the login screen at once, which is no loading screen and warns of nothing")
    func flicker() throws {
        let device = try SceneSimTestStore.launched(.testing { $0.minLoading = .at(0.05) })
        _ = device.takeTrace()
        try device.settle()
        try device.login("ada")
        device.expectTrace(
            """
            [   0.050] app         state loading -> unauthenticated
            [   0.050] app         warning: state loading was on screen for 0.050 s, under flicker_threshold = 0.100 s (flicker)
            [   0.050] auth        session of ada stored in the keychain (expires at 3600.050)
            [   0.050] app         state unauthenticated -> authenticated(ada)
            """)
    }

    @Test("storage past storage_warn_bytes warns once per crossing, and the save reports its size")
    func storageSize() throws {
        let device = try SceneSimTestStore.ready()
        let big = String(repeating: "x", count: 5000)
        try device.setStorage("main#1", "blob", .string(ByteString(big)))
        try device.setStorage("main#1", "more", .string("y"))
        try device.setStorage("main#1", "blob", nil)
        try device.setStorage("main#1", "blob", .string(ByteString(big)))
        try device.background()
        device.expectTrace(
            """
            [   0.500] main#1      warning: storage is 5004 bytes, over storage_warn_bytes = 4096; keep SceneStorage lightweight
            [   0.500] main#1      warning: storage is 5009 bytes, over storage_warn_bytes = 4096; keep SceneStorage lightweight
            [   0.500] main#1      phase active -> inactive
            [   0.500] app         phase active -> inactive: prepare for background
            [   0.500] main#1      phase inactive -> background
            [   0.500] main#1      storage saved: 2 keys, 5009 bytes
            [   0.500] app         phase inactive -> background: release resources
            """)
    }
}
