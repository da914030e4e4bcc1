/// The AppStateController of semantics §4.5 as a value: the current state, the seed's
/// transition table, and the log of accepted and rejected requests. No clock, no I/O.
public struct AppStateMachine: Equatable, Sendable {
    /// One accepted or rejected request, at the virtual time it was made.
    public struct Transition: Equatable, Sendable {
        public var from: AppState
        public var to: AppState
        public var at: VirtualTime
        /// Why a rejected request was refused; nil for accepted ones.
        public var reason: String?
    }

    public enum Outcome: Equatable, Sendable {
        case accepted
        case rejected(reason: String)
    }

    public private(set) var state: AppState
    public private(set) var history: [Transition] = []
    public private(set) var rejected: [Transition] = []

    public init(state: AppState = .loading) { self.state = state }

    /// The seed's table: the only kinds each kind may move to.
    public static func allowedTargets(from kind: AppState.Kind) -> [AppState.Kind] {
        switch kind {
        case .loading: [.unauthenticated, .authenticated, .error]
        case .unauthenticated: [.onboarding, .authenticated, .error]
        case .onboarding: [.onboarding, .authenticated, .unauthenticated]
        case .authenticated: [.unauthenticated, .error]
        case .error: [.loading, .unauthenticated]
        }
    }

    public static func isAllowed(from: AppState, to: AppState) -> Bool {
        allowedTargets(from: from.kind).contains(to.kind)
    }

    /// Validates and applies a request; a rejected one leaves the state as it was.
    public mutating func request(_ target: AppState, at time: VirtualTime) -> Outcome {
        guard Self.isAllowed(from: state, to: target) else {
            let allowed = Self.allowedTargets(from: state.kind).map(\.rawValue)
            let reason = "\(state.kind.rawValue) cannot go to \(target.kind.rawValue); from \(state.kind.rawValue) the app may go to \(allowed.joined(separator: ", "))"
            rejected.append(Transition(from: state, to: target, at: time, reason: reason))
            return .rejected(reason: reason)
        }
        history.append(Transition(from: state, to: target, at: time, reason: nil))
        state = target
        return .accepted
    }
}
