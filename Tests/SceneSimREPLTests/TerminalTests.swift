import Foundation
import SceneSimScripting
import Testing

@Suite("End to end in a real terminal", .serialized, .enabled(if: TerminalSession.binary != nil, "needs Linux (util-linux script(1), /proc) and the built scenesim"))
struct TerminalTests {
    @Test("Multi-line function, error and recovery, completion, Ctrl-C of a runaway loop, Ctrl-D")
    func interactiveSession() throws {
        let directory = temporaryPath("")
        let terminal = try TerminalSession(["repl"], directory: directory)
        terminal.expectToShow("Ctrl-D quits.")
        terminal.type("function f(x)\r")
        terminal.expectToShow(">> ")
        terminal.type("return x * 2\r")
        terminal.type("end\r")
        terminal.type("f(21)\r")
        terminal.expectToShow("\n42\n")
        terminal.type("error('boom')\r")
        terminal.expectToShow("stdin:5: boom\n")
        terminal.type("'recovered'\r")
        terminal.expectToShow("\nrecovered\n")
        terminal.type("app = sim.launch{}\r")
        terminal.expectToShow("validate session and refresh\n")
        terminal.type("w = app:open_wi\t('main')\r")
        terminal.expectToShow("main#2      phase inactive -> active\n")
        terminal.type("app:log\t\t")
        terminal.expectToShow("login   logout")
        terminal.type("\u{15}sim.no\t()\r")
        terminal.expectToShow("\n0.0\n")
        // Ctrl-C only once the loop runs: one typed earlier would cancel the line instead.
        terminal.type("print('looping') while true do end\r")
        terminal.expectToShow("\nlooping\n")
        terminal.type("\u{03}")
        // A control key only once the prompt shows: libedit has put the terminal in raw mode
        // by then; a moment earlier the kernel's line discipline would take it (^D as end of
        // file, ^C as a signal) and the line editor would never see it.
        terminal.expectToShow("stdin:10: interrupted\n> ")
        terminal.type("half typed\u{03}")
        terminal.expectToShow("^C\n")
        terminal.type("1 + 1\r")
        terminal.expectToShow("\n2\n> ")
        terminal.type("\u{04}")
        terminal.expectExit(0)
        let history = try String(contentsOfFile: directory + "/scenesim/history", encoding: .utf8)
        #expect(history.contains("function\\040f(x)\\012return\\040x\\040*\\0402\\012end\n"))
    }

    @Test("Without a UTF-8 locale (LANG unset, as in many containers), non-ASCII typed at the prompt reaches Lua as its bytes: 'café' is 5 bytes (it was 'caf')")
    func nonASCIIWithoutLocale() throws {
        let directory = temporaryPath("")
        let terminal = try TerminalSession(["repl"], directory: directory, environmentChanges: ["LANG": nil, "LC_ALL": nil, "LC_CTYPE": nil])
        terminal.expectToShow("Ctrl-D quits.")
        terminal.type("s = 'café'\r")
        terminal.type("print(s, #s)\r")
        terminal.expectToShow("café\t5\n")
        terminal.type("\u{04}")
        terminal.expectExit(0)
    }

    @Test("A history folder that cannot be made is said once at the start; the session goes on (history was lost without a word)")
    func historyNotKept() throws {
        let directory = temporaryPath("")
        let terminal = try TerminalSession(["repl"], directory: directory, environmentChanges: ["XDG_STATE_HOME": "/proc/scenesim-cannot"])
        terminal.expectToShow(
            "scenesim repl: history is not kept: its folder for /proc/scenesim-cannot/scenesim/history cannot be made; set XDG_STATE_HOME to a folder you can write\n")
        terminal.expectToShow("Ctrl-D quits.")
        terminal.type("1 + 1\r")
        terminal.expectToShow("\n2\n")
        terminal.type("\u{04}")
        terminal.expectExit(0)
    }

    @Test("\\save in a terminal session, then scenesim run of the file prints the same trace")
    func saveAndReplay() throws {
        let directory = temporaryPath("")
        let terminal = try TerminalSession(["repl"], directory: directory)
        terminal.expectToShow("Ctrl-D quits.")
        for line in [
            "app = sim.launch{ scenes = { { id = 'main' }, { id = 'detail', value = 'string' } } }",
            "w = app:open_window('detail', 'a')", "w.storage.tab = 3", "app:background()", "sim.advance(2)",
            "app:terminate('system')", "app:launch()", "w.storage.tab, w.phase",
        ] {
            terminal.type(line + "\r")
        }
        terminal.expectToShow("\n3\t")
        terminal.type("\\save replay.lua\r")
        terminal.expectToShow("saved 8 entries to replay.lua")
        terminal.type("\\quit\r")
        terminal.expectExit(0)
        let replay = ScenarioRunner.capture(path: directory + "/replay.lua")
        #expect(replay.status == 0)
        let traceLines = String(decoding: replay.stdout, as: UTF8.self).split(separator: "\n").map(String.init)
        #expect(traceLines.count > 10)
        // The session showed every line the replay prints, in the same order.
        var rest = Substring(terminal.screen)
        for line in traceLines {
            guard let found = rest.range(of: line + "\n") else {
                Issue.record("the session did not show: \(line)")
                return
            }
            rest = rest[found.upperBound...]
        }
    }
}
