#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ByteText
import GoldenRunner
import SceneSimScripting
import Synchronization

/// Carries out an ExplorePlan: the runs (in parallel, reported in run order), then the first
/// failure's report, shrinking and scenario. Everything on standard output depends only on the
/// plan, never on timing or --jobs; timings go to standard error.
package struct ExploreSession {
    package let plan: ExplorePlan
    let runner: ExplorationRunner
    let output: ExploreOutput

    package init(plan: ExplorePlan, output: ExploreOutput) {
        self.plan = plan
        self.runner = ExplorationRunner(file: plan.file, options: plan.options)
        self.output = output
    }

    /// A run's result as it crosses threads: what it did, that it was skipped (a lower run
    /// already failed), or the error that stopped the module (its message).
    enum Item: Sendable {
        case done(RunOutcome)
        case skipped
        case broken(String)
    }

    private struct Totals {
        var runs = 0
        var steps = 0
        /// By rule name: how often it ran, how often its precondition held, how often it was drawn.
        var rules: [String: (ran: Int, enabled: Int, tried: Int, own: Bool)] = [:]
        /// By eventually check with a precondition: in how many runs it was asked (the run
        /// reached its end), and in how many of those its precondition held.
        var eventually: [String: (asked: Int, held: Int)] = [:]

        /// The eventually checks whose precondition never held in a run that asked it: they
        /// checked nothing (vacuous in every run), in name order.
        var vacuous: [String] { eventually.keys.sorted().filter { eventually[$0]!.asked > 0 && eventually[$0]!.held == 0 } }

        mutating func add(_ outcome: RunOutcome) {
            runs += 1
            steps += outcome.stepCount
            for (name, held) in outcome.eventuallyHeld {
                let old = eventually[name] ?? (0, 0)
                eventually[name] = (old.asked + 1, old.held + (held ? 1 : 0))
            }
            for count in outcome.counts {
                let old = rules[count.name] ?? (0, 0, 0, count.own)
                rules[count.name] = (old.ran + count.ran, old.enabled + count.enabled, old.tried + count.tried, count.own)
            }
        }
    }

    /// Explores, prints what it found and writes its scenario; the exit status: 0 no failure,
    /// 1 a failure found, 2 a run that could not run (or a scenario not written), 3 a shrunk run
    /// that does not replay.
    package func run() -> Int32 {
        output.standard(plan.header + "\n")
        let started = ContinuousClock.now
        var totals = Totals()
        var found: (run: Int, outcome: RunOutcome)?
        var broken: String?
        let progress = ProgressLine(mode: output.terminal ? .terminal : .log, plan: plan, started: started, write: output.error)

        var next = 0
        while found == nil, broken == nil, let batch = nextBatch(from: next, elapsed: started.duration(to: .now)) {
            next = batch.upperBound
            let indices = batch.filter(plan.owns)
            let lowestFailure = Atomic<Int>(Int.max)
            let runner = runner, steps = plan.steps, seed = plan.seed
            let replayRun: Int? = if case .replay(let run) = plan.budget { run } else { nil }
            OrderedParallel.forEach(count: indices.count, jobs: plan.jobs) { (position: Int, _: ScenarioStop) -> Item in
                guard position < lowestFailure.load(ordering: .relaxed) else { return .skipped }
                do {
                    let outcome = try runner.run(seed: seed, run: indices[position], steps: steps, keepSteps: replayRun != nil)
                    if outcome.failure != nil { lowestFailure.min(position) }
                    return .done(outcome)
                } catch {
                    lowestFailure.min(position)
                    return .broken(ExplorationRunner.report(error))
                }
            } abandoned: { _ in
                .skipped
            } deliver: { (position: Int, item: Item) in
                guard found == nil, broken == nil else { return }
                switch item {
                case .done(let outcome):
                    totals.add(outcome)
                    if outcome.failure != nil { found = (indices[position], outcome) }
                    if replayRun != nil { printSteps(outcome) }
                case .broken(let message):
                    broken = "explore: run \(indices[position]) of \(plan.file) could not run:\n\(message)"
                case .skipped:
                    break
                }
                progress.update(runs: totals.runs, steps: totals.steps, failures: found == nil ? 0 : 1)
            }
        }
        progress.clear()
        let elapsed = started.duration(to: .now)
        if let broken {
            output.error(broken + (broken.hasSuffix("\n") ? "" : "\n"))
            return 2
        }
        var status: Int32 = 0
        if let found {
            status = report(run: found.run, outcome: found.outcome)
        }
        // "No failure" while an eventually check never applied is no pass of that check.
        let vacuous = totals.vacuous
        let unchecked =
            found == nil && !vacuous.isEmpty
            ? ", but eventually " + vacuous.joined(separator: ", ") + (vacuous.count == 1 ? " was" : " were") + " vacuous in every run" : ""
        output.standard(
            "explore: \(totals.runs) \(totals.runs == 1 ? "run" : "runs"), \(totals.steps) steps, "
                + (found.map { "1 failure (run \($0.run))" } ?? "no failure") + unchecked + "\n")
        if plan.stats { printStats(totals) }
        if plan.stats || found == nil { warnVacuous(totals) }
        // A rule that never runs tests nothing: the module's own are warned about after a
        // whole exploration; the built-in ones (some need long runs, e.g. retry) with --stats.
        if plan.stats || found == nil { warnNeverRan(totals, ownOnly: !plan.stats) }
        let seconds = Self.seconds(elapsed)
        output.error("explore: \(totals.steps) steps in \(Self.fixed(seconds)) s (\(seconds > 0 ? Int(Double(totals.steps) / seconds) : 0) steps/s)\n")
        return status
    }

    /// The next runs to do, or nil when the budget is spent.
    private func nextBatch(from start: Int, elapsed: Duration) -> Range<Int>? {
        switch plan.budget {
        case .runs(let runs):
            return start < runs ? start..<runs : nil
        case .replay(let run):
            return start == 0 ? run..<(run + 1) : nil
        case .time(let seconds):
            guard Self.seconds(elapsed) < seconds else { return nil }
            // Small batches, so the time limit is overshot by little.
            return start..<(start + max(plan.jobs * 4, 8))
        }
    }

    // MARK: A failure

    private func report(run: Int, outcome: RunOutcome) -> Int32 {
        guard let failure = outcome.failure else { return 0 }
        output.standard("run \(run), step \(failure.step): \(failure.text)\n")
        output.standard("replay: \(plan.replayCommand(run: run))\n")
        guard plan.shrink else { return 1 }
        let started = ContinuousClock.now
        let runner = runner
        // A replay that cannot run (a limit, above all) ends the exploration with exit 2, as a
        // run that cannot run does; it never reads as a candidate that does not fail.
        var limit: (any Error)?
        var shrinker = Shrinker { candidate in
            guard limit == nil else { return nil }
            let replayed: RunOutcome
            do {
                replayed = try runner.replay(candidate)
            } catch {
                limit = error
                return nil
            }
            guard let again = replayed.failure, again.isSame(as: failure) else { return nil }
            return replayed.steps
        }
        let shrunk = shrinker.shrink(outcome.steps)
        if let limit {
            output.error("explore: a replay while shrinking run \(run) of \(plan.file) could not run:\n\(ExplorationRunner.report(limit))")
            return 2
        }
        let first: RunOutcome, second: RunOutcome
        do {
            first = try runner.replay(shrunk, trace: true)
            second = try runner.replay(shrunk, trace: true)
        } catch {
            output.error("explore: replaying the shrunk run failed:\n\(error.description)\n")
            return 3
        }
        guard first.replaysTheSame(as: second, failing: failure.label), let final = first.failure else {
            output.standard(
                "nondeterminism: the shrunk run of \(shrunk.count) steps did not replay the same way twice; "
                    + "something in the module or its setup depends on more than the steps (a global kept between runs, the order of a table of tables?)\n")
            return 3
        }
        output.standard("shrunk: \(outcome.steps.count) steps -> \(first.steps.count) (\(shrinker.attempts) replays): \(final.text)\n")
        for (index, step) in first.steps.enumerated() {
            output.standard("  \(index + 1)  \(step.code)\n")
        }
        output.error("explore: shrunk in \(Self.fixed(Self.seconds(started.duration(to: .now)))) s\n")
        let scenario = FoundScenario(
            command: plan.command, replayCommand: plan.replayCommand(run: run), seed: plan.seed, run: run,
            stepsBefore: outcome.steps.count,
            modulePath: FoundScenario.modulePath(plan.file, writtenTo: plan.out, currentDirectory: FileManager.default.currentDirectoryPath),
            failure: final, steps: first.steps,
            commandFolder: FoundScenario.commandFolder(writtenTo: plan.out, currentDirectory: FileManager.default.currentDirectoryPath)
        )
        let path = (plan.out.hasSuffix("/") ? plan.out : plan.out + "/") + FoundScenario.fileName(module: plan.file, seed: plan.seed, run: run)
        // Written whole or not at all, with the system's reason ("No space left on device").
        if let problem = output.write(scenario.text, path) {
            output.error("explore: \(problem)\n")
            return 2
        }
        // Shown as a report shows a name: a newline or a control byte in it cannot forge a line.
        let shown = ByteString.displayed(Array(path.utf8))
        output.standard("wrote \(shown)\n")
        if !FoundScenario.replaysInSandbox(path, module: plan.file, currentDirectory: FileManager.default.currentDirectoryPath) {
            // The sandbox lets a scenario load a module only from its own folder, its lib/ and
            // its suite: say so now, not when the replay fails.
            output.standard("note: the scenario loads its module from outside its folder and suite; replay it with: scenesim run --allow-io \(shown)\n")
        }
        return 1
    }

    private func printSteps(_ outcome: RunOutcome) {
        for (index, step) in outcome.steps.enumerated() {
            output.standard("  \(index + 1)  \(step.code)\n")
        }
    }

    // MARK: Statistics

    private func printStats(_ totals: Totals) {
        let names = totals.rules.keys.sorted()
        let width = max(4, names.map(\.count).max() ?? 0)
        let ranWidth = max(3, names.map { String(totals.rules[$0]!.ran).count }.max() ?? 0)
        output.standard("rule".padding(to: width) + "  " + "ran".leftPadding(to: ranWidth) + "  precondition held\n")
        for name in names {
            let count = totals.rules[name]!
            output.standard(name.padding(to: width) + "  " + String(count.ran).leftPadding(to: ranWidth) + "  " + String(count.enabled) + "\n")
        }
        // The eventually checks with a precondition: in how many of the runs that reached their
        // end it held (the check ran).
        let checks = totals.eventually.keys.sorted()
        guard !checks.isEmpty else { return }
        let checkWidth = max("eventually".count, checks.map(\.count).max() ?? 0)
        output.standard("eventually".padding(to: checkWidth) + "  pre held\n")
        for name in checks {
            let count = totals.eventually[name]!
            output.standard(name.padding(to: checkWidth) + "  \(count.held) of \(count.asked) \(count.asked == 1 ? "run" : "runs")\n")
        }
    }

    /// An eventually check whose precondition never held after a run's last step checked
    /// nothing: "found nothing" says nothing about it.
    private func warnVacuous(_ totals: Totals) {
        for name in totals.vacuous {
            let asked = totals.eventually[name]!.asked
            output.standard(
                "warning: eventually \(name) was vacuous in every run: its pre never held after the last step (\(asked) \(asked == 1 ? "run" : "runs") reached it), so it checked nothing; explore more steps, or loosen its pre\n"
            )
        }
    }

    private func warnNeverRan(_ totals: Totals, ownOnly: Bool) {
        guard totals.runs > 0 else { return }
        for name in totals.rules.keys.sorted() {
            let count = totals.rules[name]!
            guard count.ran == 0, count.own || !ownOnly else { continue }
            // A rule never drawn was never tried: the steps were too few for its weight.
            let steps = totals.steps == 1 ? "1 step" : "\(totals.steps) steps"
            let why =
                count.tried == 0
                ? "it was never drawn in \(steps) (rules are drawn by weight); explore more steps" + (count.own ? " or give it more weight" : "")
                : count.enabled == 0
                    ? "its precondition never held when it was tried"
                    : "its arguments could never be drawn (no window of the kind it needs)"
            output.standard("warning: rule \(name) never ran: \(why); a rule that never runs tests nothing\n")
        }
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    static func fixed(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}

private extension Atomic<Int> {
    func min(_ value: Int) {
        var current = load(ordering: .relaxed)
        while value < current {
            let (exchanged, original) = compareExchange(expected: current, desired: value, ordering: .relaxed)
            if exchanged { return }
            current = original
        }
    }
}

private extension String {
    func padding(to width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }
    func leftPadding(to width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
}
