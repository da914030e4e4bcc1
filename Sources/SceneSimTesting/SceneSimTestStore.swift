import SceneSim

/// Drives a simulated device from a Swift test and asserts what happened, in the style of
/// TCA's `TestStore`: run operations, then assert the exact trace they produced since the last
/// assertion (a whole-trace diff on failure), the app's state, a window's storage, or what
/// changed in the snapshot.
///
/// ```swift
/// let store = try SceneSimTestStore(AppConfig(platform: .ipados))
/// try store.launch()
/// store.expectTrace("""
///     [   0.000] app         launch #1 on ipados: nothing to restore
///     ...
///     """)
/// ```
///
/// Windows are named by their trace labels (`"main#1"`), so a test reads like the trace it
/// checks. Everything else the simulator offers stays in reach through `simulator`.
public final class SceneSimTestStore {
    /// The simulated device and app; operations run on it directly are traced too.
    public let simulator: Simulator
    /// The snapshot as of the last `expectSnapshot`, which its closure edits into the expected one.
    var lastSnapshot: Simulator.Snapshot

    /// Declares the app on a fresh device; nothing runs until `launch()`.
    public init(_ config: AppConfig = AppConfig(), model: AppModel = .builtin) throws {
        simulator = try Simulator(config: config, model: model)
        simulator.isTracing = true
        lastSnapshot = simulator.snapshot()
    }

    /// The trace lines since the last take, as `scenesim run` prints them; clears them.
    public func takeTrace() -> [String] {
        simulator.takeEvents().map { TraceRenderer.text($0, label: simulator.label(of:)) }
    }

    /// The session whose trace label is `label` (`"main#1"`).
    public func window(_ label: String) throws -> SessionID {
        guard let id = simulator.session(labeled: label) else {
            throw UnknownWindow(label: label, known: simulator.allSessions.map(simulator.label(of:)))
        }
        return id
    }

    /// Labels of the connected windows, front to back.
    public var windows: [String] { simulator.windows.map(simulator.label(of:)) }
}
