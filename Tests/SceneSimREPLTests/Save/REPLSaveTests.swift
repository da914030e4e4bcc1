import Foundation
import SceneSimREPL
import SceneSimScripting
import Testing

@Suite("\\save writes a scenario that replays to the same output")
struct REPLSaveTests {
    /// Given a session ending in `\save`, the saved file run by the scenario runner prints
    /// exactly what the session printed on standard output (trace, print, results).
    func replay(_ lines: [String], options: ScenarioOptions = ScenarioOptions()) throws -> (saved: String, session: SessionRun, replay: String) {
        let path = temporaryPath("saved.lua")
        let session = runSession(lines + ["\\save \(path)"], interactive: false, options: options)
        let saved = try String(contentsOfFile: path, encoding: .utf8)
        let replay = ScenarioRunner.capture(path: path, options: options)
        #expect(replay.stderr.isEmpty)
        #expect(replay.status == 0)
        return (saved.replacingOccurrences(of: path, with: "FILE"), session, String(decoding: replay.stdout, as: UTF8.self))
    }

    @Test("A table with __tostring replays as the session showed it")
    func tostringReplays() throws {
        let (_, session, replay) = try replay([
            "x = setmetatable({ a = 1 }, { __tostring = function() return 'X' end })",
            "x", "{x}", "x, 2",
        ])
        #expect(session.standard == "X\n{X}\nX\t2\n")
        #expect(replay == session.standard)
    }

    @Test("Expressions become print, locals stay local, a top-level return runs in place")
    func forms() throws {
        let (saved, session, replay) = try replay([
            "app = sim.launch{ scenes = { { id = \"main\" }, { id = \"detail\", value = \"integer\" } } }",
            "w = app:open_window('detail', 7)",
            "w.id, w.phase -- a comment",
            "local n = 2",
            "n",
            "sim.advance(1)",
            "function twice(x)", "  return 2 * x", "end",
            "return twice(21), app.phase",
            "nope()",
            "app:background()",
        ])
        #expect(
            saved == """
                -- Saved from a scenesim repl session. Replay: scenesim run FILE
                -- Entries are in the order they were typed; values the session printed are printed here too.
                -- luacheck: allow defined, no unused, no max line length, ignore 113 131 521 61
                app = sim.launch{ scenes = { { id = "main" }, { id = "detail", value = "integer" } } }
                w = app:open_window('detail', 7)
                print(w.id, w.phase -- a comment
                )
                do
                local n = 2
                end
                print(n)
                sim.advance(1)
                function twice(x)
                  return 2 * x
                end
                print((function(...)
                return twice(21), app.phase
                end)(...))
                -- failed at the prompt: stdin:11: attempt to call a nil value (global 'nope')
                pcall(function(...)
                return nope()
                end, ...)
                app:background()

                """)
        #expect(replay == session.standard)
    }

    @Test("Every entry that failed is kept under pcall after a comment with its error")
    func failures() throws {
        let (saved, session, replay) = try replay([
            "app = sim.launch{}",
            "app:open_window('main'); app:open_window('mian')",
            "app:terminate('sideways')",
            "#app.windows",
        ])
        let message = try #require(session.transcript.split(separator: "\n").first { $0.hasPrefix("stdin:2: ") })
        let terminate = try #require(session.transcript.split(separator: "\n").first { $0.hasPrefix("stdin:3: ") })
        #expect(
            saved == """
                -- Saved from a scenesim repl session. Replay: scenesim run FILE
                -- Entries are in the order they were typed; values the session printed are printed here too.
                -- luacheck: allow defined, no unused, no max line length, ignore 113 131 521 61
                app = sim.launch{}
                -- failed at the prompt: \(message)
                pcall(function(...)
                app:open_window('main'); app:open_window('mian')
                end, ...)
                -- failed at the prompt: \(terminate)
                pcall(function(...)
                return app:terminate('sideways')
                end, ...)
                print(#app.windows)

                """)
        #expect(replay == session.standard)
        #expect(session.status == 1)
    }

    @Test("\\load and the session's seed are part of the saved scenario; \\reset drops what came before")
    func loadSeedReset() throws {
        let setup = temporaryPath("setup.lua")
        try "#!/usr/bin/env scenesim\nlocal platform = 'iphone'\napp = sim.launch{ platform = platform }\n"
            .write(toFile: setup, atomically: true, encoding: .utf8)
        let (saved, session, replay) = try replay(
            ["forgotten = 1", "\\reset", "\\load \(setup)", "math.random(1, 1000)", "app.phase"],
            options: ScenarioOptions(seed: 42)
        )
        #expect(
            saved == """
                -- Saved from a scenesim repl session. Replay: scenesim run FILE
                -- Entries are in the order they were typed; values the session printed are printed here too.
                -- luacheck: allow defined, no unused, no max line length, ignore 113 131 521 61
                sim.seed(42)
                -- \\load \(setup)
                do
                --#!/usr/bin/env scenesim
                local platform = 'iphone'
                app = sim.launch{ platform = platform }

                end
                print(math.random(1, 1000))
                print(app.phase)

                """)
        #expect(replay == session.standard)
    }

    @Test("Saving a session whose require found a \\load-ed file's lib/ elsewhere says the saved file's require looks in another folder; beside the loaded file it says nothing")
    func saveAfterLoadWithRequire() throws {
        let scenario = temporaryPath("s.lua")
        let folder = (scenario as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: folder + "/lib", withIntermediateDirectories: true)
        try "return { hello = function() return 'hi' end }\n".write(toFile: folder + "/lib/helpers.lua", atomically: true, encoding: .utf8)
        try "local h = require 'helpers'\nprint(h.hello())\n".write(toFile: scenario, atomically: true, encoding: .utf8)
        let elsewhere = temporaryPath("saved.lua")
        let beside = folder + "/saved.lua"

        let run = runSession(["\\load \(scenario)", "\\save \(elsewhere)", "\\save \(beside)"])

        // Where the saved file's require would look: the nearest lib/ above it, or its own folder's
        // (the system's /lib once, at the top of the climb).
        let savedLibrary = (elsewhere as NSString).deletingLastPathComponent + "/lib"
        #expect(
            run.transcript.contains(
                "saved 1 entry to \(elsewhere); require in this session finds modules in \(folder)/lib, but the saved file's would look in \(savedLibrary): save it beside the file you loaded, or its require calls may fail\n"
            ), "\(run.transcript)")
        #expect(run.transcript.contains("saved 1 entry to \(beside)\n"))
        let replayed = ScenarioRunner.capture(path: beside, options: ScenarioOptions())
        #expect(replayed.status == 0)
        #expect(String(decoding: replayed.stdout, as: UTF8.self) == "hi\n")
    }

    @Test(
        "\\save refuses a file the session did not write, saying \\save! replaces it; one it wrote is saved again (a mistyped name replaced a hand-written scenario without a word)"
    )
    func saveKeepsOthersFiles() throws {
        let precious = temporaryPath("precious.lua")
        try "-- hand-written\n".write(toFile: precious, atomically: true, encoding: .utf8)
        let mine = temporaryPath("mine.lua")

        let run = runSession(["x = 1", "\\save \(precious)", "\\save \(mine)", "y = 2", "\\save \(mine)", "\\save! \(precious)"])

        #expect(run.transcript.contains("\(precious) exists, and this session did not write it: \\save! \(precious) replaces it, or give another name\n"), "\(run.transcript)")
        #expect(run.transcript.contains("saved 1 entry to \(mine)\n"))
        #expect(run.transcript.contains("saved 2 entries to \(mine)\n"))
        #expect(run.transcript.contains("saved 2 entries to \(precious)\n"))
        #expect(try String(contentsOfFile: precious, encoding: .utf8).contains("y = 2"))
        #expect(runSession(["\\save!"]).transcript.contains("usage: \\save! FILE\n"))
    }

    @Test("Saving reports the count; an unwritable path is an error and the session goes on")
    func messages() {
        let path = temporaryPath("one.lua")
        let run = runSession(["x = 1", "\\save \(path)", "\\save /no/such/folder/x.lua", "\\save /tmp/", "x"])
        #expect(run.transcript.contains("> \\save \(path)\nsaved 1 entry to \(path)\n"))
        #expect(run.transcript.contains("> \\save /no/such/folder/x.lua\ncannot write /no/such/folder/x.lua: No such file or directory\n"))
        // A folder, with its slash: it said "Not a directory".
        #expect(run.transcript.contains("> \\save /tmp/\ncannot write /tmp/: Is a directory; give a file name, e.g. \\save /tmp/session.lua\n"), "\(run.transcript)")
        #expect(run.transcript.hasSuffix("> x\n1\n> \n"))
    }

    @Test("A failed entry's changes, a return inside a block, and a carriage return in an error replay as in the session")
    func replayHazards() throws {
        let (saved, session, replay) = try replay([
            "x = 5; error(\"boom\")",
            "math.random(10); error(\"a\\rprint('forged')\")",
            "do return x end",
            "math.random(100), x",
        ])
        #expect(
            saved == """
                -- Saved from a scenesim repl session. Replay: scenesim run FILE
                -- Entries are in the order they were typed; values the session printed are printed here too.
                -- luacheck: allow defined, no unused, no max line length, ignore 113 131 521 61
                -- failed at the prompt: stdin:1: boom
                pcall(function(...)
                x = 5; error("boom")
                end, ...)
                -- failed at the prompt: stdin:2: a\\rprint('forged')
                pcall(function(...)
                math.random(10); error("a\\rprint('forged')")
                end, ...)
                print((function(...)
                do return x end
                end)(...))
                print(math.random(100), x)

                """)
        #expect(session.standard == "5\n9\t5\n")
        #expect(replay == session.standard)
    }

    @Test("An entry stopped by a limit is kept as a comment only, and saving says so")
    func stoppedEntry() throws {
        let path = temporaryPath("stopped.lua")
        let run = runSession(
            ["n = 1", "while true do n = n + 1 end", "\\save \(path)"],
            options: ScenarioOptions(maxInstructions: 10_000)
        )
        let saved = try String(contentsOfFile: path, encoding: .utf8)
        #expect(
            saved.hasSuffix(
                """
                n = 1
                -- stopped at the prompt, so not replayed: stdin:2: instruction limit exceeded (10000 instructions)
                -- while true do n = n + 1 end

                """))
        #expect(
            run.transcript.contains("saved 2 entries to \(path); 1 entry stopped by Ctrl-C or a limit is kept as a comment, not replayed, so the replay may differ from there\n"))
    }
}
