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

    @Test("A review file that cannot be written is not claimed: the error says why, and the run exits 2")
    func unwritableReviewFile() throws {
        let sandbox = try Sandbox()
        try sandbox.write("scenarios/a.lua", "")
        // A folder where the review file would go: renaming the new text over it fails.
        try sandbox.write("scenarios/a.golden.new/keep", "")

        let run = runSuite(in: sandbox)

        #expect(run.status == .error)
        #expect(!run.output.contains("wrote scenarios/a.golden.new for review"))
        #expect(run.output.contains("accept with: scenesim test --update scenarios/a.lua\n"))
        #expect(run.errors.hasPrefix("error: cannot write scenarios/a.golden.new: "))
    }

    @Test("A golden that --update cannot write fails its scenario instead of claiming UPDATED")
    func unwritableGolden() throws {
        let sandbox = try Sandbox()
        // The golden's name fits, but the temporary file beside it exceeds NAME_MAX (255).
        let stem = String(repeating: "x", count: 220)
        try sandbox.write("scenarios/\(stem).lua", "")

        let run = runSuite(in: sandbox) { $0.update = true }

        #expect(run.status == .error)
        #expect(run.output == "FAIL: \(stem) (golden not written)\n0 passed, 1 failed\n")
        #expect(run.errors.hasPrefix("error: cannot write scenarios/\(stem).golden: "))
    }
}
