import SceneSim
import SceneSimTesting
import Testing

@Suite("The Mac and external events through SceneSimTestStore")
struct MacStoreTests {
    static let config = AppConfig(
        platform: .macos,
        scenes: [SceneDeclaration(id: "editor", valueType: .string), SceneDeclaration(id: "prefs", kind: .settings)]
    )

    @Test("minimise, hide, a Dock click, Settings, then Quit and Keep Windows: the document windows come back, Settings does not")
    func macLifecycle() throws {
        let store = try SceneSimTestStore(Self.config)
        store.exhaustivity = .off
        try store.launch()
        let doc = try #require(try store.openWindow("editor", value: .string("a.txt")))
        try store.minimize(doc)
        #expect(store.simulator.isMinimized(try store.window(doc)))
        #expect(try store.openSettings() == "prefs#1")
        try store.hide()
        try store.reopen()
        #expect(store.simulator.appPhase != .background, "a Dock click brings the app back")
        try store.quitKeepingWindows()
        try store.launch()
        #expect(store.windows.contains(doc), "⌥⌘Q keeps the windows")
        #expect(!store.windows.contains("prefs#1"), "Settings is never restored")
    }

    @Test("a user activity launches a terminated iPhone app, and a notification brings it forward")
    func eventsLaunch() throws {
        let store = try SceneSimTestStore(AppConfig(platform: .iphone))
        store.exhaustivity = .off
        try store.launch()
        try store.terminate(.user)
        _ = try store.continueActivity("com.example.edit", info: ["id": .int(7)])
        #expect(store.simulator.isRunning)
        #expect(store.simulator.launchCount == 2)
        try store.background()
        try store.openNotification(["thread": .string("t1")])
        #expect(store.simulator.appPhase == .active)
    }
}
