import SceneSimCore
import SceneSimTestSupport

/// The App body most tests declare: a primary group, a String value group and an Int value group.
let valueScenes: [SceneDeclaration] = [.group("main"), .group("detail", value: .string), .group("item", value: .integer)]

extension TestDevice {
    /// A device whose app has launched and finished initialization (unauthenticated at 0.500),
    /// with the launch trace already taken.
    static func ready(_ config: AppConfig = .testing(scenes: valueScenes), model: AppModel = .builtin) throws -> TestDevice {
        let device = try TestDevice(config, model: model)
        try device.launch()
        try device.settle()
        _ = device.takeTrace()
        return device
    }

    /// `ready`, then logged in as ada at 1.000 (so no state flickers), trace taken.
    static func loggedIn(_ config: AppConfig = .testing(scenes: valueScenes)) throws -> TestDevice {
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
