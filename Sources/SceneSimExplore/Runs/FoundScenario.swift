import ByteText
import LuaKit
import SceneSimScripting

/// The scenario a shrunk failure is written as: ordinary Lua that `scenesim run` replays,
/// failing with the same message, and that becomes a golden test once the bug is fixed.
package struct FoundScenario: Equatable, Sendable {
    /// The command that explored, as a user would type it again.
    package var command: String
    /// The command that replays the unshrunk run.
    package var replayCommand: String
    package var seed: UInt64
    package var run: Int
    package var stepsBefore: Int
    /// The exploration module, relative to the folder the scenario is written to.
    package var modulePath: String
    package var failure: ExploreFailure
    package var steps: [ExploreStep]
    /// Where the two commands ran, relative to the scenario's folder ("." for that folder):
    /// their paths are as typed there.
    package var commandFolder = "."

    package init(
        command: String, replayCommand: String, seed: UInt64, run: Int, stepsBefore: Int, modulePath: String, failure: ExploreFailure, steps: [ExploreStep],
        commandFolder: String = "."
    ) {
        self.commandFolder = commandFolder
        self.command = command
        self.replayCommand = replayCommand
        self.seed = seed
        self.run = run
        self.stepsBefore = stepsBefore
        self.modulePath = modulePath
        self.failure = failure
        self.steps = steps
    }

    /// `docs-7-12.lua` for module `…/docs.lua`, seed 7, run 12.
    package static func fileName(module: String, seed: UInt64, run: Int) -> String {
        var base = module.split(separator: "/").last.map(String.init) ?? module
        if base.hasSuffix(".lua") { base.removeLast(4) }
        return "\(base)-\(seed)-\(run).lua"
    }

    /// The scenario's text. The header's first line says what fails (what `scenesim test
    /// --list` shows); each step is one line, its statement then the invariant check.
    package var text: String {
        // The commands' paths are as typed where explore ran: where that is, from this file's
        // folder (on the same lines, so the steps' line numbers stay where they were).
        let place = commandFolder == "." ? "" : " (in \(commandFolder) from here)"
        var lines = [
            "-- Found by scenesim explore: \(Self.oneLine(failure.text))",
            "-- command\(place): \(command)",
            "-- replay\(place):  \(replayCommand)",
        ]
        lines += [
            "-- seed \(seed), run \(run), steps \(stepsBefore) -> \(steps.count)",
            "-- luacheck: no max line length",
            "local explore = sim.explore.load \(ByteString(modulePath).quoted)",
            (steps.contains { $0.code.hasPrefix("app:") || $0.code.contains("(app)") } ? "local app = " : "") + "explore.setup()",
            "explore.check()",
        ]
        for step in steps {
            lines.append("\(step.code); explore.check()")
        }
        lines.append("explore.finish()")
        return lines.joined(separator: "\n") + "\n"
    }

    /// A message's first line, for a comment (the full message is what the run prints).
    static func oneLine(_ text: String) -> String {
        let first = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        return first.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "?" : String($0) }.joined()
    }
}

extension FoundScenario {
    /// The module's path as a scenario written to `directory` names it: relative to that folder.
    /// When either is absolute, both are taken from `currentDirectory`.
    /// The folder explore ran in (`currentDirectory`), relative to `directory`, where the
    /// scenario is written; "." when they are the same.
    package static func commandFolder(writtenTo directory: String, currentDirectory: String) -> String {
        let folder = ModulePath.relative(currentDirectory, from: ModulePath.resolve(directory, from: currentDirectory))
        return folder.isEmpty ? "." : folder
    }

    package static func modulePath(_ module: String, writtenTo directory: String, currentDirectory: String) -> String {
        if module.hasPrefix("/") || directory.hasPrefix("/") {
            return ModulePath.relative(
                ModulePath.resolve(module, from: currentDirectory),
                from: ModulePath.resolve(directory, from: currentDirectory)
            )
        }
        return ModulePath.relative(module, from: directory)
    }

    /// Whether `scenesim run scenario`, from `currentDirectory`, may load `module` without
    /// --allow-io: the sandbox's own rule (ScriptHost.sandboxAllows), for the folder and the
    /// suite `scenesim run` gives the scenario (ScenarioRunner.run).
    package static func replaysInSandbox(_ scenario: String, module: String, currentDirectory: String) -> Bool {
        ScriptHost.sandboxAllows(
            module, scenarioDirectory: ScenarioRunner.directory(of: scenario),
            moduleRoot: ScenarioRunner.moduleRoot(path: scenario, displayName: nil),
            currentDirectory: currentDirectory)
    }
}
