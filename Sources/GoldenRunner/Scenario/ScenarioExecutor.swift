/// Runs scenarios for the golden runner; the scripting layer implements it, tests fake it.
package protocol ScenarioExecutor: Sendable {
    /// Runs one scenario in a fresh interpreter and simulator, in-process.
    ///
    /// Called concurrently from several threads when `jobs > 1`, so it must share no mutable
    /// state between calls. Failures of the scenario itself belong in the outcome (stderr and a
    /// non-zero exit status), since they are part of what the golden records.
    ///
    /// The runner asks a scenario that runs past `--timeout` to stop through `stop`: register
    /// a handler with `stop.onRequest` that interrupts the running code, and return what was
    /// produced so far (the runner reports it as timed out, never as output to record).
    func run(_ scenario: Scenario, stop: ScenarioStop) -> ScenarioOutcome

    /// The platforms a scenario's `-- platforms:` line may name, in order; none: the line is
    /// not read, and every scenario runs once.
    var platforms: [String] { get }
}

extension ScenarioExecutor {
    package var platforms: [String] { [] }
}
