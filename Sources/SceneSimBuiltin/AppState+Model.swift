import ByteText
import SceneSimCore

// The built-in model's states as the typed `AppState` its Swift code uses.
extension AppState {
    /// This state as a state of the built-in model.
    public var modelState: ModelState {
        switch self {
        case .loading: ModelState("loading")
        case .unauthenticated: ModelState("unauthenticated")
        case .onboarding(let step): ModelState("onboarding", .text(ByteString(step.rawValue)))
        case .authenticated(let user): ModelState("authenticated", .text(user))
        case .error(let kind): ModelState("error", .text(ByteString(kind.rawValue)))
        }
    }

    /// The built-in model's state `state` names, nil for a state of another model.
    public init?(_ state: ModelState) {
        switch (state.name, state.argument) {
        case ("loading", nil): self = .loading
        case ("unauthenticated", nil): self = .unauthenticated
        case ("onboarding", .text(let text)?):
            guard let step = text.string.flatMap(OnboardingStep.init(rawValue:)) else { return nil }
            self = .onboarding(step)
        case ("authenticated", .text(let user)?): self = .authenticated(user: user)
        case ("error", .text(let text)?):
            guard let kind = text.string.flatMap(AppErrorKind.init(rawValue:)) else { return nil }
            self = .error(kind)
        default: return nil
        }
    }
}
