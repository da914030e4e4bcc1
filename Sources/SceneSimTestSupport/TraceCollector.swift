import SceneSimCore

/// Collects a simulator's trace records, so a test can compare the whole trace of a step with
/// the lines it expects.
public final class TraceCollector {
    private weak var simulator: Simulator?
    private var kept: [TraceRecord] = []

    public init() {}

    /// Starts collecting `simulator`'s events (replacing any other).
    public func attach(to simulator: Simulator) {
        simulator.isTracing = true
        self.simulator = simulator
    }

    /// The records collected since the last take, rendered as trace text lines; clears them.
    public func takeLines() -> [String] {
        guard let simulator else { return [] }
        return takeRecords().map { TraceRenderer.text($0, label: simulator.label(of:)) }
    }

    /// Keeps the events the simulator holds now (a handler point calls this so events taken
    /// later stay in order with what the handler observed).
    public func collect() {
        kept += simulator?.takeEvents() ?? []
    }

    /// The records collected since the last take; clears them.
    public func takeRecords() -> [TraceRecord] {
        collect()
        defer { kept = [] }
        return kept
    }
}
