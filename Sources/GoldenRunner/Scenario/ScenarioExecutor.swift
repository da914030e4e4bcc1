/// Runs scenarios for the golden runner; the scripting layer implements it, tests fake it.
public protocol ScenarioExecutor: Sendable {
    /// Runs one scenario in a fresh interpreter and simulator, in-process.
    ///
    /// Called concurrently from several threads when `jobs > 1`, so it must share no mutable
    /// state between calls. Failures of the scenario itself belong in the outcome (stderr and a
    /// non-zero exit status), since they are part of what the golden records.
    func run(_ scenario: Scenario) -> ScenarioOutcome
}
