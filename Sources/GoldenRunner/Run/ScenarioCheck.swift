#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Judges one scenario's outcome against its golden, performs the file actions, and words
/// the result for the report and the JUnit record.
struct ScenarioCheck {
    /// The report text, each line ending in a newline.
    var report: String
    var record: CaseRecord
    /// File system errors met on the way; any of them makes the run exit 2.
    var errors: [GoldenRunnerError] = []

    /// Reads the scenario, runs it and judges it; runs on a worker thread.
    static func perform(
        _ scenario: Scenario, executor: some ScenarioExecutor, stop: ScenarioStop, plan: RunPlan
    ) -> ScenarioCheck {
        let colour = plan.configuration.colour
        let source: [UInt8]
        do throws(GoldenRunnerError) {
            // Read here, not only by the executor: an unreadable scenario is an error of the run,
            // never output that `--update` could record over a reviewed golden.
            guard let bytes = try GoldenFiles.read(scenario.fileURL.path, displayedAs: scenario.shownPath, within: scenario.sourceBoundary) else {
                throw .cannotRead(scenario.shownPath, errno: ENOENT)
            }
            source = bytes
        } catch {
            return ScenarioCheck(failing: scenario, .file, error.message, colour: colour, errors: [error])
        }
        if let problem = scenario.headerProblem {
            return ScenarioCheck(failing: scenario, .error, problem, colour: colour)
        }
        let header: ScenarioHeader
        do {
            header = try ScenarioHeader(parsing: source, path: scenario.shownPath)
        } catch {
            return ScenarioCheck(failing: scenario, .error, error.message, colour: colour)
        }
        var scenario = scenario
        scenario.goldenHoldsTimeline = header.goldenHoldsTimeline
        scenario.tracesMemory = header.tracesMemory
        scenario.source = source
        let start = plan.clock.now()
        let outcome = executor.run(scenario, stop: stop)
        let time = plan.clock.now() - start
        var check: ScenarioCheck
        if stop.isRequested {
            check = .timedOut(scenario, outcome: outcome, plan: plan)
        } else if outcome.exitStatus != 0, !header.expectsError {
            check = .undeclaredError(scenario, outcome: outcome, plan: plan)
        } else if outcome.exitStatus == 0, header.expectsError {
            check = ScenarioCheck(
                failing: scenario, .unexpectedSuccess, "declares '-- expect: error' but ran to its end", colour: colour,
                advice: "remove the '-- expect: error' line, or restore the error it expects\n"
            )
        } else {
            check = ScenarioCheck(scenario, outcome: outcome, plan: plan, isCancelled: { stop.isRequested })
            // Comparing with the golden is part of the scenario's time.
            if stop.isRequested { check = .timedOut(scenario, outcome: outcome, plan: plan) }
        }
        check.record.time = time
        return check
    }

    /// A failure found before or instead of comparing with the golden: no golden file is touched.
    init(
        failing scenario: Scenario, _ kind: CaseRecord.Failure.Kind, _ message: String, colour: Bool,
        body: String = "", advice: String = "", errors: [GoldenRunnerError] = []
    ) {
        report = Label.fail.text(colour: colour) + scenario.name + " (\(message))\n" + body + advice
        record = CaseRecord(
            name: scenario.name, file: scenario.shownPath,
            failure: .init(kind: kind, message: message, details: body + advice)
        )
        self.errors = errors
    }

    /// Compares a finished run's output with the golden and performs the mode's file actions.
    init(_ scenario: Scenario, outcome: ScenarioOutcome, plan: RunPlan, isCancelled: () -> Bool = { false }) {
        let name = scenario.name
        let colour = plan.configuration.colour
        let actual = GoldenFormat.render(outcome)
        let golden: [UInt8]?
        do {
            golden = try GoldenFiles.read(scenario.goldenURL.path, displayedAs: scenario.shownGoldenPath, within: scenario.suite)
        } catch {
            // Never decide on an unreadable golden: `--update` would overwrite it unseen.
            self = ScenarioCheck(failing: scenario, .file, error.message, colour: colour, errors: [error])
            return
        }

        let reviewPath = scenario.reviewURL.path
        let reviewDisplay = scenario.shownGoldenPath + ".new"
        let decision = GoldenDecision.decide(
            actual: actual, golden: golden,
            reviewExists: plan.mode != .check && reviewPath.isExistingFile, mode: plan.mode
        )
        // The report says what was done: an action that failed is not claimed (its error follows).
        var failed: Set<GoldenDecision.Action> = []
        for action in decision.actions {
            do {
                switch action {
                case .writeGolden:
                    try GoldenFiles.writeAtomically(actual, to: scenario.goldenURL.path, displayedAs: scenario.shownGoldenPath, within: scenario.suite)
                case .writeReview:
                    try GoldenFiles.writeAtomically(actual, to: reviewPath, displayedAs: reviewDisplay, within: scenario.suite)
                case .removeReview:
                    try GoldenFiles.remove(reviewPath, displayedAs: reviewDisplay)
                }
            } catch {
                errors.append(error)
                failed.insert(action)
            }
        }

        switch decision.verdict {
        case .passed:
            report = Label.pass.text(colour: colour) + name + "\n"
            record = CaseRecord(name: name, file: scenario.shownPath)
        case .updated where failed.contains(.writeGolden):
            report = Label.fail.text(colour: colour) + name + " (golden not written)\n"
            record = CaseRecord(
                name: name, file: scenario.shownPath,
                failure: .init(kind: .file, message: "golden not written", details: errors.map(\.message).joined(separator: "\n"))
            )
        case .updated(let created):
            report = "UPDATED: \(name)" + (created ? " (new golden)" : "") + "\n"
            record = CaseRecord(name: name, file: scenario.shownPath)
        case .mismatched, .missingGolden:
            let missing = decision.verdict == .missingGolden
            // One bounded diff for the message and both renderings, stopped with the scenario's time.
            let lineDiff = LineDiff(old: golden ?? [], new: actual, isCancelled: isCancelled)
            let message =
                missing
                ? "no golden: \(scenario.shownGoldenPath)"
                : "output differs from \(scenario.shownGoldenPath)" + FirstDifference(lineDiff, old: golden ?? [], new: actual).description
            let headline = missing ? " (\(message))" : ""
            let wroteReview = decision.actions.contains(.writeReview) && !failed.contains(.writeReview)
            var advice = wroteReview ? "wrote \(reviewDisplay) for review\n" : ""
            advice += "accept with: \(plan.acceptCommand(for: scenario.path))\n"
            func diff(colour: Bool) -> String {
                UnifiedDiff.render(
                    lineDiff, old: golden ?? [], new: actual, oldLabel: scenario.shownGoldenPath, newLabel: "actual", colour: colour
                )
            }
            let plain = diff(colour: false)
            report = Label.fail.text(colour: colour) + name + headline + "\n" + (colour ? diff(colour: true) : plain) + advice
            record = CaseRecord(
                name: name, file: scenario.shownPath,
                failure: .init(kind: missing ? .missingGolden : .mismatch, message: message, details: plain + advice)
            )
        }
    }
}
