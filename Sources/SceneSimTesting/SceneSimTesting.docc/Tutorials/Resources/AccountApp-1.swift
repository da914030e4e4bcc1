import SceneSim

/// The app as scenesim runs it: the controller's screens are the model's states.
@MainActor
final class AccountApp {
    /// The running process's controller (each launch makes a new one, as a relaunch is a new
    /// process).
    private(set) var controller: AccountController?

    nonisolated init() {}

    func model() throws -> AppModel {
        try AppModel(
            states: ["splash", "signIn", "home"],
            initial: "splash",
            transitions: ["splash": ["signIn", "home"]]
        )
    }
}
