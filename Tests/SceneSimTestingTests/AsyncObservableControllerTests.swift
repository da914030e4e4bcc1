import Observation
import SceneSim
import SceneSimTesting
import Testing

/// Issue 42's "must show", in the repository: an async `@Observable @MainActor` controller with a
/// splash sleep on the clock, a session validation awaiting the server, a deep link that opens a
/// window, and a kill during the sleep, tested exhaustively in a synchronous test.
@Observable
@MainActor
final class NotesSessionController {
    private(set) var state = "loading"
    private(set) var openedNotes: [String] = []

    nonisolated init() {}

    func start(_ sim: Simulator) async {
        do {
            try await sim.clock.sleep(for: .milliseconds(1500))
            guard let token = sim.keychain?.token else { return try settle("signedOut", sim) }
            let verdict = try await sim.validate(token: token)
            try settle(verdict == .valid ? "signedIn" : "signedOut", sim)
        } catch {
            state = "failed"
        }
    }

    private func settle(_ new: String, _ sim: Simulator) throws {
        state = new
        try sim.transition(to: ModelState(new))
    }

    func open(_ url: String, _ sim: Simulator) throws -> AppModel.URLAnswer {
        guard state == "signedIn" else { return .refused("not signed in") }
        guard url.hasPrefix("notes://note/") else { return .refused("not a note link") }
        let id = String(url.dropFirst("notes://note/".count))
        openedNotes.append(id)
        try sim.openWindow("note", value: .string(id))
        return .handled
    }
}

@Suite("An async @Observable @MainActor controller under an exhaustive SceneSimTestStore")
struct AsyncObservableControllerTests {
    static func make(_ controller: NotesSessionController) throws -> SceneSimTestStore {
        var model = try AppModel(
            states: [ModelState("loading"), ModelState("signedIn"), ModelState("signedOut")],
            initial: "loading",
            transitions: ["loading": ["signedIn", "signedOut"]]
        )
        model.onLaunch = { sim in
            Task { @MainActor in await controller.start(sim) }
        }
        model.onURL = { sim, url in try controller.open(url, sim) }
        var config = AppConfig(
            platform: .ipados, scenes: [SceneDeclaration(id: "main"), SceneDeclaration(id: "note", valueType: .string)])
        config.storedSession = InitialSession(user: "ada", ttl: .init(seconds: 3600))
        return try SceneSimTestStore(config, model: model)
    }

    @MainActor
    @Test("killed during its splash sleep, relaunched, validated on the clock, then a deep link opens a note: each step at its virtual instant")
    func wholeStory() throws {
        let controller = NotesSessionController()
        let store = try Self.make(controller)
        try store.launch()
        try store.advance(by: .seconds(1))
        try store.terminate(.user)
        try store.advance(by: .seconds(5))
        #expect(controller.state == "loading")
        try store.launch()
        try store.advance(by: .milliseconds(1500))
        #expect(controller.state == "loading")
        try store.advance(by: .milliseconds(200))
        #expect(controller.state == "signedIn")
        #expect(try store.openURL("notes://note/n1"))
        #expect(controller.openedNotes == ["n1"])
        // The sleep the kill interrupted never resumed (nothing at 1.500); the relaunch's task
        // validates at 6.000 + 1.500 and the answer comes auth_latency (0.2 s) later.
        store.expectTrace(
            """
            [   0.000] app         launch #1 on ipados: nothing to restore
            [   0.000] main#1      connected (new session) -> inactive
            [   0.000] main#1      phase inactive -> active
            [   0.000] app         phase inactive -> active
            [   1.000] main#1      phase active -> inactive
            [   1.000] app         phase active -> inactive
            [   1.000] main#1      disconnected (session kept)
            [   1.000] app         terminated (user): restoration data discarded
            [   1.000] app         sessions discarded (force quit discards restoration data): main#1; the app is told at its next launch
            [   6.000] app         launch #2 on ipados: nothing to restore
            [   6.000] app         didDiscardSceneSessions delivered: main#1
            [   6.000] main#2      connected (new session) -> inactive
            [   6.000] main#2      phase inactive -> active
            [   6.000] app         phase inactive -> active
            [   7.500] auth        validating the session of ada with the server
            [   7.700] auth        session of ada: valid
            [   7.700] app         state loading -> signedIn
            [   7.700] app         open url notes://note/n1: handled by the app
            [   7.700] note#1      connected (new session, value "n1") -> inactive
            [   7.700] note#1      phase inactive -> active
            """)
        store.finish()
    }
}
