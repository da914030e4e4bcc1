import CustomDump
import SceneSimTestSupport
import SceneSimTesting
import Testing
import SceneSimBuiltin
@testable import SceneSimCore

/// The seed's own test cases, run against the whole simulator.
@Suite("Seed cases")
struct SeedCaseTests {
    @Test("valid transitions: loading → unauthenticated → authenticated")
    func validTransitions() throws {
        // given a launched app with no stored session
        let device = try SceneSimTestStore.launched()
        // when initialization finishes and the user logs in
        try device.settle()
        try device.advance(0.5)
        try device.login("ada")
        // then both transitions are accepted, in order
        expectNoDifference(
            device.simulator.history,
            [
                .init(from: .loading, to: .unauthenticated, at: .at(0.5), reason: nil),
                .init(from: .unauthenticated, to: .authenticated(user: "ada"), at: .at(1), reason: nil),
            ])
        #expect(device.simulator.rejectedTransitions.isEmpty)
        #expect(device.simulator.appState == .authenticated(user: "ada"))
    }

    @Test("an invalid transition loading → onboarding is rejected: state unchanged, recorded, traced")
    func invalidTransition() throws {
        // given an app still loading
        let device = try SceneSimTestStore.launched()
        _ = device.takeTrace()
        let before = device.simulator.snapshot()
        // when something asks for onboarding
        let outcome = try device.transition("onboarding(welcome)")
        // then it is refused and nothing else changed
        let reason = "loading cannot go to onboarding; from loading the app may go to unauthenticated, authenticated, error"
        #expect(outcome == .rejected(reason: reason))
        expectNoDifference(device.simulator.snapshot(), before)
        expectNoDifference(device.simulator.rejectedTransitions, [.init(from: .loading, to: .onboarding(.welcome), at: .zero, reason: reason)])
        #expect(device.simulator.history.isEmpty)
        device.expectTrace(
            """
            [   0.000] app         state loading -> onboarding(welcome) rejected: \(reason)
            """)
    }

    @Test("authenticated → error(sessionExpired) → unauthenticated")
    func sessionExpiredThenLogout() throws {
        // given ada logged in with a session that lives 60 s
        let device = try SceneSimTestStore.loggedIn(.testing(scenes: valueScenes) { $0.sessionTTL = .at(60) })
        // when she comes back after it expired, and then logs out
        try device.advance(60)
        try device.background()
        try device.foreground()
        try device.settle()
        try device.logout()
        // then the controller went through the error to unauthenticated
        expectNoDifference(
            device.simulator.history.map { "\($0.from.text) -> \($0.to.text)" },
            [
                "loading -> unauthenticated",
                "unauthenticated -> authenticated(ada)",
                "authenticated(ada) -> error(sessionExpired)",
                "error(sessionExpired) -> unauthenticated",
            ])
        #expect(device.simulator.appState == .unauthenticated)
    }

    @Test("a first-time login goes to onboarding(welcome)")
    func firstTimeLogin() throws {
        let device = try SceneSimTestStore.ready()
        try device.advance(1)
        try device.login("ada", newUser: true)
        #expect(device.simulator.appState == .onboarding(.welcome))
        device.expectTrace(
            """
            [   1.500] auth        session of ada stored in the keychain (expires at 3601.500)
            [   1.500] app         state unauthenticated -> onboarding(welcome)
            """)
    }

    @Test("a deep link while unauthenticated is not handled and changes nothing")
    func deepLinkUnauthenticated() throws {
        // given an unauthenticated app with a route to the item group
        let device = try SceneSimTestStore.ready(.testing(scenes: valueScenes) { $0.routes = ["item": "item"] })
        let before = device.simulator.snapshot()
        // when a link arrives
        let handled = try device.openURL("app://item/42")
        // then it is refused and the state is as it was
        #expect(handled == false)
        expectNoDifference(device.simulator.snapshot(), before)
        device.expectTrace(
            """
            [   0.500] app         open url app://item/42: not handled: the app is unauthenticated; deep links are handled only while authenticated
            """)
    }
}
