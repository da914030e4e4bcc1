import ByteText
import SceneSimCore

// The built-in model: the seed's AppStateController (semantics 4.5, 4.6), declared as any model
// is and built on the simulator's public API alone. Its code (BuiltinController, a
// `ModelController`) — initialization at launch, validation on becoming active, its intents —
// runs at the same handler points a declared model's `on_launch` and `on_phase` do, and its
// intents are `perform(intent:)` intents, for Swift as for any model.
extension AppModel {
    /// The intents of the built-in model, as scripts call them, sorted.
    package static var builtinIntents: [String] { builtinDeclaration.intents }

    /// The declaration, its intents and its phase note, checked once (its states and table are
    /// `Builtin.AppState`'s, its intents `Builtin.Intent`'s). Read-only after it is made, and
    /// `Sendable`, so any thread may copy it.
    private static let builtinDeclaration: AppModel = {
        do {
            var model = try AppModel(initial: Builtin.AppState.loading, transitions: Builtin.AppState.targets(from:))
            // Its intents, for Swift callers (`perform(Builtin.Intent.login(user: "ada"))`);
            // scripts call them with their own argument shapes (`app:login{ user = "ada" }`). Each
            // finds the controller of the simulator it runs on.
            let intents: [(Builtin.Intent, [Parameter], @Sendable (BuiltinController, Simulator, [SceneValue]) throws(SimError) -> Void)] = [
                (
                    .login(user: ""), [Parameter("user", .string), Parameter("new_user", .boolean)],
                    { controller, sim, arguments throws(SimError) in
                        guard case .string(let user) = arguments[0], case .bool(let newUser) = arguments[1] else { return }
                        try controller.login(user: user, newUser: newUser, sim)
                    }
                ),
                (.nextStep, [], { controller, sim, _ throws(SimError) in try controller.nextStep(sim) }),
                (.cancelOnboarding, [], { controller, sim, _ throws(SimError) in try controller.cancelOnboarding(sim) }),
                (.logout, [], { controller, sim, _ throws(SimError) in try controller.logout(sim) }),
                (.retry, [], { controller, sim, _ throws(SimError) in try controller.retry(sim) }),
            ]
            for (intent, parameters, body) in intents {
                let name = intent.name
                try model.addIntent(
                    name,
                    Intent(parameters: parameters) { sim, arguments in
                        try body(try BuiltinController.of(sim, .intentName(name)), sim, arguments)
                        return nil
                    })
            }
            model.phaseNote = { BuiltinController.phaseNote($0) }
            // The seed app's Info.plist: silent pushes sync it, background refresh updates it
            // (semantics 11.8). It has no push handler: a push launch runs its launch code.
            model.backgroundModes = [.remoteNotification, .fetch]
            return model
        } catch {
            fatalError("the built-in model's declaration is inconsistent: \(error)")
        }
    }()

    /// The seed's AppStateController as a model (a new value each time: it holds its
    /// controller, whose state belongs to one simulator).
    public static var builtin: AppModel {
        var model = builtinDeclaration
        model.controller = BuiltinController()
        return model
    }

    /// Whether this is the built-in model (its code asks the auth server).
    package var isBuiltin: Bool { controller is BuiltinController }
}

extension Simulator {
    /// Declares the app, running the built-in model, on a fresh device. Call `launch()` to start it.
    public convenience init(config: AppConfig) throws(SimError) {
        try self.init(config: config, model: .builtin)
    }

    /// `state` as a state of the built-in model; nil when the app declares another model.
    public var appState: Builtin.AppState? { state(as: Builtin.AppState.self) }

    /// `transition(to:)` with a state of the built-in model (`transition(to: .loading)`).
    @discardableResult
    public func transition(to target: Builtin.AppState) throws(SimError) -> AppStateMachine.Outcome {
        try transition(to: target.modelState)
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
        try performChange { () throws(SimError) in
            let controller = try BuiltinController.of(self, what)
            try requireAwake(what)
            try body(controller)
        }
    }
}
