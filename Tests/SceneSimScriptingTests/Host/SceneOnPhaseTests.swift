import SceneSimScriptTestSupport
import SceneSimScripting
import Testing

/// semantics 10.8: a scene declaration's `on_phase`, its root view's `.onChange(of: scenePhase)`.
@Suite("A scene's on_phase")
struct SceneOnPhaseTests {
    @Test("on_phase runs at each phase change of its group's windows, before the scene_phase hooks, and its write on resign is saved")
    func runsAtEachChangeOfItsGroup() {
        let run = runScript(
            """
            local app = sim.launch { scenes = {
              { id = "main" },
              { id = "doc", value = "string", on_phase = function(w, old, new)
                  print("doc on_phase", w, old, new, w.phase)
                  if old == "active" and new == "inactive" then w.storage.draft = "kept" end
                end },
            } }
            app:on("scene_phase", function(w, old, new) print("hook", w, old, new) end)
            sim.settle()
            local doc = app:open_window("doc", "a")
            app:background()
            app:terminate("system")
            app:launch()
            print(doc.storage.draft)
            """, options: ScenarioOptions(trace: .off))

        #expect(
            run
                == ScriptRun(
                    output: """
                        doc on_phase\tdoc#1("a")\tdisconnected\tinactive\tinactive
                        hook\tdoc#1("a")\tdisconnected\tinactive
                        doc on_phase\tdoc#1("a")\tinactive\tactive\tactive
                        hook\tdoc#1("a")\tinactive\tactive
                        doc on_phase\tdoc#1("a")\tactive\tinactive\tinactive
                        hook\tdoc#1("a")\tactive\tinactive
                        hook\tmain#1\tactive\tinactive
                        doc on_phase\tdoc#1("a")\tinactive\tbackground\tbackground
                        hook\tdoc#1("a")\tinactive\tbackground
                        hook\tmain#1\tinactive\tbackground
                        doc on_phase\tdoc#1("a")\tdisconnected\tinactive\tinactive
                        hook\tdoc#1("a")\tdisconnected\tinactive
                        hook\tmain#1\tdisconnected\tinactive
                        doc on_phase\tdoc#1("a")\tinactive\tactive\tactive
                        hook\tdoc#1("a")\tinactive\tactive
                        hook\tmain#1\tinactive\tactive
                        kept

                        """, error: nil))
    }

    @Test("a bad on_phase is an error at sim.launch's line, and a misspelt key suggests it")
    func declarationErrors() {
        let run = runScript(
            """
            print(pcall(function() sim.launch { scenes = { { id = "main", on_phase = "later" } } } end))
            print(pcall(function() sim.launch { scenes = { { id = "main", on_phse = print } } } end))
            """, options: ScenarioOptions(trace: .off))

        #expect(
            run
                == ScriptRun(
                    output: """
                        false\ttest.lua:1: sim.launch: scenes[1].on_phase must be a function(w, old, new), not a string
                        false\ttest.lua:2: sim.launch: unknown option "scenes[1].on_phse" (did you mean "on_phase"?)

                        """, error: nil))
    }

    @Test("an error in on_phase is raised at its line after the action, which completes")
    func errorAfterTheAction() {
        let run = runScript(
            """
            local app = sim.launch { scenes = { { id = "main", on_phase = function(_, _, new)
              if new == "background" then error("no background") end
            end } } }
            sim.settle()
            print(pcall(app.background, app))
            print(app.phase, app.front.phase)
            """, options: ScenarioOptions(trace: .off))

        #expect(
            run
                == ScriptRun(
                    output: """
                        false\ttest.lua:2: no background
                        background\tbackground

                        """, error: nil))
    }

    @Test(
        "a closed window's handlers hear it disconnect (sceneDidDisconnect), before its session is discarded: after the walk to background on iPadOS, straight from active on macOS"
    )
    func closeReachesDisconnected() {
        for platform in ["ipados", "macos"] {
            let run = runScript(
                """
                local app = sim.launch { platform = "\(platform)", scenes = { { id = "main" },
                  { id = "doc", value = "string", on_phase = function(w, old, new) print("on_phase", w, old, new, w.alive) end } } }
                app:on("scene_phase", function(w, old, new) if new == "disconnected" then print("hook", w, old, new) end end)
                sim.settle()
                app:open_window("doc", "a"):close()
                """, options: ScenarioOptions(trace: .off))
            let walk =
                platform == "ipados"
                ? """
                on_phase\tdoc#1("a")\tactive\tinactive\ttrue
                on_phase\tdoc#1("a")\tinactive\tbackground\ttrue
                on_phase\tdoc#1("a")\tbackground\tdisconnected\ttrue
                hook\tdoc#1("a")\tbackground\tdisconnected

                """
                : """
                on_phase\tdoc#1("a")\tactive\tdisconnected\ttrue
                hook\tdoc#1("a")\tactive\tdisconnected

                """
            #expect(
                run
                    == ScriptRun(
                        output: """
                            on_phase\tdoc#1("a")\tdisconnected\tinactive\ttrue
                            on_phase\tdoc#1("a")\tinactive\tactive\ttrue

                            """ + walk, error: nil), "\(platform)")
        }
    }

    @Test(
        "in a closing window's '-> disconnected' handler, its storage and memory say the window is being closed and what to do instead (they said to call w:focus(), which cannot bring them back)"
    )
    func writesWhileClosing() {
        let run = runScript(
            """
            local app = sim.launch { scenes = { { id = "main" }, { id = "doc", value = "string", on_phase = function(w, _, new)
              if new == "disconnected" then
                print(pcall(function() w.storage.draft = "last words" end))
                print(pcall(function() w.memory.scroll = 1 end))
              end
            end } } }
            sim.settle()
            app:open_window("doc", "a"):close()
            """, options: ScenarioOptions(trace: .off))

        #expect(
            run
                == ScriptRun(
                    output: """
                        false\ttest.lua:3: writing storage: doc#1 is being closed, and its SceneStorage is discarded with its session; keep what must outlive the window in app.defaults, or save the draft earlier (on active -> inactive)
                        false\ttest.lua:4: writing w.memory: doc#1 is being closed: its views and their @State are gone with it; keep what must outlive the window in app.memory or app.defaults

                        """, error: nil))
    }

    @Test("the system delivers a disconnect or a close to a suspended app without resuming it: the handlers run as the app's code, and their writes are allowed (semantics 11.2)")
    func deliveryToASuspendedApp() {
        let run = runScript(
            """
            local app
            app = sim.launch { platform = "ipados", scenes = { { id = "main" },
              { id = "doc", value = "string", on_phase = function(w, old, new)
                if new == "disconnected" then
                  app.defaults["gone_" .. w.value] = app.suspended
                  app.memory.last = w.value
                end
              end } } }
            sim.settle()
            local a, b = app:open_window("doc", "a"), app:open_window("doc", "b")
            app:background()
            sim.advance(6)
            a:disconnect()
            b:close()
            print(app.suspended, app.defaults.gone_a, app.defaults.gone_b, app.memory.last)
            print(pcall(function() app.defaults.later = 1 end))
            """, options: ScenarioOptions(trace: .off))

        #expect(
            run
                == ScriptRun(
                    output: """
                        true\ttrue\ttrue\tb
                        false\ttest.lua:16: writing app.defaults: the app is suspended (since 5.500 s, in the background), so none of its code runs; resume it first: app:foreground(), w:focus(), app:open_url(...) or sim.system.refresh(app)

                        """, error: nil))
    }

    @Test(
        "a background task begun by a handler delivered to a suspended app resumes it: its handler runs 5 s before its 30 s are up, finish() is allowed and suspends it again, and no watchdog ends a correct app (semantics 11.6, issue 43)"
    )
    func taskBegunWhileDelivered() {
        let run = runScript(
            """
            local app
            app = sim.launch { platform = "ipados", scenes = { { id = "main" },
              { id = "doc", value = "string", on_phase = function(w, old, new)
                if new == "disconnected" then
                  app:begin_background_task("save " .. w.value, function(app, task)
                    print("expiring", sim.now(), app.suspended, app.background_time_remaining, task.status)
                    print("finish", task:finish())
                  end)
                end
              end } } }
            sim.settle()
            local a = app:open_window("doc", "a")
            app:background()
            sim.advance(6)
            a:disconnect()
            print("after", app.suspended, app.background_time_remaining)
            sim.advance(60)
            print("end", app.running, app.suspended)
            """, options: ScenarioOptions(trace: .text))

        #expect(run.error == nil)
        #expect(
            run.output.hasSuffix(
                """
                [   6.500] doc#1       disconnected (session kept)
                [   6.500] app         resumed (suspended 1.000 s)
                [   6.500] app         background task 1 "save a" began
                after	false	30.0
                [  31.500] app         background task 1 "save a" expiring: 5.000 s of background time left; its expiration handler runs
                expiring	31.5	false	5.0	expired
                [  31.500] app         background task 1 "save a" finished
                finish	true
                [  31.500] app         suspended
                end	true	true

                """), "\(run.output)")
    }
}
