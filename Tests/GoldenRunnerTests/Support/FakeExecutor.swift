import Foundation
import GoldenRunner

/// Stands in for the Lua layer: each scenario prints `ran NAME` unless told otherwise.
struct FakeExecutor: ScenarioExecutor {
    /// Outcomes by scenario name, for the scenarios that should not print the default.
    var outcomes: [String: ScenarioOutcome] = [:]
    /// Sleeps this long per scenario, to make later scenarios finish first under `--jobs`.
    var delay: @Sendable (Scenario) -> TimeInterval = { _ in 0 }

    func run(_ scenario: Scenario, stop: ScenarioStop) -> ScenarioOutcome {
        Thread.sleep(forTimeInterval: delay(scenario))
        return outcomes[scenario.name] ?? FakeExecutor.defaultOutcome(scenario.name)
    }

    static func defaultOutcome(_ name: String) -> ScenarioOutcome {
        ScenarioOutcome(stdout: "ran \(name)\n")
    }

    /// The golden text the default outcome matches.
    static func golden(_ name: String) -> String {
        "ran \(name)\n--- exit 0\n"
    }
}

/// Counts the scenarios it is asked to run, for tests that expect nothing to run.
///
/// Counted rather than failing on the spot: runs happen on the runner's own threads, outside
/// the test's task, where an issue could not be attributed to the test.
final class CountingExecutor: ScenarioExecutor, @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    var runCount: Int { lock.withLock { count } }

    func run(_ scenario: Scenario, stop: ScenarioStop) -> ScenarioOutcome {
        lock.withLock { count += 1 }
        return FakeExecutor.defaultOutcome(scenario.name)
    }
}
