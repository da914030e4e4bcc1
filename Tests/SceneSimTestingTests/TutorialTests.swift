// The code of the DocC tutorial "Test an async controller exhaustively"
// (Sources/SceneSimTesting/SceneSimTesting.docc/Tutorials), its final steps verbatim, so it
// compiles and passes: TutorialCodeTests (SceneSimCommandsTests) checks that each file below is
// its tutorial file's text. Edit the tutorial's files and this one together.

// Tutorial file AccountController-3.swift begins
import Observation

/// The app's account state, as its SwiftUI views observe it: a splash while the app starts,
/// then home for a user whose stored session the server accepts, else the sign-in screen.
@Observable
@MainActor
final class AccountController {
    enum Screen: String, Sendable {
        case splash, signIn, home
    }

    private(set) var screen = Screen.splash
    private let clock: any Clock<Duration>
    private let validate: @MainActor (Int) async throws -> Bool

    nonisolated init(clock: any Clock<Duration>, validate: @escaping @MainActor (Int) async throws -> Bool) {
        self.clock = clock
        self.validate = validate
    }

    /// Shows the splash for two seconds, then asks the server whether the stored session's
    /// token is still good.
    func start(token: Int?) async throws {
        try await clock.sleep(for: .seconds(2))
        guard let token, try await validate(token) else {
            screen = .signIn
            return
        }
        screen = .home
    }
}
// Tutorial file AccountController-3.swift ends

// Tutorial file AccountApp-2.swift begins
import SceneSim

/// The app as scenesim runs it: the controller's screens are the model's states, and the
/// App's launch awaits the controller, as its `.task` modifier would.
@MainActor
final class AccountApp {
    /// The running process's controller (each launch makes a new one, as a relaunch is a new
    /// process).
    private(set) var controller: AccountController?

    nonisolated init() {}

    func model() throws -> AppModel {
        var model = try AppModel(
            states: ["splash", "signIn", "home"],
            initial: "splash",
            transitions: ["splash": ["signIn", "home"]]
        )
        model.onLaunch = { sim in
            let controller = AccountController(clock: sim.clock) { token in
                try await sim.validate(token: token) == .valid
            }
            self.controller = controller
            try await controller.start(token: sim.keychainToken)
            try sim.transition(to: ModelState(controller.screen.rawValue))
        }
        return model
    }
}
// Tutorial file AccountApp-2.swift ends

// Tutorial file AccountTests-3.swift begins
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

        try store.advance(by: .seconds(2))
        store.expectTrace("[   2.000] auth        validating the session of ada with the server")
        #expect(app.controller?.screen == .splash)

        try store.advance(by: .milliseconds(200))
        store.expectTrace(
            """
            [   2.200] auth        session of ada: valid
            [   2.200] app         state splash -> home
            """)
        #expect(app.controller?.screen == .home)
        store.finish()
    }
}
// Tutorial file AccountTests-3.swift ends
