import Testing
import SceneSimBuiltin
@testable import SceneSimCore

@Suite("AppState(parsing:)")
struct AppStateParsingTests {
    static let all: [Builtin.AppState] =
        [.loading, .unauthenticated, .authenticated(user: "ada"), .authenticated(user: "grace hopper")]
        + Builtin.OnboardingStep.allCases.map(Builtin.AppState.onboarding)
        + Builtin.AppErrorKind.allCases.map(Builtin.AppState.error)

    @Test("canonical text parses back to the same state", arguments: all)
    func roundTrip(state: Builtin.AppState) throws {
        #expect(try Builtin.AppState(parsing: state.text) == state)
    }

    @Test("canonical texts are the ones the API documents")
    func canonicalTexts() {
        #expect(
            Self.all.map(\.text) == [
                "loading", "unauthenticated", "authenticated(ada)", "authenticated(grace hopper)",
                "onboarding(welcome)", "onboarding(permissions)", "onboarding(profileSetup)", "onboarding(complete)",
                "error(networkUnavailable)", "error(sessionExpired)", "error(maintenanceMode)",
            ])
    }

    @Test(
        "malformed texts are refused with a message saying what would be right",
        arguments: [
            ("authenticated(ada", "app state \"authenticated(ada\" is missing its closing \")\"; write it like \"authenticated(ada)\""),
            ("logedin", "unknown app state \"logedin\"; states are loading, unauthenticated, onboarding(<step>), authenticated(<user>), error(<kind>)"),
            ("loadin", "unknown app state \"loadin\" (did you mean \"loading\"?); states are loading, unauthenticated, onboarding(<step>), authenticated(<user>), error(<kind>)"),
            ("loading(now)", "app state \"loading\" takes no argument (got \"now\"); write \"loading\""),
            ("onboarding", "app state \"onboarding\" needs an onboarding step; steps are welcome, permissions, profileSetup, complete, e.g. \"onboarding(welcome)\""),
            (
                "onboarding(welcom)",
                "app state \"onboarding(welcom)\" needs an onboarding step (did you mean \"welcome\"?); steps are welcome, permissions, profileSetup, complete, e.g. \"onboarding(welcome)\""
            ),
            ("authenticated()", "app state \"authenticated()\" needs a user, e.g. \"authenticated(ada)\""),
            ("authenticated", "app state \"authenticated\" needs a user, e.g. \"authenticated(ada)\""),
            ("error(expired)", "app state \"error(expired)\" needs an error kind; kinds are networkUnavailable, sessionExpired, maintenanceMode, e.g. \"error(sessionExpired)\""),
        ])
    func errors(text: String, message: String) {
        #expect(throws: SimError(.invalidValue, .text(message))) { try Builtin.AppState(parsing: text) }
    }
}

extension Builtin.AppState: CustomTestStringConvertible {
    public var testDescription: String { text }
}
