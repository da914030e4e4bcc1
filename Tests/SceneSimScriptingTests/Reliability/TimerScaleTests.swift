import SceneSimScriptTestSupport
import SceneSimScripting
import Testing

/// Issue 20, item 2: timers and server requests are a heap in the core, and the functions
/// waiting for them are let go as they run, so many of them cost O(log n) each (the cost is
/// measured by scripts/bench-scaling.sh, not here); every event the clock runs counts toward
/// the livelock guard, a timer's included.
@Suite("Many timers and requests")
struct TimerScaleTests {
    @Test("40,000 timers and 40,000 validations all run, in time order, once each")
    func manyTimers() {
        let run = runScript(
            """
            local app = sim.launch {}
            sim.settle()
            local fired, last = 0, -1
            for i = 40000, 1, -1 do
              app:after(i * 0.001, function()
                fired = fired + 1
                assert(sim.now() > last, "out of order")
                last = sim.now()
              end)
            end
            local answered = 0
            local token = sim.server.create_session("ada")
            for _ = 1, 40000 do sim.server.validate(token, function() answered = answered + 1 end) end
            sim.settle()
            print(fired, answered, sim.now())
            """, options: ScenarioOptions(trace: .off))
        #expect(run == ScriptRun(output: "40000\t40000\t40.5\n", error: nil))
    }

    @Test("a timer that schedules two more trips the livelock guard instead of running on")
    func doublingTimer() {
        let run = runScript(
            """
            local app = sim.launch {}
            local function spawn() app:after(0.001, spawn); app:after(0.001, spawn) end
            spawn()
            sim.advance(1000)
            """, options: ScenarioOptions(trace: .off))
        #expect(
            run.error?.hasPrefix("test.lua:4: sim.advance(1000.000): ran 100000 events and the clock is only at 0.016 s of 1000.000 s; something keeps scheduling work") == true,
            "\(run)")
    }
}
