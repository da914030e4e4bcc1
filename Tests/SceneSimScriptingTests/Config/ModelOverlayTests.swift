import SceneSimScriptTestSupport
import SceneSimScripting
import Testing

/// `sim.extend(generated, overlay)` (behaviour-from-source §1, §5): the launch options of a
/// generated module with the user's overlay added, the generated table left as it was.
@Suite("sim.extend")
struct ModelOverlayTests {
    @Test(
        "The overlay's model fields go into the generated model (effects and intents merged), facts with anchors join the generated lists, scenes and replace patch scenes by id, policy keys are set over the generated ones; the generated table is unchanged and a second extend gives the same; every other key is an error at the line naming it"
    )
    func extendMergesAndRefuses() {
        let run = runScript(
            """
            local generated = {
              platform = "ipados",
              scenes = {
                { id = "feed", keys = { "scroll" }, memory = { "draft" },
                  on_phase = function(w, old, new) print("generated on_phase", w, new) end },
                { id = "post", value = "string" },
              },
              model = { name = "Reader", states = { running = {} }, initial = "running", defaults_keys = { "lastSync" },
                on_launch = function(app) print("generated on_launch") end,
                effects = { ["A.b"] = function() return "generated" end } },
            }
            local overlay = {
              states = { idle = {}, busy = {} }, initial = "idle", transitions = { idle = { "busy" } },
              memory = { ["ReadQueue.pending"] = "ReadQueue.pending" },
              defaults_keys = { autosave = "App/Settings.swift:12" },
              effects = { ["C.d"] = function() return "overlay" end },
              intents = { work = function(app) return app:transition("busy") end },
              scenes = { feed = { memory = { scroll2 = "FeedView.swift:9" }, allows = function() return true end } },
              replace = { feed = { on_phase = function(w, old, new) print("overlay on_phase", w, new) end } },
              policy = { suspend_after = 10 },
            }
            local options = sim.extend(generated, overlay)
            local again = sim.extend(generated, overlay)
            print(options.model.initial, generated.model.initial, #generated.model.defaults_keys, generated.scenes[1].allows)
            print(options.model.defaults_keys[1], options.model.defaults_keys.autosave, again.model.memory["ReadQueue.pending"])
            print(options.scenes[1].memory[1], options.scenes[1].memory.scroll2, options.policy.suspend_after, options.scenes[2].id)
            local app = sim.launch(options)
            print(app.state, app:work(), app:effect("A.b"), app:effect("C.d"))
            app.memory["ReadQueue.pending"] = 2
            app.defaults.autosave = true
            print(pcall(function() app.defaults.autosav = 1 end))
            app.windows[1].memory.scroll2 = 1
            local function try(o) local ok, err = pcall(sim.extend, generated, o); print(err) end
            local function try2(o) print(select(2, pcall(function() return sim.extend(generated, o) end))) end
            try2 { stats = {} }
            try2 { routes = {} }
            try2 { memory = { "ReadQueue.pending" } }
            try2 { memory = { ["ReadQueue.pending"] = "somewhere" } }
            try2 { memory = { ["ReadQueue.pending"] = 3 } }
            try2 { scenes = { fed = {} } }
            try2 { scenes = { feed = { on_phse = print } } }
            try2 { replace = { feed = { on_url = print } } }
            try2 { [1] = "x" }
            print(select(2, pcall(function() return sim.extend(generated) end)))
            print(select(2, pcall(function() return sim.extend("x", {}) end)))
            """)

        #expect(
            run
                == ScriptRun(
                    output: """
                        idle\trunning\t1\tnil
                        lastSync\tApp/Settings.swift:12\tReadQueue.pending
                        draft\tFeedView.swift:9\t10\tpost
                        [   0.000] app         launch #1 on ipados: nothing to restore
                        generated on_launch
                        [   0.000] feed#1      connected (new session) -> inactive
                        overlay on_phase\tfeed#1\tinactive
                        [   0.000] feed#1      phase inactive -> active
                        overlay on_phase\tfeed#1\tactive
                        [   0.000] app         phase inactive -> active
                        [   0.000] app         state idle -> busy
                        [   0.000] app         effect A.b()
                        [   0.000] app         effect C.d()
                        idle\ttrue\tgenerated\toverlay
                        [   0.000] defaults    autosave = true
                        false\ttest.lua:31: app.defaults.autosav: the model declares no AppStorage key "autosav"; did you mean "autosave"?
                        test.lua:34: sim.extend: unknown key "stats" in the overlay (did you mean "states"?); it takes the model's fields (name, states, initial, transitions, on_launch, on_phase, on_url, on_refresh, on_refresh_expired, on_protected_data, phase_notes, intents, on_activity, on_notification, on_shortcut, on_reopen, on_terminate, on_should_quit, defaults_keys, memory, effects, background_modes, on_push, on_transfer, on_memory_warning, on_restore_value), scenes (or replace) and policy, platform, os
                        test.lua:34: sim.extend: unknown key "routes" in the overlay; it takes the model's fields (name, states, initial, transitions, on_launch, on_phase, on_url, on_refresh, on_refresh_expired, on_protected_data, phase_notes, intents, on_activity, on_notification, on_shortcut, on_reopen, on_terminate, on_should_quit, defaults_keys, memory, effects, background_modes, on_push, on_transfer, on_memory_warning, on_restore_value), scenes (or replace) and policy, platform, os
                        test.lua:34: sim.extend: memory: "ReadQueue.pending" needs its anchor, where the app declares it ("Path/File.swift:LINE" or "Type.property"), e.g. memory = { ["ReadQueue.pending"] = "App/ReadQueue.swift:31" }
                        test.lua:34: sim.extend: memory["ReadQueue.pending"]: "somewhere" is not an anchor; give where the app declares it: "Path/File.swift:LINE" or "Type.property"
                        test.lua:34: sim.extend: memory["ReadQueue.pending"] must be the fact's anchor, where the app declares it: "Path/File.swift:LINE" or "Type.property", not an integer
                        test.lua:34: sim.extend: scenes.fed: the generated module has no scene "fed" (did you mean "feed"?); its scenes are feed, post
                        test.lua:34: sim.extend: unknown key "on_phse" in scenes.feed (did you mean "on_phase"?)
                        test.lua:34: sim.extend: replace.feed.on_url: scene "feed" of the generated module has no on_url to replace (it has on_phase); add one with scenes = { feed = { on_url = ... } }
                        test.lua:34: sim.extend: the overlay must use string keys (found [1]); it takes background_modes, defaults_keys, effects, initial, intents, memory, name, on_activity, on_launch, on_memory_warning, on_notification, on_phase, on_protected_data, on_push, on_refresh, on_refresh_expired, on_reopen, on_restore_value, on_shortcut, on_should_quit, on_terminate, on_transfer, on_url, os, phase_notes, platform, policy, replace, scenes, states, transitions
                        test.lua:44: sim.extend(generated, overlay): overlay must be a table of what the source cannot say, e.g. { states = { ... }, initial = "...", effects = { ... } } (got no value)
                        test.lua:45: sim.extend(generated, overlay): generated must be the table the generated module returns, e.g. sim.extend(require "myapp_generated", { ... }) (got string)

                        """))
    }

    @Test("An old single-file model keeps working, and may list a fact with its anchor next to the listed names")
    func singleFileModelWithAnchors() {
        let run = runScript(
            """
            local app = sim.launch { model = { states = { r = {} }, initial = "r",
              memory = { "journal", ["ReadQueue.pending"] = "ReadQueue.pending" },
              defaults_keys = { "theme", autosave = "Settings.swift:4" } } }
            app.memory.journal = 1
            app.memory["ReadQueue.pending"] = 2
            app.defaults.autosave = true
            print(pcall(function() app.memory.pendng = 1 end))
            """, options: ScenarioOptions(trace: .off))
        let badAnchor = runScript(
            """
            sim.launch { model = { states = { r = {} }, initial = "r", memory = { x = "nowhere" } } }
            """, options: ScenarioOptions(trace: .off))

        #expect(
            run
                == ScriptRun(
                    output: """
                        false\ttest.lua:7: app.memory.pendng: the model declares no memory key "pendng"; it declares "journal", "ReadQueue.pending"

                        """))
        #expect(
            badAnchor.error?.hasPrefix(
                "test.lua:1: sim.launch: model.memory[\"x\"]: \"nowhere\" is not an anchor; give where the app declares it: \"Path/File.swift:LINE\" or \"Type.property\"\n")
                == true, "\(badAnchor)")
    }

    @Test("A generated module loaded with require is found by check-model through sim.extend: the host records the module's name")
    func extendRecordsTheGeneratedModule() throws {
        let folder = try ScenarioFolder([
            "lib/app_generated.lua": "return { scenes = { { id = \"main\" } }, model = { states = { r = {} }, initial = \"r\" } }\n",
            "lib/app.lua": "return sim.extend(require \"app_generated\", { policy = { suspend_after = 1 } })\n",
            "lib/local.lua": "return sim.extend({ scenes = { { id = \"main\" } } }, {})\n",
        ])
        let host = ScriptHost(moduleDirectory: folder.file("lib"), output: { _ in })
        _ = try host.run("require \"app\"; require \"local\"", chunkName: "=t")

        #expect(host.extensions.map(\.generatedModule) == ["app_generated", nil])
        #expect(host.extensions.map(\.location) == [folder.file("lib/app.lua") + ":1", folder.file("lib/local.lua") + ":1"])
    }
}
