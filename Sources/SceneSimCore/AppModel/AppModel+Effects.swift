import ByteText

// Effects written in Swift (scenarios/README.md, "Effects"): what a Swift model's app does where the model does
// not simulate it, by name (`Type.method`). A Lua model's effects stay Lua functions in the
// scripting layer (`effects = { ... }`); a Swift model adds them here, and `app:effect` and
// `w:effect` run them as they run a Lua model's.
extension AppModel {
    /// What an effect runs: the simulator, the window whose code called it (nil for App-level
    /// code) and the arguments (nil for one that is not a stored value); its result is the call's.
    public typealias EffectBody = @MainActor (Simulator, SessionID?, [SceneValue?]) throws -> SceneValue?

    /// Adds the effect `name` (`"ApiClient.send"`), run on the main actor; a later one of the
    /// same name replaces it.
    public mutating func addEffect(_ name: String, _ body: @escaping EffectBody) {
        effectHandlers[name] = { @Sendable sim, scene, arguments in
            try onMainActor(sim) { sim in try body(sim, scene, arguments) }
        }
    }
}

extension Simulator {
    /// The app's code called the effect `name` from window `scene`'s code (`nil`: App-level code) with
    /// `arguments`, traced, then the model's Swift effect of that name runs and its result is returned
    /// (nil without one). It is the app's code, so it needs a running app that is not suspended; an
    /// error it throws is thrown here.
    ///
    /// In a scenario script: `app:effect(name, ...)`.
    @discardableResult
    public func perform(effect name: String, scene: SessionID? = nil, _ arguments: [SceneValue?] = []) throws(SimError) -> SceneValue? {
        try entry { () throws(SimError) -> SceneValue? in
            try requireRunning(.effect(window: scene != nil))
            try requireAwake(.effect(window: scene != nil))
            let (split, location) = EffectName.split(ByteString(name))
            traceEffect(split, arguments: arguments.map { .value($0) }, scene: scene, location: location)
            return try runEffect(split.string ?? name, scene: scene, arguments)
        }
    }

    /// Runs the model's Swift effect `name` (already traced); nil when the model has none.
    package func runEffect(_ name: String, scene: SessionID?, _ arguments: [SceneValue?]) throws(SimError) -> SceneValue? {
        guard let body = model.effectHandlers[name] else { return nil }
        do {
            return try body(self, scene, arguments)
        } catch let error as SimError {
            throw error
        } catch {
            throw SimError(.appCode, "effect \(name): \(error)")
        }
    }

    /// Whether the model has a Swift effect of that name.
    package func hasEffect(_ name: String) -> Bool { model.effectHandlers[name] != nil }
}
