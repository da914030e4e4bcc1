import SceneSimCore
import SceneSimCoverage
import SceneSimScripting
import Synchronization

/// Collects each scenario's coverage counts from the worker threads; the report merges them
/// by scenario name, so it is the same whatever order they finished in.
final class CoverageSink: Sendable {
    private let runs = Mutex<[CoverageReport.Run]>([])

    init() {}

    /// Counts a scenario's run against the table of the model it ran (the built-in one for a
    /// scenario that never declared its app).
    func add(_ recording: RunRecording, scenario: String) {
        let table = recording.model.map { TransitionTable.of($0, named: recording.modelName, declaredIn: scenario) } ?? .builtIn
        var counts = CoverageCounts(records: recording.records, platform: recording.platform ?? .ipados, table: table)
        counts.handlers = recording.handlers.map { HandlerCounts(app: $0.app, module: $0.module, labels: $0.labels, hits: $0.hits) }
        runs.withLock { $0.append((scenario, counts, recording.platform, table)) }
    }

    var report: CoverageReport {
        CoverageReport(runs.withLock { $0 })
    }
}

/// How `--coverage` prints its report.
enum CoverageFormat: String, CaseIterable, Sendable {
    case text, json, mermaid

    func render(_ report: CoverageReport) -> String {
        switch self {
        case .text: report.text()
        case .json: report.json()
        case .mermaid: report.mermaid()
        }
    }
}
