import SceneSimScriptTestSupport
import SceneSimScripting
import Testing

@Suite("Memory and instruction limits")
struct LimitsTests {
    @Test("The instruction limit stops an endless loop with a clear error and exit status 1")
    func instructionLimit() throws {
        let folder = try ScenarioFolder(["spin.lua": "sim.launch{}\nwhile true do end\n"])

        let result = ScenarioRunner.capture(
            path: folder.file("spin.lua"), options: ScenarioOptions(maxInstructions: 100_000, trace: .off)
        )

        #expect(result.status == 1)
        #expect(String(decoding: result.stdout, as: UTF8.self) == "")
        #expect(
            String(decoding: result.stderr, as: UTF8.self) == """
                \(folder.path)/spin.lua:2: instruction limit exceeded (100000 instructions)
                stack traceback:
                \t\(folder.path)/spin.lua:2: in main chunk
                hint: the scenario ran too long (an endless loop?); if it really needs more, raise the limit with --max-instructions N (0 for none)

                """)
    }

    @Test("The memory limit stops a runaway table with a clear error and exit status 1")
    func memoryLimit() throws {
        let folder = try ScenarioFolder([
            "grow.lua": """
            sim.launch{}
            local t = {}
            for i = 1, 1e9 do t[i] = string.rep("x", 100) .. i end
            """
        ])

        let result = ScenarioRunner.capture(
            path: folder.file("grow.lua"), options: ScenarioOptions(maxMemory: 4 << 20, trace: .off)
        )

        #expect(result.status == 1)
        #expect(String(decoding: result.stdout, as: UTF8.self) == "")
        // The error names the line that was growing the table (issue 20): the count hook raises it.
        #expect(String(decoding: result.stderr, as: UTF8.self).hasPrefix(folder.file("grow.lua") + ":3: memory limit exceeded (4194304 bytes)\n"))
        #expect(
            String(decoding: result.stderr, as: UTF8.self).hasSuffix(
                """
                hint: the scenario holds too much memory; if it really needs more, raise the limit with --max-memory MiB (0 for none)

                """))
    }

    @Test(
        "A memory error a script caught still ends the run at the line that grew memory, exit 1 with the hint: the trip is as sticky as the instruction limit's (issue 43 item 8)")
    func memoryCaughtStillEnds() throws {
        let folder = try ScenarioFolder([
            "oom.lua": """
            local keep = {}
            print(pcall(function() while true do keep[#keep + 1] = {} end end))
            keep = nil; collectgarbage()
            while true do print(pcall(function() local t = {} for i = 1, 1e9 do t[i] = i end end)) end
            """
        ])

        let result = ScenarioRunner.capture(
            path: folder.file("oom.lua"), options: ScenarioOptions(maxInstructions: 50_000_000, maxMemory: 16 << 20, trace: .off)
        )

        #expect(result.status == 1)
        #expect(String(decoding: result.stdout, as: UTF8.self) == "")
        let stderr = String(decoding: result.stderr, as: UTF8.self)
        #expect(stderr.hasPrefix(folder.file("oom.lua") + ":2: memory limit exceeded (16777216 bytes)\n"), "\(stderr)")
        #expect(stderr.hasSuffix("hint: the scenario holds too much memory; if it really needs more, raise the limit with --max-memory MiB (0 for none)\n"))
    }

    @Test("The memory limit also bounds the simulator's own records: windows opened in a loop stop the run")
    func simulatorMemoryLimit() throws {
        let folder = try ScenarioFolder([
            "win.lua": """
            local app = sim.launch{}
            for i = 1, 1e9 do app:open_window("main") end
            """
        ])

        let result = ScenarioRunner.capture(
            path: folder.file("win.lua"), options: ScenarioOptions(maxInstructions: nil, maxMemory: 1 << 20, trace: .off)
        )

        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(
            String(decoding: result.stderr, as: UTF8.self) == """
                \(folder.path)/win.lua:2: the simulation's own records (windows, state changes, storage, defaults, server sessions, timers, background tasks: about 1044740 bytes) would pass the memory limit (1048576 bytes); the scenario keeps too much (a loop that opens windows, changes state, writes storage or defaults, or begins tasks without end?); if it really needs more, raise the limit with --max-memory MiB (0 for none)
                stack traceback:
                \t\(folder.path)/win.lua:2: in main chunk

                """)
    }

    @Test(
        "Background tasks count against the memory limit with their names: begun in a loop with long names, they stop the run at the loop's line (issue 43: 3 GB under --max-memory 16)"
    )
    func backgroundTasksCount() throws {
        let folder = try ScenarioFolder([
            "tasks.lua": """
            local app = sim.launch{}
            local name = string.rep("n", 100000)
            for i = 1, 30000 do app:begin_background_task(name) end
            print("not reached")
            """
        ])

        let result = ScenarioRunner.capture(
            path: folder.file("tasks.lua"), options: ScenarioOptions(maxInstructions: nil, maxMemory: 16 << 20, trace: .off)
        )

        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        let stderr = String(decoding: result.stderr, as: UTF8.self)
        #expect(
            stderr.hasPrefix(
                "\(folder.path)/tasks.lua:3: the simulation's own records (windows, state changes, storage, defaults, server sessions, timers, background tasks: about "))
        #expect(stderr.contains(" bytes) would pass the memory limit (16777216 bytes)"))
    }

    @Test(
        "Actions queued by hooks count against the memory limit: a hook at every phase change of 61 windows that queues what changes them all again stops at the hook's line with the memory-limit error, not after queueing without bound (issue 43: s609, 220 MB under --max-memory 64)"
    )
    func queuedActionsCount() throws {
        let folder = try ScenarioFolder([
            "hooks.lua": """
            local app = sim.launch { platform = "macos", scenes = { { id = "main" } } }
            for i = 1, 60 do app:open_window("main") end
            app:on("scene_phase", function() app:switcher() app:foreground() end)
            app:switcher()
            print("not reached")
            """
        ])

        let result = ScenarioRunner.capture(
            path: folder.file("hooks.lua"), options: ScenarioOptions(maxInstructions: nil, maxMemory: 1 << 20, trace: .off)
        )

        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        let stderr = String(decoding: result.stderr, as: UTF8.self)
        #expect(stderr.hasPrefix("\(folder.path)/hooks.lua:3: the simulation's own records ("), "\(stderr)")
        #expect(stderr.contains(" bytes) would pass the memory limit (1048576 bytes)"))
    }
}
