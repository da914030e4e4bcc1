import SceneSimCore
import SceneSimScriptTestSupport
import SceneSimScripting
import Testing

/// The binding keeps no failure or nesting of its own (issue 40): the core's one rule for what
/// is under way holds for a script's hooks and a Swift model's handlers alike.
@Suite("What is under way, from a script")
struct UnderWayScriptTests {
    /// A Swift model whose phase handler fails when the app leaves the foreground.
    static let options = ScenarioOptions(
        models: try! ModelRegistry([
            "failing": { () throws(SimError) in
                var model = try AppModel(states: [.init("idle")], initial: "idle", transitions: [:])
                model.onPhase = { _, old, new in
                    if old == .active, new == .inactive { throw SimError(.appCode, "onPhase: could not save going inactive") }
                }
                return model
            }
        ]))

    @Test(
        "a Swift model's handler that fails stops the script's hooks for the rest of the system action, as a hook's failure does (they ran on), and the call fails with its error")
    func swiftFailureStopsTheHooks() {
        let run = runScript(
            """
            local app = sim.launch { model = "failing" }
            sim.settle()
            app:on("scene_phase", function(w, old, new) print("hook", old, new) end)
            print(pcall(app.background, app))
            print(app.phase)
            """, options: Self.options)
        #expect(run.error == nil, "\(run)")
        // The action completed (the app is in the background), the hook ran before the failure only.
        #expect(run.output.contains("hook\tactive\tinactive\n"), "\(run)")
        #expect(!run.output.contains("hook\tinactive\tbackground\n"), "\(run)")
        #expect(run.output.contains("false\tonPhase: could not save going inactive\n"), "\(run)")
        #expect(run.output.hasSuffix("background\n"), "\(run)")
    }

    /// A Swift model whose effect makes a transition (and so runs the script's `state` hooks).
    static let effectOptions = ScenarioOptions(
        models: try! ModelRegistry([
            "saving": { () throws(SimError) in
                var model = try AppModel(states: [.init("idle"), .init("saved")], initial: "idle", transitions: ["idle": ["saved"], "saved": ["idle"]])
                model.addEffect("save") { sim, _, _ in
                    _ = try sim.transition(to: ModelState("saved"))
                    return nil
                }
                return model
            }
        ]))

    @Test("a hook that fails under a Swift effect's call reaches the pcall around app:effect as the value it raised, once: the next call does not raise it again")
    func hookFailureUnderASwiftEffect() {
        let run = runScript(
            """
            local app = sim.launch { model = "saving" }
            sim.settle()
            app:on("state", function(old, new) error({ code = 7 }) end)
            local ok, err = pcall(app.effect, app, "save")
            print(ok, type(err), type(err) == "table" and err.code)
            print(pcall(app.background, app))
            """, options: Self.effectOptions)
        #expect(run.error == nil, "\(run)")
        #expect(run.output.contains("false\ttable\t7\n"), "\(run)")
        #expect(run.output.hasSuffix("true\n"), "\(run)")
    }
}
