import ByteText
import SceneSimTestSupport
import SceneSimTesting
import Testing
import SceneSimBuiltin
@testable import SceneSimCore

/// docs/semantics.md §12–13 from Swift: the three ways to quit a Mac app, and a Swift model's
/// scene code routing a user activity.
@Suite("§12–13 External events and the Mac")
struct MacRuleTests {
    /// A Mac device with a document open whose storage was saved, then written once more.
    static func macWithDocument() throws -> SceneSimTestStore {
        let device = try SceneSimTestStore.ready(.testing(.macos, scenes: valueScenes))
        try device.openWindow("detail", value: .string("a"))
        try device.setStorage("detail#1", "cursor", .int(1))
        try device.perform("hide") { try $0.hide() }
        try device.foreground()
        try device.setStorage("detail#1", "cursor", .int(2))
        return device
    }

    @Test("13.4 Quit discards the windows by default; Quit and Keep Windows keeps them with every write; Force Quit keeps them but loses the unsaved write")
    func quits() throws {
        let quit = try Self.macWithDocument()
        try quit.terminate(.user)
        try quit.launch()
        #expect(quit.simulator.windows.map(quit.simulator.label(of:)) == ["main#2"])

        let keep = try Self.macWithDocument()
        try keep.perform("quit keeping windows") { try $0.quitKeepingWindows() }
        try keep.launch()
        #expect(keep.simulator.windows.map(keep.simulator.label(of:)) == ["detail#1", "main#1"])
        #expect(try keep.simulator.storageValue(keep.window("detail#1"), key: ByteString("cursor")) == .int(2))

        let force = try Self.macWithDocument()
        try force.terminate(.force)
        try force.launch()
        #expect(force.simulator.windows.map(force.simulator.label(of:)) == ["detail#1", "main#1"])
        #expect(try force.simulator.storageValue(force.window("detail#1"), key: ByteString("cursor")) == .int(1))
    }

    @Test("13.4 \"force\" on the iOS family is an error that says to use \"user\"")
    func forceOffTheMac() throws {
        let device = try SceneSimTestStore.ready()
        #expect(
            throws: SimError(
                .forbidden, "app:terminate(\"force\") is the Mac's Force Quit (⌥⌘⎋); on ipados the user force quits an app from the app switcher: use app:terminate(\"user\")")
        ) {
            try device.terminate(.force)
        }
    }

    @Test("12.3 a Swift scene's prefers (given the activity's target) wins over the front window; its onActivity handles the activity")
    func swiftSceneActivity() throws {
        var model = AppModel.builtin
        try model.addScene(SceneDeclaration(id: "main"))
        try model.addScene(
            SceneDeclaration(id: "detail", valueType: .string),
            AppModel.SceneCode(
                prefers: { sim, window, target in sim.value(of: window) == .string(target) },
                onActivity: { _, _, _, info in info["ok"] == .bool(true) }
            ))
        let device = try SceneSimTestStore.ready(.testing(.macos), model: model)
        try device.openWindow("detail", value: .string("com.example.a"))
        try device.openWindow("detail", value: .string("com.example.b"))
        let handled = try device.perform("continue") { try $0.continueActivity("com.example.view", info: ["ok": .bool(true)], target: "com.example.a") }
        #expect(handled)
        #expect(device.simulator.frontWindow.map(device.simulator.label(of:)) == "detail#1")
    }
}
