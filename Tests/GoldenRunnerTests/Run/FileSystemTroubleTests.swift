import GoldenRunner
import Testing

@Suite("File system trouble")
struct FileSystemTroubleTests {
    @Test("An unreadable golden fails its scenario, exits 2, and --update leaves it alone")
    func unreadableGolden() throws {
        let sandbox = try Sandbox()
        try sandbox.write("scenarios/a.lua", "")
        try sandbox.write("scenarios/b.lua", "")
        try sandbox.write("scenarios/b.golden", FakeExecutor.golden("b"))
        // A folder where the golden should be: it exists, but cannot be read as text.
        try sandbox.write("scenarios/a.golden/keep", "")
        let before = sandbox.tree()

        let run = runSuite(in: sandbox) { $0.update = true }

        #expect(run.status == .error)
        #expect(run.output.hasPrefix("FAIL: a (cannot read scenarios/a.golden: "))
        #expect(run.output.hasSuffix("\nPASS: b\n1 passed, 1 failed\n"))
        #expect(run.errors.hasPrefix("error: cannot read scenarios/a.golden: "))
        #expect(sandbox.tree() == before)
    }
}
