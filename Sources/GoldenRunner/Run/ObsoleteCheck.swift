/// Reports, or under `--update` removes, a golden whose scenario no longer exists.
struct ObsoleteCheck {
    var report: String
    /// The failing case, or nil when nothing was wrong (removed, or a stray review file).
    var record: CaseRecord?
    var errors: [GoldenRunnerError] = []

    init(_ golden: ObsoleteGolden, plan: RunPlan) {
        let missing = "no \(golden.scenarioPath)"
        switch (plan.mode, golden.isReview) {
        case (.update, _):
            do {
                try GoldenFiles.remove(golden.absolutePath, displayedAs: golden.path)
            } catch {
                errors = [error]
            }
            let why = golden.isReview ? missing : "obsolete golden: " + missing
            // Claimed only when done; otherwise the error follows the line.
            report = (errors.isEmpty ? "REMOVED: " : "NOT REMOVED: ") + "\(golden.path) (\(why))\n"
        case (.review, true), (.check, true):
            // Review files are ignored by git and never committed; only `--update` tidies them.
            report = ""
        case (.review, false), (.check, false):
            let message = "obsolete golden: \(missing)"
            let advice = "delete \(golden.path), or accept with: \(plan.acceptAllCommand)\n"
            report = Label.fail.text(colour: plan.configuration.colour) + "\(golden.name) (\(message))\n" + advice
            record = CaseRecord(name: golden.name, failure: .init(kind: .obsolete, message: message, details: advice))
        }
    }
}
