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
        try sendIntent(intent, sourceLocation: sourceLocation)
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
        try requestTransition(to: state, sourceLocation: sourceLocation)
    }

    // What the typed overloads here and on `TypedTestStore` share (each overload set resolves
    // its own spelling; calling one from another would pick the caller again).
    func sendIntent(_ intent: some SimIntent, sourceLocation: SourceLocation) throws -> SceneValue? {
        try perform("send(\(intent.name))", sourceLocation: sourceLocation) { try $0.perform(intent) }
    }

    func requestTransition(to state: some SimState, sourceLocation: SourceLocation) throws -> Bool {
        try perform("transition(to: \(state.text))", sourceLocation: sourceLocation) { sim in
            if case .accepted = try sim.transition(to: state) { return true }
            return false
        }
    }

    // The built-in model's, so the store's default model reads `send(.login(user: "ada"))` and
    // `expectState(.authenticated(user: "ada"))`.

    /// Runs an intent of the built-in model (`send(.login(user: "ada"))`).
    @discardableResult
    @_disfavoredOverload
    public func send(
        _ intent: Builtin.Intent,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> SceneValue? {
        try sendIntent(intent, sourceLocation: sourceLocation)
    }

    /// The app's state is `expected`, a state of the built-in model (`expectState(.loading)`).
    @_disfavoredOverload
    public func expectState(
        _ expected: Builtin.AppState,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        expectState(expected.text, sourceLocation: sourceLocation)
    }
}

/// A store for a model declared from Swift enums, so a test names the model's intents and states
/// with a leading dot, as TCA's `TestStoreOf<Feature>` names a feature's actions:
/// `send(.signIn(user: "ada"))`, `expectState(.signedIn(user: "ada"))`, `transition(to: .signedOut)`.
///
/// ```swift
/// let store = try TypedTestStore<AuthState, AuthIntent>(AppConfig(platform: .ipados), model: model)
/// try store.launch()
/// try store.send(.signIn(user: "ada"))
/// store.expectState(.signedIn(user: "ada"))
/// ```
///
/// Everything else is `SceneSimTestStore`'s (a plain store takes the same typed values with
/// their type named: `send(AuthIntent.signIn(user: "ada"))`). `State` is checked against the
/// model when the store is made: a state of `State` the model does not declare is an error
/// there, not at the first `expectState`.
public final class TypedTestStore<State: SimState, Intent: SimIntent>: SceneSimTestStore {
    /// Declares the app on a fresh device with `model`, whose states are `State`'s; nothing
    /// runs until `launch()`.
    public override init(_ config: AppConfig = AppConfig(), model: AppModel = .builtin, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let declared = Set(model.states.map(\.name))
        let missing = State.Name.allCases.map(\.rawValue).filter { !declared.contains($0) }
        if !missing.isEmpty {
            throw SimError(
                .invalidConfig,
                "TypedTestStore<\(State.self), \(Intent.self)>: the model declares no state \(missing.map { "\"\($0)\"" }.joined(separator: ", ")) of \(State.self); make the store for the model's own state type"
            )
        }
        try super.init(config, model: model, sourceLocation: sourceLocation)
    }

    /// The app's state as a `State` (nil when the app is not running).
    public var state: State? { simulator.state(as: State.self) }

    /// Runs the model's intent `intent` names with its associated values (`send(.signIn(user: "ada"))`);
    /// returns its result.
    @discardableResult
    public func send(_ intent: Intent, sourceLocation: SourceLocation = #_sourceLocation) throws -> SceneValue? {
        try sendIntent(intent, sourceLocation: sourceLocation)
    }

    /// The app's state is `expected` (`expectState(.signedIn(user: "ada"))`; compared as the
    /// trace writes both).
    public func expectState(_ expected: State, sourceLocation: SourceLocation = #_sourceLocation) {
        expectState(expected.text, sourceLocation: sourceLocation)
    }

    /// A transition request from outside the app (`transition(to: .signedOut)`; see
    /// `Simulator.transition(to:)`): whether it was accepted.
    @discardableResult
    public func transition(to state: State, sourceLocation: SourceLocation = #_sourceLocation) throws -> Bool {
        try requestTransition(to: state, sourceLocation: sourceLocation)
    }
}
