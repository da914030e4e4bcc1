import SceneSimCore
import SceneSimCoverage
import SceneSimScripting
import Synchronization

/// Collects each scenario's coverage counts from the worker threads; the report merges them
/// by scenario name, so it is the same whatever order they finished in.
final class CoverageSink: Sendable {
    let table: TransitionTable
    private let runs = Mutex<[(scenario: String, counts: CoverageCounts, platform: Platform?)]>([])

    init(table: TransitionTable) {
        self.table = table
    }

    func add(_ recording: RunRecording, scenario: String) {
        let counts = CoverageCounts(records: recording.records, platform: recording.platform ?? .ipados, table: table)
        runs.withLock { $0.append((scenario, counts, recording.platform)) }
    }

    var report: CoverageReport {
        CoverageReport(runs.withLock { $0 }, table: table)
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
