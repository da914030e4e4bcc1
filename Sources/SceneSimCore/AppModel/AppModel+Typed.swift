// A model declared from a Swift enum (issue 42): its states are a `SimState`, its table one
// function of their names, written once; the string forms stay what scripts and the trace use.
extension AppModel {
    /// A model whose states are `State`'s, starting in `initial`, where `transitions` gives the
    /// states each state may move to, in the order messages list them (transitions look only at
    /// the states' names, as every model's do):
    ///
    /// ```swift
    /// let model = try AppModel(initial: AuthState.starting) { state in
    ///     switch state {
    ///     case .starting: [.signedOut, .signedIn]
    ///     case .signedOut: [.signedIn]
    ///     case .signedIn: [.signedOut]
    ///     }
    /// }
    /// ```
    public init<State: SimState>(
        initial: State, intents: [String] = [], transitions: (State.Name) -> [State.Name]
    ) throws(SimError) {
        try State.checkDeclarations()
        var table: [String: [String]] = [:]
        for name in State.Name.allCases {
            let targets = transitions(name)
            if !targets.isEmpty { table[name.rawValue] = targets.map(\.rawValue) }
        }
        try self.init(states: State.stateDeclarations, initial: try initial.checkedModelState(), transitions: table, intents: intents)
    }
}

extension Simulator {
    /// Whether the model's state is called `name` (a `SimState`'s `Name`), whatever its
    /// argument: a check that makes no value (`state(as:)` builds one; the built-in model checks
    /// at every phase change).
    @inlinable
    public func state(is name: some RawRepresentable<String>) -> Bool {
        state.name == name.rawValue
    }

    /// `state` as a `State` (the model's initial state when the app is not running); nil when
    /// it is no state of `State`.
    @inlinable
    public func state<State: SimState>(as type: State.Type) -> State? {
        State(state)
    }

    /// `transition(to:)` with a typed state.
    @discardableResult
    @inlinable
    public func transition(to target: some SimState) throws(SimError) -> AppStateMachine.Outcome {
        try transition(to: try target.checkedModelState())
    }
}
