import SceneSimTestSupport
import SceneSimTesting
import Testing
import SceneSimBuiltin
@testable import SceneSimCore

/// Whole traces of the AppStateController's flows: sessions ending, onboarding, deep links.
@Suite("Trace: authentication")
struct AuthTraceTests {
    @Test("session_ttl: coming back after the session expired shows error(sessionExpired); retry logs out")
    func sessionExpiry() throws {
        let device = try SceneSimTestStore.loggedIn(.testing(scenes: valueScenes) { $0.sessionTTL = .at(60) })
        try device.background()
        try device.advance(60)
        try device.foreground()
        try device.settle()
        try device.advance(5)
        try device.retry()
        try device.settle()
        device.expectTrace(
            """
            [   2.000] main#1      phase active -> inactive
            [   2.000] app         phase active -> inactive: prepare for background
            [   2.000] main#1      phase inactive -> background
            [   2.000] app         phase inactive -> background: release resources
            [   7.000] app         suspended
            [  62.000] app         resumed (suspended 55.000 s)
            [  62.000] main#1      phase background -> inactive
            [  62.000] app         phase background -> inactive: prepare for background
            [  62.000] main#1      phase inactive -> active
            [  62.000] app         phase inactive -> active: validate session and refresh
            [  62.000] auth        validating the session of ada with the server
            [  62.200] auth        session of ada: expired
            [  62.200] app         state authenticated(ada) -> error(sessionExpired)
            [  67.200] app         state error(sessionExpired) -> loading
            [  67.200] auth        validating the session of ada with the server
            [  67.400] auth        session of ada: expired
            [  67.400] auth        session of ada cleared from the keychain (initialization: expired)
            [  67.700] app         state loading -> unauthenticated
            """)
    }

    @Test("logout ends the session on the server: a later revocation counts only live sessions")
    func logoutEndsServerSession() throws {
        let device = try SceneSimTestStore.loggedIn()
        try device.advance(1)
        try device.logout()
        try device.advance(1)
        try device.login("ada")
        try device.perform("revoke(\("ada"))") { try $0.revokeSessions(of: "ada") }
        device.expectTrace(
            """
            [   3.000] auth        session of ada cleared from the keychain (logout)
            [   3.000] app         state authenticated(ada) -> unauthenticated
            [   4.000] auth        session of ada stored in the keychain (expires at 3604.000)
            [   4.000] app         state unauthenticated -> authenticated(ada)
            [   4.000] server      revoked 1 session of ada
            """)
    }

    @Test("revocation on the server: the next validation ends in error(sessionExpired)")
    func revocation() throws {
        let device = try SceneSimTestStore.loggedIn()
        try device.perform("revoke(\("ada"))") { try $0.revokeSessions(of: "ada") }
        try device.openAppSwitcher()
        try device.foreground()
        try device.settle()
        device.expectTrace(
            """
            [   2.000] server      revoked 1 session of ada
            [   2.000] main#1      phase active -> inactive
            [   2.000] app         phase active -> inactive: prepare for background
            [   2.000] main#1      phase inactive -> active
            [   2.000] app         phase inactive -> active: validate session and refresh
            [   2.000] auth        validating the session of ada with the server
            [   2.200] auth        session of ada: revoked
            [   2.200] app         state authenticated(ada) -> error(sessionExpired)
            """)
    }

    @Test("network loss during validation keeps the user logged in with a warning")
    func networkLossDuringValidation() throws {
        let device = try SceneSimTestStore.loggedIn()
        try device.interrupt()
        try device.resume()
        try device.advance(0.1)
        try device.network(reachable: false)
        try device.settle()
        device.expectTrace(
            """
            [   2.000] main#1      phase active -> inactive
            [   2.000] app         phase active -> inactive: prepare for background
            [   2.000] main#1      phase inactive -> active
            [   2.000] app         phase inactive -> active: validate session and refresh
            [   2.000] auth        validating the session of ada with the server
            [   2.100] network     down
            [   2.200] auth        warning: cannot reach the server to validate the session of ada; staying logged in
            """)
        #expect(device.simulator.appState == .authenticated(user: "ada"))
    }

    @Test("onboarding end to end: welcome, permissions, profileSetup, complete, authenticated")
    func onboarding() throws {
        let device = try SceneSimTestStore.ready()
        for _ in 0..<5 {
            try device.advance(1)
            if device.simulator.appState == .unauthenticated {
                try device.login("ada", newUser: true)
            } else {
                try device.nextStep()
            }
        }
        device.expectTrace(
            """
            [   1.500] auth        session of ada stored in the keychain (expires at 3601.500)
            [   1.500] app         state unauthenticated -> onboarding(welcome)
            [   2.500] app         state onboarding(welcome) -> onboarding(permissions)
            [   3.500] app         state onboarding(permissions) -> onboarding(profileSetup)
            [   4.500] app         state onboarding(profileSetup) -> onboarding(complete)
            [   5.500] app         state onboarding(complete) -> authenticated(ada)
            """)
    }

    @Test("cancelling onboarding clears the new session and returns to unauthenticated")
    func cancelOnboarding() throws {
        let device = try SceneSimTestStore.ready()
        try device.advance(1)
        try device.login("ada", newUser: true)
        try device.advance(1)
        try device.cancelOnboarding()
        device.expectTrace(
            """
            [   1.500] auth        session of ada stored in the keychain (expires at 3601.500)
            [   1.500] app         state unauthenticated -> onboarding(welcome)
            [   2.500] auth        session of ada cleared from the keychain (onboarding cancelled)
            [   2.500] app         state onboarding(welcome) -> unauthenticated
            """)
    }

    @Test("deep links: refused before login, handled after it, refused again after logout")
    func deepLinks() throws {
        let config = AppConfig.testing(scenes: valueScenes) { $0.routes = ["item": "item", "d": "detail"] }
        let device = try SceneSimTestStore.ready(config, model: try linkTakingModel())
        try device.openURL("app://item/7")
        try device.advance(1)
        try device.login("ada")
        try device.advance(1)
        try device.openURL("app://item/7")
        try device.openURL("app://item/x")
        try device.openURL("app://zzz/7")
        try device.openURL("https://example.com/7")
        try device.openURL("app://d/abc")
        try device.openURL("app://item/7")
        try device.advance(1)
        try device.logout()
        try device.openURL("app://d/abc")
        // main takes every link (semantics 12.3) and comes to the front; the routes follow.
        device.expectTrace(
            """
            [   0.500] app         open url app://item/7: not handled: the app is unauthenticated; deep links are handled only while authenticated
            [   1.500] auth        session of ada stored in the keychain (expires at 3601.500)
            [   1.500] app         state unauthenticated -> authenticated(ada)
            [   2.500] item#1      connected (new session, value 7) -> inactive
            [   2.500] item#1      phase inactive -> active
            [   2.500] app         open url app://item/7: handled by item#1
            [   2.500] main#1      brought to front
            [   2.500] app         open url app://item/x: not handled: main#1 has no on_url; \"x\" is not an integer
            [   2.500] app         open url app://zzz/7: not handled: main#1 has no on_url; no route \"zzz\"
            [   2.500] app         open url https://example.com/7: not handled: main#1 has no on_url; no route \"example.com\"
            [   2.500] detail#1    connected (new session, value \"abc\") -> inactive
            [   2.500] detail#1    phase inactive -> active
            [   2.500] item#1      phase active -> inactive
            [   2.500] item#1      phase inactive -> background
            [   2.500] app         open url app://d/abc: handled by detail#1
            [   2.500] main#1      brought to front
            [   2.500] item#1      already open: brought to front
            [   2.500] item#1      phase background -> inactive
            [   2.500] item#1      phase inactive -> active
            [   2.500] detail#1    phase active -> inactive
            [   2.500] detail#1    phase inactive -> background
            [   2.500] app         open url app://item/7: handled by item#1
            [   3.500] auth        session of ada cleared from the keychain (logout)
            [   3.500] app         state authenticated(ada) -> unauthenticated
            [   3.500] app         open url app://d/abc: not handled: the app is unauthenticated; deep links are handled only while authenticated
            """)
    }
}
