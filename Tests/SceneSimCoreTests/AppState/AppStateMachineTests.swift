import CustomDump
import SceneSimTestSupport
import Testing
import SceneSimBuiltin
@testable import SceneSimCore

@Suite("AppStateMachine")
struct AppStateMachineTests {
    @Test("an allowed request moves the state and is recorded in history")
    func acceptedRequest() {
        var machine = AppStateMachine()
        let outcome = machine.request(.unauthenticated, at: .at(0.5))
        #expect(outcome == .accepted)
        var expected = AppStateMachine(state: .loading)
        _ = expected.request(.unauthenticated, at: .at(0.5))
        expectNoDifference(machine, expected)
        expectNoDifference(machine.history, [.init(from: .loading, to: .unauthenticated, at: .at(0.5), reason: nil)])
        #expect(machine.rejected.isEmpty)
    }

    @Test("a forbidden request leaves the state unchanged and is recorded in rejected with its reason")
    func rejectedRequest() {
        var machine = AppStateMachine()
        let outcome = machine.request(.onboarding(.welcome), at: .at(0.1))
        let reason = "loading cannot go to onboarding; from loading the app may go to unauthenticated, authenticated, error"
        #expect(outcome == .rejected(reason: reason))
        #expect(machine.state == .loading)
        #expect(machine.history.isEmpty)
        expectNoDifference(machine.rejected, [.init(from: .loading, to: .onboarding(.welcome), at: .at(0.1), reason: reason)])
    }

    @Test("onboarding may move to any step, backwards and to itself included")
    func onboardingAnyStep() {
        var machine = AppStateMachine(state: .onboarding(.complete))
        for step in [Builtin.OnboardingStep.welcome, .welcome, .profileSetup, .permissions] {
            #expect(machine.request(.onboarding(step), at: .zero) == .accepted)
        }
        #expect(machine.state == .onboarding(.permissions))
    }

    @Test("payloads do not matter to the table: authenticated(ada) may not go to authenticated(bob)")
    func payloadIgnored() {
        var machine = AppStateMachine(state: .authenticated(user: "ada"))
        #expect(machine.request(.authenticated(user: "bob"), at: .zero) != .accepted)
        #expect(machine.request(.error(.networkUnavailable), at: .zero) == .accepted)
        #expect(machine.request(.error(.sessionExpired), at: .zero) != .accepted)
    }
}

// The machine of the built-in model, spoken in its typed states (the built-in model lives in
// SceneSimBuiltin, over the core: these helpers are the tests').
extension AppStateMachine {
    /// A machine of the built-in model in `state`.
    init(state: Builtin.AppState = .loading) {
        self.init(model: .builtin, state: state.modelState)
    }

    mutating func request(_ target: Builtin.AppState, at time: VirtualTime) -> Outcome {
        request(target.modelState, at: time)
    }
}
