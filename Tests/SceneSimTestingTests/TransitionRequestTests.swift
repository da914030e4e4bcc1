import Observation
import SceneSim
import SceneSimTesting
import Testing

/// A gate's states: typed, with one argument.
enum GateState: SimState {
    case closed
    case open(by: String)
    case jammed

    enum Name: String, CaseIterable, Sendable { case closed, open, jammed }

    static func declaration(of name: Name) -> SimStateCase<GateState> {
        switch name {
        case .closed: .plain(.closed)
        case .open: .argument(GateState.open(by:))
        case .jammed: .plain(.jammed)
        }
    }
}

/// The gate's intents.
enum GateIntent: SimIntent {
    case close
}

/// An `@Observable @MainActor` controller that owns the gate's state: the simulator's follows it.
@Observable
@MainActor
final class GateController {
    private(set) var state: GateState = .closed
    /// Every transition request from outside the app, as the controller heard it.
    private(set) var requests: [String] = []
    /// States the controller refuses to be moved to from outside.
    var refused: Set<GateState.Name> = []

    nonisolated init() {}

    /// `onTransitionRequest`: a request from outside the app (a test, a script).
    func request(_ target: GateState, _ sim: Simulator) throws -> Bool {
        requests.append(target.text)
        guard !refused.contains(target.name) else { return false }
        try move(to: target, sim)
        return true
    }

    /// The app's own code moving the state: direct.
    func close(_ sim: Simulator) throws {
        try move(to: .closed, sim)
    }

    private func move(to target: GateState, _ sim: Simulator) throws {
        if case .accepted = try sim.transition(to: target) { state = target }
    }
}

@Suite("transition(to:) from outside the app goes through the model's onTransitionRequest (issue 42, item 3)")
@MainActor
struct TransitionRequestTests {
    /// The gate's model: its table written once, its controller asked for every request from outside.
    static func model(_ controller: GateController) throws -> AppModel {
        var model = try AppModel(initial: GateState.closed) { state in
            switch state {
            case .closed: [.open, .jammed]
            case .open: [.closed]
            case .jammed: []
            }
        }
        model.onTransitionRequest = { sim, target in
            guard let state = GateState(target) else { return false }
            return try controller.request(state, sim)
        }
        try model.addIntent("close") { sim, _ in
            try controller.close(sim)
            return nil
        }
        return model
    }

    static func make(_ controller: GateController) throws -> SceneSimTestStore {
        let store = try SceneSimTestStore(AppConfig(platform: .ipados), model: model(controller))
        try store.launch()
        _ = store.takeTrace()
        return store
    }

    /// The simulator and the controller agree.
    func agree(_ controller: GateController, _ store: SceneSimTestStore, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(store.simulator.state(as: GateState.self) == controller.state, sourceLocation: sourceLocation)
    }

    @Test("the store's transition(to:) moves the controller, which moves the simulator")
    func accepted() throws {
        let controller = GateController()
        let store = try Self.make(controller)
        #expect(try store.transition(to: GateState.open(by: "ada")))
        #expect(controller.requests == ["open(ada)"])
        #expect(controller.state == .open(by: "ada"))
        agree(controller, store)
        store.expectState(GateState.open(by: "ada"))
        store.expectTrace("[   0.000] app         state closed -> open(ada)")
    }

    @Test("the controller's refusal is traced and returned as refused; neither moves")
    func refusedByTheController() throws {
        let controller = GateController()
        controller.refused = [.jammed]
        let store = try Self.make(controller)
        #expect(try store.simulator.transition(to: GateState.jammed) == .rejected(reason: "the model refused it"))
        #expect(controller.requests == ["jammed"])
        agree(controller, store)
        store.expectTrace("[   0.000] app         state closed -> jammed rejected: the model refused it")
    }

    @Test("a request the table refuses still reaches the controller, and is reported with the table's reason")
    func refusedByTheTable() throws {
        let controller = GateController()
        let store = try Self.make(controller)
        #expect(try store.transition(to: GateState.open(by: "ada")))
        #expect(try store.simulator.transition(to: GateState.jammed) == .rejected(reason: "open cannot go to jammed; from open the app may go to closed"))
        #expect(controller.requests == ["open(ada)", "jammed"])
        #expect(controller.state == .open(by: "ada"))
        agree(controller, store)
        store.expectTrace(
            """
            [   0.000] app         state closed -> open(ada)
            [   0.000] app         state open(ada) -> jammed rejected: open cannot go to jammed; from open the app may go to closed
            """)
    }

    @Test("the model's own transition(to:), from its intent, is direct: the controller is not asked")
    func ownCodeIsDirect() throws {
        let controller = GateController()
        let store = try Self.make(controller)
        #expect(try store.transition(to: GateState.open(by: "ada")))
        try store.send(GateIntent.close)
        #expect(controller.requests == ["open(ada)"])
        #expect(controller.state == .closed)
        agree(controller, store)
        store.expectTrace(
            """
            [   0.000] app         state closed -> open(ada)
            [   0.000] app         state open(ada) -> closed
            """)
    }
}

@Suite("The built-in model's typed intents and states in a store")
@MainActor
struct BuiltinTypedStoreTests {
    @Test("send(.login(user:)) and expectState(.authenticated(user:)): the store's default model, typed")
    func builtinTyped() throws {
        let store = try SceneSimTestStore(AppConfig(platform: .ipados))
        store.exhaustivity = .off
        try store.launch()
        try store.settle()
        store.expectState(.unauthenticated)
        try store.send(.login(user: "ada", newUser: true))
        store.expectState(.onboarding(.welcome))
        try store.send(.nextStep)
        store.expectState(.onboarding(.permissions))
        // The built-in model has no onTransitionRequest: a transition from outside is direct.
        #expect(try store.transition(to: Builtin.AppState.authenticated(user: "ada")))
        #expect(store.simulator.appState == .authenticated(user: "ada"))
        #expect(throws: SimError.self) { try store.send(.retry) }
    }
}

@Suite("TypedTestStore: a typed model's intents and states with a leading dot (issue 42, item 2)")
@MainActor
struct TypedTestStoreTests {
    static func model(_ controller: GateController) throws -> AppModel {
        try TransitionRequestTests.model(controller)
    }

    @Test("send(.close), expectState(.open(by:)), transition(to: .open(by:)) read as the trace does, and state is typed")
    func leadingDot() throws {
        let controller = GateController()
        let store = try TypedTestStore<GateState, GateIntent>(AppConfig(platform: .ipados), model: Self.model(controller))
        try store.launch()
        store.expectState(.closed)
        #expect(store.state == .closed)
        #expect(try store.transition(to: .open(by: "ada")))
        store.expectState(.open(by: "ada"))
        #expect(store.state == .open(by: "ada"))
        try store.send(.close)
        store.expectState(.closed)
        #expect(controller.state == .closed)
        #expect(try !store.transition(to: .closed))  // closed -> closed is not in the table
        _ = store.takeTrace()
        store.finish()
    }

    @Test("a store made for a state type the model does not declare is refused when it is made")
    func wrongStateType() throws {
        #expect {
            _ = try TypedTestStore<GateState, GateIntent>(AppConfig(platform: .ipados))
        } throws: { error in
            (error as? SimError)?.message
                == "TypedTestStore<GateState, GateIntent>: the model declares no state \"closed\", \"open\", \"jammed\" of GateState; make the store for the model's own state type"
        }
    }

    @Test("a plain store still takes the built-in model's intents with a leading dot")
    func builtinStillReads() throws {
        let store = try SceneSimTestStore(AppConfig(platform: .ipados))
        try store.launch()
        try store.settle()
        try store.send(.login(user: "ada"))
        store.expectState(.authenticated(user: "ada"))
        store.exhaustivity = .off
        store.finish()
    }
}
