import SceneSimScriptTestSupport
import SceneSimScripting
import Testing

/// semantics 9.1: hooks run at their event, synchronously, seeing the world as of that event.
@Suite("Hooks run at their event")
struct AtEventHookTests {
    @Test("3.3 a SceneStorage write in a scene's active → inactive hook is saved on the way to background and survives a system kill")
    func writeOnResignSurvivesSystemKill() {
        let run = runScript(
            """
            local app = sim.launch{ platform = "iphone" }
            sim.settle()
            app:on("scene_phase", function(w, old, new)
              if old == "active" and new == "inactive" then w.storage.draft = "typed" end
            end)
            app:background()
            app:terminate("system")
            app:launch()
            print(app.front.storage.draft)
            """, options: ScenarioOptions(trace: .off))

        #expect(run == ScriptRun(output: "typed\n", error: nil))
    }

    @Test("3.1, 3.2 a scene's hook sees it in its new phase, scenes not reached yet and the app's phase as they were; the app's hook follows")
    func hooksSeeTheWorldAsOfTheirEvent() {
        let run = runScript(
            """
            local app = sim.launch{ scenes = { { id = "main" }, { id = "doc", value = "string" } } }
            sim.settle()
            app:open_window("doc", "a")
            app:on("scene_phase", function(w, old, new)
              local shown = {}
              for _, o in ipairs(app.windows) do shown[#shown + 1] = o.id .. " " .. o.phase end
              print("scene", w, old, new, "| app", app.phase, "|", table.concat(shown, ", "))
            end)
            app:on("phase", function(old, new) print("app", old, new, "| app.phase", app.phase) end)
            app:background()
            """, options: ScenarioOptions(trace: .off))

        #expect(
            run
                == ScriptRun(
                    output: """
                        scene\tdoc#1("a")\tactive\tinactive\t| app\tactive\t|\tdoc#1 inactive, main#1 active
                        scene\tmain#1\tactive\tinactive\t| app\tactive\t|\tdoc#1 inactive, main#1 inactive
                        app\tactive\tinactive\t| app.phase\tinactive
                        scene\tdoc#1("a")\tinactive\tbackground\t| app\tinactive\t|\tdoc#1 background, main#1 inactive
                        scene\tmain#1\tinactive\tbackground\t| app\tinactive\t|\tdoc#1 background, main#1 background
                        app\tinactive\tbackground\t| app.phase\tbackground

                        """, error: nil))
    }

    @Test("3.4, 3.5 a transition from a hook applies and is traced at once; lifecycle requests return nothing and run in order after the action")
    func transitionsAtOnceRequestsQueued() {
        let run = runScript(
            """
            local app = sim.launch{ scenes = { { id = "main" }, { id = "doc", value = "string" } },
                                    policy = { flicker_threshold = 0 } }
            sim.settle()
            app:login{ user = "ada" }
            app:on("phase", function(_, new)
              if new ~= "background" then return end
              print("hook:", app:transition("error(maintenanceMode)"), app.state)
              print("hook: open_window returns", select("#", app:open_window("doc", "a")))
              app:dismiss_window("main")
              print("hook: still", #app.windows, "window")
            end)
            app:background()
            print("after:", app.state, app.phase, app.front, #app.windows)
            """)

        #expect(
            run
                == ScriptRun(
                    output: coldLaunchTrace + """
                        [   0.500] app         state loading -> unauthenticated
                        [   0.500] auth        session of ada stored in the keychain (expires at 3600.500)
                        [   0.500] app         state unauthenticated -> authenticated(ada)
                        [   0.500] main#1      phase active -> inactive
                        [   0.500] app         phase active -> inactive: prepare for background
                        [   0.500] main#1      phase inactive -> background
                        [   0.500] app         phase inactive -> background: release resources
                        [   0.500] app         state authenticated(ada) -> error(maintenanceMode)
                        hook:\ttrue\terror(maintenanceMode)
                        hook: open_window returns\t0
                        hook: still\t1\twindow
                        [   0.500] doc#1       connected (new session, value "a") -> inactive
                        [   0.500] app         phase background -> inactive: prepare for background
                        [   0.500] doc#1       phase inactive -> active
                        [   0.500] app         phase inactive -> active: validate session and refresh
                        [   0.500] app         sessions discarded (dismissWindow): main#1; didDiscardSceneSessions delivered
                        after:\terror(maintenanceMode)\tactive\tdoc#1("a")\t1

                        """, error: nil))
    }

    @Test("3.6 an error in a hook never stops the system's work: the action completes with every invariant true, then the error is raised at the hook's line")
    func hookErrorAfterTheAction() throws {
        var output = ""
        let host = ScriptHost(options: ScenarioOptions(trace: .off), output: { output += String(decoding: $0, as: UTF8.self) })
        _ = try host.run(
            """
            local app = sim.launch{ scenes = { { id = "main" }, { id = "doc", value = "string" } } }
            sim.settle()
            app:open_window("doc", "a")
            local calls = 0
            app:on("scene_phase", function(w, old, new)
              calls = calls + 1
              if new == "inactive" then error("boom in " .. w.id) end
            end)
            print(pcall(app.background, app))
            print(calls, app.phase, app.windows[1].phase, app.windows[2].phase, app.front.saved.k)
            """, chunkName: "@test.lua")

        #expect(
            output == """
                false\ttest.lua:7: boom in doc#1
                1\tbackground\tbackground\tbackground\tnil

                """)
        #expect(host.simulator?._checkInvariants() == [])
    }

    @Test("3.5 a queued request that fails raises its error at the line that made it, once the action is over")
    func queuedRequestError() {
        let run = runScript(
            """
            local app = sim.launch{}
            sim.settle()
            app:on("phase", function(_, new)
              if new == "background" then app:resume() end
            end)
            print(pcall(app.background, app))
            print(app.phase)
            """, options: ScenarioOptions(trace: .off))

        #expect(
            run
                == ScriptRun(
                    output: """
                        false\ttest.lua:4: app:resume(): nothing to resume: no overlay is up; call app:interrupt() or app:switcher() first \
                        (requested in a hook, it ran once the system action was over)
                        background

                        """, error: nil))
    }

    @Test("3.5 a queued request made through pcall fails at the pcall's line: the pcall returned true when it was queued, and its error, raised later, had no line")
    func queuedRequestThroughPcall() {
        let run = runScript(
            """
            local app = sim.launch { scenes = { { id = "main" }, { id = "doc", value = "string" } } }
            sim.settle()
            local doc = app:open_window("doc", "a")
            app:on("phase", function(_, new)
              if new == "background" then
                print(pcall(doc.close, doc))
                print(pcall(doc.close, doc))
              end
            end)
            print(pcall(app.background, app))
            """, options: ScenarioOptions(trace: .off))

        #expect(run.output.hasPrefix("true\ntrue\nfalse\ttest.lua:7: w:close(): "), "\(run)")
        #expect(run.output.hasSuffix(" (requested in a hook, it ran once the system action was over)\n"), "\(run)")
    }

    @Test("9.1, 9.5 a timer's function runs at its event: its transition applies at once, its open_window returns nothing and runs once the event is over")
    func timerFunctionRunsAtItsEvent() {
        let run = runScript(
            """
            local app = sim.launch{ scenes = { { id = "main" }, { id = "doc", value = "string" } } }
            sim.settle()
            app:on("scene_phase", function(w, old, new) print("hook", w, old, new) end)
            app:after(1, function(a)
              print("timer", a:open_window("doc", "x"), #a.windows)
              a:transition("error(maintenanceMode)")
              print("state", a.state)
            end)
            sim.advance(2)
            print(#app.windows, app.front)
            """)

        #expect(
            run
                == ScriptRun(
                    output: """
                        [   0.000] app         launch #1 on ipados: nothing to restore
                        [   0.000] main#1      connected (new session) -> inactive
                        [   0.000] main#1      phase inactive -> active
                        [   0.000] app         phase inactive -> active: validate session and refresh
                        [   0.500] app         state loading -> unauthenticated
                        timer\tnil\t1
                        [   1.500] app         state unauthenticated -> error(maintenanceMode)
                        state\terror(maintenanceMode)
                        [   1.500] doc#1       connected (new session, value "x") -> inactive
                        hook\tdoc#1("x")\tdisconnected\tinactive
                        [   1.500] doc#1       phase inactive -> active
                        hook\tdoc#1("x")\tinactive\tactive
                        2\tdoc#1("x")

                        """, error: nil))
    }
}
