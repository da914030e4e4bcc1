import LuaKit
import SceneSimCore

/// How a scenario runs: its seed, limits, libraries and trace format (the `run`/`repl` flags).
package struct ScenarioOptions: Sendable, Equatable {
    /// How the trace is written into the output stream.
    package enum TraceFormat: String, Sendable, CaseIterable {
        case text, jsonl, off
    }

    package var seed: Int64
    /// Instruction budget of one top-level chunk; nil for none.
    package var maxInstructions: Int?
    /// Memory limit in bytes; nil for none.
    package var maxMemory: Int?
    /// Opens io, os, debug and package (off: the sandbox).
    package var allowIO: Bool
    package var trace: TraceFormat
    /// The Swift models scripts may name in `sim.launch{ model = "..." }`.
    package var models: ModelRegistry
    /// The folder (besides the scenario's own and its `lib/`) under which `sim.explore.load`
    /// reads modules without `allowIO`: the suite's root under `scenesim test`, the current
    /// directory under `scenesim run` (set by `ScenarioRunner`); nil for none.
    package var moduleRoot: String?
    /// The platform of this run (`scenesim run --platform`, or one of a scenario's
    /// `-- platforms:`): what `sim.launch` uses when its options name none; nil: ipados.
    package var platform: Platform?
    /// Whether each write to `app.memory` and `w.memory` is traced (a scenario's
    /// `-- trace: memory` line); off: only losses are.
    package var tracesMemory = false
    /// The APIs beyond the binding's own each host made with these options installs, in order
    /// (`ScriptHostInstaller`): the commands and the REPL add `sim.gen` and `sim.explore`.
    package var installers: [ScriptHostInstaller] = []

    /// A billion instructions (tens of seconds of Lua) and 512 MiB: no honest scenario notices.
    package static let defaultMaxInstructions = 1_000_000_000
    package static let defaultMaxMemory = 512 * 1024 * 1024

    package init(
        seed: Int64 = 0,
        maxInstructions: Int? = ScenarioOptions.defaultMaxInstructions,
        maxMemory: Int? = ScenarioOptions.defaultMaxMemory,
        allowIO: Bool = false,
        trace: TraceFormat = .text,
        models: ModelRegistry = ModelRegistry()
    ) {
        self.models = models
        self.seed = seed
        self.maxInstructions = maxInstructions
        self.maxMemory = maxMemory
        self.allowIO = allowIO
        self.trace = trace
    }
}
