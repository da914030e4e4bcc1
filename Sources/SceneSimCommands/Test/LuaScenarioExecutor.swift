import ByteText
import GoldenRunner
import SceneSimCore
import SceneSimCoverage
import SceneSimExplore
import SceneSimScripting
import SceneSimTimeline

/// Runs golden scenarios in-process, each in a fresh Lua state and simulator, with the options
/// of `scenesim test`'s flags (by default those of a flagless `scenesim run`: seed 0, text trace)
/// so a golden depends on flags only when the user passes them.
package struct LuaScenarioExecutor: ScenarioExecutor {
    package var options: ScenarioOptions
    /// `--timeline DIR`: where each scenario's picture goes, mirroring its path.
    var timeline: TimelineRequest?
    /// `--coverage`: receives each scenario's counts.
    var coverage: CoverageSink?

    /// Every scenario's host has `sim.gen` and `sim.explore` (added to `options` if missing).
    package init(options: ScenarioOptions = ScenarioOptions()) {
        self.options = options.installing(.explore)
    }

    init(options: ScenarioOptions, timeline: TimelineRequest?, coverage: CoverageSink?) {
        self.options = options.installing(.explore)
        self.timeline = timeline
        self.coverage = coverage
    }

    /// Every platform the simulator knows, for `-- platforms:` lines.
    package var platforms: [String] { Platform.allCases.map(\.rawValue) }

    package func run(_ scenario: Scenario, stop: ScenarioStop) -> ScenarioOutcome {
        // Kept only when something reads it: the default run records nothing.
        // For coverage alone, only the events it counts: a run's notes were kept, up to the
        // memory limit, beside the output and the Lua heap that each have that limit too.
        let recording =
            scenario.goldenHoldsTimeline || timeline != nil
            ? RunRecording(maxBytes: options.maxMemory)
            : coverage != nil ? RunRecording(maxBytes: options.maxMemory, only: CoverageCounts.counts) : nil
        var options = options
        if scenario.goldenHoldsTimeline { options.trace = .off }
        options.tracesMemory = options.tracesMemory || scenario.tracesMemory
        // A run of a platform matrix (`-- platforms:`): sim.launch takes its platform.
        if let platform = scenario.platform { options.platform = Platform(rawValue: platform) }
        // Messages name the scenario relative to its suite root, and a timeout interrupts it
        // as Ctrl-C would. The bytes run are those the runner read and checked.
        var result = ScenarioRunner.capture(
            path: scenario.path, displayName: scenario.chunkName, source: scenario.source, options: options, recording: recording,
            started: { interrupt in stop.onRequest(interrupt) }
        )
        guard let recording else {
            return ScenarioOutcome(stdout: result.stdout, stderr: result.stderr, exitStatus: result.status)
        }
        // A picture costs what it writes, within the run's memory limit and its --timeout.
        let budget = RenderBudget(maxBytes: options.maxMemory, isCancelled: { stop.isRequested })
        if scenario.goldenHoldsTimeline {
            do throws(RenderError) {
                result.stdout += try TimelineFormat.txt.render(recording, axis: .steps, budget: budget)
            } catch .cancelled {
                // The runner reports the scenario as timed out.
            } catch {
                result.stderr += Array("\(scenario.chunkName): \(error.message)\n".utf8)
                if result.status == 0 { result.status = 1 }
            }
        }
        if let timeline, !stop.isRequested {
            timeline.write(recording, for: scenario, budget: budget)
        }
        coverage?.add(recording, scenario: scenario.name)
        return ScenarioOutcome(stdout: result.stdout, stderr: result.stderr, exitStatus: result.status)
    }
}

/// `scenesim test --timeline DIR`: one picture per scenario, at `DIR/<its name>.<format>` (its
/// path in its suite, or, for the same file in two suites of one run, its displayed path).
struct TimelineRequest: Sendable {
    var folder: String
    var format: TimelineFormat
    var axis: TimelineAxis
    /// Files that could not be written; the run then exits 2.
    let failures = MessageLog()

    func write(_ recording: RunRecording, for scenario: Scenario, budget: RenderBudget) {
        let path = folder + "/" + scenario.name + "." + format.rawValue
        do throws(TimelinePictureError) {
            try format.write(recording, axis: axis, budget: budget, to: path)
        } catch {
            switch error {
            case .render(.cancelled): return
            case .render(let error): failures.append("\(ByteString(path).escaped): \(error.message)")
            case .write(let error): failures.append(error.message)
            }
        }
    }
}
