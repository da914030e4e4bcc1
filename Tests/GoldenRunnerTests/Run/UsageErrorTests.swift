import GoldenRunner
import Testing

@Suite("Usage errors exit 2 with a message for the user")
struct UsageErrorTests {
    static let cases: [(message: String, configure: @Sendable (inout GoldenSuite.Configuration) -> Void)] = [
        ("error: invalid --shard 'x': expected K/N with 1 <= K <= N, e.g. --shard 2/4\n", { $0.shard = "x" }),
        ("error: invalid --shard '3/2': expected K/N with 1 <= K <= N, e.g. --shard 2/4\n", { $0.shard = "3/2" }),
        ("error: invalid --shard '0/2': expected K/N with 1 <= K <= N, e.g. --shard 2/4\n", { $0.shard = "0/2" }),
        ("error: invalid --shard '+1/2': expected K/N with 1 <= K <= N, e.g. --shard 2/4\n", { $0.shard = "+1/2" }),
        ("error: invalid --jobs 0: must be at least 1\n", { $0.jobs = 0 }),
        ("error: invalid --filter 'phases/(': not a valid regular expression\n", { $0.filter = "phases/(" }),
        ("error: no such file or directory: scenarios/nope\n", { $0.paths = ["scenarios/nope"] }),
        (
            "error: not a Lua scenario (expected a .lua file or a directory): scenarios/a.golden\n",
            { $0.paths = ["scenarios/a.golden"] }
        ),
        (
            "error: --update cannot be used in check mode (--check): goldens are never written there\n",
            {
                $0.update = true; $0.check = true
            }
        ),
    ]

    @Test("Without paths and without a scenarios/ folder, the error says where to run from")
    func noScenariosFolder() throws {
        let sandbox = try Sandbox()
        let executor = CountingExecutor()
        let run = runSuite(in: sandbox, executor: executor) { _ in }
        #expect(
            run
                == SuiteRun(
                    status: .error, output: "",
                    errors: """
                        error: no scenarios/ folder in \(sandbox.root): run scenesim test from the project root, or name \
                        scenario files or folders (scenesim test path/to/scenarios)

                        """))
    }

    @Test("Each invalid option is refused before anything runs", arguments: cases)
    func invalidUsage(message: String, configure: @Sendable (inout GoldenSuite.Configuration) -> Void) throws {
        let sandbox = try Sandbox()
        try sandbox.write("scenarios/a.lua", "")
        try sandbox.write("scenarios/a.golden", FakeExecutor.golden("a"))

        let executor = CountingExecutor()
        let run = runSuite(in: sandbox, executor: executor, configure)

        #expect(run == SuiteRun(status: .error, output: "", errors: message))
        #expect(run.status.rawValue == 2)
        #expect(executor.runCount == 0)
    }

    @Test("--update with CI set is refused")
    func updateUnderCI() throws {
        let sandbox = try Sandbox()
        try sandbox.write("scenarios/a.lua", "")

        let executor = CountingExecutor()
        let run = runSuite(in: sandbox, executor: executor, environment: ["CI": "true"]) { $0.update = true }

        #expect(
            run
                == SuiteRun(
                    status: .error, output: "",
                    errors: "error: --update cannot be used in check mode (CI is set): goldens are never written there\n"
                ))
        #expect(executor.runCount == 0)
    }
}
