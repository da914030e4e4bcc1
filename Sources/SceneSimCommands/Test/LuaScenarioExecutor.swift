import GoldenRunner
import SceneSimScripting

/// Runs golden scenarios in-process, each in a fresh Lua state and simulator, with the default
/// options (seed 0, text trace) so a golden never depends on flags.
public struct LuaScenarioExecutor: ScenarioExecutor {
    public init() {}

    public func run(_ scenario: Scenario) -> ScenarioOutcome {
        let result = ScenarioRunner.capture(path: scenario.path)
        // ScenarioOutcome holds text on this branch; it becomes bytes with the golden runner's
        // byte-exact comparison, and then this decoding goes.
        return ScenarioOutcome(
            stdout: String(decoding: result.stdout, as: UTF8.self),
            stderr: String(decoding: result.stderr, as: UTF8.self),
            exitStatus: result.status)
    }
}
