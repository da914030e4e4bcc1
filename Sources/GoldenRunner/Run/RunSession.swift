/// One `scenesim test` run after validation: runs the plan's scenarios, reports each in
/// order, then obsolete goldens, the closing line and the JUnit file.
enum RunSession {
    static func run(
        _ plan: RunPlan, executor: some ScenarioExecutor,
        output: (String) -> Void, errorOutput: (String) -> Void
    ) -> GoldenSuite.ExitStatus {
        var records: [CaseRecord] = []
        var errors: [GoldenRunnerError] = []
        let scenarios = plan.scenarios
        if scenarios.isEmpty && plan.obsolete.isEmpty {
            output("no scenarios to run\n")
        }
        // Each worker also checks its scenario against the golden (reading, comparing, writing
        // its own .new file): only printing stays on this thread, in order.
        OrderedParallel.forEach(count: scenarios.count, jobs: plan.configuration.jobs) { index in
            ScenarioCheck(scenarios[index], outcome: executor.run(scenarios[index]), plan: plan)
        } deliver: { _, check in
            output(check.report)
            check.errors.forEach { errorOutput($0.description + "\n") }
            records.append(check.record)
            errors += check.errors
        }

        for golden in plan.obsolete {
            let check = ObsoleteCheck(golden, plan: plan)
            output(check.report)
            check.errors.forEach { errorOutput($0.description + "\n") }
            records += check.record.map { [$0] } ?? []
            errors += check.errors
        }

        let failed = records.count { $0.failure != nil }
        output("\(records.count - failed) passed, \(failed) failed\n")

        if let junitPath = plan.configuration.junitPath {
            do {
                try GoldenFiles.writeAtomically(
                    JUnitReport.render(records), to: plan.resolver.absolute(junitPath), displayedAs: junitPath
                )
            } catch {
                errorOutput(error.description + "\n")
                errors.append(error)
            }
        }
        return !errors.isEmpty ? .error : failed > 0 ? .failed : .passed
    }
}
