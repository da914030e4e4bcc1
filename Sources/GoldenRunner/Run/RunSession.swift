/// One `scenesim test` run after validation: runs the plan's scenarios, reports each in
/// order, then obsolete goldens and stray temporary files, the closing line and the JUnit file.
enum RunSession {
    static func run(
        _ plan: RunPlan, executor: some ScenarioExecutor,
        output: (String) -> Void, errorOutput: (String) -> Void
    ) -> GoldenSuite.ExitStatus {
        var records: [CaseRecord] = []
        var errors: [GoldenRunnerError] = plan.problems
        plan.problems.forEach { errorOutput($0.description + "\n") }
        let scenarios = plan.scenarios
        if scenarios.isEmpty && plan.obsolete.isEmpty && plan.problems.isEmpty {
            output("no scenarios to run\n")
        }
        // Each worker also checks its scenario against the golden (reading, comparing, writing
        // its own .new file): only printing stays on this thread, in order.
        OrderedParallel.forEach(
            count: scenarios.count, jobs: plan.configuration.jobs,
            // A scenario gets as long again as its timeout (at most 5 s) to stop once asked.
            limits: .init(timeout: plan.configuration.timeout, grace: min(plan.configuration.timeout ?? .zero, .seconds(5)))
        ) { index, stop in
            ScenarioCheck.perform(scenarios[index], executor: executor, stop: stop, plan: plan)
        } abandoned: { index in
            ScenarioCheck.abandoned(scenarios[index], plan: plan)
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
        for stray in plan.strays {
            let check = StrayCheck(path: stray.path, absolutePath: stray.absolutePath, plan: plan)
            output(check.report)
            check.errors.forEach { errorOutput($0.description + "\n") }
            errors += check.errors
        }

        let failed = records.count { $0.failure != nil }
        output("\(records.count - failed) passed, \(failed) failed\n")

        if let junitPath = plan.configuration.junitPath {
            do {
                try GoldenFiles.writeAtomically(
                    Array(JUnitReport.render(records).utf8), to: plan.resolver.absolute(junitPath), displayedAs: junitPath
                )
            } catch {
                errorOutput(error.description + "\n")
                errors.append(error)
            }
        }
        return !errors.isEmpty ? .error : failed > 0 ? .failed : .passed
    }
}
