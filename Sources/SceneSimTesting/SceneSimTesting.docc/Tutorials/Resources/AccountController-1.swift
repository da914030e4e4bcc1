import Observation

/// The app's account state, as its SwiftUI views observe it: a splash while the app starts,
/// then home for a user whose stored session the server accepts, else the sign-in screen.
@Observable
@MainActor
final class AccountController {
    enum Screen: String, Sendable {
        case splash, signIn, home
    }

    private(set) var screen = Screen.splash

    nonisolated init() {}
}
