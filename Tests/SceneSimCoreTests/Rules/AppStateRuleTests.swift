import CustomDump
import SceneSimTestSupport
import SceneSimTesting
import Testing
import SceneSimBuiltin
@testable import SceneSimCore

/// docs/semantics.md §4.5–4.7: the shared AppStateController.
@Suite("§4 AppStateController")
struct AppStateRuleTests {
    static func stored(ttl: Double = 3600, _ configure: (inout AppConfig) -> Void = { _ in }) -> AppConfig {
        .testing(scenes: valueScenes) {
            $0.storedSession = InitialSession(user: "ada", ttl: .at(ttl))
            configure(&$0)
        }
    }

    @Test("4.5 one controller is shared by every window")
    func sharedController() throws {
        let device = try SceneSimTestStore.loggedIn()
        try device.openWindow("detail", value: .string("a"))
        try device.logout()
        #expect(device.simulator.appState == .unauthenticated)
        #expect(device.simulator.snapshot().state?.text == "unauthenticated")
    }

    @Test("4.5 a request outside the seed table is rejected, recorded and traced; the state is unchanged")
    func rejected() throws {
        let device = try SceneSimTestStore.loggedIn()
        let outcome = try device.transition("onboarding(welcome)")
        let reason = "authenticated cannot go to onboarding; from authenticated the app may go to unauthenticated, error"
        #expect(outcome == .rejected(reason: reason))
        #expect(device.simulator.appState == .authenticated(user: "ada"))
        expectNoDifference(device.simulator.rejectedTransitions, [.init(from: .authenticated(user: "ada"), to: .onboarding(.welcome), at: .at(2), reason: reason)])
        device.expectTrace("[   2.000] app         state authenticated(ada) -> onboarding(welcome) rejected: \(reason)")
    }

    @Test("4.5 no stored session: loading lasts min_loading, then unauthenticated")
    func noStoredSession() throws {
        let device = try SceneSimTestStore.launched(.testing { $0.minLoading = .at(0.8) })
        try device.advance(0.799)
        #expect(device.simulator.appState == .loading)
        try device.advance(0.001)
        #expect(device.simulator.appState == .unauthenticated)
    }

    @Test("4.5 a valid stored session: validated in auth_latency, authenticated once min_loading has passed")
    func validStoredSession() throws {
        let device = try SceneSimTestStore.launched(Self.stored())
        _ = device.takeTrace()
        try device.settle()
        device.expectTrace(
            """
            [   0.200] auth        session of ada: valid
            [   0.500] app         state loading -> authenticated(ada)
            """)
    }

    @Test("4.5 validation slower than min_loading keeps loading until the reply")
    func slowValidation() throws {
        let device = try SceneSimTestStore.launched(Self.stored { $0.authLatency = .at(2) })
        _ = device.takeTrace()
        try device.settle()
        device.expectTrace(
            """
            [   2.000] auth        session of ada: valid
            [   2.000] app         state loading -> authenticated(ada)
            """)
    }

    @Test("4.5 an invalid stored session is cleared at launch and the app is unauthenticated")
    func expiredStoredSession() throws {
        let device = try SceneSimTestStore.launched(Self.stored(ttl: 0.1))
        _ = device.takeTrace()
        try device.settle()
        device.expectTrace(
            """
            [   0.200] auth        session of ada: expired
            [   0.200] auth        session of ada cleared from the keychain (initialization: expired)
            [   0.500] app         state loading -> unauthenticated
            """)
    }

    @Test("4.5 a stored session that cannot be validated at launch (no network) is cleared")
    func unreachableAtLaunch() throws {
        let device = try SceneSimTestStore.nonExhaustive(Self.stored())
        try device.network(reachable: false)
        try device.launch()
        _ = device.takeTrace()
        try device.settle()
        device.expectTrace(
            """
            [   0.200] auth        session of ada: network unreachable
            [   0.200] auth        session of ada cleared from the keychain (initialization: network unreachable)
            [   0.500] app         state loading -> unauthenticated
            """)
    }

    @Test("4.5 becoming active with an expired token goes to error(sessionExpired)")
    func expiredWhenActive() throws {
        let device = try SceneSimTestStore.loggedIn(.testing(scenes: valueScenes) { $0.sessionTTL = .at(10) })
        try device.advance(10)
        try device.interrupt()
        try device.resume()
        try device.settle()
        #expect(device.simulator.appState == .error(.sessionExpired))
    }

    @Test("4.5 becoming active with the network down stays authenticated and warns")
    func networkDownWhenActive() throws {
        let device = try SceneSimTestStore.loggedIn()
        try device.network(reachable: false)
        try device.interrupt()
        try device.resume()
        _ = device.takeTrace()
        try device.settle()
        device.expectTrace(
            """
            [   2.200] auth        warning: cannot reach the server to validate the session of ada; staying logged in
            """)
        #expect(device.simulator.appState == .authenticated(user: "ada"))
    }

    @Test("4.6 a deep link is handled only while authenticated, by opening or fronting the routed window")
    func deepLinks() throws {
        let config = AppConfig.testing(scenes: valueScenes) { $0.routes = ["item": "item"] }
        let device = try SceneSimTestStore.ready(config, model: try linkTakingModel())
        #expect(try device.openURL("app://item/1") == false)
        try device.advance(0.5)
        try device.login("ada")
        #expect(try device.openURL("app://item/1") == true)
        #expect(try device.openURL("app://item/1") == true)
        // main takes each link (semantics 12.3) and leaves it to the route, which fronts item#1.
        let windows = ["item#1 active", "main#1 active"]
        #expect(device.simulator.snapshot().windows.map(\.description) == windows)
        try device.logout()
        #expect(try device.openURL("app://item/2") == false)
        #expect(device.simulator.snapshot().windows.map(\.description) == windows)
    }

    @Test("4.7 a loading screen on screen for less than flicker_threshold traces a flicker warning; the app's own screens do not")
    func flicker() throws {
        let device = try SceneSimTestStore.launched(.testing { $0.policy.flickerThreshold = .at(1) })
        _ = device.takeTrace()
        try device.settle()
        try device.advance(0.25)
        try device.login("ada")
        try device.advance(1)
        try device.logout()
        device.expectTrace(
            """
            [   0.500] app         state loading -> unauthenticated
            [   0.500] app         warning: state loading was on screen for 0.500 s, under flicker_threshold = 1.000 s (flicker)
            [   0.750] auth        session of ada stored in the keychain (expires at 3600.750)
            [   0.750] app         state unauthenticated -> authenticated(ada)
            [   1.750] auth        session of ada cleared from the keychain (logout)
            [   1.750] app         state authenticated(ada) -> unauthenticated
            """)
    }
}
