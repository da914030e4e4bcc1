import Foundation
import Testing

@Suite("scenesim run, as a user runs it")
struct RunCommandTests {
    static let launchTrace = """
        [   0.000] app         launch #1 on ipados: nothing to restore
        [   0.000] main#1      connected (new session) -> inactive
        [   0.000] main#1      phase inactive -> active
        [   0.000] app         phase inactive -> active: validate session and refresh

        """

    @Test("A scenario whose name is not UTF-8 is named with its bytes escaped, not called 'no such scenario file'")
    func nameNotUTF8() throws {
        let binary = try #require(BuiltBinary.url)
        let folder = try TempFolder()
        let path = Array((folder.path + "/bad").utf8) + [0xFF] + Array(".lua\0".utf8)
        let file = path.withUnsafeBufferPointer { creat(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), 0o644) }
        try #require(file >= 0, "could not make the scenario file")
        close(file)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "exec \"$0\" run \"$(printf 'bad\\377.lua')\" 2>err", binary.path]
        process.currentDirectoryURL = URL(fileURLWithPath: folder.path)
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()

        #expect(process.terminationStatus == 2)
        let stderr = try String(contentsOfFile: folder.path + "/err", encoding: .utf8)
        #expect(stderr.hasPrefix("Error: cannot run bad\\255.lua: its name is not valid UTF-8; rename it\n"))
    }

    @Test("A scenario whose name holds a newline is named with it escaped in its errors, as scenesim test names it")
    func nameWithNewline() throws {
        let folder = try TempFolder(["nl\nname.lua": "print(\"hi\")\nerror(\"x\")\n"])
        let result = try BuiltBinary.run(["run", "--trace", "off", "nl\nname.lua"], in: folder.path)
        #expect(result.status == 1)
        #expect(result.stdout == "hi\n")
        #expect(result.stderr == "nl\\010name.lua:2: x\nstack traceback:\n\tnl\\010name.lua:2: in main chunk\n", "\(result)")
    }

    @Test("A passing scenario prints its trace and output and exits 0")
    func passingScenario() throws {
        let folder = try TempFolder([
            "ok.lua": """
            local app = sim.launch{}
            sim.settle()
            print("state", app.state)
            """
        ])

        let result = try BuiltBinary.run(["run", "ok.lua"], in: folder.path)

        #expect(
            result
                == ProcessResult(
                    status: 0,
                    stdout: Self.launchTrace + """
                        [   0.500] app         state loading -> unauthenticated
                        state\tunauthenticated

                        """, stderr: ""))
    }

    @Test("A use of a library the sandbox leaves out (io, os, debug, package, dofile, loadfile) says so and names --allow-io; another nil global does not")
    func sandboxedGlobalHint() throws {
        let folder = try TempFolder(["io.lua": "io.write(\"a\")\n", "dofile.lua": "dofile(\"x.lua\")\n", "other.lua": "iox.write(\"a\")\n"])
        let hint =
            "hint: %@ is not in scenesim's sandbox (a scenario reads no files, environment or wall clock, so every run prints the same bytes); if the scenario really needs it, run with --allow-io, which opens io, os, debug, package, dofile, loadfile\n"

        let io = try BuiltBinary.run(["run", "io.lua"], in: folder.path)
        let dofile = try BuiltBinary.run(["run", "dofile.lua"], in: folder.path)
        let other = try BuiltBinary.run(["run", "other.lua"], in: folder.path)
        let allowed = try BuiltBinary.run(["run", "--allow-io", "io.lua"], in: folder.path)

        #expect(io.status == 1)
        #expect(io.stderr.hasPrefix("io.lua:1: attempt to index a nil value (global 'io')\n"))
        #expect(io.stderr.hasSuffix(hint.replacingOccurrences(of: "%@", with: "io")), "\(io)")
        #expect(dofile.stderr.hasPrefix("dofile.lua:1: attempt to call a nil value (global 'dofile')\n"))
        #expect(dofile.stderr.hasSuffix(hint.replacingOccurrences(of: "%@", with: "dofile")), "\(dofile)")
        #expect(other.status == 1 && !other.stderr.contains("hint:"), "\(other)")
        #expect(allowed == ProcessResult(status: 0, stdout: "a", stderr: ""))
    }

    @Test("Standard output that cannot be written (closed, or past the file size limit standing in for a full disk) makes no success: exit 2 and why on stderr")
    func unwritableStandardOutput() throws {
        let binary = try #require(BuiltBinary.url)
        let folder = try TempFolder(["ok.lua": "sim.launch{}\nfor i = 1, 2000 do print(string.rep(\"x\", 100)) end\n"])
        for (redirect, reason) in [(">&-", "Bad file descriptor"), ("> out", "File too large")] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            // SIGXFSZ ignored, so a write past the limit fails with EFBIG instead of killing the process.
            process.arguments = ["-c", "trap '' XFSZ; ulimit -f 8; exec \"$0\" run ok.lua \(redirect) 2>err", binary.path]
            process.currentDirectoryURL = URL(fileURLWithPath: folder.path)
            try process.run()
            process.waitUntilExit()
            let stderr = try String(contentsOfFile: folder.path + "/err", encoding: .utf8)
            #expect(process.terminationStatus == 2, "\(redirect)")
            #expect(stderr == "scenesim: cannot write standard output: \(reason)\n", "\(redirect)")
        }
    }

    @Test(
        "SIGINT or SIGTERM stops a running scenario at its line with 'interrupted', its output flushed whole (killed outright it lost buffered lines, cut mid-line), exit 128 + the signal",
        arguments: [SIGINT, SIGTERM])
    func interruptedRun(signal: Int32) throws {
        let binary = try #require(BuiltBinary.url)
        let folder = try TempFolder(["hang.lua": "for i = 1, 1000 do print(\"line\", i) end\nwhile true do end\n"])
        let process = Process()
        process.executableURL = binary
        process.arguments = ["run", "--trace", "off", "--max-instructions", "0", "hang.lua"]
        process.currentDirectoryURL = URL(fileURLWithPath: folder.path)
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        Thread.sleep(forTimeInterval: 1)
        kill(process.processIdentifier, signal)
        // Should the signal not stop it, the test fails instead of waiting for ever.
        let pid = process.processIdentifier
        DispatchQueue.global().asyncAfter(deadline: .now() + 60) { kill(pid, SIGKILL) }
        let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()

        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 128 + signal)
        // Every line printed arrived whole (on a slow machine the signal may come before the loop).
        #expect(stdout.hasSuffix("\n"))
        #expect(stdout.split(separator: "\n").enumerated().allSatisfy { $0.element == "line\t\($0.offset + 1)" })
        #expect(stderr.hasPrefix("hang.lua:") && stderr.contains(": interrupted\nstack traceback:\n"), "\(stderr)")
    }

    @Test(
        "SIGINT during a loop of large prints stops the scenario after the print under way: it was honoured only at a hook step, which a short loop of long calls never reached (issue 43)"
    )
    func interruptedLargePrints() throws {
        let binary = try #require(BuiltBinary.url)
        // 200 prints of 128 MiB: fewer instructions than a hook step, and seconds of work in the
        // writer (16 MiB ones, printed by the C print, were done within the second the test waits).
        let folder = try TempFolder(["prints.lua": "local s = string.rep(\"x\", 1 << 27)\nfor i = 1, 200 do print(s) end\n"])
        let process = Process()
        process.executableURL = binary
        process.arguments = ["run", "--trace", "off", "--max-instructions", "0", "prints.lua"]
        process.currentDirectoryURL = URL(fileURLWithPath: folder.path)
        let err = Pipe()
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/null"))
        process.standardError = err
        try process.run()
        Thread.sleep(forTimeInterval: 1)
        kill(process.processIdentifier, SIGINT)
        let pid = process.processIdentifier
        DispatchQueue.global().asyncAfter(deadline: .now() + 60) { kill(pid, SIGKILL) }
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()

        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 128 + SIGINT)
        #expect(stderr.hasPrefix("prints.lua:2: interrupted\nstack traceback:\n"), "\(stderr)")
    }

    @Test("A second SIGINT ends a scenario the first could not stop (blocked reading with --allow-io) with what it printed flushed: it was lost from the buffer")
    func secondSignalFlushes() throws {
        let binary = try #require(BuiltBinary.url)
        let folder = try TempFolder(["read.lua": "print(\"before\")\nio.read()\n"])
        let process = Process()
        process.executableURL = binary
        process.arguments = ["run", "--trace", "off", "--allow-io", "read.lua"]
        process.currentDirectoryURL = URL(fileURLWithPath: folder.path)
        let input = Pipe(), out = Pipe()
        process.standardInput = input
        process.standardOutput = out
        process.standardError = Pipe()
        try process.run()
        Thread.sleep(forTimeInterval: 1)
        kill(process.processIdentifier, SIGINT)
        Thread.sleep(forTimeInterval: 0.5)
        kill(process.processIdentifier, SIGINT)
        let pid = process.processIdentifier
        DispatchQueue.global().asyncAfter(deadline: .now() + 60) { kill(pid, SIGKILL) }
        let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        withExtendedLifetime(input) {}

        #expect(process.terminationReason == .uncaughtSignal)
        #expect(process.terminationStatus == SIGINT)
        #expect(stdout == "before\n")
    }

    @Test("A failing assert exits 1 with its file:line and the traceback on stderr")
    func failingAssert() throws {
        let folder = try TempFolder([
            "fail.lua": """
            local app = sim.launch{}
            assert(app.state == "authenticated(ada)", "not logged in: " .. app.state)
            """
        ])

        let result = try BuiltBinary.run(["run", "fail.lua"], in: folder.path)

        #expect(
            result
                == ProcessResult(
                    status: 1, stdout: Self.launchTrace,
                    stderr: """
                        fail.lua:2: not logged in: loading
                        stack traceback:
                        \tfail.lua:2: in main chunk

                        """))
    }

    @Test("A syntax error exits 1 with file:line and no output")
    func syntaxError() throws {
        let folder = try TempFolder(["broken.lua": "local x = 1\nprint(1 +)\n"])

        let result = try BuiltBinary.run(["run", "broken.lua"], in: folder.path)

        #expect(result == ProcessResult(status: 1, stdout: "", stderr: "broken.lua:2: unexpected symbol near ')'\n"))
    }

    @Test("A runtime error deep in a lib/ helper shows the helper's line and script frames only")
    func errorInHelperModule() throws {
        let folder = try TempFolder([
            "deep.lua": """
            local helpers = require "helpers"
            local function step()
              helpers.run("bad")
            end
            step()
            """,
            "lib/helpers.lua": """
            local M = {}
            local function deep(x)
              error("helper failed: " .. x)
            end
            function M.run(x)
              deep(x)
            end
            return M
            """,
        ])

        let result = try BuiltBinary.run(["run", "deep.lua"], in: folder.path)

        #expect(
            result
                == ProcessResult(
                    status: 1, stdout: "",
                    stderr: """
                        lib/helpers.lua:3: helper failed: bad
                        stack traceback:
                        \tlib/helpers.lua:3: in upvalue 'deep'
                        \tlib/helpers.lua:6: in function 'helpers.run'
                        \tdeep.lua:3: in local 'step'
                        \tdeep.lua:5: in main chunk

                        """))
    }

    @Test("scenesim repl FILE finds modules in the nearest lib/ at or above FILE's folder, as run does")
    func replFindsTheSameLib() throws {
        let folder = try TempFolder([
            "topic/x.lua": "print(require(\"h\").hi)",
            "lib/h.lua": "return { hi = \"from lib\" }",
        ])

        let run = try BuiltBinary.run(["run", "--trace", "off", "topic/x.lua"], in: folder.path)
        let repl = try BuiltBinary.run(["repl", "--trace", "off", "topic/x.lua"], in: folder.path)

        #expect(run == ProcessResult(status: 0, stdout: "from lib\n", stderr: ""))
        #expect(repl == run)
    }

    @Test("An unknown flag is a usage error: exit 2 and the usage line")
    func badFlag() throws {
        let folder = try TempFolder(["ok.lua": "sim.launch{}\n"])

        let result = try BuiltBinary.run(["run", "--bogus", "ok.lua"], in: folder.path)

        #expect(
            result
                == ProcessResult(
                    status: 2, stdout: "",
                    stderr: """
                        Error: Unknown option '--bogus'
                        Usage: scenesim run <file> [--seed <seed>] [--max-instructions <n>] [--max-memory <MiB>] [--allow-io] [--trace <format>] [--platform <platform>] [--timeline <file>] [--timeline-axis <axis>]
                          See 'scenesim run --help' for more information.

                        """))
    }

    @Test("A missing scenario file is a usage error: exit 2 naming the file")
    func missingFile() throws {
        let folder = try TempFolder()
        try folder.write("other.lua", "")

        let result = try BuiltBinary.run(["run", "nope.lua"], in: folder.path)

        #expect(
            result
                == ProcessResult(
                    status: 2, stdout: "",
                    stderr: """
                        Error: no such scenario file: nope.lua
                        Usage: scenesim run <file> [--seed <seed>] [--max-instructions <n>] [--max-memory <MiB>] [--allow-io] [--trace <format>] [--platform <platform>] [--timeline <file>] [--timeline-axis <axis>]
                          See 'scenesim run --help' for more information.

                        """))
    }

    @Test("--trace jsonl writes one JSON object per line: each event, and each print as a print event")
    func traceJSONLines() throws {
        let folder = try TempFolder(["ok.lua": "sim.launch{}\nsim.log(\"hi\")\nprint(\"done\")\n"])

        let result = try BuiltBinary.run(["run", "--trace", "jsonl", "ok.lua"], in: folder.path)

        #expect(
            result
                == ProcessResult(
                    status: 0,
                    stdout: """
                        {"event":"launched","number":1,"platform":"ipados","restoring":[],"text":"launch #1 on ipados: nothing to restore","time":0.000}
                        {"event":"sceneConnected","reason":"new","scene":"main#1","text":"connected (new session) -> inactive","time":0.000,"value":null}
                        {"event":"scenePhaseChanged","from":"inactive","scene":"main#1","text":"phase inactive -> active","time":0.000,"to":"active"}
                        {"event":"appPhaseChanged","from":"inactive","text":"phase inactive -> active: validate session and refresh","time":0.000,"to":"active"}
                        {"event":"note","note":"hi","text":"hi","time":0.000}
                        {"event":"print","text":"done","time":0.000}

                        """, stderr: ""))
    }

    @Test("With --allow-io, io.write and print share standard output and keep their order")
    func ioWriteKeepsOrder() throws {
        let folder = try TempFolder([
            "io.lua": """
            io.write("one\\n") print("two") io.write("three\\n") print("four")
            """
        ])

        let result = try BuiltBinary.run(["run", "--allow-io", "io.lua"], in: folder.path)

        #expect(result == ProcessResult(status: 0, stdout: "one\ntwo\nthree\nfour\n", stderr: ""))
    }

    @Test("--trace off leaves only what the script prints")
    func traceOff() throws {
        let folder = try TempFolder(["ok.lua": "sim.launch{}\nsim.log(\"hi\")\nprint(\"done\")\n"])

        let result = try BuiltBinary.run(["run", "--trace", "off", "ok.lua"], in: folder.path)

        #expect(result == ProcessResult(status: 0, stdout: "done\n", stderr: ""))
    }

    @Test("A seed the script does not use leaves the output byte-identical")
    func seedIndependence() throws {
        let folder = try TempFolder(["ok.lua": "local app = sim.launch{}\nsim.settle()\nprint(app.sessions)\n"])

        let zero = try BuiltBinary.run(["run", "ok.lua"], in: folder.path)
        let other = try BuiltBinary.run(["run", "--seed", "12345", "ok.lua"], in: folder.path)

        #expect(zero.status == 0)
        #expect(zero == other)
    }
}
