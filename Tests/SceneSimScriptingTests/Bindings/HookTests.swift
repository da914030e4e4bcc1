import SceneSimScriptTestSupport
import SceneSimScripting
import Testing

// Generated from each snippet's real run, then reviewed against the API reference (scenarios/README.md) line by line.
@Suite("Hooks registered with app:on")
struct HookTests {
    @Test("the phase, scene_phase and state hooks are called with the old and new values, each at its event")
    func thePhaseScenePhaseAndStateHooksAreCalled() {
        let source = """
            local app = sim.launch{}
            app:on("phase", function(old, new) print("phase", old, new) end)
            app:on("scene_phase", function(w, old, new) print("scene_phase", w, old, new) end)
            app:on("state", function(old, new) print("state", old, new) end)
            sim.settle()
            app:background()
            """

        let run = runScript(source)

        #expect(
            run
                == ScriptRun(
                    output: coldLaunchTrace + """
                        [   0.500] app         state loading -> unauthenticated
                        state	loading	unauthenticated
                        [   0.500] main#1      phase active -> inactive
                        scene_phase	main#1	active	inactive
                        [   0.500] app         phase active -> inactive: prepare for background
                        phase	active	inactive
                        [   0.500] main#1      phase inactive -> background
                        scene_phase	main#1	inactive	background
                        [   0.500] app         phase inactive -> background: release resources
                        phase	inactive	background

                        """,
                    error: nil
                ))
    }

    @Test("a restore hook returning false makes the restored window start empty")
    func aRestoreHookReturningFalseMakesTheRestoredWindow() {
        let source = """
            local app = sim.launch{ scenes = { { id = "main" }, { id = "detail", value = "string" } } }
            sim.settle()
            local d = app:open_window("detail", "42")
            d.storage.page = 3
            app.front.storage.seen = true
            app:background()
            app:terminate("system")
            app:on("restore", function(w)
              print("restore", w, w.saved)
              return w.group ~= "detail"
            end)
            app:launch()
            print(d, d.storage:keys(), app.windows)
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
                        [   0.500] main#1      phase active -> inactive
                        [   0.500] app         phase active -> inactive: prepare for background
                        [   0.500] detail#1    phase inactive -> background
                        [   0.500] detail#1    storage saved: 2 keys, 17 bytes
                        [   0.500] main#1      phase inactive -> background
                        [   0.500] app         phase inactive -> background: release resources
                        [   0.500] app         terminated (system): restoration data kept
                        [   0.500] app         launch #2 on ipados: restoring detail#1, main#1
                        restore	detail#1("42")	{page = 3, seen = true}
                        [   0.500] detail#1    restore hook rejected the saved value and storage: starts empty
                        [   0.500] detail#1    connected (restored) -> inactive
                        restore	main#1	{}
                        [   0.500] main#1      connected (restored) -> inactive
                        [   0.500] detail#1    phase inactive -> active
                        [   0.500] app         phase inactive -> active: validate session and refresh
                        [   0.500] main#1      phase inactive -> active
                        detail#1	{}	{detail#1, main#1}

                        """,
                    error: nil
                ))
    }

    @Test("app:on with nil removes the hooks of an event")
    func appOnWithNilRemovesTheHooksOfAn() {
        let source = """
            local app = sim.launch{}
            app:on("state", function(old, new) print("state", old, new) end)
            app:on("state", nil)
            sim.settle()
            print(app.state)
            """

        let run = runScript(source)

        #expect(
            run
                == ScriptRun(
                    output: coldLaunchTrace + """
                        [   0.500] app         state loading -> unauthenticated
                        unauthenticated

                        """,
                    error: nil
                ))
    }
}
