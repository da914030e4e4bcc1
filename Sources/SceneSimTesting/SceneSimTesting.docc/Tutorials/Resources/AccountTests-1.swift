import SceneSim
import SceneSimTesting
import Testing

@MainActor
@Suite("The account screen after a launch")
struct AccountTests {
    @Test("a stored session the server accepts leads home after the splash")
    func storedSessionGoesHome() throws {
        let app = AccountApp()
        var config = AppConfig(platform: .iphone, scenes: [SceneDeclaration(id: "main")])
        config.storedSession = InitialSession(user: "ada", ttl: .init(seconds: 3600))
        let store = try SceneSimTestStore(config, model: app.model())

        try store.launch()
        store.expectTrace(
            """
            [   0.000] app         launch #1 on iphone: nothing to restore
            [   0.000] main#1      connected (new session) -> inactive
            [   0.000] main#1      phase inactive -> active
            [   0.000] app         phase inactive -> active
            """)
        #expect(app.controller?.screen == .splash)
    }
}
