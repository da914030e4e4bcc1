import SceneSim

/// The adapter from `SessionController` to scenesim: the controller's phases are the model's
/// states; the simulator's launch starts the controller as the App's `.task` would
/// (`Task { @MainActor in await controller.start(…) }`), handing it the simulator's clock and a
/// client that asks the simulator's auth server; URLs go to the controller as `.onOpenURL`
/// would; the controller's `openDocument` opens a `document` window as SwiftUI's `openWindow`.
///
/// Each launch makes a new controller, since a relaunch is a new process.
public enum SessionModel {
    public static let scenes = [SceneDeclaration(id: "main"), SceneDeclaration(id: "document", valueType: .string)]

    /// The controller the current process runs, for a test to look at.
    @MainActor
    public final class Process {
        public private(set) var controller: SessionController?
        nonisolated init() {}
        func start(_ controller: SessionController) { self.controller = controller }
    }

    /// A fresh model; `process` shows the running process's controller.
    public static func make() throws(SimError) -> (model: AppModel, process: Process) {
        var model = try AppModel(
            states: [.init("splash", loading: true), .init("validating"), .init("signedIn"), .init("signedOut")],
            initial: "splash",
            transitions: ["splash": ["validating", "signedOut"], "validating": ["signedIn", "signedOut"], "signedIn": ["signedOut"]]
        )
        for scene in scenes { try model.addScene(scene) }
        let process = Process()
        model.onLaunch = { sim in
            let controller = SessionController(clock: sim.clock, client: ServerClient(simulator: sim))
            controller.phaseChanged = { phase in
                // The state follows the controller's phase (the table checks each move).
                try? sim.transition(to: ModelState(phase.rawValue))
            }
            controller.openDocument = { id in
                _ = try? sim.openWindow("document", value: .string(id))
            }
            process.start(controller)
            let token = sim.keychainToken
            Task { @MainActor in await controller.start(storedToken: token) }
        }
        model.onURL = { sim, url in
            guard let controller = process.controller else { return .passed }
            switch controller.route(url) {
            case .openDocument(let id):
                try sim.openWindow("document", value: .string(id))
                return .handled
            case .deferred:
                return .handled
            case .notOurs:
                return .refused("not a document link")
            }
        }
        return (model, process)
    }
}

/// The auth server of the simulation as the controller's client: its answer comes
/// `auth_latency` later on the virtual clock.
struct ServerClient: SessionClient {
    nonisolated(unsafe) let simulator: Simulator

    func validate(token: Int) async throws -> SessionVerdict {
        switch try await simulator.validate(token: token) {
        case .valid: .valid
        case .expired: .expired
        case .revoked: .revoked
        case .unknown: .unknown
        case .unreachable: .unreachable
        }
    }
}
