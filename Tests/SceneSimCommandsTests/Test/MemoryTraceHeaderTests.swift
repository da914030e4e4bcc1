import Foundation
import Testing

/// Issue 44, item 6: `-- trace: memory` in a scenario's leading comments traces every write to
/// app.memory and w.memory, under `scenesim test` and `scenesim run` alike; without it nothing
/// changes, and a misspelt line is an error at its line.
@Suite("-- trace: memory")
struct MemoryTraceHeaderTests {
    static let body = """
        local app = sim.launch { scenes = { { id = "main" } } }
        app.memory.tab = "home"
        app.windows[1].memory.scroll = 3

        """

    @Test("the header adds a line per write under scenesim run and scenesim test; without it, no line")
    func headerTracesWrites() throws {
        let folder = try TempFolder([
            "scenarios/traced.lua": "-- writes traced\n-- trace: memory\n" + Self.body,
            "scenarios/plain.lua": "-- writes not traced\n" + Self.body,
        ])
        let traced = try BuiltBinary.run(["run", "scenarios/traced.lua"], in: folder.path)
        #expect(traced.status == 0, "\(traced)")
        #expect(traced.stdout.hasSuffix("[   0.000] app         memory.tab = \"home\"\n[   0.000] main#1      memory.scroll = 3\n"), "\(traced)")
        let plain = try BuiltBinary.run(["run", "scenarios/plain.lua"], in: folder.path)
        #expect(!plain.stdout.contains("memory"), "\(plain)")
        let json = try BuiltBinary.run(["run", "--trace", "jsonl", "scenarios/traced.lua"], in: folder.path)
        #expect(json.stdout.contains(#"{"event":"memoryWritten","key":"scroll","scene":"main#1","text":"memory.scroll = 3","time":0.000,"value":3}"#), "\(json)")

        _ = try BuiltBinary.run(["test", "--update"], in: folder.path)
        let golden = try String(contentsOfFile: folder.path + "/scenarios/traced.golden", encoding: .utf8)
        #expect(golden.contains("[   0.000] app         memory.tab = \"home\"\n"), "\(golden)")
        let plainGolden = try String(contentsOfFile: folder.path + "/scenarios/plain.golden", encoding: .utf8)
        #expect(!plainGolden.contains("memory"), "\(plainGolden)")
    }

    @Test("a misspelt or empty '-- trace:' line fails the scenario at its line; scenesim run exits 2 with it")
    func misspeltHeader() throws {
        let folder = try TempFolder(["scenarios/bad.lua": "-- a scenario\n-- trace: memroy\n" + Self.body])
        let run = try BuiltBinary.run(["test", "--check"], in: folder.path)
        #expect(run.status == 1)
        #expect(
            run.stdout.hasPrefix(
                "FAIL: bad (scenarios/bad.lua:2: unknown trace addition 'memroy' in '-- trace:' (did you mean 'memory'?); the only one is 'memory' (a line for every write to app.memory and w.memory))\n"
            ), "\(run)")
        let direct = try BuiltBinary.run(["run", "scenarios/bad.lua"], in: folder.path)
        #expect(
            direct
                == ProcessResult(
                    status: 2, stdout: "",
                    stderr:
                        "scenesim: scenarios/bad.lua:2: unknown trace addition 'memroy' in '-- trace:' (did you mean 'memory'?); the only one is 'memory' (a line for every write to app.memory and w.memory)\n"
                ), "\(direct)")
        try folder.write("scenarios/bad.lua", "-- trace:\n" + Self.body)
        let empty = try BuiltBinary.run(["run", "scenarios/bad.lua"], in: folder.path)
        #expect(
            empty.stderr
                == "scenesim: scenarios/bad.lua:1: '-- trace:' names nothing to add to the trace; write '-- trace: memory' to trace every write to app.memory and w.memory\n",
            "\(empty)")
    }
}
