import ByteText

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

    /// Parses a canonical name (see `init(parsing: String)`); the user keeps its bytes.
    public init(parsing name: ByteString) throws(SimError) {
        let prefix = ByteString("authenticated(")
        if name.hasPrefix(prefix), name.bytes.last == UInt8(ascii: ")"), name.count > prefix.count + 1 {
            self = .authenticated(user: ByteString(name.bytes[prefix.count..<(name.count - 1)]))
            return
        }
        try self.init(parsing: name.string ?? name.escaped)
    }

    /// Parses canonical text; the error says what was wrong and what would be right.
    public init(parsing text: String) throws(SimError) {
        let name: String
        let argument: String?
        if let open = text.firstIndex(of: "(") {
            guard text.hasSuffix(")") else {
                throw SimError(.invalidValue, "app state \"\(text)\" is missing its closing \")\"; write it like \"authenticated(ada)\"")
            }
            name = String(text[..<open])
            argument = String(text[text.index(after: open)..<text.index(before: text.endIndex)])
        } else {
            name = text
            argument = nil
        }
        guard let kind = Kind(rawValue: name) else {
            throw SimError(.invalidValue, "unknown app state \"\(text)\"\(suggestion(for: name, among: Kind.allCases.map(\.rawValue))); states are loading, unauthenticated, onboarding(<step>), authenticated(<user>), error(<kind>)")
        }
        switch kind {
        case .loading, .unauthenticated:
            if let argument {
                throw SimError(.invalidValue, "app state \"\(name)\" takes no argument (got \"\(argument)\"); write \"\(name)\"")
            }
            self = kind == .loading ? .loading : .unauthenticated
        case .onboarding:
            let steps = OnboardingStep.allCases.map(\.rawValue)
            guard let argument, let step = OnboardingStep(rawValue: argument) else {
                throw SimError(.invalidValue, "app state \"\(text)\" needs an onboarding step\(suggestion(for: argument ?? "", among: steps)); steps are \(steps.joined(separator: ", ")), e.g. \"onboarding(welcome)\"")
            }
            self = .onboarding(step)
        case .authenticated:
            guard let argument, !argument.isEmpty else {
                throw SimError(.invalidValue, "app state \"\(text)\" needs a user, e.g. \"authenticated(ada)\"")
            }
            self = .authenticated(user: ByteString(argument))
        case .error:
            let kinds = AppErrorKind.allCases.map(\.rawValue)
            guard let argument, let errorKind = AppErrorKind(rawValue: argument) else {
                throw SimError(.invalidValue, "app state \"\(text)\" needs an error kind\(suggestion(for: argument ?? "", among: kinds)); kinds are \(kinds.joined(separator: ", ")), e.g. \"error(sessionExpired)\"")
            }
            self = .error(errorKind)
        }
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
    case networkUnavailable, sessionExpired, maintenanceMode
}
