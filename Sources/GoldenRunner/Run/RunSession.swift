/// One `scenesim test` run after validation: runs the plan's scenarios, reports each in
/// order, then obsolete goldens and stray temporary files, the closing line and the JUnit file.
enum RunSession {
    static func run(
        _ plan: RunPlan, executor: some ScenarioExecutor,
        output: (String) -> Void, errorOutput: (String) -> Void
    ) -> GoldenSuite.ExitStatus {
        // What discovery could not look at is a failed case of JUnit's own and "not run" in the
        // summary, besides the error that makes the exit status 2: a report of all passed must
        // not hide scenarios that never ran.
        let notRun: [CaseRecord] = plan.problems.compactMap { problem in
            problem.subject.map { CaseRecord(name: $0, failure: .init(kind: .file, message: problem.message, details: problem.message + "\n")) }
        }
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
        output("\(records.count - failed) passed, \(failed) failed" + (notRun.isEmpty ? "" : ", \(notRun.count) not run") + "\n")

        if let junitPath = plan.configuration.junitPath {
            do {
                try GoldenFiles.writeAtomically(
                    Array(JUnitReport.render(notRun + records).utf8), to: plan.resolver.absolute(junitPath), displayedAs: junitPath
                )
            } catch {
                errorOutput(error.description + "\n")
                errors.append(error)
            }
        }
        return !errors.isEmpty ? .error : failed > 0 ? .failed : .passed
    }
}
