import SceneSimCore
import SceneSimTestSupport

/// The App body most tests declare: a primary group, a String value group and an Int value group.
let valueScenes: [SceneDeclaration] = [.group("main"), .group("detail", value: .string), .group("item", value: .integer)]

extension TestDevice {
    /// A device whose app has launched and finished initialization (unauthenticated at 0.500),
    /// with the launch trace already taken.
    static func ready(_ config: AppConfig = .testing(scenes: valueScenes)) throws -> TestDevice {
        let device = try TestDevice.launched(config)
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
