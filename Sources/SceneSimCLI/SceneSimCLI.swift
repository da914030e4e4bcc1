// The command line of `scenesim` as a library: a package builds its own `scenesim`-compatible
// executable with its Swift models registered by name, so its scenarios say
// `sim.launch{ model = "notes" }` and `run`, `test`, `repl` and `explore` drive its real code.
//
//     // Sources/notes-scenesim/main.swift
//     import SceneSimCLI
//     SceneSimCLI.main(models: ["notes": { try NotesModel.make() }])
@_exported import SceneSim
import SceneSimCommands
import SceneSimScripting
#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
@preconcurrency import Darwin
#endif

public enum SceneSimCLI {
    /// A fresh model each time it is called: every scenario launches its own.
    public typealias ModelFactory = @Sendable () throws(SimError) -> AppModel

    /// Runs the command line with `models` registered and exits with its status (0 success,
    /// 1 a scenario failed, 2 a usage error, or a model name that cannot be registered).
    public static func main(models: [String: ModelFactory]) -> Never {
        exit(run(arguments: Array(CommandLine.arguments.dropFirst()), models: models))
    }

    /// Runs the command line on `arguments` (without the program name) with `models`
    /// registered, and returns the exit status.
    public static func run(arguments: [String], models: [String: ModelFactory]) -> Int32 {
        let registry: ModelRegistry
        do {
            registry = try ModelRegistry(models)
        } catch {
            fputs("Error: \(error.message)\n", stderr)
            return 2
        }
        return SceneSimCommand.main(arguments: arguments, models: registry)
    }
}
