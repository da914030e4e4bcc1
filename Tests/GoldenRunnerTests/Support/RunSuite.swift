import GoldenRunner

/// What one `GoldenSuite.run` printed and returned.
struct SuiteRun: Equatable {
    var status: GoldenSuite.ExitStatus
    var output: String
    var errors: String = ""
}

/// Runs the suite in the sandbox, as `scenesim test` would from its root.
func runSuite(
    in sandbox: Sandbox,
    executor: some ScenarioExecutor = FakeExecutor(),
    environment: [String: String] = [:],
    _ configure: (inout GoldenSuite.Configuration) -> Void = { _ in }
) -> SuiteRun {
    var configuration = GoldenSuite.Configuration(baseDirectory: sandbox.root, jobs: 2)
    configure(&configuration)
    var output = ""
    var errors = ""
    let status = GoldenSuite.run(
        configuration, executor: executor, environment: environment,
        output: { output += $0 }, errorOutput: { errors += $0 }
    )
    return SuiteRun(status: status, output: output, errors: errors)
}
