import GoldenRunner
import SceneSimScripting

/// Runs golden scenarios in-process, each in a fresh Lua state and simulator, with the default
/// options (seed 0, text trace) so a golden never depends on flags.
public struct LuaScenarioExecutor: ScenarioExecutor {
    public init() {}

    public func run(_ scenario: Scenario) -> ScenarioOutcome {
        let result = ScenarioRunner.capture(path: scenario.path)
        return ScenarioOutcome(stdout: result.stdout, stderr: result.stderr, exitStatus: result.status)
    }
}
