import CustomDump
import SceneSim

// A typed model's intents and states in a test (issue 42): `send(AuthIntent.signIn(user: "ada"))`,
// `expectState(AuthState.signedIn(user: "ada"))`, `transition(to: AuthState.signedOut)`. The
// string forms stay for what is not a Swift enum.
extension SceneSimTestStore {
    /// Runs the model's intent `intent` names with its associated values, as the app's UI
    /// would (`perform(intent:_:)` with its name and arguments); returns its result.
    @discardableResult
    public func send(
        _ intent: some SimIntent,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> SceneValue? {
        try perform("send(\(intent.name))", sourceLocation: sourceLocation) { try $0.perform(intent) }
    }

    /// The app's state is `expected`, a state of the model's `SimState` (compared as the trace
    /// writes both: `signedIn(ada)`; `not running` when the app is not).
    public func expectState(
        _ expected: some SimState,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        expectState(expected.text, sourceLocation: sourceLocation)
    }

    /// A transition request from outside the app with a typed state (see `transition(to:)`):
    /// whether it was accepted.
    @discardableResult
    public func transition(
        to state: some SimState,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Bool {
        try perform("transition(to: \(state.text))", sourceLocation: sourceLocation) { sim in
            if case .accepted = try sim.transition(to: state) { return true }
            return false
        }
    }

    // The built-in model's, so the store's default model reads `send(.login(user: "ada"))` and
    // `expectState(.authenticated(user: "ada"))`.

    /// Runs an intent of the built-in model (`send(.login(user: "ada"))`).
    @discardableResult
    public func send(
        _ intent: Builtin.Intent,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> SceneValue? {
        try perform("send(\(intent.name))", sourceLocation: sourceLocation) { try $0.perform(intent) }
    }

    /// The app's state is `expected`, a state of the built-in model (`expectState(.loading)`).
    public func expectState(
        _ expected: Builtin.AppState,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        expectState(expected.text, sourceLocation: sourceLocation)
    }
}
