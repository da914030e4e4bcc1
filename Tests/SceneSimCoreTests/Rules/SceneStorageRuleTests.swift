import ByteText
import CustomDump
import SceneSimTestSupport
import SceneSimTesting
import Testing
import SceneSimBuiltin
@testable import SceneSimCore

/// docs/semantics.md §3: SceneStorage.
@Suite("§3 SceneStorage")
struct SceneStorageRuleTests {
    @Test("3.1 the same key in two windows holds two independent values")
    func keyedBySession() throws {
        let device = try SceneSimTestStore.ready()
        try device.openWindow("detail", value: .string("a"))
        try device.setStorage("main#1", "tab", .int(1))
        try device.setStorage("detail#1", "tab", .int(2))
        try device.setStorage("main#1", "tab", nil)
        #expect(try device.simulator.storageValue(device.window("main#1"), key: ByteString("tab")) == nil)
        #expect(try device.simulator.storageValue(device.window("detail#1"), key: ByteString("tab")) == .int(2))
    }

    @Test("3.2 Bool, Int, Double and String are storable, Int and Double stay distinct, a missing key reads nil")
    func storableTypes() throws {
        let device = try SceneSimTestStore.ready()
        let values: [String: SceneValue] = ["b": .bool(true), "i": .int(2), "d": .double(2.0), "s": .string("x")]
        for (key, value) in values.sorted(by: { $0.key < $1.key }) { try device.setStorage("main#1", key, value) }
        for (key, value) in values { #expect(try device.simulator.storageValue(device.window("main#1"), key: ByteString(key)) == value) }
        #expect(try device.simulator.storageValue(device.window("main#1"), key: ByteString("missing")) == nil)
        #expect(SceneValue.int(2) != SceneValue.double(2.0))
        #expect(try device.simulator.storageKeys(device.window("main#1")) == ["b", "d", "i", "s"])
        #expect(device.simulator.snapshot().sessions[0].storage?.literal == "{b = true, d = 2.0, i = 2, s = \"x\"}")
    }

    @Test("3.2 a value storage cannot hold is a clear error and changes nothing")
    func unstorable() throws {
        let device = try SceneSimTestStore.ready()
        let before = device.simulator.snapshot()
        #expect(throws: SimError(.invalidValue, "storage key \"x\": NaN cannot be stored (it never equals itself); store a number or nil")) {
            try device.setStorage("main#1", "x", .double(.nan))
        }
        expectNoDifference(device.simulator.snapshot(), before)
    }

    @Test("3.3 storage is saved when the scene enters background, and writes after the last save die in a crash")
    func saveAtBackgroundLostInCrash() throws {
        let device = try SceneSimTestStore.ready()
        try device.setStorage("main#1", "tab", .int(1))
        try device.background()
        try device.foreground()
        try device.setStorage("main#1", "tab", .int(2))
        _ = device.takeTrace()
        try device.terminate(.crash)
        try device.launch()
        device.expectTrace(
            """
            [   0.500] main#1      storage lost: unsaved writes to tab
            [   0.500] app         terminated (crash): restoration data kept
            [   0.500] app         launch #2 on ipados: restoring main#1
            [   0.500] main#1      connected (restored) -> inactive
            [   0.500] main#1      phase inactive -> active
            [   0.500] app         phase inactive -> active: validate session and refresh
            """)
        #expect(try device.simulator.storageValue(device.window("main#1"), key: ByteString("tab")) == .int(1))
    }

    @Test("3.3 with storage_save = every_write nothing is lost in a crash")
    func everyWrite() throws {
        let device = try SceneSimTestStore.ready(.testing { $0.policy.storageSave = .everyWrite })
        try device.setStorage("main#1", "tab", .int(2))
        #expect(try device.simulator.savedStorage(device.window("main#1")) == SimSceneStorage(["tab": .int(2)]))
        try device.terminate(.crash)
        try device.launch()
        #expect(try device.simulator.storageValue(device.window("main#1"), key: ByteString("tab")) == .int(2))
        #expect(!device.takeTrace().contains { $0.contains("storage lost") })
    }

    @Test("3.4 storage over storage_warn_bytes warns once, and again only after it fit under the threshold")
    func sizeWarning() throws {
        let device = try SceneSimTestStore.ready(.testing { $0.policy.storageWarnBytes = 10 })
        try device.setStorage("main#1", "title", .string("12345"))  // 10 bytes: at the limit
        try device.setStorage("main#1", "n", .int(1))  // 19 bytes: over
        try device.setStorage("main#1", "m", .bool(true))  // 21 bytes: still over, no repeat
        try device.setStorage("main#1", "title", nil)  // 11 bytes: over
        try device.setStorage("main#1", "n", nil)  // 2 bytes: fits again
        try device.setStorage("main#1", "n", .int(7))  // 11 bytes: over again
        device.expectTrace(
            """
            [   0.500] main#1      warning: storage is 19 bytes, over storage_warn_bytes = 10; keep SceneStorage lightweight
            [   0.500] main#1      warning: storage is 11 bytes, over storage_warn_bytes = 10; keep SceneStorage lightweight
            """)
    }
}
