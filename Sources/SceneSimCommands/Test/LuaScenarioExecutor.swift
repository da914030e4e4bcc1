import GoldenRunner
import SceneSimScripting

/// Runs golden scenarios in-process, each in a fresh Lua state and simulator, with the options
/// of `scenesim test`'s flags (by default those of a flagless `scenesim run`: seed 0, text trace)
/// so a golden depends on flags only when the user passes them.
public struct LuaScenarioExecutor: ScenarioExecutor {
    public var options: ScenarioOptions

    public init(options: ScenarioOptions = ScenarioOptions()) {
        self.options = options
    }

    public func run(_ scenario: Scenario, stop: ScenarioStop) -> ScenarioOutcome {
        // Messages name the scenario relative to its suite root, and a timeout interrupts it
        // as Ctrl-C would.
        let result = ScenarioRunner.capture(
            path: scenario.path, displayName: scenario.chunkName, options: options,
            started: { interrupt in stop.onRequest(interrupt) }
        )
        return ScenarioOutcome(stdout: result.stdout, stderr: result.stderr, exitStatus: result.status)
    }
}
