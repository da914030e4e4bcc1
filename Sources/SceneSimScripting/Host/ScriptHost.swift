import ByteText
import LuaKit
import SceneSimCore

/// One scenario's world: a sandboxed Lua state with the `sim` API bound to a simulator, and
/// the output stream that interleaves the trace with the script's `print`.
///
/// `run`, the REPL and the golden runner each make one per scenario. Lua reaches the simulator
/// only through this host; the simulator exists once the script calls `sim.launch`.
///
/// The closures the host registers capture it `unowned(unsafe)`: the host owns the Lua state and
/// the simulator that hold them, so they can never run after it is gone, and a checked reference
/// would cost an atomic operation on every call from Lua.
package final class ScriptHost {
    package let lua: LuaState
    package let options: ScenarioOptions
    /// The device, once `sim.launch` declared the app.
    package internal(set) var simulator: Simulator?
    /// Whether trace lines are written (the REPL's `\trace on|off`); `options.trace == .off` wins.
    package var traceEnabled = true
    /// The text trace's time column so far: it widens once a time needs more (never narrows),
    /// so the lines from there on align (`TraceRenderer.timeWidth(_:after:)`).
    var traceTimeWidth = TraceRenderer.minimumTimeWidth

    let write: ([UInt8]) -> Void
    package var classes: Classes!
    var hooks = HookRegistry()
    /// The app's own Lua functions: a declared model's handlers, intents and effects, and the
    /// scenes' handlers (explore's declared app asks whether any of them reaches `sim.server`).
    package var appCode: [LuaFunctionRef] = []
    /// The registered Swift model the script launched (`model = "notes"`), by name; nil for
    /// the built-in model and models declared in Lua.
    package var swiftModelName: String?
    /// The model's intents, by name: methods of the app handle (see ScriptHost+Model).
    var intentFunctions: [String: LuaValue] = [:]
    /// The model's `effects`, by name: what `app:effect` and `w:effect` run (ScriptHost+Effects).
    var effectFunctions: [ByteString: LuaFunctionRef] = [:]
    /// Every `sim.extend` call so far, in order: `scenesim check-model` reads the overlay and
    /// finds the generated module there (ScriptHost+Extend).
    package internal(set) var extensions: [ModelExtension] = []
    /// While a hook's error travels out to the script: its message, and the traceback of the
    /// innermost hook it came from. (What is under way — the hooks' nesting, which failure
    /// wins — is the simulator's: `Simulator.UnderWay`.)
    var hookErrorFrames: (message: String, frames: [String])?
    /// `sim.network(up)` before `sim.launch`: applied to the device when it is declared.
    var networkBeforeLaunch = true
    var seed: Int64
    /// Sessions whose storage proxy has values cached in Lua (see ScriptHost+Caches.swift).
    var cachedStorage: Set<Int> = []
    /// Whether the app handle has fields cached in Lua since the last event.
    var appFieldsCached = false
    /// Keeps every event with its source line, when a picture or coverage was asked for.
    package var recording: RunRecording?
    /// While recording: the `file:line` of the script call under way.
    var currentSource: String?
    /// Sets `sim.app` on the very table scripts see as `sim` (set by `installSim`).
    var setSimApp: LuaFunctionRef!

    package struct Classes {
        var app: LuaClass
        package var window: LuaClass
        var storage: LuaClass
        var defaults: LuaClass
        var task: LuaClass
        var memory: LuaClass
        var backgroundTask: LuaClass
    }
    /// The folder of the scenario file being run, when there is one: `sim.explore.load`
    /// resolves its path from there.
    package var scenarioDirectory: String?
    /// The built-in semantic invariants an exploration checks (one needs memory across steps).
    package var semanticInvariants = SemanticInvariants()
    /// The last sim.launch of the built-in model from options that are data only (see
    /// `LaunchMemo`): kept across explore's runs, which launch the same app each time.
    package var launchMemo: LaunchMemo?
    /// How many `LaunchMemo`s this host made: the number of the newest (`LaunchMemo.id`).
    var launchMemos = 0
    /// What each of `options.installers` returned, in their order (see `installed(_:)`).
    private var installed: [AnyObject] = []

    /// A host whose output (trace lines and `print`) goes to `output`, one chunk per line.
    /// `moduleDirectory` is where `require` finds helper modules (the scenario's `lib/`).
    package init(options: ScenarioOptions = ScenarioOptions(), moduleDirectory: String? = nil, output: @escaping ([UInt8]) -> Void) {
        self.options = options
        self.write = output
        self.seed = options.seed
        lua = LuaState(
            options: LuaOptions(
                libraries: options.allowIO ? .all : .sandbox,
                maxInstructions: options.maxInstructions,
                maxMemory: options.maxMemory,
                randomSeed: options.seed,
                moduleDirectory: moduleDirectory
            ),
            output: output
        )
        classes = Classes(
            app: defineAppClass(), window: defineWindowClass(), storage: defineStorageClass(),
            defaults: defineDefaultsClass(), task: defineTaskClass(),
            memory: defineMemoryClass(), backgroundTask: defineBackgroundTaskClass()
        )
        installSim()
        installAssertions()
        for installer in options.installers { installed.append(installer.install(self)) }
        if options.trace == .jsonl {
            lua.output = { [unowned(unsafe) self] in self.writeOutput($0) }
        }
    }

    /// What the installer that returned a `T` returned (`ScenarioOptions.installers`), if one did.
    package func installed<T: AnyObject>(_ type: T.Type) -> T? {
        for object in installed { if let found = object as? T { return found } }
        return nil
    }

    /// Writes script output (`print`, the REPL's results; each call one line, newline
    /// included): as it is, or in JSONL mode as a `print` event, so every line stays JSON.
    package func writeOutput(_ line: [UInt8]) {
        guard options.trace == .jsonl else { return write(line) }
        let text = line.last == UInt8(ascii: "\n") ? line.dropLast() : line[...]
        write(Array((TraceRenderer.jsonPrintLine(text, at: simulator?.now ?? .zero) + "\n").utf8))
    }

    /// Runs a scenario file (text only, chunk name `@path`).
    package func run(file path: String) throws(LuaError) {
        _ = try withHookFrames { () throws(LuaError) in try lua.run(file: path) }
    }

    /// Runs a scenario file whose messages name it `displayName` (see `LuaState.load(file:displayName:)`).
    package func run(file path: String, displayName: String) throws(LuaError) {
        _ = try withHookFrames { () throws(LuaError) in try lua.run(file: path, displayName: displayName) }
    }

    /// Runs a scenario's bytes, already read, under `displayName` (see `LuaState.load(source:displayName:)`).
    package func run(source bytes: [UInt8], displayName: String) throws(LuaError) {
        _ = try withHookFrames { () throws(LuaError) in try lua.call(try lua.load(source: bytes, displayName: displayName)) }
    }

    /// Runs source text under `chunkName` and returns its results.
    package func run(_ source: String, chunkName: String) throws(LuaError) -> [LuaValue] {
        try withHookFrames { () throws(LuaError) in try lua.run(source, chunkName: chunkName) }
    }

    /// Calls a compiled chunk and returns its results (the REPL's entry point).
    package func call(_ function: LuaFunctionRef) throws(LuaError) -> [LuaValue] {
        try withHookFrames { () throws(LuaError) in try lua.call(function) }
    }

    /// `call`, with each result described as `print` shows it (`LuaState.callDescribing`).
    package func callDescribing(_ function: LuaFunctionRef) throws(LuaError) -> (count: Int, texts: Result<[[UInt8]], LuaError>) {
        try withHookFrames { () throws(LuaError) in try lua.callDescribing(function) }
    }

    /// Runs script code from the top; an error that came out of a hook gets the hook's
    /// traceback, which shows where in the hook it was raised and, below, the script's frames
    /// (those are added when the hook ran in another coroutine).
    private func withHookFrames<T>(_ body: () throws(LuaError) -> T) throws(LuaError) -> T {
        hookErrorFrames = nil
        defer { hookErrorFrames = nil }
        do {
            return try body()
        } catch {
            var error = error
            if let hook = hookErrorFrames, hook.message == error.message {
                error.traceback = hook.frames.ends(with: error.traceback) ? hook.frames : hook.frames + error.traceback
            }
            throw error
        }
    }

    // MARK: Trace

    /// Writes one trace line in the chosen format, unless the trace is off.
    func writeTrace(_ record: TraceRecord) {
        guard traceEnabled, options.trace != .off else { return }
        let label = { [unowned(unsafe) self] (id: SessionID) in simulator?.label(of: id) ?? "#\(id.index)" }
        switch options.trace {
        case .text:
            // The column fits the declared scene ids (before sim.launch: notes only, 12 wide).
            let width = simulator.map { TraceRenderer.subjectWidth(scenes: $0.config.scenes) } ?? TraceRenderer.minimumSubjectWidth
            traceTimeWidth = TraceRenderer.timeWidth(record.time, after: traceTimeWidth)
            write(Array((TraceRenderer.text(record, label: label, subjectWidth: width, timeWidth: traceTimeWidth) + "\n").utf8))
        case .jsonl: write(Array((TraceRenderer.jsonLine(record, label: label) + "\n").utf8))
        case .off: break
        }
    }

    /// One event of the simulator, as it happens (the simulator's `traceSink`): it is recorded
    /// with the script line under way, its trace line written and the caches it makes stale
    /// dropped, so the trace stays in order with what the script prints and no cached value
    /// outlives a change.
    func traced(_ record: TraceRecord) {
        recording?.add(record, source: currentSource)
        writeTrace(record)
        invalidateCaches(after: record.event)
    }

}

private extension Array where Element: Equatable {
    func ends(with suffix: [Element]) -> Bool {
        count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
    }
}

/// The host as a script model's code holds it: `AppModel` is `Sendable`, so the calls it keeps
/// are `@Sendable`, and they capture this instead of the host (unowned, as the host's other
/// closures do). `@unchecked Sendable`, on purpose: a script's model is made by its host and
/// runs only on the thread that runs the host's Lua state (one per scenario); it is never handed
/// to another thread, which the single-threaded Lua state would not survive whatever the type
/// said. A Swift model's calls are checked: they are `@MainActor` closures.
struct ScriptHostRef: @unchecked Sendable {
    unowned(unsafe) let host: ScriptHost
}
