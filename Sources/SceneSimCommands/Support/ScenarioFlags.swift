import ArgumentParser
import SceneSimCore
import SceneSimExplore
import SceneSimScripting

/// The options every command that runs scenarios shares (run, test, repl): seed, limits and
/// sandbox. Their defaults are `ScenarioOptions()`'s, so a golden recorded without flags
/// matches `scenesim run` without flags.
struct ScenarioFlags: ParsableArguments {
    @Option(name: .long, parsing: .unconditional, help: "Seed of math.random and every random choice.")
    var seed: Int64 = ScenarioSettings.defaults.seed

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Stop a chunk after this many Lua instructions (pattern matching included); 0 for no limit.", valueName: "n"))
    var maxInstructions: Int = ScenarioSettings.defaults.maxInstructions

    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp("Stop when the Lua state, or the simulator's own records, hold more than this many MiB; 0 for no limit.", valueName: "MiB"))
    var maxMemory: Int = ScenarioSettings.defaults.maxMemory

    @Flag(name: .long, help: "Open Lua's io, os, debug and package libraries (off: a sandbox without them).")
    var allowIO = false

    /// The values given.
    var settings: ScenarioSettings {
        ScenarioSettings(seed: seed, maxInstructions: maxInstructions, maxMemory: maxMemory, allowIO: allowIO)
    }

    func validate() throws {
        try settings.validate()
    }

    /// The options with the given trace format (`test` always records the text trace).
    func options(trace: ScenarioOptions.TraceFormat = .text) -> ScenarioOptions {
        settings.options(trace: trace)
    }
}

/// The values of ScenarioFlags, plain: `scenesim run` and `repl` make them straight from a plain
/// command line (PlainCommandLine), without ArgumentParser's property wrappers.
struct ScenarioSettings: Equatable {
    var seed: Int64
    var maxInstructions: Int
    /// MiB.
    var maxMemory: Int
    var allowIO: Bool

    /// Each flag's default.
    static let defaults = ScenarioSettings(
        seed: 0,
        maxInstructions: ScenarioOptions.defaultMaxInstructions,
        maxMemory: ScenarioOptions.defaultMaxMemory / (1024 * 1024),
        allowIO: false
    )

    func validate() throws {
        guard maxInstructions >= 0 else { throw ValidationError("--max-instructions must be 0 (no limit) or more, not \(maxInstructions)") }
        guard maxMemory >= 0 else { throw ValidationError("--max-memory must be 0 (no limit) or more MiB, not \(maxMemory)") }
        guard maxMemory <= 1 << 30 else { throw ValidationError("--max-memory \(maxMemory) MiB is beyond any machine; give MiB, e.g. --max-memory 512") }
    }

    /// The options with the given trace format.
    func options(trace: ScenarioOptions.TraceFormat) -> ScenarioOptions {
        ScenarioOptions(
            seed: seed,
            maxInstructions: maxInstructions == 0 ? nil : maxInstructions,
            maxMemory: maxMemory == 0 ? nil : maxMemory * 1024 * 1024,
            allowIO: allowIO,
            trace: trace,
            models: RegisteredModels.current
        ).installing(.explore)
    }
}

/// `--trace`, for the commands that show a trace (run, repl); `test` has none, since goldens
/// record the text trace.
struct TraceFlag: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "How the trace is written: text, jsonl (one JSON object per line, print output included; schema in docs/trace-event.schema.json) or off (print output only).",
            valueName: "format"))
    var trace: ScenarioOptions.TraceFormat = TraceFlag.defaultFormat

    static let defaultFormat: ScenarioOptions.TraceFormat = .text
}

extension ScenarioOptions.TraceFormat: ExpressibleByArgument {}

extension Platform: ExpressibleByArgument {}
