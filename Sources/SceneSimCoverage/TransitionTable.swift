import SceneSimCore

/// The states and allowed transitions of the app model in use, which coverage is measured
/// against. Today that is the built-in AppStateController's table (semantics §4.5,
/// `AppStateMachine.allowedTargets`); a declared model supplies its own states and table and
/// names the state each `ModelState` of the trace falls in.
public struct TransitionTable: Sendable {
    public struct Transition: Hashable, Sendable, Comparable {
        public var from: String
        public var to: String
        public init(from: String, to: String) {
            self.from = from
            self.to = to
        }
        public var text: String { "\(from) -> \(to)" }
        public static func < (a: Transition, b: Transition) -> Bool { (a.from, a.to) < (b.from, b.to) }
    }

    /// What the reports call the model.
    public var name: String
    /// In the order reports list them; the first is the state a process starts in.
    public var states: [String]
    /// In the order reports list them.
    public var transitions: [Transition]
    /// The state an app state of the trace is in.
    public var stateName: @Sendable (ModelState) -> String

    public init(name: String, states: [String], transitions: [Transition], stateName: @escaping @Sendable (ModelState) -> String) {
        self.name = name
        self.states = states
        self.transitions = transitions
        self.stateName = stateName
    }

    /// The built-in AppStateController: five states, thirteen transitions.
    public static let builtIn = TransitionTable(
        name: "the built-in AppStateController",
        states: AppState.Kind.allCases.map(\.rawValue),
        transitions: AppState.Kind.allCases.flatMap { from in
            AppStateMachine.allowedTargets(from: from).map { Transition(from: from.rawValue, to: $0.rawValue) }
        },
        stateName: { $0.name }
    )
}
