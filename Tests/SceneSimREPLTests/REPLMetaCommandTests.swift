import Foundation
import SceneSimREPL
import SceneSimScripting
import Testing

@Suite("Meta commands")
struct REPLMetaCommandTests {
    @Test("\\help lists every command")
    func help() {
        let run = runSession(["\\help"])
        #expect(
            run.transcript == """
                > \\help
                Commands (everything else is Lua; an expression prints its value):
                  \\help          this list
                  \\trace on|off  show or hide the trace each entry causes (no argument: say which)
                  \\state         the app, its windows, phases and storage at a glance
                  \\save FILE     write the entries so far as a scenario that scenesim run replays (\\save! FILE replaces a file this session did not write)
                  \\load FILE     run a scenario file here, as if its text were typed
                  \\reset         start over: a fresh Lua state and simulator (\\save starts here too)
                  \\quit          leave (so does Ctrl-D)
                Tab completes globals and the fields and methods of sim, the app and windows.
                Ctrl-C stops a running entry or clears the line; Ctrl-D quits.
                > \n
                """)
    }

    @Test("\\trace off hides the trace of later entries; \\trace on shows it again")
    func trace() {
        let run = runSession([
            "app = sim.launch{ scenes = { { id = \"main\" } } }", "\\trace off", "app:background()", "\\trace", "\\trace on",
            "app:foreground()", "\\trace sideways",
        ])
        #expect(
            run.transcript == """
                > app = sim.launch{ scenes = { { id = "main" } } }
                [   0.000] app         launch #1 on ipados: nothing to restore
                [   0.000] main#1      connected (new session) -> inactive
                [   0.000] main#1      phase inactive -> active
                [   0.000] app         phase inactive -> active: validate session and refresh
                > \\trace off
                trace off
                > app:background()
                > \\trace
                trace off
                > \\trace on
                trace on
                > app:foreground()
                [   0.000] main#1      phase background -> inactive
                [   0.000] app         phase background -> inactive: prepare for background
                [   0.000] main#1      phase inactive -> active
                [   0.000] app         phase inactive -> active: validate session and refresh
                > \\trace sideways
                usage: \\trace on|off
                > \n
                """)
    }

    @Test("\\state shows the app, windows, phases and storage")
    func state() {
        let run = runSession([
            "\\state", "app = sim.launch{ scenes = { { id = \"main\" }, { id = \"detail\", value = \"string\" } } }",
            "\\trace off", "w = app:open_window('detail', '42')", "w.storage.tab = 2", "app.front:close()", "\\state",
        ])
        #expect(run.transcript.hasPrefix("> \\state\nno app yet: declare one with sim.launch{ ... }\n"))
        #expect(
            run.transcript.hasSuffix(
                """
                > \\state
                app: ipados, running, 1 launch, phase active, state loading
                time: 0.000
                windows (front to back): main#1 active
                sessions:
                  main#1: active, storage {}, saved {}
                  detail#1("42"): discarded
                > \n
                """))
    }

    @Test("Unknown commands suggest the closest; missing arguments show the usage; \\quit ends the session")
    func mistakes() {
        let run = runSession(["\\sate", "\\bogus", "\\save", "\\load", "\\quit", "'never run'"])
        #expect(
            run.transcript == """
                > \\sate
                unknown command \\sate; did you mean \\state? (\\help lists the commands)
                > \\bogus
                unknown command \\bogus (\\help lists the commands)
                > \\save
                usage: \\save FILE
                > \\load
                usage: \\load FILE
                > \\quit

                """)
        #expect(run.status == 0)
    }

    @Test("\\reset starts a fresh state and simulator")
    func reset() {
        let run = runSession(["x = 1", "sim.launch{}", "\\reset", "x", "\\state"])
        #expect(
            run.transcript.hasSuffix(
                """
                > \\reset
                a fresh Lua state and simulator; \\save starts from here
                > x
                nil
                > \\state
                no app yet: declare one with sim.launch{ ... }
                > \n
                """))
    }

    @Test("\\load runs a file in the session, with the file's own line numbers in errors")
    func load() throws {
        let good = temporaryPath("setup.lua")
        try "app = sim.launch{}\nlocal hidden = 1\nshown = 2\n".write(toFile: good, atomically: true, encoding: .utf8)
        let bad = temporaryPath("bad.lua")
        try "x = 1\nerror('in the file')\n".write(toFile: bad, atomically: true, encoding: .utf8)
        let run = runSession(["\\trace off", "\\load \(good)", "hidden, shown, app.running", "\\load \(bad)", "x", "\\load /no/such.lua"])
        #expect(
            run.transcript == """
                > \\trace off
                trace off
                > \\load \(good)
                > hidden, shown, app.running
                nil\t2\ttrue
                > \\load \(bad)
                \(bad):2: in the file
                > x
                1
                > \\load /no/such.lua
                cannot open /no/such.lua: No such file or directory
                > \n
                """)
    }

    @Test("\\load finds modules in the nearest lib/ at or above the loaded file's folder, as run does")
    func loadRequiresBesideTheFile() throws {
        let root = URL(fileURLWithPath: temporaryPath("x")).deletingLastPathComponent().path
        try FileManager.default.createDirectory(atPath: root + "/topic", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/lib", withIntermediateDirectories: true)
        try "return { hi = 'from lib' }\n".write(toFile: root + "/lib/h.lua", atomically: true, encoding: .utf8)
        try "h = require('h')\n".write(toFile: root + "/topic/x.lua", atomically: true, encoding: .utf8)

        let run = runSession(["\\load \(root)/topic/x.lua", "h.hi", "require('h') == h"])

        #expect(
            run.transcript == """
                > \\load \(root)/topic/x.lua
                > h.hi
                from lib
                > require('h') == h
                true
                > \n
                """)
    }

    @Test("After a FILE whose app is a local, sim.app reaches it")
    func simAppAfterFile() throws {
        let file = temporaryPath("scenario.lua")
        try "local app = sim.launch{}\napp:background()\n".write(toFile: file, atomically: true, encoding: .utf8)

        let run = runSession(["\\trace off", "app", "sim.app.phase"], interactive: false, file: file)

        #expect(run.standard.hasSuffix("nil\nbackground\n"))
    }
}
