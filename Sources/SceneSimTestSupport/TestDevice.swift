import SceneSimCore
import SceneSimTesting

/// The project's own core tests drive the simulator through `SceneSimTestStore`, the store
/// users get, so its invariant check after every operation guards them too. A `TestDevice` is
/// such a store with exhaustivity off (these tests assert traces step by step, not at the
/// end), plus the spellings the core tests use: the built-in model's intents, `sim`, tuples.
public final class TestDevice {
    public let store: SceneSimTestStore
    public var sim: Simulator { store.simulator }

    /// Declares the app on a fresh device; nothing runs until `launch()`.
    public init(_ config: AppConfig = .testing(), model: AppModel = .builtin) throws {
        store = try SceneSimTestStore(config, model: model)
        store.exhaustivity = .off
    }

    /// A device whose app has cold-launched (the launch trace is still to be taken).
    public static func launched(_ config: AppConfig = .testing()) throws -> TestDevice {
        let device = try TestDevice(config)
        try device.launch()
        return device
    }

    /// Runs `body` against the simulator, then the store's invariant check (a violation fails
    /// the test). An error from `body` is rethrown: a misuse must leave the model consistent too.
    @discardableResult
    public func perform<T>(_ operation: String, _ body: (Simulator) throws -> T) throws -> T {
        try store.perform(operation, body)
    }

    /// The trace lines since the last take; clears them.
    public func takeTrace() -> [String] { store.takeTrace() }

    /// The whole observable state.
    public var snapshot: Simulator.Snapshot { sim.snapshot() }

    /// The session labelled `group#n`; throws when there is none.
    public func window(_ label: String) throws -> SessionID { try store.window(label) }

    /// Labels of the connected windows, front to back.
    public var windowLabels: [String] { store.windows }
}
