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
    private let clock: any Clock<Duration>

    nonisolated init(clock: any Clock<Duration>) {
        self.clock = clock
    }

    /// Shows the splash for two seconds.
    func start(token: Int?) async throws {
        try await clock.sleep(for: .seconds(2))
        screen = .signIn
    }
}
