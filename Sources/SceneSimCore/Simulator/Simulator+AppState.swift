import ByteText

// The app's state machine (semantics 4.7, 10): raw transitions, flicker warnings; the
// keychain and the server as a model's code uses them (the built-in model's is in
// SceneSimBuiltin), deep links.
extension Simulator {
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

    /// Forgets the stored session, traced with `reason` (the built-in model's "logout"). A
    /// logout also ends it on the server when it can reach it (offline, the local logout still
    /// happens; the server session lives on until it expires). Nothing stored: nothing happens.
    public func clearKeychain(reason: String, endOnServer: Bool = false) {
        guard let stored = keychain else { return }
        keychainItem = nil
        if endOnServer && server.reachable { server.end(token: stored.token) }
        emit(.sessionCleared(user: stored.user, reason: reason))
    }

    /// What the server says of `stored` now, `.unreachable` when the device cannot reach it:
    /// for a model that validates a session with its own timer rather than `validate(token:)`.
    public func validationResult(for stored: StoredSession) -> ValidationResult {
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
        case .sleep(let id):
            resumeSleep(id)
        }
    }

    /// Requests a transition of the model to `target`, validated by its transitions (semantics 10.9).
    ///
    /// From outside the app — a test, `SceneSimTestStore.transition(to:)`, a script's
    /// `app:transition` — the request goes through the model's `onTransitionRequest` when it has
    /// one, so the model's controller moves with the simulator and the two never disagree: the
    /// controller sees every request, the ones the table refuses too, and its refusal is traced
    /// and returned as `.rejected`. From the app's own code (a handler, an intent, a timer, a
    /// task, `onTransitionRequest` itself) it is direct: the table decides. A model without
    /// `onTransitionRequest` (the built-in model, a script's) is moved directly from anywhere.
    @discardableResult
    public func transition(to target: ModelState) throws(SimError) -> AppStateMachine.Outcome {
        if underWay.entryDepth == 0, model.transitionRequestCode != nil {
            return try requestTransitionThroughModel(to: target, modelName: nil)
        }
        return try runningChange(.transition) { process throws(SimError) in
            try requireAwake(.transition)
            // The log keeps the state (and, refused, a reason naming it twice).
            try requireMemory(3 * AppStateMachine.bytes(of: target))
            return request(target, process)
        }
    }

    /// A transition from outside the app on a model whose state follows its own code (a
    /// script's `app:transition` on a Swift model, named `modelName`; any caller's on a model
    /// with `onTransitionRequest`): the model's `onTransitionRequest` is asked, and moves its
    /// controller and the simulator or refuses (traced as a rejection). Without it the request
    /// is refused, naming `modelName`.
    package func requestTransitionThroughModel(to target: ModelState, modelName: String?) throws(SimError) -> AppStateMachine.Outcome {
        try runningChange(.transition) { process throws(SimError) in
            try requireAwake(.transition)
            guard let code = model.transitionRequestCode else {
                throw SimError(
                    .forbidden,
                    "\(.transition): model \"\(modelName ?? "")\" is a Swift model, whose state follows its own code; call one of its intents, or give the model an onTransitionRequest that moves its controller"
                )
            }
            let old = process.machine.state
            let rejectedBefore = process.machine.rejected.count
            let acceptedBefore = process.machine.history.count
            var accepted = false
            do {
                accepted = try code(self, target)
            } catch let error as SimError {
                throw error
            } catch {
                throw SimError(.appCode, "\(.transition): the model's onTransitionRequest threw \(error)")
            }
            // The model asked for it and the table refused it (and it did not get there
            // another way): that refusal is the answer.
            let reached = process.machine.history.dropFirst(acceptedBefore).contains { $0.to == target }
            if !reached, let refusal = process.machine.rejected.dropFirst(rejectedBefore).last(where: { $0.to == target }) {
                return .rejected(reason: refusal.reason ?? "")
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

    // MARK: Deep links

    /// The model's URL handler, then a window's, then the routes (semantics 10.7, 10.8);
    /// `app://<route>/<value>` opens or fronts a window (§4.6).
    ///
    /// In a scenario script: `app:open_url`.
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

    /// Sets whether the server is reachable.
    ///
    /// In a scenario script: `sim.network(up)`.
    public func setNetwork(reachable: Bool) throws(SimError) {
        try change { () throws(SimError) in
            guard server.reachable != reachable else { return }
            server.reachable = reachable
            emit(.networkChanged(reachable: reachable))
        }
    }

    /// The server invalidates that user's sessions.
    ///
    /// In a scenario script: `sim.server.revoke(user)`.
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

    /// A trace line of a `ModelController`'s own work that the simulator does not trace for it:
    /// a session validation it runs with its own timer (`validationStarted`,
    /// `validationFinished`, and `warning(.validationSkipped)` when the server could not be
    /// reached). Any other event is the simulator's own line, and an error; write a note with
    /// `note(_:)`.
    public func trace(_ event: TraceEvent) throws(SimError) {
        switch event {
        case .validationStarted, .validationFinished, .warning(.validationSkipped):
            emit(event)
        default:
            // The case's name (`note`), not its payload.
            let name = String(describing: event).prefix { $0 != "(" }
            throw SimError(
                .invalidValue,
                "trace(_:): .\(name) is a line the simulator writes itself; a model's code traces only .validationStarted, .validationFinished and .warning(.validationSkipped), and writes anything else with note(_:)"
            )
        }
    }

    /// A note in the trace. It changes nothing, so a restore check may log too.
    ///
    /// In a scenario script: `sim.log(text)`.
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
