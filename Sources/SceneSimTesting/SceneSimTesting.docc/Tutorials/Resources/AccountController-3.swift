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
    private let validate: @MainActor (Int) async throws -> Bool

    nonisolated init(clock: any Clock<Duration>, validate: @escaping @MainActor (Int) async throws -> Bool) {
        self.clock = clock
        self.validate = validate
    }

    /// Shows the splash for two seconds, then asks the server whether the stored session's
    /// token is still good.
    func start(token: Int?) async throws {
        try await clock.sleep(for: .seconds(2))
        guard let token, try await validate(token) else {
            screen = .signIn
            return
        }
        screen = .home
    }
}
