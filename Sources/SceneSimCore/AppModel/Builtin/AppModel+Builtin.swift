// The built-in model: the seed's AppStateController (semantics 4.5, 4.6), declared as any model
// is. Its code (BuiltinController) — initialization at launch, validation on becoming active,
// its intents — runs at the same handler points a declared model's `on_launch` and `on_phase`
// do, and its intents are `perform(intent:)` intents, for Swift as for any model.
extension AppModel {
    /// The intents of the built-in model, as scripts call them.
    package static let builtinIntents = ["login", "next_step", "cancel_onboarding", "logout", "retry"]

    static let builtinStates: [StateDeclaration] = [
        StateDeclaration("loading", loading: true),
        StateDeclaration("unauthenticated"),
        StateDeclaration("onboarding", .oneOf(OnboardingStep.allCases.map(\.rawValue)),
                         wording: Wording(placeholder: "step", noun: "an onboarding step", plural: "steps", example: "welcome")),
        StateDeclaration("authenticated", .string,
                         wording: Wording(placeholder: "user", noun: "a user", plural: "", example: "ada")),
        StateDeclaration("error", .oneOf(AppErrorKind.allCases.map(\.rawValue)),
                         wording: Wording(placeholder: "kind", noun: "an error kind", plural: "kinds", example: "sessionExpired")),
    ]

    static let builtinTransitions: [String: [String]] = [
        "loading": ["unauthenticated", "authenticated", "error"],
        "unauthenticated": ["onboarding", "authenticated", "error"],
        "onboarding": ["onboarding", "authenticated", "unauthenticated"],
        "authenticated": ["unauthenticated", "error"],
        "error": ["loading", "unauthenticated"],
    ]

    /// The seed's AppStateController as a model (a new value each time: it holds its code).
    public static var builtin: AppModel {
        var model = AppModel(checked: builtinStates, initial: ModelState("loading"), transitions: builtinTransitions, intents: builtinIntents)
        let controller = BuiltinController()
        model.builtinController = controller
        model.launchCode = { sim in controller.processStarted(sim) }
        model.phaseCode = { sim, _, new in controller.phaseChanged(to: new, sim) }
        model.phaseNote = { TraceRenderer.handlerAction($0) }
        // Its intents, for Swift callers (`perform(intent: "login", [.string("ada"), .bool(false)])`);
        // scripts call them with their own argument shapes (`app:login{ user = "ada" }`).
        let intents: [(String, [Parameter], (Simulator, [SceneValue]) throws(SimError) -> Void)] = [
            ("login", [Parameter("user", .string), Parameter("new_user", .boolean)], { sim, arguments throws(SimError) in
                guard case .string(let user) = arguments[0], case .bool(let newUser) = arguments[1] else { return }
                try controller.login(user: user, newUser: newUser, sim)
            }),
            ("next_step", [], { sim, _ throws(SimError) in try controller.nextStep(sim) }),
            ("cancel_onboarding", [], { sim, _ throws(SimError) in try controller.cancelOnboarding(sim) }),
            ("logout", [], { sim, _ throws(SimError) in try controller.logout(sim) }),
            ("retry", [], { sim, _ throws(SimError) in try controller.retry(sim) }),
        ]
        for (name, parameters, body) in intents {
            model.intentHandlers[name] = Intent(parameters: parameters) { sim, arguments in
                try body(sim, arguments)
                return nil
            }
        }
        model.urlCode = { sim, _ in
            if case .authenticated? = sim.appState { return .passed }
            return .refused("the app is \(sim.state.text); deep links are handled only while authenticated")
        }
        return model
    }
}
