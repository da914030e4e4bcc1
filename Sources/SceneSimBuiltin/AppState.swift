import ByteText
import SceneSimCore

/// The built-in model's types (the seed's AppStateController, semantics 4.5): its states, their
/// arguments and its intents, under one name so an app's own `AppState` or `OnboardingStep`
/// never clashes with them when both are imported.
public enum Builtin {}

extension Builtin {
    /// The AppStateController's state (semantics 4.5): a `SimState`, so the model is declared
    /// from it, with the canonical text scripts use (`authenticated(ada)`).
    public enum AppState: SimState {
        case loading
        case unauthenticated
        case onboarding(OnboardingStep)
        case authenticated(user: ByteString)
        case error(AppErrorKind)

        /// The states without their arguments, in declaration order.
        public enum Name: String, Sendable, CaseIterable {
            case loading, unauthenticated, onboarding, authenticated, error
        }

        /// Each state as the model declares it, with the words its messages use.
        public static func declaration(of name: Name) -> SimStateCase<AppState> {
            // Made once: every intent reads the state back (`appState`), and building a case's
            // words and constructor at each read cost the explore benchmark 2% of its steps.
            switch name {
            case .loading: Declared.loading
            case .unauthenticated: Declared.unauthenticated
            case .onboarding: Declared.onboarding
            case .authenticated: Declared.authenticated
            case .error: Declared.error
            }
        }

        private enum Declared {
            static let loading = SimStateCase.plain(AppState.loading, loading: true)
            static let unauthenticated = SimStateCase.plain(AppState.unauthenticated)
            static let onboarding = SimStateCase.argument(
                AppState.onboarding, wording: AppModel.Wording(placeholder: "step", noun: "an onboarding step", plural: "steps", example: "welcome"))
            static let authenticated = SimStateCase.argument(
                AppState.authenticated(user:), wording: AppModel.Wording(placeholder: "user", noun: "a user", plural: "", example: "ada"))
            static let error = SimStateCase.argument(
                AppState.error, wording: AppModel.Wording(placeholder: "kind", noun: "an error kind", plural: "kinds", example: "sessionExpired"))
        }

        /// The seed's transition table, the only one: the states each state may move to, in
        /// the order messages list them. Onboarding may move to any step, itself included.
        public static func targets(from name: Name) -> [Name] {
            switch name {
            case .loading: [.unauthenticated, .authenticated, .error]
            case .unauthenticated: [.onboarding, .authenticated, .error]
            case .onboarding: [.onboarding, .authenticated, .unauthenticated]
            case .authenticated: [.unauthenticated, .error]
            case .error: [.loading, .unauthenticated]
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
    public enum OnboardingStep: String, Sendable, CaseIterable, SimStateArgument {
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
    public enum AppErrorKind: String, Sendable, CaseIterable, SimStateArgument {
        /// The network is down, the login session has expired, or the service is in maintenance.
        case networkUnavailable, sessionExpired, maintenanceMode
    }

    /// The built-in model's intents, for Swift callers (`store.send(Builtin.Intent.login(user: "ada"))`).
    ///
    /// In a scenario script: `app:login{ user = "ada" }`, `app:next_step()`, ...
    public enum Intent: SimIntent {
        /// unauthenticated → authenticated(user), or onboarding(welcome) for a new user.
        case login(user: ByteString, newUser: Bool = false)
        /// Onboarding advances one step; after `complete` the user is authenticated.
        case nextStep
        /// Onboarding → unauthenticated; the new session is cleared.
        case cancelOnboarding
        /// → unauthenticated; the stored session is cleared.
        case logout
        /// error → loading, then initialization runs again.
        case retry
    }
}
