import SceneSimCore

/// A simulated device for tests: a `Simulator` whose trace is collected as text lines and whose
/// invariants are checked after every operation, failed ones included.
///
/// Windows are named by their `group#n` labels, so tests read like the trace they compare.
public final class TestDevice {
    public let sim: Simulator
    public let trace = TraceCollector()

    /// Declares the app on a fresh device; nothing runs until `launch()`.
    public init(_ config: AppConfig = .testing()) throws {
        sim = try Simulator(config: config)
        trace.attach(to: sim)
    }

    /// A device whose app has cold-launched (the launch trace is still to be taken).
    public static func launched(_ config: AppConfig = .testing()) throws -> TestDevice {
        let device = try TestDevice(config)
        try device.launch()
        return device
    }

    /// Runs `body` against the simulator, then the invariant check. An error from `body` is
    /// rethrown after the check passes: a misuse must leave the model consistent too.
    @discardableResult
    public func perform<T>(_ operation: String, _ body: (Simulator) throws -> T) throws -> T {
        let result: Result<T, any Error>
        do {
            result = .success(try body(sim))
        } catch {
            result = .failure(error)
        }
        try InvariantViolation.check(sim, after: operation)
        return try result.get()
    }

    /// The trace lines since the last take; clears them.
    public func takeTrace() -> [String] { trace.takeLines() }

    /// The whole observable state.
    public var snapshot: Simulator.Snapshot { sim.snapshot() }

    /// The session labelled `group#n`; throws when there is none.
    public func window(_ label: String) throws -> SessionID {
        guard let id = sim.session(labeled: label) else {
            throw UnknownWindow(label: label, known: sim.snapshot().sessions.map(\.id))
        }
        return id
    }

    /// Labels of the connected windows, front to back.
    public var windowLabels: [String] { sim.windows.map(sim.label(of:)) }
}

/// A test named a window label that no session has.
public struct UnknownWindow: Error, CustomStringConvertible {
    public var label: String
    public var known: [String]
    public var description: String { "no window \(label); sessions are \(known)" }
}
