import SceneSimScriptTestSupport
import SceneSimScripting
import Testing

// Generated from each snippet's real run, then reviewed against the API reference (scenarios/README.md) line by line.
@Suite("Window handles and their storage")
struct WindowTests {
    @Test("a window's fields describe its session")
    func aWindowSFieldsDescribeItsSession() {
        let source = """
            local app = sim.launch{ scenes = { { id = "main" }, { id = "detail", value = "string" } } }
            sim.settle()
            local w = app:open_window("detail", "42")
            print(w.id, w.group, w.value, w.phase, w.connected, w.alive)
            print(tostring(w), tostring(app.windows[2]))
            """

        let run = runScript(source)

        #expect(
            run
                == ScriptRun(
                    output: coldLaunchTrace + """
                        [   0.500] app         state loading -> unauthenticated
                        [   0.500] detail#1    connected (new session, value "42") -> inactive
                        [   0.500] detail#1    phase inactive -> active
                        detail#1	detail	42	active	true	true
                        detail#1("42")	main#1

                        """,
                    error: nil
                ))
    }

    @Test("pairs over a disconnected scene's storage or memory, or a terminated app's memory, is the error its reads give, at the script's line, not an empty walk")
    func pairsOfAStoreThatIsGone() {
        let source = """
            local app = sim.launch { scenes = { { id = "main" }, { id = "c", value = "string" } } }
            sim.settle()
            local w = app:open_window("c", "y"); w.storage.a = 1; w.memory.m = 1
            local st, mem, am = w.storage, w.memory, app.memory
            for k, v in pairs(st) do print("live", k, v) end
            w:background(); w:disconnect()
            print(pcall(function() for _ in pairs(st) do end end))
            print(pcall(function() for _ in pairs(mem) do end end))
            app:terminate("user")
            print(pcall(function() for _ in pairs(am) do end end))
            """

        let run = runScript(source)

        #expect(run.error == nil)
        let lines = run.output.split(separator: "\n").filter { !$0.hasPrefix("[") }
        #expect(
            lines == [
                "live\ta\t1",
                "false\ttest.lua:7: reading storage: c#1 is disconnected, and SceneStorage exists only on a connected scene; call w:focus() to reconnect it, or read w.saved",
                "false\ttest.lua:8: reading w.memory: c#1 is disconnected: its views and their @State are gone; call w:focus() to reconnect it (it comes back with empty memory)",
                "false\ttest.lua:10: reading app.memory needs a running app, but it was terminated (user) at 0.500 s; call app:launch() first",
            ])
    }

    @Test("w.storage reads, writes and deletes keys, keeping integers and floats apart")
    func wStorageReadsWritesAndDeletesKeysKeepingIntegers() {
        let source = """
            local app = sim.launch{}
            sim.settle()
            local w = app.front
            w.storage.tab = 2
            w.storage.zoom = 2.0
            w.storage.name = "notes"
            w.storage.dark = true
            print(w.storage.tab, w.storage.zoom, w.storage.name, w.storage.dark, w.storage.missing)
            print(math.type(w.storage.tab), math.type(w.storage.zoom))
            print(w.storage:keys())
            w.storage.name = nil
            print(w.storage:keys(), tostring(w.storage))
            """

        let run = runScript(source)

        #expect(
            run
                == ScriptRun(
                    output: coldLaunchTrace + """
                        [   0.500] app         state loading -> unauthenticated
                        2	2.0	notes	true	nil
                        integer	float
                        {"dark", "name", "tab", "zoom"}
                        {"dark", "tab", "zoom"}	storage of main#1 {dark = true, tab = 2, zoom = 2.0}

                        """,
                    error: nil
                ))
    }

    @Test("w.saved is a read-only copy of what restoration would give the session now")
    func wSavedIsAReadOnlyCopyOfWhat() {
        let source = """
            local app = sim.launch{}
            sim.settle()
            local w = app.front
            w.storage.tab = 2
            print(w.saved)
            app:background()
            print(w.saved)
            local copy = w.saved
            copy.tab = 99
            print(w.saved, w.storage.tab)
            """

        let run = runScript(source)

        #expect(
            run
                == ScriptRun(
                    output: coldLaunchTrace + """
                        [   0.500] app         state loading -> unauthenticated
                        {}
                        [   0.500] main#1      phase active -> inactive
                        [   0.500] app         phase active -> inactive: prepare for background
                        [   0.500] main#1      phase inactive -> background
                        [   0.500] main#1      storage saved: 1 key, 11 bytes
                        [   0.500] app         phase inactive -> background: release resources
                        {tab = 2}
                        {tab = 2}	2

                        """,
                    error: nil
                ))
    }

    @Test("w:focus, w:background, w:disconnect and w:close drive one scene")
    func wFocusWBackgroundWDisconnectAndWClose() {
        let source = """
            local app = sim.launch{ scenes = { { id = "main" }, { id = "detail", value = "string" } } }
            sim.settle()
            local main = app.front
            local w = app:open_window("detail", "42")
            w.storage.page = 1
            w:background()
            print(w.phase, w.connected)
            w:disconnect()
            print(w.phase, w.connected, w.alive)
            w:focus()
            print(w.phase, w.connected, w.storage.page)
            w:close()
            print(w.alive, app.sessions)
            """

        let run = runScript(source)

        #expect(
            run
                == ScriptRun(
                    output: coldLaunchTrace + """
                        [   0.500] app         state loading -> unauthenticated
                        [   0.500] detail#1    connected (new session, value "42") -> inactive
                        [   0.500] detail#1    phase inactive -> active
                        [   0.500] detail#1    phase active -> inactive
                        [   0.500] detail#1    phase inactive -> background
                        [   0.500] detail#1    storage saved: 1 key, 12 bytes
                        background	true
                        [   0.500] detail#1    disconnected (session kept)
                        disconnected	false	true
                        [   0.500] detail#1    connected (reconnected, value "42") -> inactive
                        [   0.500] detail#1    phase inactive -> active
                        active	true	1
                        [   0.500] detail#1    phase active -> inactive
                        [   0.500] detail#1    phase inactive -> background
                        [   0.500] app         sessions discarded (closed by the user): detail#1; didDiscardSceneSessions delivered
                        false	{main#1}

                        """,
                    error: nil
                ))
    }

    @Test("A key named after a method of w.storage, w.memory or app.memory ('keys') is refused, saying to choose another name")
    func keyNamedAfterAMethod() {
        let run = runScript(
            """
            local app = sim.launch{}
            sim.settle()
            print(pcall(function() app.front.storage.keys = 1 end))
            print(pcall(function() app.front.memory.keys = 1 end))
            print(pcall(function() app.memory.keys = 1 end))
            """, options: ScenarioOptions(trace: .off))

        #expect(
            run
                == ScriptRun(
                    output: """
                        false\ttest.lua:3: cannot assign to 'keys': it is a method of scenesim.Storage; a SceneStorage key cannot be named "keys" (the method w.storage:keys()); choose another name
                        false\ttest.lua:4: cannot assign to 'keys': it is a method of scenesim.Memory; a key of w.memory or app.memory cannot be named "keys" (the method :keys()); choose another name
                        false\ttest.lua:5: cannot assign to 'keys': it is a method of scenesim.Memory; a key of w.memory or app.memory cannot be named "keys" (the method :keys()); choose another name

                        """, error: nil))
    }
}
