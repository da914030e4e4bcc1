import Foundation
@testable import GoldenRunner
import Testing

/// Issue 43: git commits symlinks, so a pull request can carry a link in the suite. What the suite
/// supplies must resolve inside it, be a regular file and be read within a bound; what the user
/// typed on the command line is followed wherever it leads.
@Suite("A suite's symlinks stay inside the suite")
struct SuiteSymlinkTests {
    private func link(_ sandbox: Sandbox, _ path: String, to destination: String) throws {
        try FileManager.default.createSymbolicLink(atPath: sandbox.root + "/" + path, withDestinationPath: destination)
    }

    @Test(
        "A golden linked to a file outside the suite (a secret, /dev/zero, /proc/self/environ) is never read or shown, with CI set or not: its scenario fails naming the link, the run exits 2, --update writes nothing"
    )
    func goldenLinkedOutsideIsNotRead() throws {
        var targets = ["/dev/zero"]
        if FileManager.default.fileExists(atPath: "/proc/self/environ") { targets.append("/proc/self/environ") }
        for target in [nil] + targets {
            let sandbox = try Sandbox()
            try sandbox.write("secret.txt", "TOKEN=hunter2\n")
            try sandbox.write("scenarios/a.lua", "")
            try link(sandbox, "scenarios/a.golden", to: target ?? "../secret.txt")
            let message =
                "cannot read scenarios/a.golden: it leads outside the suite scenarios through a symbolic link, and scenesim reads only files inside the suite; replace the link with the file itself, or point it at a file inside the suite"

            for environment in [["CI": "1"], [:]] {
                let run = runSuite(in: sandbox, environment: environment) { $0.timeout = .seconds(20) }
                #expect(run == SuiteRun(status: .error, output: "FAIL: a (\(message))\n0 passed, 1 failed\n", errors: "error: \(message)\n"), "\(target ?? "secret")")
            }
            let update = runSuite(in: sandbox) { $0.update = true }
            #expect(update.status == .error)
            #expect(!update.output.contains("hunter2"))
            // (Listed, not read: reading the tree would follow the link.)
            #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.root + "/scenarios").sorted() == ["a.golden", "a.lua"], "nothing written")
            #expect(sandbox.read("secret.txt") == "TOKEN=hunter2\n")
        }
    }

    @Test("A golden kept as a link to a file inside the suite still passes, and --update writes its target and keeps the link")
    func goldenLinkedInsideKeepsWorking() throws {
        let sandbox = try Sandbox()
        try sandbox.write("scenarios/a.lua", "")
        try sandbox.write("scenarios/shared/a.txt", FakeExecutor.golden("a"))
        try sandbox.write("scenarios/b.lua", "")
        try sandbox.write("scenarios/shared/b.txt", "old\n--- exit 0\n")
        try link(sandbox, "scenarios/a.golden", to: "shared/a.txt")
        try link(sandbox, "scenarios/b.golden", to: "shared/b.txt")

        let check = runSuite(in: sandbox, environment: ["CI": "1"]) { $0.filter = "a" }
        let update = runSuite(in: sandbox) { $0.update = true }

        #expect(check == SuiteRun(status: .passed, output: "PASS: a\n1 passed, 0 failed\n"))
        #expect(update == SuiteRun(status: .passed, output: "PASS: a\nUPDATED: b\n2 passed, 0 failed\n"))
        #expect(sandbox.read("scenarios/shared/b.txt") == FakeExecutor.golden("b"))
        let type = try FileManager.default.attributesOfItem(atPath: sandbox.root + "/scenarios/b.golden")[.type] as? FileAttributeType
        #expect(type == .typeSymbolicLink)
    }

    @Test("A NAME.golden.new linked out of the suite is never written through, with or without --update; a dangling one creates nothing")
    func reviewFileLinkedOutsideIsNotWritten() throws {
        let sandbox = try Sandbox()
        try sandbox.write("outside/victim.txt", "precious")
        try sandbox.write("scenarios/a.lua", "")
        try sandbox.write("scenarios/a.golden", "old\n--- exit 0\n")
        try link(sandbox, "scenarios/a.golden.new", to: sandbox.root + "/outside/victim.txt")
        try sandbox.write("scenarios/b.lua", "")
        try link(sandbox, "scenarios/b.golden.new", to: "../outside/created.txt")

        let review = runSuite(in: sandbox)

        let outside =
            "cannot write scenarios/a.golden.new: it leads outside the suite scenarios through a symbolic link, and scenesim writes only inside the suite; remove the link, or point it at a file inside the suite"
        let dangling =
            "cannot write scenarios/b.golden.new: it is a symbolic link to nothing, and scenesim does not create what a link in the suite names; remove the link, or create its target inside the suite scenarios"
        #expect(review.status == .error)
        #expect(review.errors == "error: \(outside)\nerror: \(dangling)\n")
        #expect(!review.output.contains("wrote scenarios/a.golden.new"))
        #expect(sandbox.read("outside/victim.txt") == "precious")
        #expect(sandbox.read("outside/created.txt") == nil)

        // --update writes the golden (inside) and removes the link itself, never its target.
        let update = runSuite(in: sandbox) { $0.update = true }
        #expect(update == SuiteRun(status: .passed, output: "UPDATED: a\nUPDATED: b (new golden)\n2 passed, 0 failed\n"))
        #expect(sandbox.read("outside/victim.txt") == "precious")
        #expect(sandbox.read("outside/created.txt") == nil)
        #expect(sandbox.read("scenarios/a.golden") == FakeExecutor.golden("a"))
    }

    @Test("A golden linked out of the suite or to nothing is never written by --update: its target stays as it was, or is not created")
    func goldenLinkedOutsideIsNotWrittenByUpdate() throws {
        let sandbox = try Sandbox()
        try sandbox.write("scenarios/d.lua", "")
        try sandbox.write("outside/keep", "")
        try link(sandbox, "scenarios/d.golden", to: sandbox.root + "/outside/created.golden")

        let update = runSuite(in: sandbox) { $0.update = true }

        let message =
            "cannot write scenarios/d.golden: it is a symbolic link to nothing, and scenesim does not create what a link in the suite names; remove the link, or create its target inside the suite scenarios"
        #expect(update == SuiteRun(status: .error, output: "FAIL: d (golden not written)\n0 passed, 1 failed\n", errors: "error: \(message)\n"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.root + "/outside") == ["keep"])
    }

    @Test("A symlinked folder that leads out of the suite is not walked: reported, nothing in it run or written, the run exits 2; named on the command line, it runs")
    func folderLinkedOutsideIsNotWalked() throws {
        let sandbox = try Sandbox()
        try sandbox.write("elsewhere/linked.lua", "")
        try sandbox.write("scenarios/ok.lua", "")
        try sandbox.write("scenarios/ok.golden", FakeExecutor.golden("ok"))
        try link(sandbox, "scenarios/more", to: sandbox.root + "/elsewhere")
        let executor = CountingExecutor()

        let run = runSuite(in: sandbox, executor: executor)

        #expect(
            run
                == SuiteRun(
                    status: .error, output: "PASS: ok\n1 passed, 0 failed, 1 not run\n",
                    errors: """
                        error: cannot run the scenarios in folder scenarios/more: it is a symbolic link to a folder outside the suite scenarios; name it on the command line to run it, or move it into the suite

                        """))
        #expect(executor.runCount == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.root + "/elsewhere") == ["linked.lua"])

        // The user's own choice: the link typed on the command line is followed.
        let named = runSuite(in: sandbox) {
            $0.paths = ["scenarios/more"]
            $0.update = true
        }
        #expect(named == SuiteRun(status: .passed, output: "UPDATED: more/linked (new golden)\n1 passed, 0 failed\n"))
        #expect(sandbox.read("elsewhere/linked.golden") == FakeExecutor.golden("more/linked"))
    }

    @Test("The default scenarios/ (no path given) linked out of the project is not run; named on the command line, it runs")
    func defaultSuiteLinkedOutside() throws {
        let sandbox = try Sandbox()
        try sandbox.write("elsewhere/a.lua", "")
        try sandbox.write("project/keep.txt", "")
        try link(sandbox, "project/scenarios", to: sandbox.root + "/elsewhere")
        let executor = CountingExecutor()

        var configuration = GoldenSuite.Configuration(baseDirectory: sandbox.root + "/project", jobs: 1)
        var output = ""
        let status = GoldenSuite.run(configuration, executor: executor, environment: [:], output: { output += $0 })
        configuration.paths = ["scenarios"]
        configuration.update = true
        var named = ""
        let namedStatus = GoldenSuite.run(configuration, executor: FakeExecutor(), environment: [:], output: { named += $0 })

        #expect(status == .error)
        #expect(
            output
                == "error: scenarios is a symbolic link to a folder outside the project, and scenesim test runs only the suite inside it; name the folder on the command line to run it (scenesim test scenarios)\n"
        )
        #expect(executor.runCount == 0)
        #expect((namedStatus, named) == (.passed, "UPDATED: a (new golden)\n1 passed, 0 failed\n"))
    }

    @Test("A scenario linked to a file outside the suite is not run; named on the command line, the link runs")
    func scenarioLinkedOutsideIsNotRun() throws {
        let sandbox = try Sandbox()
        try sandbox.write("outside/s.lua", "-- a scenario from elsewhere")
        try sandbox.write("scenarios/keep.txt", "")
        try link(sandbox, "scenarios/s.lua", to: "../outside/s.lua")
        let executor = CountingExecutor()

        let run = runSuite(in: sandbox, executor: executor) { $0.update = true }

        let message =
            "cannot read scenarios/s.lua: it leads outside the suite scenarios through a symbolic link, and scenesim reads only files inside the suite; replace the link with the file itself, or point it at a file inside the suite"
        #expect(run == SuiteRun(status: .error, output: "FAIL: s (\(message))\n0 passed, 1 failed\n", errors: "error: \(message)\n"))
        #expect(executor.runCount == 0)
        #expect(sandbox.read("scenarios/s.golden") == nil)

        let named = runSuite(in: sandbox) {
            $0.paths = ["scenarios/s.lua"]
            $0.update = true
        }
        #expect(named == SuiteRun(status: .passed, output: "UPDATED: s (new golden)\n1 passed, 0 failed\n"))
    }

    @Test("A FIFO in the suite as a golden, a scenario or a review file is refused at once, never waited on or written")
    func fifosAreRefused() throws {
        let sandbox = try Sandbox()
        for name in ["g", "r"] { try sandbox.write("scenarios/\(name).lua", "") }
        for path in ["scenarios/g.golden", "scenarios/s.lua", "scenarios/r.golden.new"] {
            try #require(mkfifo(sandbox.root + "/" + path, 0o644) == 0)
        }
        try sandbox.write("scenarios/r.golden", "old\n--- exit 0\n")

        // Before, reading the FIFO waited for a writer for ever: the timeout gave up on it.
        let run = runSuite(in: sandbox) { $0.timeout = .seconds(2) }

        #expect(run.status == .error)
        #expect(
            run.output.hasPrefix(
                """
                FAIL: g (cannot read scenarios/g.golden: not a regular file (a FIFO, a device or a socket); a suite's scenarios and goldens are regular files: replace it with one)
                FAIL: r

                """))
        #expect(
            run.output.contains(
                "FAIL: s (cannot read scenarios/s.lua: not a regular file (a FIFO, a device or a socket); a suite's scenarios and goldens are regular files: replace it with one)\n"
            ))
        #expect(
            run.errors.contains(
                "error: cannot write scenarios/r.golden.new: not a regular file (a FIFO, a device or a socket); remove it, and the next run writes a regular file there\n"))
        var info = stat()
        #expect(lstat(sandbox.root + "/scenarios/r.golden.new", &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO)
    }

    @Test("The executor runs the bytes the runner read and checked, not the file opened again")
    func executorGetsTheCheckedBytes() throws {
        let sandbox = try Sandbox()
        try sandbox.write("scenarios/a.lua", "-- checked\nprint('a')\n")
        let executor = SourceRecordingExecutor()

        _ = runSuite(in: sandbox, executor: executor) { $0.update = true }

        #expect(executor.sources == [Array("-- checked\nprint('a')\n".utf8)])
    }

    @Test("A file of the suite larger than 512 MiB is refused before a byte of it is read")
    func largeFilesAreRefused() throws {
        let sandbox = try Sandbox()
        try sandbox.write("scenarios/big.golden", "")
        // Sparse: no disk is used, and a read would still hold 513 MiB.
        try #require(truncate(sandbox.root + "/scenarios/big.golden", off_t(GoldenFiles.maxFileSize + (1 << 20))) == 0)
        let boundary = SuiteBoundary.enclosing(sandbox.root + "/scenarios", root: sandbox.root + "/scenarios", resolver: PathResolver(baseDirectory: sandbox.root))

        #expect(throws: GoldenRunnerError.tooLarge("scenarios/big.golden")) {
            _ = try GoldenFiles.read(sandbox.root + "/scenarios/big.golden", displayedAs: "scenarios/big.golden", within: boundary)
        }
        #expect(
            GoldenRunnerError.tooLarge("x").message
                == "cannot read x: larger than 512 MiB, the most scenesim reads from one file of a suite (the default --max-memory); make it smaller")
    }
}

/// Keeps the source each scenario was handed.
final class SourceRecordingExecutor: ScenarioExecutor, @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [[UInt8]?] = []

    var sources: [[UInt8]?] { lock.withLock { recorded } }

    func run(_ scenario: Scenario, stop: ScenarioStop) -> ScenarioOutcome {
        lock.withLock { recorded.append(scenario.source) }
        return FakeExecutor.defaultOutcome(scenario.name)
    }
}
