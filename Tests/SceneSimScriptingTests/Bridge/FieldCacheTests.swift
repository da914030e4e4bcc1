import SceneSimScripting
import Testing

/// Reads answered from the field caches on handles must always equal what the simulator holds.
@Suite("Field caches")
struct FieldCacheTests {
    @Test("Cached storage and app fields follow every change: writes, deletes, disconnects, reconnects, relaunches")
    func cachesFollowChanges() {
        let run = runScript("""
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

        #expect(run == ScriptRun(output: """
            false\ttest.lua:12: reading storage: main#1 is disconnected, and SceneStorage exists only on a connected scene; call w:focus() to reconnect it, or read w.saved
            3\tactive\tloading
            unauthenticated
            3\t2\tloading

            """, error: nil))
    }

    @Test("App fields read once, twice and three times between events (uncached, then cached, then from the cache) always give the simulator's values")
    func readCountsAcrossEvents() {
        let run = runScript("""
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

        #expect(run == ScriptRun(output: """
            true active loading 1 false main#1\ttrue active loading 1 false main#1\ttrue active loading 1 false main#1
            true background loading 1 false main#1
            true active loading 1 false main#1\ttrue active loading 1 false main#1
            false background loading 1 false nil\tfalse background loading 1 false nil\tfalse background loading 1 false nil
            true active unauthenticated 2 false main#2\ttrue active unauthenticated 2 false main#2

            """, error: nil))
    }
}
