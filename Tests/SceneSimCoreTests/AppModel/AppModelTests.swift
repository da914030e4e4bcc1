import SceneSimTestSupport
import Testing
import SceneSimBuiltin
@testable import SceneSimCore

/// semantics 10.1, 10.3, 10.5: a model's declaration, its state text, and the built-in model
/// as one model among others.
@Suite("AppModel")
struct AppModelTests {
    static func notes() throws -> AppModel {
        try AppModel(
            states: [.init("locked"), .init("signed_in", .string), .init("level", .integer), .init("failed", .oneOf(["offline", "expired"]))],
            initial: "locked",
            transitions: ["locked": ["signed_in"], "signed_in": ["locked", "failed"]]
        )
    }

    @Test("the built-in model's declaration passes the checks a declared one must pass")
    func builtinIsAValidModel() throws {
        let builtin = AppModel.builtin
        let checked = try AppModel(states: builtin.states, initial: builtin.initial.text, transitions: builtin.transitions, intents: builtin.intents)
        #expect(checked.statesText == "loading, unauthenticated, onboarding(<step>), authenticated(<user>), error(<kind>)")
        #expect(builtin.unreachableStates.isEmpty)
        #expect(builtin.intents == ["cancel_onboarding", "login", "logout", "next_step", "retry"])
    }

    @Test("state text is canonical: arguments keep their bytes, integers parse, lists allow only their words")
    func canonicalText() throws {
        let model = try Self.notes()
        #expect(try model.parse("signed_in(a\u{0}b)") == ModelState("signed_in", .text("a\u{0}b")))
        #expect(try model.parse("level(42)").text == "level(42)")
        #expect(try model.parse("failed(offline)").bytes == "failed(offline)")
        #expect(
            throws: SimError(
                .invalidValue, "app state \"failed(ofline)\" needs one of its arguments (did you mean \"offline\"?); its arguments are offline, expired, e.g. \"failed(offline)\"")
        ) {
            try model.parse("failed(ofline)")
        }
        #expect(throws: SimError(.invalidValue, "app state \"level(x)\" needs an integer argument, e.g. \"level(1)\"")) {
            try model.parse("level(x)")
        }
        #expect(
            throws: SimError(
                .invalidValue, "unknown app state \"lockd\" (did you mean \"locked\"?); states are locked, signed_in(<string>), level(<integer>), failed(<offline|expired>)")
        ) {
            try model.parse("lockd")
        }
    }

    @Test("an onLaunch and an onPhase set on AppModel.builtin add to its controller's code: it still initializes and validates, then runs theirs")
    @MainActor
    func builtinHandlersAddToItsCode() throws {
        var model = AppModel.builtin
        var launches = 0
        var phases: [SimScenePhase] = []
        model.onLaunch = { _ in launches += 1 }
        model.onPhase = { _, _, new in phases.append(new) }
        let sim = try Simulator(config: .testing(), model: model)
        try sim.launch()
        try sim.settle()
        #expect(sim.state.text == "unauthenticated")
        #expect(launches == 1)
        // The first scene's inactive is the App's initial phase, not a change (semantics 1.7).
        #expect(phases == [.active])

        model.onLaunch = nil
        let plain = try Simulator(config: .testing(), model: model)
        try plain.launch()
        try plain.settle()
        #expect(plain.state.text == "unauthenticated")
        #expect(launches == 1)
    }

    @Test("an onURL set on AppModel.builtin adds to its controller's code: a link is still refused until the user is authenticated, then theirs has it")
    @MainActor
    func builtinURLHandlerAddsToItsCode() throws {
        var model = AppModel.builtin
        var urls: [String] = []
        model.onURL = { _, url in
            urls.append(url)
            return .handled
        }
        let sim = try Simulator(config: .testing(), model: model)
        try sim.launch()
        try sim.settle()
        #expect(try sim.openURL("app://detail/1") == false)
        #expect(urls.isEmpty)
        try sim.perform(intent: "login", [.string("ada"), .bool(false)])
        #expect(try sim.openURL("app://detail/1"))
        #expect(urls == ["app://detail/1"])
    }

    @Test("transitions look only at names; a state no transition reaches is reported, the initial one never")
    func tableAndUnreachable() throws {
        let model = try Self.notes()
        #expect(model.allows(from: ModelState("signed_in", .text("ada")), to: ModelState("failed", .text("offline"))))
        #expect(!model.allows(from: ModelState("locked"), to: ModelState("failed", .text("offline"))))
        #expect(model.unreachableStates == ["level"])
    }

    @Test(
        "a declared model drives the simulator: initial state, table, rejection reason; a crash in its initial state keeps restoration when the state is no loading screen, and discards it in one"
    )
    func declaredModelInTheSimulator() throws {
        let sim = try Simulator(config: .testing(), model: try Self.notes())
        try sim.launch()
        #expect(sim.state == ModelState("locked"))
        #expect(sim.appState == nil)
        #expect(try sim.transition(to: try sim.model.parse("failed(offline)")) == .rejected(reason: "locked cannot go to failed; from locked the app may go to signed_in"))
        #expect(throws: SimError(.forbidden, "app:login is an intent of the built-in model, and this app declares its own model")) {
            try sim.login(user: "ada", newUser: false)
        }
        try sim.terminate(.crash)
        #expect(sim.liveSessions.count == 1)

        var loadingModel = try Self.notes()
        loadingModel = try AppModel(
            states: loadingModel.states.map {
                var state = $0; state.isLoading = state.name == "locked"; return state
            },
            initial: "locked", transitions: ["locked": ["signed_in"]]
        )
        let loading = try Simulator(config: .testing(), model: loadingModel)
        try loading.launch()
        try loading.terminate(.crash)
        #expect(loading.liveSessions.isEmpty)
    }
}
