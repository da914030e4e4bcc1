import Testing

/// Issue 9, items 2 and 4, end to end: a runaway scenario stops with the limit's error and a
/// non-zero exit, however it tries to carry on.
@Suite("scenesim run stops runaway scenarios")
struct RunLimitTests {
    static let hint = "hint: the scenario ran too long (an endless loop?); if it really needs more, raise the limit with --max-instructions N (0 for none)\n"

    @Test("A pcall loop that catches the instruction limit exits 1 with the limit's error")
    func pcallLoop() throws {
        let folder = try TempFolder(["spin.lua": "sim.launch{}\nwhile true do pcall(function() while true do end end) end\n"])

        let result = try BuiltBinary.run(["run", "--trace", "off", "--max-instructions", "100000", "spin.lua"], in: folder.path)

        #expect(
            result
                == ProcessResult(
                    status: 1, stdout: "",
                    stderr: """
                        spin.lua:2: instruction limit exceeded (100000 instructions)
                        stack traceback:
                        \tspin.lua:2: in function <spin.lua:2>
                        \tspin.lua:2: in main chunk

                        """ + Self.hint))
    }

    @Test(
        "Work done outside the VM counts against the instruction limit: tostring of a large shared table, pairs over a large table that changes, long strings and long lists crossing into and out of the simulator (each ran for minutes under a small budget)",
        arguments: [
            (
                "dag.lua", "local t = {}\nfor i = 1, 40 do t = {t, t, t, t} end\nfor i = 1, 1000 do local _ = tostring(t) end\n",
                "dag.lua:3: instruction limit exceeded (10000000 instructions)"
            ),
            (
                "keys.lua", "local t = {}\nfor i = 1, 200000 do t[\"k\" .. i] = i end\nfor i = 1, 1000 do t.x = i; for _ in pairs(t) do break end; t.x = nil end\n",
                "keys.lua:3: instruction limit exceeded (10000000 instructions)"
            ),
            // The notes' work passed the limit inside sim.log; the script ended before a hook step,
            // and the limit was reported after its last line ("done"), with no line.
            (
                "notes.lua", "sim.launch{}\nlocal s = string.rep(\"x\", 1024 * 1024)\nfor i = 1, 40 do sim.log(s) end\nprint(\"done\")\n",
                "notes.lua:3: instruction limit exceeded (10000000 instructions)"
            ),
            // Long strings handed to the simulator: parsed, hashed, compared, traced (issue 43: 20,000
            // sim.url of 1 MB ran past 30 s under a million instructions).
            (
                "url.lua", "sim.launch{}\nlocal long = string.rep(\"a\", 1024 * 1024)\nfor i = 1, 2000 do sim.url(\"app://x/\" .. long) end\nprint(\"done\")\n",
                "url.lua:3: instruction limit exceeded (10000000 instructions)"
            ),
            (
                "value.lua",
                "local app = sim.launch{ platform = \"ipados\", scenes = { { id = \"main\" }, { id = \"doc\", value = \"string\" } } }\nlocal long = string.rep(\"a\", 1024 * 1024)\nfor i = 1, 2000 do app:open_window(\"doc\", long) end\nprint(\"done\")\n",
                "value.lua:3: instruction limit exceeded (10000000 instructions)"
            ),
            (
                "key.lua",
                "local app = sim.launch{}\nlocal long, w = string.rep(\"k\", 1024 * 1024), app.windows[1]\nfor i = 1, 2000 do w.storage[long .. (i % 2)] = i; local _ = w.storage[long .. \"x\"] end\nprint(\"done\")\n",
                "key.lua:3: instruction limit exceeded (10000000 instructions)"
            ),
            (
                "open.lua",
                "local app = sim.launch{ platform = \"ipados\" }\nlocal long = string.rep(\"a\", 1024 * 1024)\nfor i = 1, 2000 do app:open_url(\"app://x/\" .. long) end\nprint(\"done\")\n",
                "open.lua:3: instruction limit exceeded (10000000 instructions)"
            ),
            (
                "activity.lua",
                "local app = sim.launch{ platform = \"ipados\" }\nlocal long = string.rep(\"a\", 1024 * 1024)\nfor i = 1, 2000 do app:continue_activity(long) end\nprint(\"done\")\n",
                "activity.lua:3: instruction limit exceeded (10000000 instructions)"
            ),
            // A list as long as the windows, built for every read.
            (
                "windows.lua",
                "local app = sim.launch{ platform = \"ipados\" }\nfor i = 1, 3000 do app:open_window(\"main\") end\nfor i = 1, 1e6 do local _ = app.windows end\nprint(\"done\")\n",
                "windows.lua:3: instruction limit exceeded (10000000 instructions)"
            ),
        ])
    func hostWorkCounts(file: String, source: String, message: String) throws {
        let folder = try TempFolder([file: source])

        let result = try BuiltBinary.run(
            ["run", "--trace", "off", "--max-instructions", "10000000", "--max-memory", "256", file],
            in: folder.path, timeout: 300)  // (a debug build beside the parallel suite renders slowly; unfixed, these ran for hours)

        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains(message), "\(result)")
        #expect(result.stderr.hasSuffix(Self.hint))
    }

    @Test(
        "A pcall loop at the memory limit ends with the memory error where memory grew, at once: the trip is sticky (issue 43 item 8; each pcall failing at the limit once collected the heap, and the loop ran until the instruction limit)"
    )
    func pcallLoopAtTheMemoryLimit() throws {
        let folder = try TempFolder([
            "oom.lua":
                "local keep, f = {}, function() return {} end\npcall(function() while true do keep[#keep + 1] = {} end end)\nfor i = 1, 1e6 do pcall(f) end\nprint(\"went on\")\n"
        ])

        let result = try BuiltBinary.run(["run", "--trace", "off", "--max-instructions", "10000000", "--max-memory", "16", "oom.lua"], in: folder.path, timeout: 300)

        #expect(result.status == 1, "\(result)")
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("oom.lua:2: memory limit exceeded (16777216 bytes)\n"), "\(result)")
        #expect(result.stderr.hasSuffix("hint: the scenario holds too much memory; if it really needs more, raise the limit with --max-memory MiB (0 for none)\n"))
    }

    @Test("A limit caught by pcall, xpcall or a coroutine is reported at the loop that ran it out, with the traceback of that moment, not at the line of the call that caught it")
    func caughtReportedWhereItTripped() throws {
        let spin = "local function spin()\n  local n = 0\n  while true do n = n + 1 end\nend\n"
        let folder = try TempFolder([
            "pcall.lua": spin + "print(pcall(spin))\n",
            "xpcall.lua": spin + "print(xpcall(spin, function(m) return m end))\n",
            "wrap.lua": spin + "print(pcall(coroutine.wrap(spin)))\n",
        ])
        for file in ["pcall.lua", "xpcall.lua", "wrap.lua"] {
            let result = try BuiltBinary.run(["run", "--max-instructions", "100000", file], in: folder.path)

            #expect(result.status == 1)
            #expect(result.stdout == "", "nothing printed: the caller of the pcall never ran")
            #expect(result.stderr.hasPrefix("\(file):3: instruction limit exceeded (100000 instructions)\nstack traceback:\n\t\(file):3: in "), "\(file): \(result.stderr)")
            #expect(result.stderr.hasSuffix(Self.hint))
        }
    }

    @Test("A scenario that catches the limit and ends a few instructions later still exits 1")
    func caughtThenEnds() throws {
        let folder = try TempFolder([
            "catch.lua": """
            local ok = pcall(function() while true do end end)
            print("escaped", ok)
            """
        ])

        let result = try BuiltBinary.run(["run", "--max-instructions", "100000", "catch.lua"], in: folder.path)

        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("catch.lua:1: instruction limit exceeded (100000 instructions)\n"))
    }

    @Test("A backtracking string.find exits 1 with the instruction limit's error")
    func backtrackingFind() throws {
        let folder = try TempFolder([
            "find.lua": """
            local s = ("a"):rep(40)
            print(s:find(("a?"):rep(40) .. ("a"):rep(40) .. "b"))
            """
        ])

        let result = try BuiltBinary.run(["run", "--max-instructions", "100000", "find.lua"], in: folder.path)

        #expect(
            result
                == ProcessResult(
                    status: 1, stdout: "",
                    stderr: """
                        find.lua:2: instruction limit exceeded (100000 instructions)
                        stack traceback:
                        \tfind.lua:2: in main chunk

                        """ + Self.hint))
    }
}
