import ByteText
import SceneSimTestSupport
import SceneSimTesting
import Testing
import SceneSimBuiltin
@testable import SceneSimCore

/// app.keychain and sim.server in the core: the same keychain item as the built-in model's
/// login and logout, and validation answers that belong to the process that asked.
@Suite("Keychain and server: the built-in model's item, answers on the clock")
struct KeychainAndServerTests {
    @Test("app:login stores the token the keychain shows; logout clears it")
    func keychainFollowsLoginAndLogout() throws {
        let device = try SceneSimTestStore.ready()
        #expect(device.simulator.keychainToken == nil)
        try device.login("ada")
        let token = try #require(device.simulator.keychainToken)
        try device.terminate(.crash)
        #expect(device.simulator.keychainToken == token, "survives termination, readable while not running")
        try device.launch()
        try device.settle()
        #expect(device.simulator.appState == .authenticated(user: "ada"))
        try device.logout()
        #expect(device.simulator.keychainToken == nil)
    }

    @Test("a token stored through the keychain logs the built-in model in at the next launch")
    func storedTokenIsUsedAtLaunch() throws {
        let device = try SceneSimTestStore.ready()
        let token = try device.perform("createSession") { try $0.createSession(user: "grace", ttl: .at(100)) }
        try device.perform("setKeychain") { try $0.setKeychain(token: token) }
        try device.terminate(.crash)
        _ = device.takeTrace()
        try device.launch()
        try device.settle()
        #expect(device.simulator.appState == .authenticated(user: "grace"))
        #expect(device.takeTrace().contains("[   0.700] auth        session of grace: valid"))
    }

    @Test("clearing the keychain while launch validation is in flight ends loading unauthenticated")
    func clearingDuringLaunchValidation() throws {
        let device = try SceneSimTestStore.launched(.testing { $0.storedSession = InitialSession(user: "ada", ttl: .at(3600)) })
        _ = device.takeTrace()
        try device.perform("setKeychain") { try $0.setKeychain(token: nil) }
        try device.settle()
        device.expectTrace(
            """
            [   0.000] auth        session of ada cleared from the keychain (app.keychain = nil)
            [   0.500] app         state loading -> unauthenticated
            """)
    }

    @Test("a token the server never issued cannot be stored or validated")
    func unknownTokensAreRefused() throws {
        let device = try SceneSimTestStore.ready()
        #expect(throws: SimError(.invalidValue, "app.keychain = 7: the server never issued token 7; store a token from sim.server.create_session(user)")) {
            try device.perform("setKeychain") { try $0.setKeychain(token: 7) }
        }
        #expect(throws: SimError(.invalidValue, "sim.server.validate: the server never issued token 7; validate a token from sim.server.create_session(user) or app.keychain")) {
            try device.perform("validate") { try $0.validate(token: 7, answer: { _, _, _ in }) }
        }
        #expect(device.simulator.keychainToken == nil)
    }

    @Test("validate answers after auth_latency, judged then: valid, expired, revoked, unreachable")
    func validateAnswers() throws {
        let device = try SceneSimTestStore.ready()
        let due = DuePoints(device)
        let short = try device.perform("createSession") { try $0.createSession(user: "ada", ttl: .at(0.1)) }
        let long = try device.perform("createSession") { try $0.createSession(user: "bob") }
        let doomed = try device.perform("createSession") { try $0.createSession(user: "eve") }
        let asks = try [short, long, doomed].map { token in try device.perform("validate") { try $0.validate(token: token, answer: { _, _, _ in }) } }
        try device.perform("revoke(\("eve"))") { try $0.revokeSessions(of: "eve") }
        try device.advance(0.2)
        #expect(
            due.take() == [
                .serverAnswered(request: asks[0], answer: .expired, user: "ada"),
                .serverAnswered(request: asks[1], answer: .valid, user: "bob"),
                .serverAnswered(request: asks[2], answer: .revoked, user: "eve"),
            ])
        try device.network(reachable: false)
        let offline = try device.perform("validate") { try $0.validate(token: long, answer: { _, _, _ in }) }
        try device.advance(0.2)
        #expect(due.take() == [.serverAnswered(request: offline, answer: .unreachable, user: nil)])
        device.expectTrace(
            """
            [   0.500] auth        validating the session of ada with the server
            [   0.500] auth        validating the session of bob with the server
            [   0.500] auth        validating the session of eve with the server
            [   0.500] server      revoked 1 session of eve
            [   0.700] auth        session of ada: expired
            [   0.700] auth        session of bob: valid
            [   0.700] auth        session of eve: revoked
            [   0.700] network     down
            [   0.700] auth        validating the session of bob with the server
            [   0.900] auth        session of bob: network unreachable
            """)
    }

    @Test("a token ended by logout validates as revoked, for its user")
    func loggedOutTokenIsRevoked() throws {
        let device = try SceneSimTestStore.ready()
        let due = DuePoints(device)
        try device.login("ada")
        let token = try #require(device.simulator.keychainToken)
        try device.logout()
        let ask = try device.perform("validate") { try $0.validate(token: token, answer: { _, _, _ in }) }
        try device.settle()
        #expect(due.take() == [.serverAnswered(request: ask, answer: .revoked, user: "ada")])
    }

    @Test("an answer dies with the process that asked, and validate needs a running app")
    func answerDiesWithItsProcess() throws {
        let device = try SceneSimTestStore.ready()
        let due = DuePoints(device)
        let token = try device.perform("createSession") { try $0.createSession(user: "ada") }
        let ask = try device.perform("validate") { try $0.validate(token: token, answer: { _, _, _ in }) }
        try device.terminate(.crash)
        #expect(!device.simulator.isAwaitingValidation(ask))
        #expect(throws: SimError(.notRunning, "sim.server.validate needs a running app, but it was terminated (crash) at 0.500 s; call app:launch() first")) {
            try device.perform("validate") { try $0.validate(token: token, answer: { _, _, _ in }) }
        }
        try device.launch()
        try device.settle()
        #expect(due.take() == [])
    }
}
