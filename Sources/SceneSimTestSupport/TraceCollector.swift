import SceneSimCore

/// Collects a simulator's trace records as they happen, so a test can compare the whole trace
/// of a step with the lines it expects.
public final class TraceCollector {
    public private(set) var records: [TraceRecord] = []

    public init() {}

    /// Becomes `simulator`'s trace sink (replacing any other).
    public func attach(to simulator: Simulator) {
        simulator.onTrace = { [unowned self] record in self.records.append(record) }
    }

    /// The records collected since the last take, rendered as trace text lines; clears them.
    public func takeLines() -> [String] {
        takeRecords().map(TraceRenderer.text)
    }

    /// The records collected since the last take; clears them.
    public func takeRecords() -> [TraceRecord] {
        defer { records = [] }
        return records
    }
}
