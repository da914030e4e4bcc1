// The command line of `scenesim` as a library: a package builds its own `scenesim`-compatible
// executable with its Swift models registered by name, so its scenarios say
// `sim.launch{ model = "notes" }` and `run`, `test`, `repl` and `explore` drive its real code.
//
//     // Sources/notes-scenesim/main.swift
//     import SceneSimCLI
//     SceneSimCLI.main(models: ["notes": { try NotesModel.make() }])
import Dispatch
import GoldenRunner
@_exported import SceneSim
import SceneSimCommands
import SceneSimScripting
#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
@preconcurrency import Darwin
#endif

/// `scenesim`'s command line as a library, for an executable of your own with your Swift models registered.
public enum SceneSimCLI {
    /// A fresh model each time it is called: every scenario launches its own when it launches
    /// the app. It runs on the main actor, so a `@MainActor` model's factory registers as it
    /// is (`["notes": { try NotesModel.make() }]`); an error it throws fails that scenario, with
    /// the `SimError`'s message or another error's description.
    public typealias ModelFactory = @MainActor () throws -> AppModel

    /// Runs the command line with `models` registered and exits with its status (0 success,
    /// 1 a scenario failed, 2 a usage error, or a model name that cannot be registered).
    ///
    /// The models' `@MainActor` code runs on the main queue, which the main thread serves while
    /// the command runs on a thread of its own: `test --jobs N` runs its scenarios in parallel,
    /// and each model's code on the main actor, as the app's would.
    public static func main(models: [String: ModelFactory]) -> Never {
        let arguments = Array(CommandLine.arguments.dropFirst())
        // Ctrl-C and SIGTERM go to the command's thread (its handlers and its cleanup of
        // golden files wait for them there), never to the main thread serving the queue.
        let commandMask = SignalCleanup.blockInterrupts().previous
        DetachedThread.start(stackSize: 8 << 20) {
            var mask = commandMask
            pthread_sigmask(SIG_SETMASK, &mask, nil)
            exit(run(arguments: arguments, models: models))
        }
        dispatchMain()
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
