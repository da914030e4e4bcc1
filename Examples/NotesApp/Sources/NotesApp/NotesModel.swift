import SceneSim

/// The adapter from `AppStateController` to scenesim: the controller's phases are the model's
/// states, the simulator's launch, phase changes and URLs call the controller as SwiftUI would
/// (the App's init, `onChange(of: scenePhase)`, `.onOpenURL`), and the UI's actions are intents.
/// The model carries the app's body — a main window and a note window per note — so neither a
/// test nor a scenario declares the scenes again.
///
/// Every closure runs on the main actor, where the controller lives. Each launch makes a new
/// controller, since a relaunch is a new process.
public enum NotesModel {
    public static let scenes = [SceneDeclaration(id: "main"), SceneDeclaration(id: "note", valueType: .string)]
    public static let pin = "1234"

    /// A fresh model around a fresh controller per process.
    public static func make(pin: String = NotesModel.pin) throws(SimError) -> AppModel {
        var model = try AppModel(
            // The launch screen is a loading screen: a crash on it discards restoration data.
            states: [.init("loading", loading: true), .init("locked"), .init("unlocked")],
            initial: "loading",
            transitions: ["loading": ["locked"], "locked": ["unlocked"], "unlocked": ["locked"]]
        )
        for scene in scenes { try model.addScene(scene) }
        // The controller the current process runs (the model outlives processes).
        let app = ControllerBox()
        model.onLaunch = { sim in
            app.controller = AppStateController(pin: pin)
            app.controller.finishLoading()
            try sync(sim, app.controller)
        }
        model.onPhase = { sim, _, new in
            guard new == .background else { return }
            app.controller.lock()
            try sync(sim, app.controller)
        }
        model.phaseNote = { $0 == .background ? "lock the notes" : nil }
        model.onURL = { sim, url in
            switch app.controller.route(url) {
            case .openNote(let id):
                // The note's window opens once the URL's action is over.
                try sim.openWindow("note", value: .string(id))
                return .handled
            case .deferred:
                return .handled
            case .notOurs:
                return .refused("not a notes link")
            }
        }
        try model.addIntent("unlock", parameters: [.init("code", .string)]) { sim, arguments in
            guard case .string(let code) = arguments[0] else { return nil }
            let unlocked = app.controller.unlock(code: code.escaped)
            try sync(sim, app.controller)
            if unlocked, let note = app.controller.takePendingNote() {
                try sim.openWindow("note", value: .string(note))
            }
            return .bool(unlocked)
        }
        try model.addIntent("lock") { sim, _ in
            app.controller.lock()
            try sync(sim, app.controller)
            return nil
        }
        try model.addIntent("locked_out") { _, _ in .bool(app.controller.isLockedOut) }
        return model
    }

    /// Moves the simulator's state to the controller's phase (the table checks the move).
    @MainActor
    private static func sync(_ sim: Simulator, _ controller: AppStateController) throws {
        let target = ModelState(controller.phase.rawValue)
        guard sim.state != target else { return }
        try sim.transition(to: target)
    }
}

/// Holds the current process's controller for the model's closures.
@MainActor
private final class ControllerBox {
    var controller = AppStateController(pin: NotesModel.pin)

    nonisolated init() {}
}
