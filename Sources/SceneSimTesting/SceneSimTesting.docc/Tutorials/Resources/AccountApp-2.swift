import SceneSim

/// The app as scenesim runs it: the controller's screens are the model's states, and the
/// App's launch awaits the controller, as its `.task` modifier would.
@MainActor
final class AccountApp {
    /// The running process's controller (each launch makes a new one, as a relaunch is a new
    /// process).
    private(set) var controller: AccountController?

    nonisolated init() {}

    func model() throws -> AppModel {
        var model = try AppModel(
            states: ["splash", "signIn", "home"],
            initial: "splash",
            transitions: ["splash": ["signIn", "home"]]
        )
        model.onLaunch = { sim in
            let controller = AccountController(clock: sim.clock) { token in
                try await sim.validate(token: token) == .valid
            }
            self.controller = controller
            try await controller.start(token: sim.keychainToken)
            try sim.transition(to: ModelState(controller.screen.rawValue))
        }
        return model
    }
}
