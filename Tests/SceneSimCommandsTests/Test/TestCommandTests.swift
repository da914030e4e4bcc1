import Foundation
import Testing

@Suite("scenesim test as a user runs it")
struct TestCommandTests {
    @Test("A copy of the suite passes from any directory, by absolute or relative path")
    func suitePassesFromAnywhere() throws {
        let folder = try TempFolder()
        let copy = folder.path + "/elsewhere/s"
        try FileManager.default.createDirectory(atPath: folder.path + "/elsewhere", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: packageRoot.path + "/scenarios", toPath: copy)
        for stray in FileManager.default.subpaths(atPath: copy) ?? [] where stray.hasSuffix(".golden.new") {
            try FileManager.default.removeItem(atPath: copy + "/" + stray)
        }

        let absolute = try BuiltBinary.run(["test", "--check", "-j", "2", copy], in: "/")
        let relative = try BuiltBinary.run(["test", "--check", "-j", "2", "s"], in: folder.path + "/elsewhere")
        let inside = try BuiltBinary.run(["test", "--check", "-j", "2", "."], in: copy)

        for result in [absolute, relative, inside] {
            #expect(result.status == 0, "\(result)")
            #expect(result.stdout.hasSuffix(" passed, 0 failed\n"), "\(result)")
        }
    }

    @Test("A scenario in an endless loop is stopped by --timeout and reported; the next one still runs")
    func endlessLoopTimesOut() throws {
        let folder = try TempFolder([
            "loop.lua": "print(\"looping\")\nwhile true do end\n",
            "ok.lua": "print(\"ok\")\n",
            "ok.golden": "ok\n--- exit 0\n",
        ])

        let result = try BuiltBinary.run(["test", "--check", "--timeout", "0.2", "--max-instructions", "0", "-j", "1", "."], in: folder.path)

        #expect(
            result
                == ProcessResult(
                    status: 1,
                    stdout: """
                        FAIL: loop (timed out after 0.2 s)
                        last output:
                          looping
                        stopped at:
                        loop.lua:2: interrupted
                        stack traceback:
                        \tloop.lua:2: in main chunk
                        if it really needs longer, raise the limit with --timeout SECONDS (0 for none)
                        PASS: ok
                        1 passed, 1 failed

                        """, stderr: ""))
    }

    @Test("test takes the scenario flags of run: --max-instructions stops a loop with the limit's hint")
    func sharedScenarioFlags() throws {
        let folder = try TempFolder(["loop.lua": "-- expect: error\nwhile true do end\n"])

        let result = try BuiltBinary.run(["test", "--update", "--max-instructions", "100000", "--seed", "3", "."], in: folder.path)
        let golden = try String(contentsOfFile: folder.path + "/loop.golden", encoding: .utf8)

        #expect(result.status == 0, "\(result)")
        #expect(golden.contains("hint: the scenario ran too long (an endless loop?); if it really needs more, raise the limit with --max-instructions N (0 for none)\n"))
    }

    @Test(
        "An error in a lib/ module is named from the suite's root, as the scenario is: its golden passes whatever directory scenesim test runs from (it read scenarios/lib/m.lua from one, lib/m.lua from another)"
    )
    func moduleNamesInGoldens() throws {
        let folder = try TempFolder([
            "scenarios/lib/model.lua": "local M = {}\nfunction M.sign_in(user)\n  return \"library(\" .. user .. \")\"\nend\nreturn M\n",
            "scenarios/topic/fails.lua": "-- expect: error\nlocal model = require \"model\"\nmodel.sign_in(nil)\n",
        ])

        let recorded = try BuiltBinary.run(["test", "--update", "scenarios"], in: folder.path)
        let fromInside = try BuiltBinary.run(["test", "--check", "."], in: folder.path + "/scenarios")
        let fromRoot = try BuiltBinary.run(["test", "--check", folder.path + "/scenarios"], in: "/")
        let golden = try String(contentsOfFile: folder.path + "/scenarios/topic/fails.golden", encoding: .utf8)

        #expect(recorded.status == 0, "\(recorded)")
        #expect(
            golden
                == "--- stderr\nlib/model.lua:3: attempt to concatenate a nil value (local 'user')\nstack traceback:\n\tlib/model.lua:3: in function 'model.sign_in'\n\ttopic/fails.lua:3: in main chunk\n--- exit 1\n",
            "\(golden)")
        #expect(fromInside.status == 0, "\(fromInside)")
        #expect(fromRoot.status == 0, "\(fromRoot)")
    }

    @Test(
        "The output a golden test holds stays within --max-memory: a scenario printing past it stops at the print's line with the output limit and the hint (a MiB printed a thousand times held gigabytes); one within it passes"
    )
    func outputWithinMemoryLimit() throws {
        let folder = try TempFolder([
            "flood.lua": "local s = string.rep(\"x\", 1024 * 1024)\nfor _ = 1, 1000 do print(s) end\n",
            "small.lua": "local s = string.rep(\"x\", 1024 * 1024)\nfor _ = 1, 3 do print(#s) end\n",
            "small.golden": "1048576\n1048576\n1048576\n--- exit 0\n",
        ])

        let result = try BuiltBinary.run(["test", "--check", "--max-memory", "4", "-j", "1", "."], in: folder.path)

        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("FAIL: flood (error at flood.lua:2: output limit exceeded (4194304 bytes))\n"), "\(result)")
        #expect(
            result.stdout.contains(
                "\nhint: the scenario printed more than the memory limit holds, and scenesim test keeps a scenario's whole output to compare it with its golden; print less (a summary, not every value), or raise the limit with --max-memory MiB (0 for none)\nnot recorded: the scenario stopped at a limit (see the hint above)\n"
            ), "\(result)")
        #expect(result.stdout.hasSuffix("PASS: small\n1 passed, 1 failed\n"), "\(result)")
    }

    @Test("With --allow-io, what a scenario writes with io.write is in its golden, in order with print: a change to it fails the test, and none of it reaches the report")
    func ioWriteInGolden() throws {
        let folder = try TempFolder([
            "io.lua": "io.write(\"one\\n\") print(\"two\") io.stdout:write(\"three\\n\")\n",
            "io.golden": "one\ntwo\nthree\n--- exit 0\n",
            "changed.lua": "io.write(\"one, changed\\n\") print(\"two\")\n",
            "changed.golden": "one\ntwo\n--- exit 0\n",
        ])

        let result = try BuiltBinary.run(["test", "--allow-io", "--check", "-j", "1", "."], in: folder.path)

        // Before, io.write went to the test command's own standard output: the golden held
        // "two" alone and passed whatever io.write printed.
        #expect(
            result
                == ProcessResult(
                    status: 1,
                    stdout: """
                        FAIL: changed
                        --- changed.golden
                        +++ actual
                        @@ -1,3 +1,3 @@
                        -one
                        +one, changed
                         two
                         --- exit 0
                        accept with: scenesim test --update changed.lua
                        PASS: io
                        1 passed, 1 failed

                        """, stderr: ""))
    }

    @Test("A scenario's name is the same from any directory (the report, --filter, --list, JUnit), and the same file in two suites of one run is named, and drawn, by its path")
    func namesFromAnyDirectory() throws {
        let folder = try TempFolder([
            "work/x/scenarios/auth/login.lua": "print(\"a\")\n",
            "work/x/scenarios/auth/login.golden": "a\n--- exit 0\n",
            "work/y/scenarios/auth/login.lua": "print(\"b\")\n",
            "work/y/scenarios/auth/login.golden": "b\n--- exit 0\n",
        ])
        let suite = folder.path + "/work/x/scenarios"
        var reports: [String] = []
        for (arguments, directory) in [([suite], "/"), (["x/scenarios"], folder.path + "/work"), ([".."], suite + "/auth")] {
            let result = try BuiltBinary.run(["test", "--check", "--filter", "^auth/", "--junit", folder.path + "/j.xml"] + arguments, in: directory)
            let junit = try String(contentsOfFile: folder.path + "/j.xml", encoding: .utf8)
            #expect(result.status == 0, "\(result)")
            #expect(junit.contains("name=\"auth/login\""), "\(junit)")
            reports.append(result.stdout)
        }
        // Before, from / the name was tmp/.../work/x/scenarios/auth/login and the filter matched nothing.
        #expect(reports == Array(repeating: "PASS: auth/login\n1 passed, 0 failed\n", count: 3))

        let both = try BuiltBinary.run(["test", "--check", "--timeline", "pictures", "--timeline-format", "txt", "x/scenarios", "y/scenarios"], in: folder.path + "/work")
        #expect(both.stdout == "PASS: x/scenarios/auth/login\nPASS: y/scenarios/auth/login\n2 passed, 0 failed\n", "\(both)")
        // Before, both were drawn to pictures/auth/login.txt, the second over the first.
        for name in ["x", "y"] {
            #expect(FileManager.default.fileExists(atPath: folder.path + "/work/pictures/\(name)/scenarios/auth/login.txt"))
        }
    }

    @Test("-j1 is accepted like -j 1")
    func attachedJobs() throws {
        let folder = try TempFolder(["a.lua": "print(1)\n", "a.golden": "1\n--- exit 0\n"])

        let result = try BuiltBinary.run(["test", "-j1", "--check", "."], in: folder.path)

        #expect(result == ProcessResult(status: 0, stdout: "PASS: a\n1 passed, 0 failed\n", stderr: ""))
    }

    @Test("A --filter that matches nothing exits 2 with the nearest names")
    func filterMatchingNothing() throws {
        let folder = try TempFolder(["cold-launch.lua": "", "relaunch.lua": "", "tour.lua": ""])

        let result = try BuiltBinary.run(["test", "--filter", "cold-lunch", "."], in: folder.path)

        #expect(
            result
                == ProcessResult(
                    status: 2, stdout: "",
                    stderr: """
                        error: --filter 'cold-lunch' matches no scenario name; nearest names: cold-launch, relaunch, tour (scenesim test --list shows them all)

                        """))
    }

    @Test(
        "Issue 43, through the binary: a golden linked to /proc/self/environ is never shown, a review file linked out is never written, a lib/ module that is a FIFO never blocks; each says which file, exit 2"
    )
    func suiteLinksThroughTheBinary() throws {
        let folder = try TempFolder([
            "victim.txt": "precious",
            "scenarios/env.lua": "print('env')\n",
            "scenarios/write.lua": "print('new')\n",
            "scenarios/write.golden": "old\n--- exit 0\n",
            "scenarios/pipe.lua": "print(select(2, pcall(require, 'pipe')))\n",
            "scenarios/pipe.golden": "ran\n--- exit 0\n",
        ])
        try FileManager.default.createSymbolicLink(
            atPath: folder.path + "/scenarios/env.golden",
            withDestinationPath: FileManager.default.fileExists(atPath: "/proc/self/environ") ? "/proc/self/environ" : "../victim.txt")
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/scenarios/write.golden.new", withDestinationPath: "../victim.txt")
        try FileManager.default.createDirectory(atPath: folder.path + "/scenarios/lib", withIntermediateDirectories: true)
        try #require(mkfifo(folder.path + "/scenarios/lib/pipe.lua", 0o644) == 0)

        let result = try BuiltBinary.run(["test", "-j", "1"], in: folder.path, timeout: 60)

        #expect(!result.timedOut)
        #expect(result.status == 2)
        #expect(!result.stdout.contains("COLUMNS=80") && !result.stdout.contains("precious"), "\(result)")
        #expect(
            result.stdout.hasPrefix(
                "FAIL: env (cannot read scenarios/env.golden: it leads outside the suite scenarios through a symbolic link, and scenesim reads only files inside the suite; replace the link with the file itself, or point it at a file inside the suite)\n"
            ), "\(result)")
        #expect(result.stdout.contains("+module 'pipe': lib/pipe.lua is not a regular file (a FIFO, a device or a socket); require reads only regular files\n"), "\(result)")
        #expect(
            result.stderr.contains(
                "error: cannot write scenarios/write.golden.new: it leads outside the suite scenarios through a symbolic link, and scenesim writes only inside the suite; remove the link, or point it at a file inside the suite\n"
            ), "\(result)")
        #expect(try String(contentsOfFile: folder.path + "/victim.txt", encoding: .utf8) == "precious")
    }
}
