import ByteText
import SceneSimCore

/// The AppStateController's state (semantics §4.5), with the canonical text scripts use.
public enum AppState: Hashable, Sendable {
    case loading
    case unauthenticated
    case onboarding(OnboardingStep)
    case authenticated(user: ByteString)
    case error(AppErrorKind)

    /// The state's name without payload, for the transition table.
    public enum Kind: String, Sendable, CaseIterable {
        case loading, unauthenticated, onboarding, authenticated, error
    }

    /// The state without its payload (`onboarding` for `onboarding(welcome)`).
    public var kind: Kind {
        switch self {
        case .loading: .loading
        case .unauthenticated: .unauthenticated
        case .onboarding: .onboarding
        case .authenticated: .authenticated
        case .error: .error
        }
    }

    /// `loading`, `onboarding(welcome)`, `authenticated(ada)`, `error(sessionExpired)`: the
    /// canonical name, with the user's bytes exactly (what `app.state` gives a script).
    public var name: ByteString {
        switch self {
        case .authenticated(let user): "authenticated(" + user + ")"
        default: ByteString(text)
        }
    }

    /// `name` as text for the trace and messages: the user escaped (see `ByteString.escaped`).
    public var text: String {
        switch self {
        case .loading: "loading"
        case .unauthenticated: "unauthenticated"
        case .onboarding(let step): "onboarding(\(step.rawValue))"
        case .authenticated(let user): "authenticated(\(user.escaped))"
        case .error(let kind): "error(\(kind.rawValue))"
        }
    }

    /// Parses a canonical name against the built-in model (see `AppModel.parse`); the user
    /// keeps its bytes.
    package init(parsing name: ByteString) throws(SimError) {
        let state = try AppModel.builtin.parse(name)
        guard let parsed = AppState(state) else {
            throw SimError(.invalidValue, "app state \"\(name.escaped)\" is not a state of the built-in model")
        }
        self = parsed
    }

    /// Parses canonical state text (`authenticated(ada)`) as a state of the built-in model.
    public init(parsing text: String) throws(SimError) {
        try self.init(parsing: ByteString(text))
    }
}

/// The steps of first-time onboarding, in order.
public enum OnboardingStep: String, Sendable, CaseIterable {
    case welcome, permissions, profileSetup, complete

    /// The step after this one; nil after `complete` (onboarding then finishes).
    public var next: OnboardingStep? {
        switch self {
        case .welcome: .permissions
        case .permissions: .profileSetup
        case .profileSetup: .complete
        case .complete: nil
        }
    }
}

/// Why the app shows its error screen.
public enum AppErrorKind: String, Sendable, CaseIterable {
    /// The network is down, the login session has expired, or the service is in maintenance.
    case networkUnavailable, sessionExpired, maintenanceMode
}
