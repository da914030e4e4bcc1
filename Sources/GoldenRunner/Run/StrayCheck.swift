/// Reports, or under `--update` removes, the temporary file of a golden write that never
/// finished (the process was killed mid-write). It fails nothing: no reviewed golden is lost,
/// since the write had not replaced it yet.
struct StrayCheck {
    var report: String
    var errors: [GoldenRunnerError] = []

    init(path: String, absolutePath: String, plan: RunPlan) {
        let why = "temporary file of an unfinished golden write"
        guard plan.mode == .update else {
            report = "STRAY: \(path) (\(why); delete it, or run with --update to remove it)\n"
            return
        }
        do {
            try GoldenFiles.remove(absolutePath, displayedAs: path)
        } catch {
            errors = [error]
        }
        report = (errors.isEmpty ? "REMOVED: " : "NOT REMOVED: ") + "\(path) (\(why))\n"
    }
}
