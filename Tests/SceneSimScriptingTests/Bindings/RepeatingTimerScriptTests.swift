import SceneSimScriptTestSupport
import SceneSimScripting
import Testing

/// Issue 44, item 1: sim.settle() with a model's repeating app:after (a refresh every 30 s)
/// settles once only that timer is left, instead of failing after 100000 events.
@Suite("sim.settle and a script's repeating timer")
struct RepeatingTimerScriptTests {
    @Test("sim.settle returns with a 30 s timer that re-arms itself pending; sim.advance still runs it")
    func settleWithARepeatingTimer() {
        let run = runScript(
            """
            local ticks = 0
            local function tick(app) ticks = ticks + 1; app:after(30, tick) end
            local app = sim.launch { scenes = { { id = "main" } },
              model = { states = { on = {} }, initial = "on", transitions = { on = {} }, on_launch = tick } }
            app:after(45, function() print("saved at", sim.now()) end)
            sim.settle()
            print(ticks, sim.now())
            sim.advance(60)
            print(ticks, sim.now())
            """, options: ScenarioOptions(trace: .off))

        #expect(run == ScriptRun(output: "saved at\t45.0\n2\t45.0\n4\t105.0\n", error: nil))
    }

    @Test("A repeating timer that arms longer work each time cannot settle: the error names the app:after lines")
    func cannotSettleNamesTheTimers() {
        let run = runScript(
            """
            local function refresh(app)
              app:after(60, function() end)
              app:after(30, refresh)
            end
            sim.launch { scenes = { { id = "main" } },
              model = { states = { on = {} }, initial = "on", transitions = { on = {} }, on_launch = refresh } }
            sim.settle()
            """, options: ScenarioOptions(trace: .off))

        #expect(
            run.error?.hasPrefix(
                "test.lua:7: sim.settle(): did not settle after 100000 events; something keeps scheduling work; timers still pending: app:after at test.lua:2 and app:after at test.lua:3 (repeating: a timer of its own chain arms it again). Settling stops once only repeating timers are left: a repeating timer that arms other work each time, due after its own next run, keeps it going\n"
            ) == true, "\(run)")
    }
}
