import ByteText
import SceneSimBuiltin
import SceneSimCore
import SceneSimTestSupport
import SceneSimTesting

/// The App body most tests declare: a primary group, a String value group and an Int value group.
let valueScenes: [SceneDeclaration] = [.group("main"), .group("detail", value: .string), .group("item", value: .integer)]

// The core's tests drive the simulator through `SceneSimTestStore`, the store users get, so its
// invariant check after every operation guards them too. They assert traces step by step, not
// at the end, so their stores are not exhaustive.
extension SceneSimTestStore {
    /// A store with exhaustivity off on a fresh device; nothing runs until `launch()`.
    static func nonExhaustive(_ config: AppConfig = .testing(), model: AppModel = .builtin) throws -> SceneSimTestStore {
        let store = try SceneSimTestStore(config, model: model)
        store.exhaustivity = .off
        return store
    }

    /// A store whose app has cold-launched (the launch trace is still to be taken).
    static func launched(_ config: AppConfig = .testing()) throws -> SceneSimTestStore {
        let store = try nonExhaustive(config)
        try store.launch()
        return store
    }

    /// A device whose app has launched and finished initialization (unauthenticated at 0.500),
    /// with the launch trace already taken.
    static func ready(_ config: AppConfig = .testing(scenes: valueScenes), model: AppModel = .builtin) throws -> SceneSimTestStore {
        let device = try SceneSimTestStore.nonExhaustive(config, model: model)
        try device.launch()
        try device.settle()
        _ = device.takeTrace()
        return device
    }

    /// `ready`, then logged in as ada at 1.000 (so no state flickers), trace taken.
    static func loggedIn(_ config: AppConfig = .testing(scenes: valueScenes)) throws -> SceneSimTestStore {
        let device = try ready(config)
        try device.advance(0.5)
        try device.login("ada")
        try device.advance(1)
        _ = device.takeTrace()
        return device
    }
}

/// The built-in model carrying `valueScenes`, whose main window takes every link
/// (`.handlesExternalEvents(allowing: ["*"])`), so a link reaches the routes without opening a
/// new main window first (semantics 12.3, 12.4).
func linkTakingModel() throws -> AppModel {
    var model = AppModel.builtin
    for scene in valueScenes {
        try model.addScene(scene, scene.id == "main" ? AppModel.SceneCode(allows: { _, _, _ in true }) : AppModel.SceneCode())
    }
    return model
}

// The built-in model's intents as the script's `app:login{...}` and the others run them, and
// what the rules' tests ask of an opened window besides its label.
extension SceneSimTestStore {
    func login(_ user: String, newUser: Bool = false) throws {
        try perform("login(\(user), newUser: \(newUser))") { try $0.login(user: ByteString(user), newUser: newUser) }
    }

    func nextStep() throws { try perform("nextStep()") { try $0.nextStep() } }
    func cancelOnboarding() throws { try perform("cancelOnboarding()") { try $0.cancelOnboarding() } }
    func logout() throws { try perform("logout()") { try $0.logout() } }
    func retry() throws { try perform("retry()") { try $0.retry() } }

    /// A raw transition request in canonical text of the built-in model, with its outcome.
    @discardableResult
    func transition(_ text: String) throws -> AppStateMachine.Outcome {
        try perform("transition(\(text))") { try $0.transition(to: Builtin.AppState(parsing: text)) }
    }

    /// `openWindow`, with whether the window is new (`WindowOpening.isNew`).
    func openWindowReportingNew(_ scene: String, value: SceneValue? = nil) throws -> (window: String?, created: Bool) {
        try perform("openWindow(\"\(scene)\", value: \(value?.literal ?? "nil"))") { sim in
            let opening = try sim.openWindow(scene, value: value)
            return (opening.window.map(sim.label(of:)), opening.isNew)
        }
    }
}
