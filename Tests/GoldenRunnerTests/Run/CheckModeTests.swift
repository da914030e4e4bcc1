import GoldenRunner
import Testing

@Suite("Check mode (CI or --check) never writes")
struct CheckModeTests {
    static let ways: [(environment: [String: String], check: Bool)] = [
        (["CI": "true"], false),
        (["CI": "1"], false),
        ([:], true),
    ]

    @Test("A mismatch and a missing golden fail, and the tree is left exactly as it was", arguments: ways)
    func checkModeWritesNothing(environment: [String: String], check: Bool) throws {
        let sandbox = try Sandbox()
        try sandbox.write("scenarios/a.lua", "")
        try sandbox.write("scenarios/a.golden", "old\n--- exit 0\n")
        try sandbox.write("scenarios/b.lua", "")
        try sandbox.write("scenarios/c.lua", "")
        try sandbox.write("scenarios/c.golden", FakeExecutor.golden("c"))
        try sandbox.write("scenarios/c.golden.new", "left for review\n")
        let before = sandbox.tree()

        let run = runSuite(in: sandbox, environment: environment) { $0.check = check }
        // Under CI the command is refused; it is for a machine without CI.
        let whereToAccept = check ? "" : " (where CI is not set)"

        #expect(
            run
                == SuiteRun(
                    status: .failed,
                    output: """
                        FAIL: a
                        --- scenarios/a.golden
                        +++ actual
                        @@ -1,2 +1,2 @@
                        -old
                        +ran a
                         --- exit 0
                        accept with: scenesim test --update scenarios/a.lua\(whereToAccept)
                        FAIL: b (no golden: scenarios/b.golden)
                        --- scenarios/b.golden
                        +++ actual
                        @@ -0,0 +1,2 @@
                        +ran b
                        +--- exit 0
                        accept with: scenesim test --update scenarios/b.lua\(whereToAccept)
                        PASS: c
                        1 passed, 2 failed

                        """))
        #expect(sandbox.tree() == before)
    }

    @Test("CI set to the empty string, 0, false or no (some CI tools export CI=false to say they are not one) is not check mode", arguments: ["", "0", "false", "FALSE", "no"])
    func emptyCIIsNotCheckMode(value: String) throws {
        let sandbox = try Sandbox()
        try sandbox.write("scenarios/a.lua", "")

        _ = runSuite(in: sandbox, environment: ["CI": value])

        #expect(sandbox.read("scenarios/a.golden.new") == FakeExecutor.golden("a"))
    }
}
