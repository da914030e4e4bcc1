import GoldenRunner
import Testing

@Suite("The review workflow: compare, write for review, accept")
struct ReviewWorkflowTests {
    @Test("A scenario whose output matches its golden passes and nothing is written")
    func matchingScenarioPasses() throws {
        let sandbox = try Sandbox()
        try sandbox.write("scenarios/a.lua", "-- a\n")
        try sandbox.write("scenarios/a.golden", FakeExecutor.golden("a"))
        let before = sandbox.tree()

        let run = runSuite(in: sandbox)

        #expect(run == SuiteRun(status: .passed, output: "PASS: a\n1 passed, 0 failed\n"))
        #expect(sandbox.tree() == before)
    }

    @Test("A changed output fails with the diff, the review file and the command that accepts it")
    func changedOutputFails() throws {
        let sandbox = try Sandbox()
        try sandbox.write("scenarios/phases/cold-launch.lua", "")
        try sandbox.write("scenarios/phases/cold-launch.golden", "launched\nactive\n--- exit 0\n")
        let executor = FakeExecutor(outcomes: ["phases/cold-launch": .init(stdout: "launched\ninactive\n")])

        let run = runSuite(in: sandbox, executor: executor)

        #expect(
            run
                == SuiteRun(
                    status: .failed,
                    output: """
                        FAIL: phases/cold-launch
                        --- scenarios/phases/cold-launch.golden
                        +++ actual
                        @@ -1,3 +1,3 @@
                         launched
                        -active
                        +inactive
                         --- exit 0
                        wrote scenarios/phases/cold-launch.golden.new for review
                        accept with: scenesim test --update scenarios/phases/cold-launch.lua
                        0 passed, 1 failed

                        """))
        #expect(sandbox.read("scenarios/phases/cold-launch.golden.new") == "launched\ninactive\n--- exit 0\n")
        #expect(sandbox.read("scenarios/phases/cold-launch.golden") == "launched\nactive\n--- exit 0\n")
    }

    @Test("A missing golden fails, shows the whole output as added and is written for review")
    func missingGoldenIsWrittenForReview() throws {
        let sandbox = try Sandbox()
        try sandbox.write("scenarios/a.lua", "")

        let run = runSuite(in: sandbox)

        #expect(
            run
                == SuiteRun(
                    status: .failed,
                    output: """
                        FAIL: a (no golden: scenarios/a.golden)
                        --- scenarios/a.golden
                        +++ actual
                        @@ -0,0 +1,2 @@
                        +ran a
                        +--- exit 0
                        wrote scenarios/a.golden.new for review
                        accept with: scenesim test --update scenarios/a.lua
                        0 passed, 1 failed

                        """))
        #expect(sandbox.tree() == ["scenarios/a.lua": "", "scenarios/a.golden.new": FakeExecutor.golden("a")])
    }

    @Test("--update rewrites the golden, removes the review file, and the next run passes")
    func updateAcceptsTheReview() throws {
        let sandbox = try Sandbox()
        try sandbox.write("scenarios/a.lua", "")
        try sandbox.write("scenarios/a.golden", "old\n--- exit 0\n")
        try sandbox.write("scenarios/b.lua", "")
        #expect(runSuite(in: sandbox).status == .failed)
        #expect(sandbox.read("scenarios/a.golden.new") != nil)

        let update = runSuite(in: sandbox) { $0.update = true }

        #expect(update == SuiteRun(status: .passed, output: "UPDATED: a\nUPDATED: b (new golden)\n2 passed, 0 failed\n"))
        #expect(
            sandbox.tree() == [
                "scenarios/a.lua": "", "scenarios/a.golden": FakeExecutor.golden("a"),
                "scenarios/b.lua": "", "scenarios/b.golden": FakeExecutor.golden("b"),
            ])
        #expect(runSuite(in: sandbox) == SuiteRun(status: .passed, output: "PASS: a\nPASS: b\n2 passed, 0 failed\n"))
    }

    @Test("A passing scenario's stale review file is removed")
    func staleReviewFileIsRemoved() throws {
        let sandbox = try Sandbox()
        try sandbox.write("scenarios/a.lua", "")
        try sandbox.write("scenarios/a.golden", FakeExecutor.golden("a"))
        try sandbox.write("scenarios/a.golden.new", "stale\n")

        let run = runSuite(in: sandbox)

        #expect(run.status == .passed)
        #expect(sandbox.read("scenarios/a.golden.new") == nil)
    }

    @Test("A file named in the command line is displayed relative to the base directory")
    func namedFilesAreNormalised() throws {
        let sandbox = try Sandbox()
        try sandbox.write("scenarios/x/a b.lua", "")
        try sandbox.write("scenarios/x/a b.golden", "other\n--- exit 0\n")

        let dotted = runSuite(in: sandbox) { $0.paths = ["./scenarios/x/../x/a b.lua"] }
        let absolute = runSuite(in: sandbox) { $0.paths = [sandbox.root + "/scenarios/x/a b.lua"] }

        #expect(dotted.output.hasSuffix("accept with: scenesim test --update 'scenarios/x/a b.lua'\n0 passed, 1 failed\n"))
        #expect(absolute == dotted)
    }

    @Test("With colour on, removed lines are red, added lines green, and the verdict coloured")
    func colourMarksTheDiff() throws {
        let sandbox = try Sandbox()
        try sandbox.write("scenarios/a.lua", "")
        try sandbox.write("scenarios/a.golden", "old\n--- exit 0\n")

        let run = runSuite(in: sandbox) { $0.colour = true }

        #expect(
            run.output == """
                \u{1B}[31mFAIL\u{1B}[0m: a
                --- scenarios/a.golden
                +++ actual
                @@ -1,2 +1,2 @@
                \u{1B}[31m-old\u{1B}[0m
                \u{1B}[32m+ran a\u{1B}[0m
                 --- exit 0
                wrote scenarios/a.golden.new for review
                accept with: scenesim test --update scenarios/a.lua
                0 passed, 1 failed

                """)
    }
}
