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
}
