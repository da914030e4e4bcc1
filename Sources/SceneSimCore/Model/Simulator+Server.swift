import ByteText

// sim.server (semantics 8.3): the virtual auth server the built-in model talks to, made public.
extension Simulator {
    /// A new session for `user` lasting `ttl` (default `AppConfig.sessionTTL`); returns its token. Not
    /// traced: it is the server's side of a login, and the app's side — storing the token in the
    /// keychain — is.
    ///
    /// In a scenario script: `sim.server.create_session`.
    public func createSession(user: String, ttl: VirtualTime? = nil) throws(SimError) -> Int {
        try createSession(user: ByteString(user), ttl: ttl)
    }

    /// `createSession` with the user's exact bytes (a script's string).
    package func createSession(user: ByteString, ttl: VirtualTime? = nil) throws(SimError) -> Int {
        try change { () throws(SimError) in
            guard !user.isEmpty else {
                throw SimError(
                    .invalidValue,
                    "\(.createSession, scriptArguments: "(user, ttl?)"): user must be a non-empty string, e.g. \(script: "sim.server.create_session(\"ada\")", swift: "createSession(user: \"ada\")")"
                )
            }
            try requireMemory(user.count + AuthServer.sessionCost)
            return server.createSession(user: user, ttl: ttl ?? config.sessionTTL, now: now)
        }
    }

    /// The server's side of a logout — the session behind `token` ends (a later validation answers
    /// `revoked`). Not traced, as `createSession(user:ttl:)` is not: the app's side, clearing the
    /// keychain, is. Returns false for a token the server never issued.
    ///
    /// In a scenario script: `sim.server.end_session`.
    public func endSession(token: Int) throws(SimError) -> Bool {
        try change { () throws(SimError) in
            guard server.session(token: token) != nil else { return false }
            server.end(token: token)
            return true
        }
    }

    /// Asks the server about `token`; the answer comes `AppConfig.authLatency` later, judged then (as
    /// the built-in validation is), and `answer` runs with it on the main actor, with the session's
    /// user (`nil` when the server could not be reached). The request belongs to the running process:
    /// if it ends first, the answer never comes.
    @discardableResult
    public func validate(token: Int, _ answer: @escaping @MainActor (Simulator, ServerAnswer, String?) throws -> Void) throws(SimError) -> ValidationRequestID {
        try validate(
            token: token,
            answer: { sim, result, user in
                try onMainActor(sim) { sim in try answer(sim, result, user.map { String(decoding: $0.bytes, as: UTF8.self) }) }
            })
    }

    /// sim.server.validate for a front end whose code runs on the thread driving the simulator.
    @discardableResult
    package func validate(token: Int, answer: @escaping (Simulator, ServerAnswer, ByteString?) throws -> Void) throws(SimError) -> ValidationRequestID {
        try change { () throws(SimError) in
            try requireRunning(.validateToken)
            try requireAwake(.validateToken)
            guard let session = server.session(token: token) else {
                throw SimError(
                    .invalidValue,
                    "\(.validateToken): the server never issued token \(token); validate a token from \(.createSession, scriptArguments: "(user)") or \(script: "app.keychain", swift: "keychainToken")"
                )
            }
            let request = services.nextValidation
            services.nextValidation += 1
            services.validations[request] = ModelServices.ValidationRequest(launch: launchCount, token: token, answer: answer)
            emit(.validationStarted(user: session.user))
            scheduler.schedule(.validationAnswer(request: request), at: now + config.authLatency)
            return ValidationRequestID(rawValue: request)
        }
    }

    /// The server's answer arrives (called from `perform` for its scheduled job).
    func answerValidation(_ request: Int) {
        guard let pending = services.validations[request], pending.launch == launchCount,
            let session = server.session(token: pending.token)
        else {
            services.validations[request] = nil
            return
        }
        let result = server.reachable ? server.verdict(token: pending.token, now: now) : .unreachable
        emit(.validationFinished(user: session.user, result: result))
        let answer: ServerAnswer
        switch result {
        case .valid: answer = .valid
        case .expired: answer = .expired
        // A token the server no longer knows was ended by a logout: for the app, revoked.
        case .revoked, .unknown: answer = .revoked
        case .unreachable: answer = .unreachable
        }
        reach(.serverAnswered(request: ValidationRequestID(rawValue: request), answer: answer, user: answer == .unreachable ? nil : session.user))
        services.validations[request] = nil
    }
}

extension Simulator {
    /// Whether validation request `request` may still be answered (its process is running).
    public func isAwaitingValidation(_ request: ValidationRequestID) -> Bool {
        guard isRunning, let pending = services.validations[request.rawValue] else { return false }
        return pending.launch == launchCount
    }
}

extension Simulator {
    /// `validate(token:_:)` for the app's async code (semantics 10.10): a task the app's code started
    /// awaits the server's answer, which comes `AppConfig.authLatency` later on the virtual clock; the
    /// task resumes then, within that event. The answer is `.valid`, `.expired`, `.revoked` (a token a
    /// logout ended too) or `.unreachable`. If the process ends first, the answer never comes and the
    /// task never resumes. Only a task the simulator runs may await it (as `SimClock.sleep`); it runs
    /// on its caller's actor.
    public nonisolated(nonsending) func validate(token: Int) async throws -> ValidationResult {
        try await withUnsafeThrowingContinuation { (continuation: UnsafeContinuation<ValidationResult, any Error>) in
            // The task waits on the server, not on something outside the simulation.
            var owner: UInt?
            do throws(SimError) {
                guard AppTasks.isRunningAppCode else {
                    throw SimError(
                        .forbidden,
                        "\(APICall.named("validate(token:) async")) ran outside the simulator's events: only a task the app's code starts (Task { @MainActor in … } in a handler, a timer body or an intent) awaits the server; from a test, use validate(token:_:) and advance the clock"
                    )
                }
                owner = AppTasks.simulationWaitBegins()
                try validate(
                    token: token,
                    answer: { [owner] sim, answer, _ in
                        AppTasks.simulationWaitEnds(owner)
                        try onMainActor(sim) { _ in continuation.resume(returning: ValidationResult(answer)) }
                    })
            } catch {
                AppTasks.simulationWaitEnds(owner)
                continuation.resume(throwing: error)
            }
        }
    }
}

extension ValidationResult {
    /// The verdict as the app's code hears it.
    init(_ answer: ServerAnswer) {
        switch answer {
        case .valid: self = .valid
        case .expired: self = .expired
        case .revoked: self = .revoked
        case .unreachable: self = .unreachable
        }
    }
}
