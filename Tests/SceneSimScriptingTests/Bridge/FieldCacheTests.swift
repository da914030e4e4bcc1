import SceneSimScriptTestSupport
import SceneSimScripting
import Testing

/// Reads answered from the field caches on handles must always equal what the simulator holds.
@Suite("Field caches")
struct FieldCacheTests {
    @Test("Cached storage and app fields follow every change: writes, deletes, disconnects, reconnects, relaunches")
    func cachesFollowChanges() {
        let run = runScript(
            """
            local app = sim.launch{}
            local w = app.front
            local s = w.storage
            s.k = 1; assert(s.k == 1)
            s.k = 2; assert(s.k == 2)
            s.k = nil; assert(s.k == nil)
            s.k = 3
            assert(app.phase == "active")
            app:background()
            assert(app.phase == "background")
            w:disconnect()
            print(pcall(function() return s.k end))
            w:focus()
            print(s.k, app.phase, app.state)
            sim.settle()
            print(app.state)
            app:background(); app:terminate("system"); app:launch()
            print(s.k, app.launches, app.state)
            """, options: ScenarioOptions(trace: .off))

        #expect(
            run
                == ScriptRun(
                    output: """
                        false\ttest.lua:12: reading storage: main#1 is disconnected, and SceneStorage exists only on a connected scene; call w:focus() to reconnect it, or read w.saved
                        3\tactive\tloading
                        unauthenticated
                        3\t2\tloading

                        """, error: nil))
    }

    @Test("App fields read once, twice and three times between events (uncached, then cached, then from the cache) always give the simulator's values")
    func readCountsAcrossEvents() {
        let run = runScript(
            """
            local app = sim.launch{}
            local function fields()
              return table.concat({ tostring(app.running), app.phase, app.state, app.launches, tostring(app.suspended), tostring(app.front) }, " ")
            end
            print(fields(), fields(), fields())
            app:background()
            print(fields())
            app:foreground()
            print(fields(), fields())
            app:terminate("user")
            print(fields(), fields(), fields())
            app:launch()
            sim.settle()
            print(fields(), fields())
            """, options: ScenarioOptions(trace: .off))

        #expect(
            run
                == ScriptRun(
                    output: """
                        true active loading 1 false main#1\ttrue active loading 1 false main#1\ttrue active loading 1 false main#1
                        true background loading 1 false main#1
                        true active loading 1 false main#1\ttrue active loading 1 false main#1
                        false background loading 1 false nil\tfalse background loading 1 false nil\tfalse background loading 1 false nil
                        true active unauthenticated 2 false main#2\ttrue active unauthenticated 2 false main#2

                        """, error: nil))
    }

    @Test(
        "Window fields read three times after each change (as a cache would be filled, then read) follow every change: phases, disconnects, closes, terminations, refused restores")
    func windowFieldsFollowChanges() {
        let run = runScript(
            """
            local app = sim.launch { scenes = { { id = "main" }, { id = "doc", value = "string" } } }
            local main = app.front
            local a = app:open_window("doc", "A")
            local b = app:open_window("doc", "B")
            local function show(what)
              local parts = { what }
              for _, w in ipairs({ main, a, b }) do
                local reads = {}
                for i = 1, 3 do  -- as a cache would be filled by one read and answer the next
                  reads[i] = string.format("%s/%s/%s/%s", tostring(w.value), w.phase, tostring(w.connected), tostring(w.alive))
                end
                assert(reads[1] == reads[2] and reads[2] == reads[3], "reads differ")
                parts[#parts + 1] = reads[1]
              end
              print(table.concat(parts, " "))
            end
            show("opened")
            b:background() show("background")
            b:disconnect() show("disconnect")
            b:focus() show("focus")
            a:close() show("close")
            app:background() show("app background")
            app:terminate("system") show("terminate")
            app:on("restore", function() return false end)
            app:launch() show("launch, restoration refused")
            """, options: ScenarioOptions(trace: .off))

        #expect(
            run
                == ScriptRun(
                    output: """
                        opened nil/background/true/true A/active/true/true B/active/true/true
                        background nil/background/true/true A/active/true/true B/background/true/true
                        disconnect nil/background/true/true A/active/true/true B/disconnected/false/true
                        focus nil/background/true/true A/active/true/true B/active/true/true
                        close nil/background/true/true A/disconnected/false/false B/active/true/true
                        app background nil/background/true/true A/disconnected/false/false B/background/true/true
                        terminate nil/disconnected/false/true A/disconnected/false/false B/disconnected/false/true
                        launch, restoration refused nil/disconnected/false/true A/disconnected/false/false nil/active/true/true

                        """, error: nil))
    }

    @Test("A macOS window's minimized field follows minimising and bringing it back")
    func minimizedFollowsTheDock() {
        let run = runScript(
            """
            local app = sim.launch { platform = "macos", scenes = { { id = "main" }, { id = "doc", value = "string" } } }
            local a = app:open_window("doc", "A")
            local function show(what)
              local reads = {}
              for i = 1, 3 do reads[i] = string.format("%s/%s", tostring(a.minimized), a.phase) end
              assert(reads[1] == reads[2] and reads[2] == reads[3], "reads differ")
              print(what, reads[1])
            end
            show("opened")
            a:minimize() show("minimize")
            a:focus() show("focus")
            """, options: ScenarioOptions(trace: .off))

        #expect(
            run
                == ScriptRun(
                    output: """
                        opened\tfalse/active
                        minimize\ttrue/inactive
                        focus\tfalse/active

                        """, error: nil))
    }

    // A cache of window fields dropped by the events that name each window (tried, reverted)
    // read "active" here: the closed window is detached untraced, as its session is about to be
    // discarded, and the App's phase handler runs before the discard is traced.
    @Test("A window closed on macOS reads disconnected in the App's phase handler that runs before its session is discarded")
    func closedWindowInThePhaseHandler() {
        let run = runScript(
            """
            local app = sim.launch { platform = "macos", scenes = { { id = "main" }, { id = "doc", value = "string" } } }
            local main = app.front
            app:open_window("doc", "C")
            local function phases() return main.phase .. " " .. main.phase .. " " .. main.phase end
            app:background()
            main:focus()
            print(phases())
            app:on("phase", function(_, phase) print("phase " .. tostring(phase) .. ": main " .. phases() .. ", alive " .. tostring(main.alive)) end)
            main:close()
            print(phases(), main.alive)
            """, options: ScenarioOptions(trace: .off))

        #expect(
            run
                == ScriptRun(
                    output: """
                        active active active
                        phase background: main disconnected disconnected disconnected, alive true
                        disconnected disconnected disconnected\tfalse

                        """, error: nil))
    }

    @Test("App fields read three times at every handler point and after every change follow launches, phases, states, suspension and termination")
    func appFieldsInHandlers() {
        let run = runScript(
            """
            local app = sim.launch { platform = "ipados", scenes = { { id = "main" }, { id = "doc", value = "string" } } }
            local function fields()
              local reads = {}
              for i = 1, 3 do  -- as a cache would be filled by one read and answer the next
                reads[i] = table.concat({ tostring(app.running), app.phase, app.state, app.launches, tostring(app.suspended) }, " ")
              end
              assert(reads[1] == reads[2] and reads[2] == reads[3], "reads differ")
              return reads[1]
            end
            app:on("phase", function() print("  phase hook: " .. fields()) end)
            app:on("state", function() print("  state hook: " .. fields()) end)
            app:on("scene_phase", function(w) print("  scene hook " .. w.id .. ": " .. fields()) end)
            print("launched: " .. fields())
            sim.settle() print("settled: " .. fields())
            app:login { user = "ada" } sim.settle() print("logged in: " .. fields())
            app:open_window("doc", "A") print("opened: " .. fields())
            app:background() print("background: " .. fields())
            sim.advance(60) print("later: " .. fields())
            app:foreground() print("foreground: " .. fields())
            app:background() sim.advance(60) app:terminate("system") print("terminated: " .. fields())
            app:launch() print("relaunched: " .. fields())
            """, options: ScenarioOptions(trace: .off))

        #expect(
            run
                == ScriptRun(
                    output: """
                        launched: true active loading 1 false
                          state hook: true active unauthenticated 1 false
                        settled: true active unauthenticated 1 false
                          state hook: true active authenticated(ada) 1 false
                        logged in: true active authenticated(ada) 1 false
                          scene hook doc#1: true active authenticated(ada) 1 false
                          scene hook doc#1: true active authenticated(ada) 1 false
                        opened: true active authenticated(ada) 1 false
                          scene hook doc#1: true active authenticated(ada) 1 false
                          scene hook main#1: true active authenticated(ada) 1 false
                          phase hook: true inactive authenticated(ada) 1 false
                          scene hook doc#1: true inactive authenticated(ada) 1 false
                          scene hook main#1: true inactive authenticated(ada) 1 false
                          phase hook: true background authenticated(ada) 1 false
                        background: true background authenticated(ada) 1 false
                        later: true background authenticated(ada) 1 true
                          scene hook doc#1: true background authenticated(ada) 1 false
                          phase hook: true inactive authenticated(ada) 1 false
                          scene hook main#1: true inactive authenticated(ada) 1 false
                          scene hook doc#1: true inactive authenticated(ada) 1 false
                          phase hook: true active authenticated(ada) 1 false
                          scene hook main#1: true active authenticated(ada) 1 false
                        foreground: true active authenticated(ada) 1 false
                          scene hook doc#1: true active authenticated(ada) 1 false
                          scene hook main#1: true active authenticated(ada) 1 false
                          phase hook: true inactive authenticated(ada) 1 false
                          scene hook doc#1: true inactive authenticated(ada) 1 false
                          scene hook main#1: true inactive authenticated(ada) 1 false
                          phase hook: true background authenticated(ada) 1 false
                        terminated: false background loading 1 false
                          scene hook doc#1: true inactive loading 2 false
                          scene hook main#1: true inactive loading 2 false
                          scene hook doc#1: true inactive loading 2 false
                          phase hook: true active loading 2 false
                          scene hook main#1: true active loading 2 false
                        relaunched: true active loading 2 false

                        """, error: nil))
    }
}
