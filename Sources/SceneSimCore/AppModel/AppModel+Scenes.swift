import ByteText

// A Swift model carries its app's body (issue 17): the scenes, each with the code its root
// view runs, as a script's scene declarations do (semantics 10.8), so a scenario that names
// the model (`sim.launch{ model = "notes" }`) declares no scenes, and a Swift test does not
// repeat them either.
extension AppModel {
    /// The code a scene's root view runs, on the main actor.
    public struct SceneCode {
        /// `.onChange(of: scenePhase)` in the window: its old and new phase, `disconnected` on
        /// either side for connecting and disconnecting.
        public var onPhase: (@MainActor (Simulator, SessionID, WindowPhase, WindowPhase) throws -> Void)?
        /// `.onOpenURL` in the window: true when it handled the URL (false: the routes try it).
        public var onURL: (@MainActor (Simulator, SessionID, String) throws -> Bool)?
        /// The `allowing:` half of `.handlesExternalEvents` for URLs only (kept from before
        /// `allows`): may a window of the scene take this URL?
        public var handles: (@MainActor (String) -> Bool)?
        /// `.handlesExternalEvents(preferring:)`: does this window prefer the event (a URL's
        /// text or an activity's type)? Preferred windows win over allowing ones (semantics 12.3).
        public var prefers: (@MainActor (Simulator, SessionID, String) -> Bool)?
        /// `.handlesExternalEvents(allowing:)`: may this window take the event?
        public var allows: (@MainActor (Simulator, SessionID, String) -> Bool)?
        /// `.onContinueUserActivity` in the window: type and `userInfo`; true when handled.
        public var onActivity: (@MainActor (Simulator, SessionID, String, SceneStorage) throws -> Bool)?
        /// Checks a window about to be restored at launch: false makes it start empty. It reads
        /// the simulator and must not change it.
        public var restore: (@MainActor (Simulator, SessionID) -> Bool)?

        /// Scene code with the handlers given; each one is optional.
        public init(
            onPhase: (@MainActor (Simulator, SessionID, WindowPhase, WindowPhase) throws -> Void)? = nil,
            onURL: (@MainActor (Simulator, SessionID, String) throws -> Bool)? = nil,
            handles: (@MainActor (String) -> Bool)? = nil,
            restore: (@MainActor (Simulator, SessionID) -> Bool)? = nil,
            prefers: (@MainActor (Simulator, SessionID, String) -> Bool)? = nil,
            allows: (@MainActor (Simulator, SessionID, String) -> Bool)? = nil,
            onActivity: (@MainActor (Simulator, SessionID, String, SceneStorage) throws -> Bool)? = nil
        ) {
            self.prefers = prefers
            self.allows = allows
            self.onActivity = onActivity
            self.onPhase = onPhase
            self.onURL = onURL
            self.handles = handles
            self.restore = restore
        }
    }

    /// Declares one scene of the app's body, in body order, with the code its root view runs.
    /// A model with scenes declares the app's body: a config's or a scenario's own scenes are
    /// not used with it (a scenario that gives both gets an error).
    public mutating func addScene(_ declaration: SceneDeclaration, _ code: SceneCode = SceneCode()) throws(SimError) {
        guard !scenes.contains(where: { $0.id == declaration.id }) else {
            throw SimError(.invalidConfig, "the model declares scene \"\(declaration.id)\" twice")
        }
        scenes.append(declaration)
        sceneCode[declaration.id] = code
    }
}

extension Simulator {
    /// The code of the scene of window `id`, if the model gave it any.
    func sceneCode(of id: SessionID) -> AppModel.SceneCode? {
        model.sceneCode.isEmpty ? nil : model.sceneCode[config.scenes[sessions[id.index].group].id]
    }

    /// A scene's `onPhase` for one phase change of one of its windows (at its handler point).
    func runScenePhaseCode(_ id: SessionID, from: WindowPhase, to: WindowPhase) {
        guard let body = sceneCode(of: id)?.onPhase else { return }
        runAppCode { try onMainActor(self) { sim in try body(sim, id, from, to) } }
    }

    /// A scene's `restore` for a window about to be restored.
    func sceneAllowsRestore(_ id: SessionID) -> Bool {
        guard let restore = sceneCode(of: id)?.restore else { return true }
        return (try? onMainActor(self) { sim in restore(sim, id) }) ?? true
    }
}
