import ByteText
import SceneSimCore

/// The built-in model's code (the seed's AppStateController, semantics 4.5, 4.6): what its
/// process holds in memory, initialization at launch, validation on becoming active, and its
/// five intents. A client of the simulator as any model is: it keeps its own per-process state
/// (reset when a process starts), schedules its own timers, and moves the state through
/// `transition(to:)`, all through the simulator's public API (a `ModelController`'s: its own
/// timers, the reason a keychain is cleared, and the warning for a validation that could not
/// reach the server, see docs/semantics.md, 10.5).
///
/// One controller belongs to one simulator: `AppModel.builtin` makes a new one each time.
/// `@unchecked Sendable` (as `ModelController` asks): its state is mutable, but only the thread
/// driving its simulator calls it, one call at a time, as it calls the (non-`Sendable`)
/// simulator itself; a model is handed to another thread only before it runs.
final class BuiltinController: ModelController, @unchecked Sendable {
    /// The user an onboarding flow will finish as.
    private var onboardingUser: ByteString?
    /// Initialization in flight: when loading may end and what it will become.
    private var loadingUntil: VirtualTime?
    private var pendingOutcome: Builtin.AppState?
    /// Bumped by each initialization so replies of an abandoned one are ignored.
    private var initialization = 0

    /// The built-in model's controller, which `what` needs; an error when the app runs another model.
    static func of(_ sim: Simulator, _ what: APICall) throws(SimError) -> BuiltinController {
        guard let controller = sim.model.controller as? BuiltinController else {
            throw SimError(.forbidden, "\(what) is an intent of the built-in model, and this app declares its own model")
        }
        return controller
    }

    /// What its phase handler does, for the trace's phase lines (its `AppModel.phaseNote`).
    static func phaseNote(_ phase: SimScenePhase) -> String {
        switch phase {
        case .active: "validate session and refresh"
        case .inactive: "prepare for background"
        case .background: "release resources"
        }
    }

    /// `on_launch`: a new process holds nothing yet; initialization starts.
    func processStarted(_ sim: Simulator) {
        onboardingUser = nil
        loadingUntil = nil
        pendingOutcome = nil
        initialization = 0
        beginInitialization(sim)
    }

    /// Validates a stored session (taking `auth_latency`), and shows the outcome once
    /// `min_loading` has passed.
    private func beginInitialization(_ sim: Simulator) {
        initialization += 1
        let generation = initialization
        loadingUntil = sim.now + sim.config.minLoading
        if let stored = sim.keychain {
            sim.traceValidation(.validationStarted(user: stored.user))
            sim.scheduleModelTimer(at: sim.now + sim.config.authLatency) { [self] sim in initializationReply(generation, sim) }
        } else {
            pendingOutcome = .unauthenticated
            sim.scheduleModelTimer(at: loadingUntil ?? sim.now) { [self] sim in initializationComplete(generation, sim) }
        }
    }

    private func initializationReply(_ generation: Int, _ sim: Simulator) {
        guard generation == initialization else { return }
        // The keychain may have been cleared meanwhile (app.keychain = nil): then there is no
        // session to go on with, and loading ends unauthenticated.
        let result = sim.keychain.map(sim.validationResult(for:))
        if let stored = sim.keychain, let result { sim.traceValidation(.validationFinished(user: stored.user, result: result)) }
        if let stored = sim.keychain, result == .valid {
            pendingOutcome = .authenticated(user: stored.user)
        } else {
            if let result { sim.clearKeychain(reason: "initialization: \(result.rawValue)") }
            pendingOutcome = .unauthenticated
        }
        sim.scheduleModelTimer(at: max(sim.now, loadingUntil ?? sim.now)) { [self] sim in initializationComplete(generation, sim) }
    }

    private func initializationComplete(_ generation: Int, _ sim: Simulator) {
        guard generation == initialization, let outcome = pendingOutcome else { return }
        pendingOutcome = nil
        loadingUntil = nil
        _ = try? sim.transition(to: outcome)
    }

    /// `on_phase`: becoming active while authenticated checks the session with the server.
    func phaseChanged(from old: SimScenePhase, to phase: SimScenePhase, _ sim: Simulator) {
        guard phase == .active, sim.state(is: Builtin.AppState.Name.authenticated), let stored = sim.keychain else { return }
        sim.traceValidation(.validationStarted(user: stored.user))
        sim.scheduleModelTimer(at: sim.now + sim.config.authLatency) { sim in
            guard sim.state(is: Builtin.AppState.Name.authenticated), let stored = sim.keychain else { return }
            let result = sim.validationResult(for: stored)
            switch result {
            case .valid:
                sim.traceValidation(.validationFinished(user: stored.user, result: result))
            case .unreachable:
                sim.traceValidation(.warning(.validationSkipped(user: stored.user)))
            case .expired, .revoked, .unknown:
                sim.traceValidation(.validationFinished(user: stored.user, result: result))
                _ = try? sim.transition(to: Builtin.AppState.error(.sessionExpired))
            }
        }
    }

    /// `.onOpenURL`: deep links are handled only while authenticated (semantics 4.6).
    func answer(url: String, _ sim: Simulator) -> AppModel.URLAnswer {
        if sim.state(is: Builtin.AppState.Name.authenticated) { return .passed }
        return .refused("the app is \(sim.state.text); deep links are handled only while authenticated")
    }

    // MARK: Intents

    private func requireState(_ kinds: [Builtin.AppState.Name], _ what: APICall, _ sim: Simulator) throws(SimError) {
        try sim.requireRunning(what)
        // The state's name as the simulator holds it (reading a typed value's name costs more).
        guard sim.appState != nil, let name = Builtin.AppState.Name(rawValue: sim.state.name) else {
            throw SimError(.forbidden, "\(what) is an intent of the built-in model, and this app declares its own model")
        }
        guard !kinds.contains(name) else { return }
        let needed = kinds.map(\.rawValue).joined(separator: " or ")
        let hint: SimError.Message
        switch name {
        case .loading: hint = "advance the clock until initialization finishes (\(.settle))"
        case .unauthenticated: hint = "log in first with \(.login(newUser: false))"
        case .onboarding: hint = "finish onboarding with \(.intent("next_step")) or leave it with \(.intent("cancel_onboarding"))"
        case .authenticated: hint = "log out first with \(.intent("logout"))"
        case .error: hint = "leave the error with \(.intent("retry")) or \(.intent("logout"))"
        }
        throw SimError(.forbidden, "\(what) needs the app to be \(needed), but it is \(sim.state.text); \(hint)")
    }

    /// app:login: unauthenticated → authenticated(user), or onboarding(welcome) for a new user.
    func login(user: ByteString, newUser: Bool, _ sim: Simulator) throws(SimError) {
        try sim.requireRunning(.intentName("login"))
        guard !user.isEmpty else {
            throw SimError(
                .invalidValue,
                "\(.intentName("login")): user must be a non-empty string, e.g. \(script: "app:login{ user = \"ada\" }", swift: "perform(intent: \"login\", [.string(\"ada\"), .bool(false)])")"
            )
        }
        try requireState([.unauthenticated], .intentName("login"), sim)
        guard sim.isNetworkReachable else {
            try sim.transition(to: Builtin.AppState.error(.networkUnavailable))
            return
        }
        try sim.storeSession(user: user)
        if newUser {
            onboardingUser = user
            try sim.transition(to: Builtin.AppState.onboarding(.welcome))
        } else {
            try sim.transition(to: Builtin.AppState.authenticated(user: user))
        }
    }

    /// app:next_step: onboarding advances one step; after `complete` the user is authenticated.
    func nextStep(_ sim: Simulator) throws(SimError) {
        try requireState([.onboarding], .intent("next_step"), sim)
        guard case .onboarding(let step)? = sim.appState else { return }
        if let next = step.next {
            try sim.transition(to: Builtin.AppState.onboarding(next))
            return
        }
        guard let user = onboardingUser ?? sim.keychain?.user else {
            throw SimError(.forbidden, "\(.intent("next_step")): onboarding is complete but no user logged in to finish as; start onboarding with \(.login(newUser: true))")
        }
        onboardingUser = nil
        try sim.transition(to: Builtin.AppState.authenticated(user: user))
    }

    /// app:cancel_onboarding: onboarding → unauthenticated; the new session is cleared.
    func cancelOnboarding(_ sim: Simulator) throws(SimError) {
        try requireState([.onboarding], .intent("cancel_onboarding"), sim)
        onboardingUser = nil
        sim.clearKeychain(reason: "onboarding cancelled", endOnServer: true)
        try sim.transition(to: Builtin.AppState.unauthenticated)
    }

    /// app:logout: → unauthenticated; the stored session is cleared.
    func logout(_ sim: Simulator) throws(SimError) {
        try requireState([.authenticated, .error], .intent("logout"), sim)
        sim.clearKeychain(reason: "logout", endOnServer: true)
        try sim.transition(to: Builtin.AppState.unauthenticated)
    }

    /// app:retry: error → loading, then initialization runs again.
    func retry(_ sim: Simulator) throws(SimError) {
        try requireState([.error], .intent("retry"), sim)
        try sim.transition(to: Builtin.AppState.loading)
        beginInitialization(sim)
    }
}

extension Simulator {
    /// One of the validation lines `Simulator.trace(_:)` takes from a model's code (the only
    /// events this controller traces itself), so it cannot fail.
    fileprivate func traceValidation(_ event: TraceEvent) {
        do { try trace(event) } catch { preconditionFailure("the built-in model traced \(event), which trace(_:) refuses") }
    }
}
