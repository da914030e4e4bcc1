import ByteText

// The app's state machine (semantics 4.7, 10) and the built-in model's code (§4.5, 4.6):
// initialization, validation, the user's intents, raw transitions, flicker warnings.
extension Simulator {
    /// Requests a transition; traces it, and warns if the state it replaces flickered.
    @discardableResult
    func request(_ target: AppState, _ process: AppProcess) -> AppStateMachine.Outcome {
        request(target.modelState, process)
    }

    /// Requests a transition of the model; traces it, and warns if the state it replaces
    /// flickered.
    @discardableResult
    func request(_ target: ModelState, _ process: AppProcess) -> AppStateMachine.Outcome {
        let old = process.machine.state
        let outcome = process.machine.request(target, at: now)
        switch outcome {
        case .accepted:
            let shown = now - process.stateSince
            process.stateSince = now
            emit(.stateChanged(from: old, to: target))
            if shown < config.policy.flickerThreshold {
                emit(.warning(.flicker(state: old, shown: shown, threshold: config.policy.flickerThreshold)))
            }
            reach(.appState(from: old, to: target))
        case .rejected(let reason):
            emit(.stateRejected(from: old, to: target, reason: reason))
        }
        return outcome
    }

    /// The built-in model's `on_launch`: initialization in the running process.
    func beginInitialization() {
        if let process { beginInitialization(process) }
    }

    /// Starts initialization: validate a stored session (taking `auth_latency`), and show the
    /// outcome once `min_loading` has passed.
    func beginInitialization(_ process: AppProcess) {
        process.initialization += 1
        let generation = process.initialization
        let loadingUntil = now + config.minLoading
        process.loadingUntil = loadingUntil
        if let stored = keychain {
            emit(.validationStarted(user: stored.user))
            scheduler.schedule(.initializationReply(initialization: generation), at: now + config.authLatency)
        } else {
            process.pendingOutcome = .unauthenticated
            scheduler.schedule(.initializationComplete(initialization: generation), at: loadingUntil)
        }
    }

    /// Forgets the stored session. A logout also ends it on the server when it can reach it
    /// (offline, the local logout still happens; the server session lives on until it expires).
    func clearKeychain(reason: String, endOnServer: Bool = false) {
        guard let stored = keychain else { return }
        keychain = nil
        if endOnServer && server.reachable { server.end(token: stored.token) }
        emit(.sessionCleared(user: stored.user, reason: reason))
    }

    func validationResult(for stored: StoredSession) -> ValidationResult {
        guard server.reachable else { return .unreachable }
        return server.verdict(token: stored.token, now: now)
    }

    /// The built-in model's `on_phase` on becoming active: validation in the running process.
    func startActiveValidation() {
        if let process { startActiveValidation(process) }
    }

    /// When the app becomes active while authenticated: check the session with the server.
    func startActiveValidation(_ process: AppProcess) {
        guard case .authenticated? = AppState(process.machine.state), let stored = keychain else { return }
        emit(.validationStarted(user: stored.user))
        scheduler.schedule(.activeValidationReply, at: now + config.authLatency)
    }

    /// Runs scheduled work of the running process (the scheduler holds only the live
    /// process's work: termination empties it).
    func perform(_ job: AppJob, _ process: AppProcess) {
        switch job {
        case .initializationReply(let generation):
            guard generation == process.initialization else { return }
            // The keychain may have been cleared meanwhile (app.keychain = nil): then there is
            // no session to go on with, and loading ends unauthenticated.
            let result = keychain.map(validationResult(for:))
            if let stored = keychain, let result { emit(.validationFinished(user: stored.user, result: result)) }
            if let stored = keychain, result == .valid {
                process.pendingOutcome = .authenticated(user: stored.user)
            } else {
                if let result { clearKeychain(reason: "initialization: \(result.rawValue)") }
                process.pendingOutcome = .unauthenticated
            }
            scheduler.schedule(.initializationComplete(initialization: generation), at: max(now, process.loadingUntil ?? now))
        case .initializationComplete(let generation):
            guard generation == process.initialization, let outcome = process.pendingOutcome else { return }
            process.pendingOutcome = nil
            process.loadingUntil = nil
            request(outcome, process)
        case .activeValidationReply:
            guard case .authenticated? = AppState(process.machine.state), let stored = keychain else { return }
            let result = validationResult(for: stored)
            switch result {
            case .valid:
                emit(.validationFinished(user: stored.user, result: result))
            case .unreachable:
                emit(.warning(.validationSkipped(user: stored.user)))
            case .expired, .revoked, .unknown:
                emit(.validationFinished(user: stored.user, result: result))
                request(.error(.sessionExpired), process)
            }
        case .task(let id):
            fireTask(id)
        case .validationAnswer(let request):
            answerValidation(request)
        }
    }

    // MARK: Intents

    private func requireState(_ kinds: [AppState.Kind], _ what: String, _ process: AppProcess) throws(SimError) {
        guard let state = AppState(process.machine.state) else {
            throw SimError(.forbidden, "\(what) is an intent of the built-in model, and this app declares its own model")
        }
        guard !kinds.contains(state.kind) else { return }
        let needed = kinds.map(\.rawValue).joined(separator: " or ")
        let hint: String
        switch state.kind {
        case .loading: hint = "advance the clock until initialization finishes (sim.settle())"
        case .unauthenticated: hint = "log in first with app:login{ user = \"...\" }"
        case .onboarding: hint = "finish onboarding with app:next_step() or leave it with app:cancel_onboarding()"
        case .authenticated: hint = "log out first with app:logout()"
        case .error: hint = "leave the error with app:retry() or app:logout()"
        }
        throw SimError(.forbidden, "\(what) needs the app to be \(needed), but it is \(state.text); \(hint)")
    }

    /// app:login: unauthenticated → authenticated(user), or onboarding(welcome) for a new user.
    package func login(user: ByteString, newUser: Bool) throws(SimError) {
        try runningChange("app:login") { process throws(SimError) in
            guard !user.isEmpty else {
                throw SimError(.invalidValue, "app:login: user must be a non-empty string, e.g. app:login{ user = \"ada\" }")
            }
            try requireState([.unauthenticated], "app:login", process)
            guard server.reachable else {
                request(.error(.networkUnavailable), process)
                return
            }
            let token = server.createSession(user: user, ttl: config.sessionTTL, now: now)
            keychain = StoredSession(user: user, token: token)
            emit(.sessionStored(user: user, expires: now + config.sessionTTL))
            if newUser {
                process.onboardingUser = user
                request(.onboarding(.welcome), process)
            } else {
                request(.authenticated(user: user), process)
            }
        }
    }

    /// app:next_step: onboarding advances one step; after `complete` the user is authenticated.
    package func nextStep() throws(SimError) {
        try runningChange("app:next_step()") { process throws(SimError) in
            try requireState([.onboarding], "app:next_step()", process)
            guard case .onboarding(let step)? = AppState(process.machine.state) else { return }
            if let next = step.next {
                request(.onboarding(next), process)
                return
            }
            guard let user = process.onboardingUser ?? keychain?.user else {
                throw SimError(.forbidden, "app:next_step(): onboarding is complete but no user logged in to finish as; start onboarding with app:login{ user = \"...\", new_user = true }")
            }
            process.onboardingUser = nil
            request(.authenticated(user: user), process)
        }
    }

    /// app:cancel_onboarding: onboarding → unauthenticated; the new session is cleared.
    package func cancelOnboarding() throws(SimError) {
        try runningChange("app:cancel_onboarding()") { process throws(SimError) in
            try requireState([.onboarding], "app:cancel_onboarding()", process)
            process.onboardingUser = nil
            clearKeychain(reason: "onboarding cancelled", endOnServer: true)
            request(.unauthenticated, process)
        }
    }

    /// app:logout: → unauthenticated; the stored session is cleared.
    package func logout() throws(SimError) {
        try runningChange("app:logout()") { process throws(SimError) in
            try requireState([.authenticated, .error], "app:logout()", process)
            clearKeychain(reason: "logout", endOnServer: true)
            request(.unauthenticated, process)
        }
    }

    /// app:retry: error → loading, then initialization runs again.
    package func retry() throws(SimError) {
        try runningChange("app:retry()") { process throws(SimError) in
            try requireState([.error], "app:retry()", process)
            request(.loading, process)
            beginInitialization(process)
        }
    }

    /// app:transition(text): a raw, validated request. Changes only the state machine: the
    /// intents (login, retry, ...) are what also do the work around it.
    @discardableResult
    public func transition(to target: ModelState) throws(SimError) -> AppStateMachine.Outcome {
        try runningChange("app:transition") { process throws(SimError) in
            request(target, process)
        }
    }

    /// A script's `app:transition` on a Swift model: it goes through the model's
    /// `onTransitionRequest`, which may refuse it (traced as a rejection), so the model's
    /// controller and the simulator cannot disagree.
    package func requestTransitionThroughModel(to target: ModelState, modelName: String) throws(SimError) -> AppStateMachine.Outcome {
        try runningChange("app:transition") { process throws(SimError) in
            guard let code = model.transitionRequestCode else {
                throw SimError(.forbidden, "app:transition: model \"\(modelName)\" is a Swift model, whose state follows its own code; call one of its intents, or give the model an onTransitionRequest that moves its controller")
            }
            let old = process.machine.state
            var accepted = false
            do {
                accepted = try code(self, target)
            } catch let error as SimError {
                throw error
            } catch {
                throw SimError(.appCode, "app:transition: the model's onTransitionRequest threw \(error)")
            }
            guard accepted else {
                let reason = "the model refused it"
                emit(.stateRejected(from: old, to: target, reason: reason))
                return .rejected(reason: reason)
            }
            if state == target { return .accepted }
            return .rejected(reason: "the model accepted it, but its state is \(state.text)")
        }
    }

    /// `transition(to:)` with a state of the built-in model.
    @discardableResult
    public func transition(to target: AppState) throws(SimError) -> AppStateMachine.Outcome {
        try transition(to: target.modelState)
    }

    // MARK: Deep links

    /// app:open_url: the model's URL handler, then a window's, then the routes (semantics 10.7,
    /// 10.8); `app://<route>/<value>` opens or fronts a window (§4.6).
    @discardableResult
    public func openURL(_ url: String) throws(SimError) -> Bool {
        try openURL(ByteString(url))
    }

    /// `openURL` with the URL's exact bytes (a script's string). False when app code's request
    /// was queued.
    @discardableResult
    public func openURL(_ url: ByteString) throws(SimError) -> Bool {
        guard case .urlHandled(let handled) = try send(.openURL(url)) else { return false }
        return handled
    }

    func openURL(_ url: ByteString, _ process: AppProcess) -> Bool {
        switch routeDeepLink(url, process) {
        case .handled, .handledByApp: return true
        case .notHandled: return false
        }
    }

    private func routeDeepLink(_ url: ByteString, _ process: AppProcess) -> DeepLinkOutcome {
        func refuse(_ reason: String) -> DeepLinkOutcome {
            emit(.deepLink(url: url, outcome: .notHandled(reason: reason)))
            return .notHandled(reason: reason)
        }
        var answer = AppModel.URLAnswer.passed
        if let code = model.urlCode { runAppCode { answer = try code(self, url) } }
        switch answer {
        case .handled:
            emit(.deepLink(url: url, outcome: .handledByApp))
            return .handledByApp
        case .refused(let reason):
            return refuse(reason)
        case .passed:
            break
        }
        // Then the frontmost window that takes it (its scene's .onOpenURL), on every platform.
        if windowURLHandler != nil || !model.sceneCode.isEmpty {
            for id in process.order.elements.map({ SessionID($0) }) {
                guard let handled = sceneTakesURL(id, url) ?? windowURLHandler?(id, url) else { continue }
                if handled {
                    emit(.deepLink(url: url, outcome: .handled(scene: id)))
                    return .handled(scene: id)
                }
                break
            }
        }
        guard url.hasPrefix("app://") else { return refuse("not an app:// URL") }
        // Bytes throughout: the value part becomes a window value, which must stay exact.
        let rest = url.bytes.dropFirst("app://".utf8.count)
        guard let slash = rest.firstIndex(of: UInt8(ascii: "/")) else { return refuse("expected app://<route>/<value>") }
        let route = ByteString(rest[..<slash])
        let text = ByteString(rest[(slash + 1)...])
        guard let groupID = route.string.flatMap({ config.routes[$0] }) else {
            let known = config.routes.keys.sorted()
            return refuse("no route \(route.quoted)\(suggestion(for: route.string ?? route.escaped, among: known))")
        }
        // `validate` checked that every route names a declared scene.
        guard let group = config.scenes.firstIndex(where: { $0.id == groupID }) else { return refuse("no scene \"\(groupID)\"") }
        let value: SceneValue
        switch config.scenes[group].valueType {
        case .integer?:
            guard let number = text.string.flatMap({ Int64($0) }) else { return refuse("\(text.quoted) is not an integer") }
            value = .int(number)
        case .string?, nil:
            guard !text.isEmpty else { return refuse("empty value") }
            value = .string(text)
        }
        guard config.allowsMultipleWindows else {
            return refuse("\(config.platform.rawValue) cannot open another window")
        }
        let (target, _) = present(group: group, value: value, process)
        emit(.deepLink(url: url, outcome: .handled(scene: target)))
        return .handled(scene: target)
    }

    // MARK: The device and the server

    /// sim.network(up): sets whether the server is reachable.
    public func setNetwork(reachable: Bool) throws(SimError) {
        try change { () throws(SimError) in
            guard server.reachable != reachable else { return }
            server.reachable = reachable
            emit(.networkChanged(reachable: reachable))
        }
    }

    /// sim.server.revoke(user): the server invalidates that user's sessions.
    public func revokeSessions(of user: ByteString) throws(SimError) {
        try change { () throws(SimError) in
            let count = server.revoke(user: user, now: now)
            emit(.serverRevoked(user: user, sessions: count))
        }
    }

    /// sim.log: a note in the trace. It changes nothing, so a restore hook may log too.
    public func note(_ text: ByteString) { emit(.note(text)) }
}
