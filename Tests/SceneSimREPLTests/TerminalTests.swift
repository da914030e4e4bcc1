import Foundation
import SceneSimScripting
import Testing

@Suite("End to end in a real terminal", .serialized, .enabled(if: TerminalSession.binary != nil, "needs the built scenesim and script(1)"))
struct TerminalTests {
    @Test("Multi-line function, error and recovery, completion, Ctrl-C of a runaway loop, Ctrl-D")
    func interactiveSession() throws {
        let directory = temporaryPath("")
        let terminal = try TerminalSession(["repl"], directory: directory)
        #expect(terminal.waitFor("Ctrl-D quits."))
        terminal.type("function f(x)\r")
        #expect(terminal.waitFor(">> "))
        terminal.type("return x * 2\r")
        terminal.type("end\r")
        terminal.type("f(21)\r")
        #expect(terminal.waitFor("\n42\n"))
        terminal.type("error('boom')\r")
        #expect(terminal.waitFor("stdin:5: boom\n"))
        terminal.type("'recovered'\r")
        #expect(terminal.waitFor("\nrecovered\n"))
        terminal.type("app = sim.launch{}\r")
        #expect(terminal.waitFor("validate session and refresh\n"))
        terminal.type("w = app:open_wi\t('main')\r")
        #expect(terminal.waitFor("main#2      phase inactive -> active\n"))
        terminal.type("app:log\t\t")
        #expect(terminal.waitFor("login   logout"))
        terminal.type("\u{15}sim.no\t()\r")
        #expect(terminal.waitFor("\n0.0\n"))
        terminal.type("while true do end\r")
        Thread.sleep(forTimeInterval: 0.3)
        terminal.type("\u{03}")
        #expect(terminal.waitFor("stdin:10: interrupted\n"), "\(terminal.screen)")
        terminal.type("half typed\u{03}")
        #expect(terminal.waitFor("^C\n"))
        terminal.type("1 + 1\r")
        #expect(terminal.waitFor("\n2\n"))
        terminal.type("\u{04}")
        #expect(terminal.waitForExit() == 0)
        let history = try String(contentsOfFile: directory + "/scenesim/history", encoding: .utf8)
        #expect(history.contains("function\\040f(x)\\012return\\040x\\040*\\0402\\012end\n"))
    }

    @Test("\\save in a terminal session, then scenesim run of the file prints the same trace")
    func saveAndReplay() throws {
        let directory = temporaryPath("")
        let terminal = try TerminalSession(["repl"], directory: directory)
        #expect(terminal.waitFor("Ctrl-D quits."))
        for line in [
            "app = sim.launch{ scenes = { { id = 'main' }, { id = 'detail', value = 'string' } } }",
            "w = app:open_window('detail', 'a')", "w.storage.tab = 3", "app:background()", "sim.advance(2)",
            "app:terminate('system')", "app:launch()", "w.storage.tab, w.phase",
        ] {
            terminal.type(line + "\r")
        }
        #expect(terminal.waitFor("\n3\t"))
        terminal.type("\\save replay.lua\r")
        #expect(terminal.waitFor("saved 8 entries to replay.lua"))
        terminal.type("\\quit\r")
        #expect(terminal.waitForExit() == 0)
        let replay = ScenarioRunner.capture(path: directory + "/replay.lua")
        #expect(replay.status == 0)
        let traceLines = replay.stdout.split(separator: "\n").map(String.init)
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
