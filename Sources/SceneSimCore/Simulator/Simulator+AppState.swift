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
            // A flicker is a loading screen gone too soon (semantics 4.7): only a state the model
            // calls a loading screen, and only while a window shows it (an on_launch that moves
            // `starting -> guest` before any scene connects showed nothing).
            if shown < config.policy.flickerThreshold, model.declaration(of: old.name)?.isLoading == true, !process.order.isEmpty {
                emit(.warning(.flicker(state: old, shown: shown, threshold: config.policy.flickerThreshold)))
            }
            reach(.appState(from: old, to: target))
        case .rejected(let reason):
            emit(.stateRejected(from: old, to: target, reason: reason))
        }
        return outcome
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

    /// Runs scheduled work of the running process (the scheduler holds only the live
    /// process's work: termination empties it).
    func perform(_ job: AppJob, _ process: AppProcess) {
        switch job {
        case .task(let id):
            fireTask(id)
        case .validationAnswer(let request):
            answerValidation(request)
        case .modelTimer(let id):
            services.modelTimers.removeValue(forKey: id)?(self)
        }
    }

    // MARK: The built-in model's intents, as the script's app:login{...} and the others call them

    package func login(user: ByteString, newUser: Bool) throws(SimError) {
        try builtinIntent(.intentName("login")) { controller throws(SimError) in try controller.login(user: user, newUser: newUser, self) }
    }
    package func nextStep() throws(SimError) { try builtinIntent(.intent("next_step")) { controller throws(SimError) in try controller.nextStep(self) } }
    package func cancelOnboarding() throws(SimError) { try builtinIntent(.intent("cancel_onboarding")) { controller throws(SimError) in try controller.cancelOnboarding(self) } }
    package func logout() throws(SimError) { try builtinIntent(.intent("logout")) { controller throws(SimError) in try controller.logout(self) } }
    package func retry() throws(SimError) { try builtinIntent(.intent("retry")) { controller throws(SimError) in try controller.retry(self) } }

    /// Runs a built-in intent as a change the app's code makes.
    private func builtinIntent(_ what: APICall, _ body: (BuiltinController) throws(SimError) -> Void) throws(SimError) {
        try change { () throws(SimError) in
            guard let controller = model.builtinController else {
                throw SimError(.forbidden, "\(what) is an intent of the built-in model, and this app declares its own model")
            }
            try requireAwake(what)
            try body(controller)
        }
    }

    /// app:transition(text): a raw, validated request. Changes only the state machine: the
    /// intents (login, retry, ...) are what also do the work around it.
    @discardableResult
    public func transition(to target: ModelState) throws(SimError) -> AppStateMachine.Outcome {
        try runningChange(.transition) { process throws(SimError) in
            try requireAwake(.transition)
            // The log keeps the state (and, refused, a reason naming it twice).
            try requireMemory(3 * AppStateMachine.bytes(of: target))
            return request(target, process)
        }
    }

    /// A script's `app:transition` on a Swift model: it goes through the model's
    /// `onTransitionRequest`, which may refuse it (traced as a rejection), so the model's
    /// controller and the simulator cannot disagree.
    package func requestTransitionThroughModel(to target: ModelState, modelName: String) throws(SimError) -> AppStateMachine.Outcome {
        try runningChange(.transition) { process throws(SimError) in
            try requireAwake(.transition)
            guard let code = model.transitionRequestCode else {
                throw SimError(.forbidden, "\(.transition): model \"\(modelName)\" is a Swift model, whose state follows its own code; call one of its intents, or give the model an onTransitionRequest that moves its controller")
            }
            let old = process.machine.state
            var accepted = false
            do {
                accepted = try code(self, target)
            } catch let error as SimError {
                throw error
            } catch {
                throw SimError(.appCode, "\(.transition): the model's onTransitionRequest threw \(error)")
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
    package func openURL(_ url: ByteString) throws(SimError) -> Bool {
        guard case .urlHandled(let handled) = try send(.openURL(url)) else { return false }
        return handled
    }

    /// The routes (`routes = { item = "detail" }`, semantics 12.5): the URL's host names a
    /// route (`scheme://host` keys a route to one scheme), whose window presenting the decoded
    /// path opens or comes to the front. Traces nothing: the caller does.
    func routeByTable(_ url: ByteString, _ process: AppProcess) -> DeepLinkOutcome {
        func refuse(_ reason: String) -> DeepLinkOutcome { .notHandled(reason: reason) }
        // Read as an app's .onOpenURL reads it (semantics 8.4): `check` parsed it already.
        guard let parsed = try? AppURL(parsing: url) else { return refuse("not a URL") }
        guard let route = parsed.host, !parsed.path.isEmpty else { return refuse("expected \(parsed.scheme.escaped)://<route>/<value>") }
        // Bytes throughout: the value becomes a window value, which must stay exact; its path
        // components are percent-decoded (`tarte%20tatin` is "tarte tatin"), the query and
        // fragment are not part of it.
        let text = parsed.path.dropFirst().reduce(parsed.path[0]) { $0 + "/" + $1 }
        let scoped = route.string.map { "\(parsed.scheme.escaped)://\($0)" }
        guard let groupID = scoped.flatMap({ config.routes[$0] }) ?? route.string.flatMap({ config.routes[$0] }) else {
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
    public func revokeSessions(of user: String) throws(SimError) {
        try revokeSessions(of: ByteString(user))
    }

    /// `revokeSessions` with the user's exact bytes (a script's string).
    package func revokeSessions(of user: ByteString) throws(SimError) {
        try change { () throws(SimError) in
            let count = server.revoke(user: user, now: now)
            emit(.serverRevoked(user: user, sessions: count))
        }
    }

    /// sim.log: a note in the trace. It changes nothing, so a restore hook may log too.
    public func note(_ text: String) { emit(.note(ByteString(text))) }

    /// `note` with the text's exact bytes (a script's string).
    package func note(_ text: ByteString) { emit(.note(text)) }
}

extension Simulator {
    /// The app's code called an effect, something the model does not simulate (`app:effect`,
    /// a call scaffold did not translate): a trace line, from window `scene`'s code or the App's
    /// (nil). Like `note` it changes nothing; what the effect does is the model's own code.
    package func traceEffect(_ name: ByteString, arguments: [EffectArgument], scene: SessionID?, location: ByteString?) {
        emit(.effect(name: name, arguments: arguments, scene: scene, location: location))
    }
}
