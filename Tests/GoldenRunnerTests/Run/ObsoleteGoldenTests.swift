import GoldenRunner
import Testing

@Suite("Goldens without a scenario")
struct ObsoleteGoldenTests {
    func sandboxWithObsoleteGolden() throws -> Sandbox {
        let sandbox = try Sandbox()
        try sandbox.write("scenarios/a.lua", "")
        try sandbox.write("scenarios/a.golden", FakeExecutor.golden("a"))
        try sandbox.write("scenarios/old/gone.golden", "gone\n--- exit 0\n")
        try sandbox.write("scenarios/old/gone.golden.new", "review\n")
        return sandbox
    }

    @Test("A full run fails on an obsolete golden, and check mode leaves it", arguments: [false, true])
    func fullRunReportsObsoleteGolden(check: Bool) throws {
        let sandbox = try sandboxWithObsoleteGolden()
        let before = sandbox.tree()

        let run = runSuite(in: sandbox) { $0.check = check }

        #expect(
            run
                == SuiteRun(
                    status: .failed,
                    output: """
                        PASS: a
                        FAIL: old/gone (obsolete golden: no scenarios/old/gone.lua)
                        delete scenarios/old/gone.golden, or accept with: scenesim test --update
                        1 passed, 1 failed

                        """))
        #expect(sandbox.tree() == before)
    }

    @Test("--update on a full run removes the obsolete golden and its stray review file")
    func updateRemovesObsoleteGolden() throws {
        let sandbox = try sandboxWithObsoleteGolden()

        let run = runSuite(in: sandbox) { $0.update = true }

        #expect(
            run
                == SuiteRun(
                    status: .passed,
                    output: """
                        PASS: a
                        REMOVED: scenarios/old/gone.golden (obsolete golden: no scenarios/old/gone.lua)
                        REMOVED: scenarios/old/gone.golden.new (no scenarios/old/gone.lua)
                        1 passed, 0 failed

                        """))
        #expect(sandbox.tree() == ["scenarios/a.lua": "", "scenarios/a.golden": FakeExecutor.golden("a")])
    }

    @Test("A run narrowed by filter, shard or a named file ignores obsolete goldens")
    func narrowedRunsIgnoreObsoleteGoldens() throws {
        let sandbox = try sandboxWithObsoleteGolden()
        let narrowings: [(inout GoldenSuite.Configuration) -> Void] = [
            { $0.filter = "a" }, { $0.shard = "1/1" }, { $0.paths = ["scenarios/a.lua", "scenarios/old"] },
        ]

        for narrow in narrowings {
            let run = runSuite(in: sandbox) {
                narrow(&$0); $0.update = true
            }
            #expect(run == SuiteRun(status: .passed, output: "PASS: a\n1 passed, 0 failed\n"))
        }
        #expect(sandbox.read("scenarios/old/gone.golden") != nil)
    }
}
