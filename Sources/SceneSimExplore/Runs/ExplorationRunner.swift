import ByteText
import LuaKit
import SceneSimScripting
import Synchronization

/// Runs an exploration module's runs, each in a state of its own, so a run is a pure function
/// of its seed (or of the steps it replays).
///
/// Building a Lua state with the `sim` API, loading the engine and closing the state again was
/// a sixth of a 100-step run's cost, so a runner keeps a host for each run under way at once
/// (one per job): built and prepared once, its state copied (`LuaState.takeSnapshot`), and
/// restored from the copy after each run. Every run starts from the same bytes, as if the state
/// were new, and with a new simulator. Runs that write a trace, and runs with `--allow-io`
/// (whose open files a restore would lose without closing them), get a new state each.
package struct ExplorationRunner: Sendable {
    /// The module's path, as given (relative to the current directory, or absolute).
    package let file: String
    package let options: ScenarioOptions
    /// Prepared hosts waiting for their next run (nil: every run builds its own state).
    private let idle: IdleHosts?
    /// The rule list the last run's result held (`ruleList`).
    private let lastRules = SharedRuleList()

    package init(file: String, options: ScenarioOptions = ScenarioOptions()) {
        self.init(file: file, options: options, reusingStates: true)
    }

    /// A runner that builds a new state for every run unless `reusingStates` (the tests compare
    /// the two).
    package init(file: String, options: ScenarioOptions, reusingStates: Bool) {
        self.file = file
        self.options = options
        self.idle = reusingStates && !options.allowIO ? IdleHosts() : nil
    }

    /// The seed of run `run` of an exploration seeded `seed`: derived from the two alone, never
    /// from shared state, so the runs a job or a shard gets do not change what each does.
    package static func runSeed(seed: UInt64, run: Int) -> UInt64 {
        mix(seed &+ mix(UInt64(truncatingIfNeeded: run) &+ 0x9E37_79B9_7F4A_7C15))
    }

    /// SplitMix64's output function (`ExploreStream`'s, the engine's random stream).
    static func mix(_ value: UInt64) -> UInt64 { ExploreStream.mix(value) }

    /// What to print about an error that stopped a run: the message and script traceback, and
    /// for a limit, the flag that raises it.
    package static func report(_ error: any Error) -> String {
        guard var error = error as? LuaError else { return "\(error)\n" }
        // A traceback of the engine's frames alone (a module's table refused by its checks)
        // says nothing the message does not, and names lines of no file the user has.
        if error.traceback.allSatisfy({ $0.hasPrefix("explore:") }) { error.traceback = [] }
        // Control bytes of a module's message read \ddd, as in the trace.
        return ByteString.displayed(Array((error.description + "\n" + ScenarioRunner.hint(for: error)).utf8), keepingNewlines: true)
    }

    /// Run `run`: up to `steps` random steps. A passing run's steps are kept only when asked
    /// for (`keepSteps`); a failing run's always are.
    package func run(seed: UInt64, run: Int, steps: Int, keepSteps: Bool = false) throws(LuaError) -> RunOutcome {
        try execute(seed: Self.runSeed(seed: seed, run: run), steps: steps, replay: nil, keepSteps: keepSteps, trace: false)
    }

    /// Replays `steps` in order, skipping those whose precondition or arguments no longer hold;
    /// with `trace`, keeps the run's text trace in `output`.
    package func replay(_ steps: [ExploreStep], trace: Bool = false) throws(LuaError) -> RunOutcome {
        try execute(seed: 0, steps: steps.count, replay: steps, keepSteps: true, trace: trace)
    }

    private func execute(seed: UInt64, steps: Int, replay: [ExploreStep]?, keepSteps: Bool, trace: Bool) throws(LuaError) -> RunOutcome {
        var runOptions = options.installing(.explore)
        runOptions.trace = trace ? .text : .off
        let output = RunOutput()
        let reused = trace ? nil : idle?.take()
        let host =
            reused
            ?? ScriptHost(
                options: runOptions, moduleDirectory: ScenarioRunner.moduleDirectory(for: file),
                output: { if trace { output.bytes += $0 } }
            )
        // A new host loads the engine and compiles the module before the run (where it would
        // have done both first thing), so a run starts from the same state whether its host is
        // new or restored.
        // Should that fail (a tiny memory limit), the run loads it itself and reports why.
        let restorable = reused != nil || (!trace && idle != nil && (try? host.prepareRuns(path: file)) == true)
        defer {
            // The host goes back restored, or is dropped (its state reached the pool's cap).
            // After its first run, a host also opens the module and makes the declared app's
            // rules for the runs after (ScriptHost.warmUp).
            if restorable, let idle, host.resetRun(), host.warmUp(path: file) != .unusable { idle.put(host) }
        }
        let result = try host.drive(
            path: file, seed: Int64(bitPattern: seed), maxSteps: steps,
            replay: replay.map { .table(LuaTable(sequence: $0.map(Self.luaStep))) } ?? .nil, keepSteps: keepSteps
        )
        guard case .table(let table) = result else {
            throw LuaError(.runtime, "explore: the engine returned no result")
        }
        // A memory limit a rule or an invariant ran into ends the exploration as one outside them does.
        if case .table(let limit) = table[field: "limit"] {
            let message = Self.text(limit[field: "message"])
            throw LuaError(LuaError.isMemoryLimitMessage(message) ? .memory : .runtime, "while \(Self.text(limit[field: "doing"])): \(Self.displayed(limit[field: "message"]))")
        }
        var outcome = outcome(table, drawn: host.swiftDrawCounts)
        outcome.output = output.bytes
        return outcome
    }

    private static func luaStep(_ step: ExploreStep) -> LuaValue {
        var choices = LuaTable()
        for choice in step.choices { choices[field: choice.key] = luaValue(choice.value) }
        return .table(LuaTable(fields: ["rule": .string(ByteString(step.rule)), "choices": .table(choices)]))
    }

    private static func luaValue(_ value: ExploreStep.Value) -> LuaValue {
        switch value {
        case .integer(let n): .integer(n)
        case .number(let x): .number(x)
        case .boolean(let b): .boolean(b)
        }
    }

    private static func choiceValue(_ value: LuaValue) -> ExploreStep.Value? {
        switch value {
        case .integer(let n): .integer(n)
        case .number(let x): .number(x)
        case .boolean(let b): .boolean(b)
        default: nil
        }
    }

    private static func text(_ value: LuaValue) -> String {
        value.bytesValue.map { String(decoding: $0.bytes, as: UTF8.self) } ?? ""
    }

    /// A message for the report: the script's bytes as a person should see them (a control
    /// byte or invalid UTF-8 reads `\ddd`), never driving the terminal.
    private static func displayed(_ value: LuaValue) -> String {
        value.bytesValue.map { ByteString.displayed($0.bytes, keepingNewlines: true) } ?? ""
    }

    /// A run's rules as the engine lists them (engine.lua's run_steps), parsed: for each rule,
    /// its name (a 4-byte little-endian length, then the bytes) and a byte, 1 for the module's
    /// own rules; a record cut short ends the list. `order`: their places sorted by name.
    struct RuleList: Sendable {
        var packed: [UInt8]
        var rules: [(name: String, own: Bool)] = []
        var order: [Int] = []

        init(_ packed: [UInt8]) {
            self.packed = packed
            var names: [ByteString] = []
            packed.withUnsafeBytes { bytes in
                var at = 0
                while bytes.count - at >= 4 {
                    let length = Int(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: at, as: UInt32.self)))
                    guard bytes.count - at - 4 > length else { break }
                    let name = ByteString(Array(bytes[(at + 4)..<(at + 4 + length)]))
                    at += 4 + length
                    names.append(name)
                    rules.append((name.escaped, bytes[at] == 1))
                    at += 1
                }
            }
            order = names.indices.sorted { names[$0] < names[$1] }
        }
    }

    /// Every rule's counts, sorted by name: the rules (`RuleList`) and how often each ran, was
    /// enabled and was tried (`counts`: three 8-byte little-endian integers each, in the rules'
    /// order; the rules past its end are left out), plus the preconditions and draws `drawn`
    /// counted in Swift, in the same order.
    static func ruleCounts(_ rules: RuleList, _ counts: [UInt8], drawn: (enabled: [Int64], tried: [Int64])? = nil) -> [RunOutcome.RuleCount] {
        counts.withUnsafeBytes { bytes in
            let known = min(rules.rules.count, bytes.count / 24)
            return rules.order.filter { $0 < known }.map { place in
                func count(_ index: Int) -> Int {
                    Int(truncatingIfNeeded: Int64(littleEndian: bytes.loadUnaligned(fromByteOffset: 24 * place + 8 * index, as: Int64.self)))
                }
                func native(_ list: [Int64]?) -> Int { list.map { place < $0.count ? Int(truncatingIfNeeded: $0[place]) : 0 } ?? 0 }
                let rule = rules.rules[place]
                return RunOutcome.RuleCount(
                    name: rule.name, ran: count(0), enabled: count(1) &+ native(drawn?.enabled), tried: count(2) &+ native(drawn?.tried), own: rule.own
                )
            }
        }
    }

    /// The rule list of `packed`: the last one parsed when the bytes are the same (most runs of
    /// an exploration have the same rules, and parsing them cost more than the rest of reading
    /// a run's result).
    func ruleList(_ packed: [UInt8]) -> RuleList {
        lastRules.withLock { last in
            if let last, last.packed == packed { return last }
            let list = RuleList(packed)
            last = list
            return list
        }
    }

    /// The run's outcome from the engine's result; `drawn`, when the run drew its steps in Swift
    /// (native.pick), has the counts it kept there, which are added to the engine's.
    private func outcome(_ table: LuaTable, drawn: (enabled: [Int64], tried: [Int64])?) -> RunOutcome {
        var steps: [ExploreStep] = []
        if case .table(let list) = table[field: "steps"] {
            for case .table(let step) in list.sequence {
                guard case .table(let choices) = step[field: "choices"], case .table(let minimums) = step[field: "minimums"] else { continue }
                let parsed = choices.stringKeys.sorted().compactMap { key -> ExploreStep.Choice? in
                    guard let value = Self.choiceValue(choices[field: key]), let minimum = Self.choiceValue(minimums[field: key]) else { return nil }
                    return ExploreStep.Choice(key: key, value: value, minimum: minimum)
                }
                steps.append(ExploreStep(rule: Self.text(step[field: "rule"]), choices: parsed, code: Self.text(step[field: "code"])))
            }
        }
        var failure: ExploreFailure?
        if case .table(let found) = table[field: "failure"] {
            failure = ExploreFailure(label: Self.displayed(found[field: "label"]), message: Self.displayed(found[field: "message"]), step: Int(found[field: "step"].intValue ?? 0))
        }
        let rules = ruleList(table[field: "rules"].bytesValue?.bytes ?? [])
        let counts = Self.ruleCounts(rules, table[field: "counts"].bytesValue?.bytes ?? [], drawn: drawn)
        let stepCount = Int(table[field: "step_count"].intValue ?? 0)
        var outcome = RunOutcome(steps: steps, failure: failure, counts: counts, stepCount: stepCount, output: [])
        if case .table(let held) = table[field: "eventually_held"] {
            for key in held.stringKeys { outcome.eventuallyHeld[key] = held[field: key] == .boolean(true) }
        }
        return outcome
    }
}

/// A run's text trace, kept while it is written (a replay with `trace`).
private final class RunOutput {
    var bytes: [UInt8] = []
}

/// The rule list of an exploration's last run, shared by the threads its runs run on.
private final class SharedRuleList: Sendable {
    private let list = Mutex<ExplorationRunner.RuleList?>(nil)

    func withLock<T>(_ body: (inout ExplorationRunner.RuleList?) -> T) -> T { list.withLock { body(&$0) } }
}

/// Hosts whose state has its snapshot, restored, each used by one run at a time.
private final class IdleHosts: Sendable {
    /// A host handed from one thread to another: only the thread that took it uses it.
    private struct Entry: @unchecked Sendable { let host: ScriptHost }
    private let hosts = Mutex<[Entry]>([])

    func take() -> ScriptHost? { hosts.withLock { $0.popLast()?.host } }

    func put(_ host: ScriptHost) {
        let entry = Entry(host: host)
        hosts.withLock { $0.append(entry) }
    }
}
