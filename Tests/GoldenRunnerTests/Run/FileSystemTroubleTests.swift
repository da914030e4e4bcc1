import Foundation
@testable import GoldenRunner
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

    @Test("A scenario that cannot be read (a symlink loop, a link to a folder) is an error: --update keeps its reviewed golden")
    func unreadableScenarioKeepsGolden() throws {
        let sandbox = try Sandbox()
        try sandbox.write("scenarios/loop.golden", "reviewed\n--- exit 0\n")
        try sandbox.write("scenarios/folder/keep", "")
        try sandbox.write("scenarios/ok.lua", "")
        try sandbox.write("scenarios/ok.golden", FakeExecutor.golden("ok"))
        // Both fail as root too, unlike permission bits.
        try FileManager.default.createSymbolicLink(atPath: sandbox.root + "/scenarios/loop.lua", withDestinationPath: "loop.lua")
        try FileManager.default.createSymbolicLink(atPath: sandbox.root + "/scenarios/dir.lua", withDestinationPath: "folder")
        let executor = CountingExecutor()

        let run = runSuite(in: sandbox, executor: executor) { $0.update = true }

        #expect(
            run
                == SuiteRun(
                    status: .error,
                    output: """
                        FAIL: dir (cannot read scenarios/dir.lua: Is a directory)
                        FAIL: loop (cannot read scenarios/loop.lua: Too many levels of symbolic links)
                        PASS: ok
                        1 passed, 2 failed

                        """,
                    errors: """
                        error: cannot read scenarios/dir.lua: Is a directory
                        error: cannot read scenarios/loop.lua: Too many levels of symbolic links

                        """))
        #expect(sandbox.read("scenarios/loop.golden") == "reviewed\n--- exit 0\n")
        #expect(executor.runCount == 1)
    }

    @Test("A folder that cannot be listed is reported with its reason, the rest still runs, and the run exits 2")
    func unreadableFolderIsReported() throws {
        let sandbox = try Sandbox()
        try sandbox.write("scenarios/locked/hidden.lua", "")
        try sandbox.write("scenarios/ok.lua", "")
        try sandbox.write("scenarios/ok.golden", FakeExecutor.golden("ok"))
        // As root, permission bits never stop a read: the refusal is simulated at the listing.
        let refusing = DirectoryListing { path in
            path.hasSuffix("/locked") ? .failure(POSIXErrno(code: EACCES)) : DirectoryListing.system.list(path)
        }
        var output = "", errors = ""

        let status = GoldenSuite.run(
            GoldenSuite.Configuration(baseDirectory: sandbox.root, jobs: 1), executor: FakeExecutor(), environment: [:],
            clock: .monotonic, listDirectory: refusing, output: { output += $0 }, errorOutput: { errors += $0 }
        )

        #expect(status == .error)
        // Before, "1 passed, 0 failed": the summary read all green.
        #expect(output == "PASS: ok\n1 passed, 0 failed, 1 not run\n")
        #expect(errors == "error: cannot read folder scenarios/locked: Permission denied; its scenarios were not run\n")
    }

    @Test("A scenario or a folder whose name is not UTF-8 is reported with its bytes escaped, never skipped; the run exits 2")
    func namesThatAreNotUTF8() throws {
        let sandbox = try Sandbox()
        try sandbox.write("scenarios/ok.lua", "")
        try sandbox.write("scenarios/ok.golden", FakeExecutor.golden("ok"))
        for (name, isFolder) in [([UInt8]("bad".utf8) + [0xFF] + Array(".lua".utf8), false), ([UInt8]("dir".utf8) + [0xFE], true)] {
            let path = Array((sandbox.root + "/scenarios/").utf8) + name + [0]
            path.withUnsafeBufferPointer { buffer in
                let cPath = UnsafeRawPointer(buffer.baseAddress!).assumingMemoryBound(to: CChar.self)
                if isFolder { mkdir(cPath, 0o755) } else { close(creat(cPath, 0o644)) }
            }
        }

        let run = runSuite(in: sandbox) { $0.junitPath = "junit.xml" }

        #expect(run.status == .error)
        #expect(run.output == "PASS: ok\n1 passed, 0 failed, 2 not run\n")
        // JUnit has a failed case for each, which it left out before (tests="1" failures="0").
        let junit = sandbox.read("junit.xml") ?? ""
        #expect(junit.contains("tests=\"3\" failures=\"2\""), "\(junit)")
        #expect(junit.contains("name=\"scenarios/bad\\255.lua\""), "\(junit)")
        #expect(
            run.errors == """
                error: cannot run scenarios/bad\\255.lua: its name is not valid UTF-8; rename it
                error: cannot run the scenarios in folder scenarios/dir\\254: its name is not valid UTF-8; rename it

                """)
    }

    @Test("A symlinked folder's scenarios run when it leads inside the suite; a symlink loop lists each folder once")
    func symlinkedFolders() throws {
        let sandbox = try Sandbox()
        // The suite is scenarios/ (run from scenarios/phases); the link leads to a sibling in it.
        try sandbox.write("scenarios/common/linked.lua", "")
        try sandbox.write("scenarios/phases/ok.lua", "")
        try FileManager.default.createSymbolicLink(atPath: sandbox.root + "/scenarios/phases/more", withDestinationPath: "../common")
        try FileManager.default.createSymbolicLink(atPath: sandbox.root + "/scenarios/phases/loop", withDestinationPath: sandbox.root + "/scenarios/phases")

        let run = runSuite(in: sandbox) {
            $0.paths = ["scenarios/phases"]
            $0.update = true
        }

        #expect(run.output == "UPDATED: phases/more/linked (new golden)\nUPDATED: phases/ok (new golden)\n2 passed, 0 failed\n")
        #expect(sandbox.read("scenarios/common/linked.golden") == FakeExecutor.golden("phases/more/linked"))
        #expect(run.status == GoldenSuite.ExitStatus.passed)
    }

    @Test("A path that cannot be reached says why, not 'no such file'")
    func unreachablePathSaysWhy() throws {
        let sandbox = try Sandbox()
        try sandbox.write("scenarios/a.lua", "")

        let run = runSuite(in: sandbox) { $0.paths = ["scenarios/a.lua/b"] }

        #expect(run == SuiteRun(status: .error, output: "", errors: "error: cannot read scenarios/a.lua/b: Not a directory\n"))
    }

    @Test("A failed golden write leaves no temporary file behind")
    func failedWriteLeavesNoTemporaryFile() throws {
        let sandbox = try Sandbox()
        try sandbox.write("scenarios/a.lua", "")
        // A folder where the review file would go: the rename of the temporary file fails.
        try sandbox.write("scenarios/a.golden.new/keep", "")

        _ = runSuite(in: sandbox)

        #expect(sandbox.tree().keys.sorted() == ["scenarios/a.golden.new/keep", "scenarios/a.lua"])
        #expect(TemporaryFiles.shared.current.allSatisfy { !$0.hasPrefix(sandbox.root) })
    }

    @Test("Temporary files being written are removed by the signal cleanup")
    func signalCleanupRemovesTemporaryFiles() throws {
        let sandbox = try Sandbox()
        try sandbox.write("scenarios/a.golden.tmp-1", "half")
        let path = sandbox.root + "/scenarios/a.golden.tmp-1"
        TemporaryFiles.shared.register(path)

        TemporaryFiles.shared.removeAll()

        #expect(sandbox.read("scenarios/a.golden.tmp-1") == nil)
        #expect(!TemporaryFiles.shared.current.contains(path))
    }

    @Test("A stray temporary file from an interrupted write is reported, and --update removes it")
    func strayTemporaryFiles() throws {
        let sandbox = try Sandbox()
        try sandbox.write("scenarios/a.lua", "")
        try sandbox.write("scenarios/a.golden", FakeExecutor.golden("a"))
        try sandbox.write("scenarios/a.golden.tmp-0C1D", "half a golden")
        try sandbox.write("scenarios/a.golden.new.tmp-99AA", "half a review")

        let review = runSuite(in: sandbox)
        let update = runSuite(in: sandbox) { $0.update = true }

        #expect(
            review
                == SuiteRun(
                    status: .passed,
                    output: """
                        PASS: a
                        STRAY: scenarios/a.golden.new.tmp-99AA (temporary file of an unfinished golden write; delete it, or run with --update to remove it)
                        STRAY: scenarios/a.golden.tmp-0C1D (temporary file of an unfinished golden write; delete it, or run with --update to remove it)
                        1 passed, 0 failed

                        """))
        #expect(
            update
                == SuiteRun(
                    status: .passed,
                    output: """
                        PASS: a
                        REMOVED: scenarios/a.golden.new.tmp-99AA (temporary file of an unfinished golden write)
                        REMOVED: scenarios/a.golden.tmp-0C1D (temporary file of an unfinished golden write)
                        1 passed, 0 failed

                        """))
        #expect(sandbox.tree().keys.sorted() == ["scenarios/a.golden", "scenarios/a.lua"])
    }

    @Test("--update with --filter removes only the selected scenarios' temporary files")
    func straysOutsideTheFilterStay() throws {
        let sandbox = try Sandbox()
        for name in ["a", "b"] {
            try sandbox.write("scenarios/\(name).lua", "")
            try sandbox.write("scenarios/\(name).golden", FakeExecutor.golden(name))
            try sandbox.write("scenarios/\(name).golden.tmp-0C1D", "half a golden")
        }

        let update = runSuite(in: sandbox) {
            $0.update = true
            $0.filter = "a"
        }

        #expect(
            update
                == SuiteRun(
                    status: .passed,
                    output: """
                        PASS: a
                        REMOVED: scenarios/a.golden.tmp-0C1D (temporary file of an unfinished golden write)
                        1 passed, 0 failed

                        """))
        #expect(sandbox.read("scenarios/b.golden.tmp-0C1D") == "half a golden")
    }

    @Test(
        "A write through a symlink replaces its target, not the link; a dangling link creates what it names; a FIFO is written in place, not replaced by a regular file (--junit /dev/stdout, a golden kept as a link)"
    )
    func writesThroughLinksAndSpecialFiles() throws {
        let sandbox = try Sandbox()
        try sandbox.write("real/target.xml", "old")
        try FileManager.default.createSymbolicLink(atPath: sandbox.root + "/link.xml", withDestinationPath: "real/target.xml")
        try FileManager.default.createSymbolicLink(atPath: sandbox.root + "/dangling.xml", withDestinationPath: "real/new.xml")
        let fifo = sandbox.root + "/fifo.xml"
        try #require(mkfifo(fifo, 0o644) == 0)

        try GoldenFiles.writeAtomically(Array("new".utf8), to: sandbox.root + "/link.xml", displayedAs: "link.xml")
        try GoldenFiles.writeAtomically(Array("made".utf8), to: sandbox.root + "/dangling.xml", displayedAs: "dangling.xml")
        // A reader at the FIFO's other end, as a tool reading the report from a pipe.
        let reader = Process()
        reader.executableURL = URL(fileURLWithPath: "/bin/cat")
        reader.arguments = [fifo]
        let pipe = Pipe()
        reader.standardOutput = pipe
        try reader.run()
        try GoldenFiles.writeAtomically(Array("piped".utf8), to: fifo, displayedAs: "fifo.xml")
        reader.waitUntilExit()

        let attributes = { (name: String) in try FileManager.default.attributesOfItem(atPath: sandbox.root + "/" + name)[.type] as? FileAttributeType }
        #expect(try attributes("link.xml") == .typeSymbolicLink)
        #expect(sandbox.read("real/target.xml") == "new")
        #expect(try attributes("dangling.xml") == .typeSymbolicLink)
        #expect(sandbox.read("real/new.xml") == "made")
        var info = stat()
        #expect(lstat(fifo, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO, "still a FIFO")
        #expect(String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) == "piped")
        #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.root).sorted() == ["dangling.xml", "fifo.xml", "link.xml", "real"])
    }
}
