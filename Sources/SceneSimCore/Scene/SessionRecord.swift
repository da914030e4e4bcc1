/// A scene session as the device keeps it (semantics §2): durable identity, presented value and
/// saved storage, plus the live scene attached to it in the running process, if any.
struct SessionRecord {
    let id: SessionID
    let label: String
    let group: Int
    var value: SceneValue?
    /// Set once the session is discarded; a discarded session never comes back.
    var discarded: Discard?
    /// What restoration gives this session: written at save points only.
    var saved = SimSceneStorage()
    /// The app version whose process wrote `saved` (its place in `Simulator.versions`): a scene
    /// that comes back in another version hands each value to the model's `on_restore_value`.
    var savedBy: UInt32 = 0
    /// The live scene in the current process: nil while disconnected or not running.
    var scene: LiveScene?

    var alive: Bool { discarded == nil }

    struct Discard: Equatable {
        var at: VirtualTime
        var reason: DiscardReason
    }

    /// The in-process scene: its phase and the storage the views read and write.
    struct LiveScene {
        var phase: SimScenePhase
        var storage: SimSceneStorage
        /// `w.memory`: the views' in-memory state (@State, @StateObject); it dies with the scene.
        var memory = SimSceneStorage()
        /// Written since the last save (lost if the process dies before the next one). A flag,
        /// not a key set, to keep writes cheap; which keys differ is computed when it matters.
        var dirty = false
        /// Whether the size warning was traced since storage last fit under the threshold.
        var warnedLarge = false
    }
}

/// Where a window for a value already lives: (group, value) for value groups, (group, nil) for
/// single-instance `Window` scenes.
struct DedupKey: Hashable {
    var group: Int
    var value: SceneValue?
}
