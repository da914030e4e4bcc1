import SceneSim

/// The adapter from `WelcomeController` to scenesim: the controller's phases are the model's
/// states, and each launch starts a new controller in an async `onLaunch`, as the App's `.task`
/// would (`await controller.start()`: the launch goes on when the controller first sleeps, and
/// the rest of the handler resumes on the virtual clock). Unlike `SessionModel` it hands the
/// controller no clock: the controller reads its clocks from swift-dependencies, so the test
/// sets them, `withDependencies { $0.continuousClock = store.clock }`, around the launches.
public enum WelcomeModel {
    /// The controller the current process runs, for a test to look at.
    @MainActor
    public final class Process {
        public private(set) var controller: WelcomeController?
        nonisolated init() {}
        func start(_ controller: WelcomeController) { self.controller = controller }
    }

    /// A fresh model; `process` shows the running process's controller.
    public static func make() throws(SimError) -> (model: AppModel, process: Process) {
        var model = try AppModel(
            states: [.init("splash", loading: true), .init("tip"), .init("home")],
            initial: "splash",
            transitions: ["splash": ["tip"], "tip": ["home"]]
        )
        try model.addScene(SceneDeclaration(id: "main"))
        let process = Process()
        model.onLaunch = { sim in
            // Its `@Dependency` clocks are those in force here: the test's, during its launch.
            let controller = WelcomeController()
            controller.phaseChanged = { phase in
                _ = try? sim.transition(to: ModelState(phase.rawValue))
            }
            process.start(controller)
            await controller.start()
        }
        return (model, process)
    }
}
