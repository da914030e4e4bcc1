/// Judges one scenario's outcome against its golden, performs the file actions, and words
/// the result for the report and the JUnit record.
struct ScenarioCheck {
    /// The report text, each line ending in a newline.
    var report: String
    var record: CaseRecord
    /// File system errors met on the way; any of them makes the run exit 2.
    var errors: [GoldenRunnerError] = []

    init(_ scenario: Scenario, outcome: ScenarioOutcome, plan: RunPlan) {
        let name = scenario.name
        let colour = plan.configuration.colour
        let actual = GoldenFormat.render(outcome)
        let golden: String?
        do {
            golden = try GoldenFiles.read(scenario.goldenURL.path, displayedAs: scenario.goldenPath)
        } catch {
            // Never decide on an unreadable golden: `--update` would overwrite it unseen.
            report = Label.fail.text(colour: colour) + name + " (\(error.message))\n"
            record = CaseRecord(name: name, failure: .init(message: error.message, details: error.message))
            errors = [error]
            return
        }

        let reviewPath = scenario.reviewURL.path
        let reviewDisplay = scenario.goldenPath + ".new"
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
                    try GoldenFiles.writeAtomically(actual, to: scenario.goldenURL.path, displayedAs: scenario.goldenPath)
                case .writeReview:
                    try GoldenFiles.writeAtomically(actual, to: reviewPath, displayedAs: reviewDisplay)
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
            record = CaseRecord(name: name)
        case .updated where failed.contains(.writeGolden):
            report = Label.fail.text(colour: colour) + name + " (golden not written)\n"
            record = CaseRecord(name: name, failure: .init(message: "golden not written", details: errors.map(\.message).joined(separator: "\n")))
        case .updated(let created):
            report = "UPDATED: \(name)" + (created ? " (new golden)" : "") + "\n"
            record = CaseRecord(name: name)
        case .mismatched, .missingGolden:
            let message = decision.verdict == .missingGolden
                ? "no golden: \(scenario.goldenPath)"
                : "output differs from \(scenario.goldenPath)"
            let headline = decision.verdict == .missingGolden ? " (\(message))" : ""
            let wroteReview = decision.actions.contains(.writeReview) && !failed.contains(.writeReview)
            var advice = wroteReview ? "wrote \(reviewDisplay) for review\n" : ""
            advice += "accept with: \(plan.acceptCommand(for: scenario.path))\n"
            func diff(colour: Bool) -> String {
                UnifiedDiff.render(
                    old: golden ?? "", new: actual, oldLabel: scenario.goldenPath, newLabel: "actual", colour: colour
                )
            }
            let plain = diff(colour: false)
            report = Label.fail.text(colour: colour) + name + headline + "\n" + (colour ? diff(colour: true) : plain) + advice
            record = CaseRecord(name: name, failure: .init(message: message, details: plain + advice))
        }
    }
}
