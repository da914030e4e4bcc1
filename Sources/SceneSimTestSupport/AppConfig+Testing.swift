import SceneSimCore

extension AppConfig {
    /// A config for `platform` (so its policy defaults apply, e.g. `visible_limit`), adjusted by
    /// `configure`: `.testing(.macos) { $0.policy.forceQuit = .keep }`.
    package static func testing(
        _ platform: Platform = .ipados,
        scenes: [SceneDeclaration] = [.group("main")],
        _ configure: (inout AppConfig) -> Void = { _ in }
    ) -> AppConfig {
        var config = AppConfig(platform: platform, scenes: scenes)
        configure(&config)
        return config
    }
}

extension SceneDeclaration {
    /// `WindowGroup(id:)`, or `WindowGroup(id:for:)` with a value type.
    package static func group(_ id: String, value: SceneValue.Kind? = nil) -> SceneDeclaration {
        SceneDeclaration(id: id, kind: .windowGroup, valueType: value)
    }

    /// `Window(id:)`: a single-instance scene (macos, visionos).
    package static func window(_ id: String) -> SceneDeclaration {
        SceneDeclaration(id: id, kind: .window)
    }
}

extension VirtualTime {
    /// `.at(0.5)`: an instant or span in seconds, for readable tests.
    package static func at(_ seconds: Double) -> VirtualTime { VirtualTime(seconds: seconds) }
}
