import SceneSimBuiltin
import SceneSimCore

/// The states and allowed transitions of an app model in use, which coverage is measured
/// against: the built-in AppStateController's table (semantics §4.5) or a declared model's
/// (semantics §10). Two runs are of the same model when their tables are equal (`shape`), so a
/// model shared between scenarios with `require` is counted as one.
package struct TransitionTable: Sendable {
    package struct Transition: Hashable, Sendable, Comparable {
        package var from: String
        package var to: String
        package init(from: String, to: String) {
            self.from = from
            self.to = to
        }
        package var text: String { "\(from) -> \(to)" }
        package static func < (a: Transition, b: Transition) -> Bool { (a.from, a.to) < (b.from, b.to) }
    }

    /// What the reports call the model.
    package var name: String
    /// In the order reports list them (the declaration's).
    package var states: [String]
    /// The state every process starts in.
    package var initial: String
    /// In the order reports list them.
    package var transitions: [Transition]
    /// The state an app state of the trace is in.
    package var stateName: @Sendable (ModelState) -> String

    package init(name: String, states: [String], initial: String? = nil, transitions: [Transition], stateName: @escaping @Sendable (ModelState) -> String = { $0.name }) {
        self.name = name
        self.states = states
        self.initial = initial ?? states.first ?? ""
        self.transitions = transitions
        self.stateName = stateName
    }

    /// What makes two tables the same model: states, initial state and transitions, and the
    /// name the model was given, if any (two apps named apart stay apart). Orders do not count:
    /// the same declaration written in another order is the same model.
    package struct Shape: Hashable, Sendable {
        var states: Set<String>
        var initial: String
        var transitions: Set<Transition>
        var given: String?
    }

    package var shape: Shape { Shape(states: Set(states), initial: initial, transitions: Set(transitions), given: givenName) }
    /// The model's own name (`model = { name = "notes" }`), when it has one.
    package var givenName: String?

    /// The built-in AppStateController: five states, thirteen transitions.
    package static let builtIn: TransitionTable = {
        let model = AppModel.builtin
        return TransitionTable(
            name: "the built-in AppStateController",
            states: model.stateNames,
            transitions: model.stateNames.flatMap { from in model.targets(from: from).map { Transition(from: from, to: $0) } }
        )
    }()

    /// The table of `model`: the built-in one when it has the built-in's table (its Lua twin
    /// included), else a declared model's, called `model NAME` when it was given `name`, or
    /// else named after `scenario`, the first that declared it.
    package static func of(_ model: AppModel, named name: String? = nil, declaredIn scenario: String) -> TransitionTable {
        let states = model.stateNames
        var table = TransitionTable(
            name: name.map { "model \($0)" } ?? "the model declared in \(scenario)",
            states: states,
            initial: model.initial.name,
            transitions: states.flatMap { from in model.targets(from: from).map { Transition(from: from, to: $0) } }
        )
        if table.shape == builtIn.shape { return builtIn }
        table.givenName = name
        return table
    }
}
