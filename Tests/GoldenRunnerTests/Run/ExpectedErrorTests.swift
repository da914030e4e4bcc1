import GoldenRunner
import Testing

@Suite("Scenarios that end in an error: declared with -- expect: error, never recorded otherwise")
struct ExpectedErrorTests {
    static let failing = ScenarioOutcome(stdout: "launched\n", stderr: "fail.lua:2: expected bob\nstack traceback:\n", exitStatus: 1)
    static let failingGolden = "launched\n--- stderr\nfail.lua:2: expected bob\nstack traceback:\n--- exit 1\n"

    @Test("An undeclared error fails even when its output matches the golden, and says how to declare it")
    func undeclaredErrorFails() throws {
        let sandbox = try Sandbox()
        try sandbox.write("scenarios/fail.lua", "-- checks bob\nassert(false)\n")
        try sandbox.write("scenarios/fail.golden", Self.failingGolden)

        let run = runSuite(in: sandbox, executor: FakeExecutor(outcomes: ["fail": Self.failing]))

        #expect(
            run
                == SuiteRun(
                    status: .failed,
                    output: """
                        FAIL: fail (error at fail.lua:2: expected bob)
                        fail.lua:2: expected bob
                        stack traceback:
                        not recorded: a scenario meant to end in an error says so with a line '-- expect: error' in its leading comments
                        0 passed, 1 failed

                        """))
    }

    @Test("A scenario stopped at a limit is not told to declare the stop as its expected error: its hint says what to do")
    func limitIsNotAnExpectedError() throws {
        let sandbox = try Sandbox()
        try sandbox.write("scenarios/loop.lua", "-- loops\nwhile true do end\n")
        let stopped = ScenarioOutcome(
            stdout: "",
            stderr:
                "loop.lua:2: instruction limit exceeded (100000 instructions)\nhint: the scenario ran too long (an endless loop?); if it really needs more, raise the limit with --max-instructions N (0 for none)\n",
            exitStatus: 1
        )

        let run = runSuite(in: sandbox, executor: FakeExecutor(outcomes: ["loop": stopped])) { $0.update = true }

        #expect(
            run
                == SuiteRun(
                    status: .failed,
                    output: """
                        FAIL: loop (error at loop.lua:2: instruction limit exceeded (100000 instructions))
                        loop.lua:2: instruction limit exceeded (100000 instructions)
                        hint: the scenario ran too long (an endless loop?); if it really needs more, raise the limit with --max-instructions N (0 for none)
                        not recorded: the scenario stopped at a limit (see the hint above)
                        0 passed, 1 failed

                        """))
    }

    @Test("--update does not record an undeclared error: no golden is written")
    func updateRefusesUndeclaredError() throws {
        let sandbox = try Sandbox()
        try sandbox.write("scenarios/fail.lua", "assert(false)\n")

        let run = runSuite(in: sandbox, executor: FakeExecutor(outcomes: ["fail": Self.failing])) { $0.update = true }

        #expect(run.status == .failed)
        #expect(run.output.hasPrefix("FAIL: fail (error at fail.lua:2: expected bob)\n"))
        #expect(sandbox.tree() == ["scenarios/fail.lua": "assert(false)\n"])
    }

    @Test("A scenario declaring -- expect: error passes when it errs as its golden says")
    func declaredErrorPasses() throws {
        let sandbox = try Sandbox()
        try sandbox.write("scenarios/fail.lua", "-- checks bob\n\n--   expect:   error\nassert(false)\n")
        try sandbox.write("scenarios/fail.golden", Self.failingGolden)

        let run = runSuite(in: sandbox, executor: FakeExecutor(outcomes: ["fail": Self.failing]))

        #expect(run == SuiteRun(status: .passed, output: "PASS: fail\n1 passed, 0 failed\n"))
    }

    @Test("A file that starts with a UTF-8 byte order mark (as Lua's loader skips it) still declares -- expect: error")
    func byteOrderMark() throws {
        let sandbox = try Sandbox()
        try sandbox.write("scenarios/fail.lua", "\u{FEFF}-- checks bob\n-- expect: error\nassert(false)\n")
        try sandbox.write("scenarios/fail.golden", Self.failingGolden)

        let run = runSuite(in: sandbox, executor: FakeExecutor(outcomes: ["fail": Self.failing]))

        // Before, the mark made the first line no comment, and the declaration was not read.
        #expect(run == SuiteRun(status: .passed, output: "PASS: fail\n1 passed, 0 failed\n"))
    }

    @Test("A scenario declaring -- expect: error that runs to its end fails, so the declaration cannot rot")
    func declaredErrorThatSucceedsFails() throws {
        let sandbox = try Sandbox()
        try sandbox.write("scenarios/a.lua", "-- expect: error\n")
        try sandbox.write("scenarios/a.golden", FakeExecutor.golden("a"))

        let run = runSuite(in: sandbox) { $0.update = true }

        #expect(
            run
                == SuiteRun(
                    status: .failed,
                    output: """
                        FAIL: a (declares '-- expect: error' but ran to its end)
                        remove the '-- expect: error' line, or restore the error it expects
                        0 passed, 1 failed

                        """))
    }

    @Test("An expectation other than error is reported with its file:line, and nothing runs")
    func unknownExpectation() throws {
        let sandbox = try Sandbox()
        try sandbox.write("scenarios/a.lua", "-- about a\n-- expect: failure\n")
        let executor = CountingExecutor()

        let run = runSuite(in: sandbox, executor: executor)

        #expect(
            run
                == SuiteRun(
                    status: .failed,
                    output: """
                        FAIL: a (scenarios/a.lua:2: unknown expectation 'expect: failure': the only one is '-- expect: error', for a scenario meant to end in an error)
                        0 passed, 1 failed

                        """))
        #expect(executor.runCount == 0)
    }

    @Test("Only the leading comment block declares: an expect line after code is an ordinary comment")
    func expectAfterCodeIsIgnored() throws {
        let sandbox = try Sandbox()
        try sandbox.write("scenarios/a.lua", "-- about a\nlocal x = 1\n-- expect: error\n")
        try sandbox.write("scenarios/a.golden", FakeExecutor.golden("a"))

        let run = runSuite(in: sandbox)

        #expect(run == SuiteRun(status: .passed, output: "PASS: a\n1 passed, 0 failed\n"))
    }
}
