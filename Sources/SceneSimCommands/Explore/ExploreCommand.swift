import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GoldenRunner
import SceneSimExplore
import SceneSimScripting

/// `scenesim explore FILE`: random lifecycle exploration with invariants; a failure is shrunk
/// and written as a scenario that `scenesim run` replays.
struct ExploreCommand: StatusCommand {
    static let configuration = CommandConfiguration(
        commandName: "explore",
        abstract: "Explore random lifecycle sequences; shrink a failure to a scenario.",
        discussion: """
            FILE is a Lua module that returns the exploration: { setup = function() return sim.launch{...} end, \
            rules = {...}, builtin = true, invariants = {...}, eventually = {...} } (see "Exploring" in \
            scenarios/README.md). Each run starts a fresh app with setup, then takes up to --steps random \
            steps, each a rule (the built-in lifecycle verbs and the module's own) whose precondition holds, \
            with arguments from its generators, and checks every invariant after each step; after the last \
            step it settles the clock and checks the eventually invariants.

            A run is a pure function of the seed and its index: the same seed prints the same report \
            and writes the same scenario whatever --jobs (only the first line's jobs= differs), and \
            --shard K/N runs every Nth run, so N machines explore N times as much. The first line \
            names the seed (random unless given).

            On a failure it prints the invariant's message, the run and step, and the command that \
            replays that run; then it shrinks the run (chunks of steps, single steps, then arguments, \
            keeping only runs that fail the same way), replays the result twice to check it is \
            deterministic, and writes it to DIR/<module>-<seed>-<run>.lua: a scenario that loads the \
            module and fails with the same message under scenesim run.

            Exit status: 0 nothing found, 1 an invariant failed, 2 usage error or a module that cannot \
            run, 3 the shrunk run did not replay the same way twice (nondeterminism).
            """
    )

    @Argument(help: ArgumentHelp("The exploration module.", valueName: "file"))
    var file: String

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Seed of the whole exploration (default: a random one, printed).", valueName: "n"))
    var seed: UInt64?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("How many runs (default 100).", valueName: "n"))
    var runs: Int?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Explore for this long instead of a number of runs.", valueName: "seconds"))
    var time: Double?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Steps of each run.", valueName: "n"))
    var steps: Int = 50

    @Option(name: [.customShort("j"), .long], parsing: .unconditional, help: ArgumentHelp("Runs at once (default: the number of cores).", valueName: "n"))
    var jobs: Int?

    @Option(name: .long, help: ArgumentHelp("Run shard K of N: the runs whose index is K-1 modulo N.", valueName: "K/N"))
    var shard: String?

    @Option(name: .long, help: ArgumentHelp("Where a shrunk failure is written.", valueName: "dir"))
    var out: String = "scenarios/found"

    @Flag(name: .long, help: "Report a failure as found, without shrinking it or writing a scenario.")
    var noShrink = false

    @Option(name: .long, help: ArgumentHelp("Run only run RUN of seed SEED, printing its steps (what a failure report says to type).", valueName: "SEED:RUN"))
    var replay: String?

    @Flag(name: .long, help: "Print how often each rule ran and how often its precondition held; warn about rules that never ran.")
    var stats = false

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Stop a run after this many Lua instructions (pattern matching included); 0 for no limit.", valueName: "n"))
    var maxInstructions: Int = ScenarioOptions.defaultMaxInstructions

    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp("Stop a run whose Lua state, or the simulator's own records, hold more than this many MiB; 0 for no limit.", valueName: "MiB"))
    var maxMemory: Int = ScenarioOptions.defaultMaxMemory / (1024 * 1024)

    func validate() throws {
        var isDirectory = false
        guard FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory), !isDirectory else {
            throw ValidationError("no such exploration module: \(file)")
        }
        if runs != nil, time != nil { throw ValidationError("give --runs or --time, not both") }
        // An empty path would resolve to the root folder: found scenarios were written into /.
        if out.isEmpty { throw ValidationError("--out needs a folder for the scenarios found, e.g. --out scenarios/found (got an empty path)") }
        if let runs, runs < 1 { throw ValidationError("--runs must be 1 or more, not \(runs)") }
        if let time, !(time > 0 && time <= 1e6) { throw ValidationError("--time must be a number of seconds above 0 and at most 1000000, e.g. --time 30") }
        guard steps >= 1 && steps <= 1_000_000 else { throw ValidationError("--steps must be from 1 to 1000000, not \(steps)") }
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be 1 or more, not \(jobs)") }
        if let shard { _ = try parsedShard(shard) }
        if let replay {
            // The replay names its seed and its run; --runs, --time and --shard are moot (so the
            // exploration's command with --replay added still works), but another seed is a
            // contradiction, which was silently ignored.
            let replayed = try parsedReplay(replay)
            if let seed, seed != replayed.seed {
                throw ValidationError("--replay \(replay) replays a run of seed \(replayed.seed), not of --seed \(seed); drop --seed or give --replay \(seed):RUN")
            }
        }
        guard maxInstructions >= 0 else { throw ValidationError("--max-instructions must be 0 (no limit) or more, not \(maxInstructions)") }
        guard maxMemory >= 0 && maxMemory <= 1 << 30 else { throw ValidationError("--max-memory must be from 0 (no limit) to 1073741824 MiB, not \(maxMemory)") }
    }

    private func parsedShard(_ text: String) throws -> Shard {
        do { return try Shard(parsing: text) } catch { throw ValidationError(error.message) }
    }

    private func parsedReplay(_ text: String) throws -> (seed: UInt64, run: Int) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let seed = UInt64(parts[0]), let run = Int(parts[1]), run >= 0 else {
            throw ValidationError("invalid --replay '\(text)': expected SEED:RUN as a failure report prints it, e.g. --replay 7:12")
        }
        return (seed, run)
    }

    mutating func runWithStatus() throws -> Int32 {
        let replayed = try replay.map(parsedReplay)
        var generator = SystemRandomNumberGenerator()
        let plan = ExplorePlan(
            file: file,
            seed: replayed?.seed ?? seed ?? generator.next() % 1_000_000_000,
            budget: replayed.map { .replay(run: $0.run) } ?? time.map { .time(seconds: $0) } ?? .runs(runs ?? 100),
            steps: steps,
            jobs: replayed == nil ? jobs ?? ProcessInfo.processInfo.activeProcessorCount : 1,
            // A replayed run is named by its index: no shard to filter it out.
            shard: replayed == nil ? try shard.map(parsedShard) : nil,
            out: out,
            shrink: !noShrink,
            stats: stats,
            options: ScenarioOptions(
                maxInstructions: maxInstructions == 0 ? nil : maxInstructions,
                maxMemory: maxMemory == 0 ? nil : maxMemory * 1024 * 1024,
                models: RegisteredModels.current
            )
        )
        let output = ExploreOutput(
            standard: { Output.standard($0) }, error: { Output.error($0) },
            write: { text, path in
                // Written whole or not at all, with the system's reason ("No space left on device").
                do throws(FileWriteError) {
                    try FileWriter.write(text, to: path)
                    return nil
                } catch {
                    return error.message
                }
            },
            terminal: isatty(STDERR_FILENO) != 0
        )
        let status = ExploreSession(plan: plan, output: output).run()
        Output.flush()
        return status
    }
}
