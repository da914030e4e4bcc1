import SceneSimScripting
import Testing

/// semantics 10.8: a scene declaration's `on_phase`, its root view's `.onChange(of: scenePhase)`.
@Suite("A scene's on_phase")
struct SceneOnPhaseTests {
    @Test("on_phase runs at each phase change of its group's windows, before the scene_phase hooks, and its write on resign is saved")
    func runsAtEachChangeOfItsGroup() {
        let run = runScript("""
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

        #expect(run == ScriptRun(output: """
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
        let run = runScript("""
            print(pcall(function() sim.launch { scenes = { { id = "main", on_phase = "later" } } } end))
            print(pcall(function() sim.launch { scenes = { { id = "main", on_phse = print } } } end))
            """, options: ScenarioOptions(trace: .off))

        #expect(run == ScriptRun(output: """
            false\ttest.lua:1: sim.launch: scenes[1].on_phase must be a function(w, old, new), not a string
            false\ttest.lua:2: sim.launch: unknown option "scenes[1].on_phse" (did you mean "on_phase"?)

            """, error: nil))
    }

    @Test("an error in on_phase is raised at its line after the action, which completes")
    func errorAfterTheAction() {
        let run = runScript("""
            local app = sim.launch { scenes = { { id = "main", on_phase = function(_, _, new)
              if new == "background" then error("no background") end
            end } } }
            sim.settle()
            print(pcall(app.background, app))
            print(app.phase, app.front.phase)
            """, options: ScenarioOptions(trace: .off))

        #expect(run == ScriptRun(output: """
            false\ttest.lua:2: no background
            background\tbackground

            """, error: nil))
    }
}
