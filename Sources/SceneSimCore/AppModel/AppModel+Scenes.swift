import ByteText

// A model carries the code of its app's scenes (issue 17, issue 40): the code each scene's
// root view runs, as a Swift model's `addScene` gives it and as a script's scene declarations
// do (semantics 10.8). The simulator calls every scene's code through the model, whichever
// language wrote it.
extension AppModel {
    /// The code a scene's root view runs, on the main actor. `onPhase`, `onNotification`,
    /// `onShortcut` and `onMemoryWarning` may be async: each starts at its handler point and,
    /// when it awaits, goes on as one of the app's tasks (semantics 10.11); the others answer at
    /// once and are synchronous.
    public struct SceneCode: Sendable {
        /// `.onChange(of: scenePhase)` in the window: its old and new phase, `disconnected` on
        /// either side for connecting and disconnecting.
        public var onPhase: (@MainActor (Simulator, SessionID, WindowPhase, WindowPhase) async throws -> Void)?
        /// `.onOpenURL` in the window: true when it handled the URL (false: the routes try it).
        public var onURL: (@MainActor (Simulator, SessionID, String) throws -> Bool)?
        /// The `allowing:` half of `.handlesExternalEvents` for URLs only (kept from before
        /// `allows`): may a window of the scene take this URL?
        public var handles: (@MainActor (String) -> Bool)?
        /// `.handlesExternalEvents(preferring:)`: does this window prefer the event? It is given
        /// what the event is matched on: a URL's absolute string, or the target of an activity
        /// (its `targetContentIdentifier`, else its `webpageURL`), a notification or a shortcut.
        /// Preferred windows win over allowing ones (semantics 12.3).
        public var prefers: (@MainActor (Simulator, SessionID, String) -> Bool)?
        /// `.handlesExternalEvents(allowing:)`: may this window take the event?
        public var allows: (@MainActor (Simulator, SessionID, String) -> Bool)?
        /// `.onContinueUserActivity` in the window: type and `userInfo`; true when handled.
        public var onActivity: (@MainActor (Simulator, SessionID, String, SimSceneStorage) throws -> Bool)?
        /// A notification routed to this window by its target (semantics 12.10): its `userInfo`.
        public var onNotification: (@MainActor (Simulator, SessionID, SimSceneStorage) async throws -> Void)?
        /// A home-screen shortcut routed to this window by its target (semantics 12.10): its type.
        public var onShortcut: (@MainActor (Simulator, SessionID, String) async throws -> Void)?
        /// Checks a window about to be restored at launch: false makes it start empty. It reads
        /// the simulator and must not change it.
        public var restore: (@MainActor (Simulator, SessionID) -> Bool)?
        /// The window's answer to a memory warning (a view controller's
        /// `didReceiveMemoryWarning`; `UIApplication.didReceiveMemoryWarningNotification` in its
        /// views): runs after the model's `onMemoryWarning`, front window first (semantics 11.10).
        public var onMemoryWarning: (@MainActor (Simulator, SessionID) async throws -> Void)?

        /// Scene code with the handlers given; each one is optional.
        public init(
            onPhase: (@MainActor (Simulator, SessionID, WindowPhase, WindowPhase) async throws -> Void)? = nil,
            onURL: (@MainActor (Simulator, SessionID, String) throws -> Bool)? = nil,
            handles: (@MainActor (String) -> Bool)? = nil,
            restore: (@MainActor (Simulator, SessionID) -> Bool)? = nil,
            prefers: (@MainActor (Simulator, SessionID, String) -> Bool)? = nil,
            allows: (@MainActor (Simulator, SessionID, String) -> Bool)? = nil,
            onActivity: (@MainActor (Simulator, SessionID, String, SimSceneStorage) throws -> Bool)? = nil,
            onNotification: (@MainActor (Simulator, SessionID, SimSceneStorage) async throws -> Void)? = nil,
            onShortcut: (@MainActor (Simulator, SessionID, String) async throws -> Void)? = nil,
            onMemoryWarning: (@MainActor (Simulator, SessionID) async throws -> Void)? = nil
        ) {
            self.onNotification = onNotification
            self.onShortcut = onShortcut
            self.onMemoryWarning = onMemoryWarning
            self.prefers = prefers
            self.allows = allows
            self.onActivity = onActivity
            self.onPhase = onPhase
            self.onURL = onURL
            self.handles = handles
            self.restore = restore
        }
    }

    /// A scene's code as the simulator calls it, on whatever thread drives it: a Swift scene's
    /// hops to the main actor (made from its `SceneCode`); a script's calls Lua directly. The
    /// older `handles` is part of `allows` here (it answers for URLs only).
    package struct SceneCalls: Sendable {
        /// `onPhase`: the window, its old and new phase.
        package var phase: (@Sendable (Simulator, SessionID, WindowPhase, WindowPhase) throws -> Void)?
        /// `onURL`: true when the window handled the URL.
        package var url: (@Sendable (Simulator, SessionID, ByteString) throws -> Bool)?
        /// `onActivity`: true when the window handled the activity.
        package var activity: (@Sendable (Simulator, SessionID, String, SimSceneStorage) throws -> Bool)?
        /// `prefers`, for a URL or an activity.
        package var prefers: (@Sendable (Simulator, SessionID, ExternalEvent) throws -> Bool)?
        /// `allows` (or `handles`, for a URL).
        package var allows: (@Sendable (Simulator, SessionID, ExternalEvent) throws -> Bool)?
        /// `onNotification`: a notification routed to the window.
        package var notification: (@Sendable (Simulator, SessionID, SimSceneStorage) throws -> Void)?
        /// `onShortcut`: a shortcut routed to the window.
        package var shortcut: (@Sendable (Simulator, SessionID, String) throws -> Void)?
        /// `restore`: false makes the window start empty.
        package var restore: (@Sendable (Simulator, SessionID) throws -> Bool)?
        /// `onMemoryWarning`: the window hears the memory warning.
        package var memoryWarning: (@Sendable (Simulator, SessionID) throws -> Void)?

        /// The calls given; each one is optional.
        package init(
            phase: (@Sendable (Simulator, SessionID, WindowPhase, WindowPhase) throws -> Void)? = nil,
            url: (@Sendable (Simulator, SessionID, ByteString) throws -> Bool)? = nil,
            activity: (@Sendable (Simulator, SessionID, String, SimSceneStorage) throws -> Bool)? = nil,
            prefers: (@Sendable (Simulator, SessionID, ExternalEvent) throws -> Bool)? = nil,
            allows: (@Sendable (Simulator, SessionID, ExternalEvent) throws -> Bool)? = nil,
            restore: (@Sendable (Simulator, SessionID) throws -> Bool)? = nil,
            notification: (@Sendable (Simulator, SessionID, SimSceneStorage) throws -> Void)? = nil,
            shortcut: (@Sendable (Simulator, SessionID, String) throws -> Void)? = nil,
            memoryWarning: (@Sendable (Simulator, SessionID) throws -> Void)? = nil
        ) {
            (self.phase, self.url, self.activity) = (phase, url, activity)
            (self.prefers, self.allows, self.restore) = (prefers, allows, restore)
            (self.notification, self.shortcut) = (notification, shortcut)
            self.memoryWarning = memoryWarning
        }

        /// A Swift scene's code, each handler run on the main actor; `scene` names its async
        /// handlers in messages.
        init(_ code: SceneCode, scene: String) {
            @Sendable func text(_ bytes: ByteString) -> String { String(decoding: bytes.bytes, as: UTF8.self) }
            /// `onPhase of scene "editor"`, made once, not at each call.
            func named(_ handler: String) -> String { "\(handler) of scene \"\(scene)\"" }
            if let body = code.onPhase {
                let name = named("onPhase")
                phase = { sim, id, from, to in try onMainActor(sim, handler: name) { sim in try await body(sim, id, from, to) } }
            }
            if let body = code.onURL {
                url = { sim, id, url in try onMainActor(sim) { sim in try body(sim, id, text(url)) } }
            }
            if let body = code.onActivity {
                activity = { sim, id, type, info in try onMainActor(sim) { sim in try body(sim, id, type, info) } }
            }
            if let body = code.onNotification {
                let name = named("onNotification")
                notification = { sim, id, info in try onMainActor(sim, handler: name) { sim in try await body(sim, id, info) } }
            }
            if let body = code.onShortcut {
                let name = named("onShortcut")
                shortcut = { sim, id, type in try onMainActor(sim, handler: name) { sim in try await body(sim, id, type) } }
            }
            // (prefers and allows are asked only about an event with a text: ExternalEvent.text.)
            if let body = code.prefers {
                prefers = { sim, id, event in try onMainActor(sim) { sim in body(sim, id, text(event.text ?? ByteString())) } }
            }
            if let body = code.allows {
                allows = { sim, id, event in try onMainActor(sim) { sim in body(sim, id, text(event.text ?? ByteString())) } }
            } else if let body = code.handles {
                allows = { sim, _, event in
                    guard case .url(let url) = event else { return false }
                    return try onMainActor(sim) { _ in body(text(url)) }
                }
            }
            if let body = code.restore {
                restore = { sim, id in try onMainActor(sim) { sim in body(sim, id) } }
            }
            if let body = code.onMemoryWarning {
                let name = named("onMemoryWarning")
                memoryWarning = { sim, id in try onMainActor(sim, handler: name) { sim in try await body(sim, id) } }
            }
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
        sceneCode[declaration.id] = SceneCalls(code, scene: declaration.id)
    }

    /// Gives the code of the config's scene `id` (a script's scene declarations, which the
    /// config declares, not the model); it replaces any the scene had.
    package mutating func setCode(_ calls: SceneCalls, ofScene id: String) {
        sceneCode[id] = calls
    }

    /// Whether any scene's code answers user activities (explore's rules for them apply then).
    package var scenesTakeActivities: Bool { sceneCode.values.contains { $0.activity != nil } }

    /// Whether the model or any scene's code answers memory warnings (explore's rule applies then).
    package var hearsMemoryWarnings: Bool { memoryWarningCode != nil || sceneCode.values.contains { $0.memoryWarning != nil } }
}

extension Simulator {
    /// The code of the scene of window `id`, if the model gave it any. Inlined, so that a
    /// model without scene code (the built-in one) returns before the scene's handlers are
    /// copied out: every phase step and restore check asks (bench-core).
    @inline(__always)
    func sceneCode(of id: SessionID) -> AppModel.SceneCalls? {
        model.sceneCode.isEmpty ? nil : model.sceneCode[config.scenes[sessions[id.index].group].id]
    }

    /// A scene's `onPhase` for one phase change of one of its windows (at its handler point).
    func runScenePhaseCode(_ id: SessionID, from: WindowPhase, to: WindowPhase) {
        guard let body = sceneCode(of: id)?.phase else { return }
        runAppCode { try body(self, id, from, to) }
    }

    /// A scene's `restore` for a window about to be restored.
    func sceneAllowsRestore(_ id: SessionID) -> Bool {
        guard let restore = sceneCode(of: id)?.restore else { return true }
        return (try? restore(self, id)) ?? true
    }
}
