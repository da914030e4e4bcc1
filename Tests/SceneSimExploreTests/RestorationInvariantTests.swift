@testable import SceneSimExplore
import SceneSimScriptTestSupport
import SceneSimScripting
import Testing

/// Issue 43, item 12: explore's built-in `restoration` invariant compares what a window saved
/// before a system kill with what it came back with at the relaunch, not with what the app's
/// code made of it afterwards in the same step, and a window its scene's own `restore` empties
/// on purpose is no failure.
@Suite("explore's restoration invariant")
struct RestorationInvariantTests {
    /// The module's outcome after one step of its one rule, which relaunches the killed app.
    private func outcome(_ module: String) throws -> RunOutcome {
        let folder = try ScenarioFolder(["m.lua": module])
        return try ExplorationRunner(file: folder.path + "/m.lua").run(seed: 1, run: 0, steps: 1, keepSteps: true)
    }

    @Test("a window its scene's own restore empties on purpose is no restoration failure")
    func sceneRestoreEmptiesAWindow() throws {
        let run = try outcome(
            """
            return {
              setup = function()
                local app = sim.launch { platform = "ipados", scenes = {
                  { id = "main", restore = function(w) return w.saved.draft ~= "stale" end } } }
                sim.settle()
                app.front.storage.draft = "stale"
                app:background()
                app:terminate("system")
                return app
              end,
              builtin = false,
              rules = { relaunch = { run = function(app) app:launch() end } },
            }

            """)
        #expect(run.steps.map(\.rule) == ["relaunch"])
        #expect(run.failure == nil, "\(String(describing: run.failure))")
    }

    @Test("a cold launch by an activity whose handler writes the restored window's storage in the same step is no restoration failure")
    func activityWritesTheRestoredWindow() throws {
        let run = try outcome(
            """
            return {
              setup = function()
                local app = sim.launch { platform = "ipados", scenes = {
                  { id = "main", prefers = function() return true end,
                    on_activity = function(w, type, info) w.storage.draft = info.text; return true end } } }
                sim.settle()
                app.front.storage.draft = "saved"
                app:background()
                app:terminate("system")
                return app
              end,
              builtin = false,
              rules = { handoff = { run = function(app) app:continue_activity("com.example.edit", { text = "handed" }) end } },
            }

            """)
        #expect(run.steps.map(\.rule) == ["handoff"])
        #expect(run.failure == nil, "\(String(describing: run.failure))")
    }
}
