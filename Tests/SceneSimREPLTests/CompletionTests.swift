import SceneSimREPL
import SceneSimScripting
import Testing

@Suite("Tab completion from the live state")
struct CompletionTests {
    /// A session after `lines`, to complete against.
    func session(_ lines: [String]) -> REPLSession {
        runSession(lines + ["\\quit"], interactive: false).session
    }

    @Test("Globals and keywords complete by prefix")
    func globals() {
        let session = session(["myvalue = 1"])
        #expect(session.complete("pri") == Completion(partial: "pri", candidates: ["print"]))
        #expect(session.complete("x = my") == Completion(partial: "my", candidates: ["myvalue"]))
        #expect(session.complete("fun") == Completion(partial: "fun", candidates: ["function"]))
        #expect(session.complete("s").candidates == ["select", "setmetatable", "sim", "string"])
    }

    @Test("Fields of sim and sim.server, and of plain tables")
    func simFields() {
        let session = session([])
        #expect(
            session.complete("sim.").candidates == [
                "advance", "explore", "extend", "gen", "launch", "log", "network", "now", "seed", "server", "settle", "swift_handlers", "system", "url",
            ])
        #expect(session.complete("sim.server.r") == Completion(partial: "r", candidates: ["revoke"]))
        #expect(session.complete("sim.system.").candidates == ["lock", "memory_warning", "prewarm", "push", "refresh", "transfer_done", "unlock"])
        #expect(session.complete("string.up").candidates == ["upper"])
        #expect(session.complete("nothing.").candidates == [])
    }

    @Test("Fields after '.', methods after ':', of the app and window handles and of storage")
    func handles() {
        let session = session([
            "app = sim.launch{}", "w = app:open_window('main')", "w.storage.tab = 1", "w.storage.zoom = 2",
        ])
        #expect(session.complete("app:open").candidates == ["open_notification", "open_settings", "open_shortcut", "open_url", "open_window"])
        #expect(
            session.complete("app.").candidates == [
                "background_time_remaining", "defaults", "front", "history", "keychain", "launches", "memory", "phase", "protected_data", "rejected", "running", "sessions",
                "state", "suspended",
                "version",
                "windows",
            ])
        #expect(session.complete("app:begin").candidates == ["begin_background_task"])
        #expect(session.complete("w:").candidates == ["background", "close", "disconnect", "effect", "focus", "minimize"])
        #expect(session.complete("w.c").candidates == ["connected"])
        #expect(session.complete("app.front.st").candidates == ["storage"])
        #expect(session.complete("w.storage.").candidates == ["tab", "zoom"])
        #expect(session.complete("w.storage:").candidates == ["keys"])
        #expect(session.complete("w.memory:").candidates == ["keys"])
        #expect(session.complete("sim.a").candidates == ["advance", "app"])
        #expect(session.complete("sim.app.ph").candidates == ["phase"])
        #expect(session.complete("sim.app:open_w").candidates == ["open_window"])
        let common = session.complete("app:log")
        #expect(common.candidates == ["login", "logout"])
        #expect(common.commonPrefix == "log")
    }

    @Test("Every method completion offers is a method the handles have")
    func methodListsMatchTheBindings() {
        let names = (ScriptHost.appMethods.map { "app." + $0 } + ScriptHost.windowMethods.map { "w." + $0 })
        let run = runSession(
            ["app = sim.launch{}", "w = app:open_window('main')", "\\trace off"]
                + names.map { "type(\($0))" }, interactive: false)
        let types = run.standard.split(separator: "\n").suffix(names.count)
        #expect(types.allSatisfy { $0 == "function" })
        #expect(types.count == names.count)
    }
}
