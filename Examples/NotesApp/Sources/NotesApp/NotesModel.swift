import SceneSim

/// The adapter from `AppStateController` to scenesim: the controller's phases are the model's
/// states, the simulator's launch, phase changes and URLs call the controller as SwiftUI would
/// (the App's init, `onChange(of: scenePhase)`, `.onOpenURL`), and the UI's actions are intents.
///
/// Each launch makes a new controller, since a relaunch is a new process. Scenes: `scenes`, with
/// the route `note` (`app://note/<id>` opens the note's window).
public enum NotesModel {
    public static let scenes = [SceneDeclaration(id: "main"), SceneDeclaration(id: "note", valueType: .string)]
    public static let pin = "1234"

    /// A fresh model around a fresh controller per process.
    public static func make(pin: String = NotesModel.pin) throws(SimError) -> AppModel {
        var model = try AppModel(
            states: [.init("loading"), .init("locked"), .init("unlocked")],
            initial: "loading",
            transitions: ["loading": ["locked"], "locked": ["unlocked"], "unlocked": ["locked"]]
        )
        // The controller the current process runs (the model outlives processes).
        let app = ControllerBox()
        model.onLaunch = { sim in
            app.controller = AppStateController(pin: pin)
            app.controller.finishLoading()
            sync(sim, app.controller)
        }
        model.onPhase = { sim, _, new in
            guard new == .background else { return }
            app.controller.lock()
            sync(sim, app.controller)
        }
        model.phaseNote = { $0 == .background ? "lock the notes" : nil }
        model.onURL = { sim, url in
            switch app.controller.route(url.escaped) {
            case .openNote:
                // Unlocked: the app's route (`routes = { note = "note" }`) opens the note's
                // window; a handler cannot start a lifecycle action in the middle of this one.
                return .passed
            case .deferred:
                return .handled
            case .notOurs:
                return .passed
            }
        }
        try model.addIntent("unlock", parameters: [.init("code", .string)]) { sim, arguments throws(SimError) in
            guard case .string(let code) = arguments[0] else { return nil }
            let unlocked = app.controller.unlock(code: code.escaped)
            sync(sim, app.controller)
            if unlocked, let note = app.controller.takePendingNote() {
                _ = try sim.openWindow("note", value: .string(ByteString(note)))
            }
            return .bool(unlocked)
        }
        try model.addIntent("lock") { sim, _ throws(SimError) in
            app.controller.lock()
            sync(sim, app.controller)
            return nil
        }
        try model.addIntent("locked_out") { _, _ in .bool(app.controller.isLockedOut) }
        return model
    }

    /// Moves the simulator's state to the controller's phase (the table checks the move).
    private static func sync(_ sim: Simulator, _ controller: AppStateController) {
        let target = ModelState(controller.phase.rawValue)
        guard sim.state != target else { return }
        _ = try? sim.transition(to: target)
    }
}

/// Holds the current process's controller for the model's closures.
private final class ControllerBox {
    var controller = AppStateController(pin: NotesModel.pin)
}
