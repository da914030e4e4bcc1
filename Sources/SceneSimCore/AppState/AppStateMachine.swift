/// The app's state machine as a value (semantics 4.5, 10): the current state of its model, the
/// model's transition table, and the log of accepted and rejected requests. No clock, no I/O.
public struct AppStateMachine: Equatable, Sendable {
    /// One accepted or rejected request, at the virtual time it was made.
    public struct Transition: Equatable, Sendable {
        /// The state the app was in when the request was made.
        public var from: ModelState
        /// The state requested.
        public var to: ModelState
        /// When the request was made, on the virtual clock.
        public var at: VirtualTime
        /// Why a rejected request was refused; nil for accepted ones.
        public var reason: String?

        /// A request from `from` to `to` made at `at`; `reason` is nil for an accepted one.
        public init(from: ModelState, to: ModelState, at: VirtualTime, reason: String?) {
            self.from = from
            self.to = to
            self.at = at
            self.reason = reason
        }
    }

    /// What became of a transition request: accepted, or rejected with the reason why.
    public enum Outcome: Equatable, Sendable {
        case accepted
        case rejected(reason: String)
    }

    // The machine itself is the simulator's: users meet its Transition (`Simulator.history`)
    // and Outcome (`Simulator.transition(to:)`), so the rest is `package`.
    package private(set) var state: ModelState
    package private(set) var history: [Transition] = []
    package private(set) var rejected: [Transition] = []
    /// The bytes the log's states and reasons hold (a state's argument can be a script's long
    /// string), for the simulator's memory budget: each entry counted once, as it is added.
    package private(set) var payloadBytes = 0

    /// The bytes a state's name and argument hold.
    package static func bytes(of state: ModelState) -> Int {
        if case .text(let text)? = state.argument { return state.name.utf8.count + text.count }
        return state.name.utf8.count
    }
    /// The model's table, by state name.
    let table: [String: [String]]

    /// A machine in `model`'s initial state.
    package init(model: AppModel) {
        state = model.initial
        table = model.transitions
    }

    /// A machine of `model` in `state` (a test's starting point).
    package init(model: AppModel, state: ModelState) {
        self.state = state
        table = model.transitions
    }

    /// Whether the table lets `from` move to `to` (only names matter).
    package func allows(from: ModelState, to: ModelState) -> Bool {
        table[from.name]?.contains(to.name) ?? false
    }

    /// Validates and applies a request; a rejected one leaves the state as it was.
    package mutating func request(_ target: ModelState, at time: VirtualTime) -> Outcome {
        guard allows(from: state, to: target) else {
            let allowed = table[state.name] ?? []
            let reason = "\(state.name) cannot go to \(target.name); from \(state.name) the app may go to \(allowed.isEmpty ? "no other state" : allowed.joined(separator: ", "))"
            rejected.append(Transition(from: state, to: target, at: time, reason: reason))
            payloadBytes += Self.bytes(of: target) + reason.utf8.count
            return .rejected(reason: reason)
        }
        history.append(Transition(from: state, to: target, at: time, reason: nil))
        payloadBytes += Self.bytes(of: target)
        state = target
        return .accepted
    }
}
