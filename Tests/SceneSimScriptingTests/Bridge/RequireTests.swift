import SceneSimScriptTestSupport
import SceneSimScripting
import Testing

@Suite("require")
struct RequireTests {
    @Test("require finds helper modules in lib/ beside the scenario, once")
    func requireFindsLib() throws {
        let folder = try ScenarioFolder([
            "main.lua": """
            local steps = require "steps"
            local again = require "steps"
            local app = steps.launch()
            print(app.state, steps == again, steps.loads)
            """,
            "lib/steps.lua": """
            local M = { loads = (M_loads or 0) + 1 }
            function M.launch()
              local app = sim.launch{}
              sim.settle()
              return app
            end
            return M
            """,
        ])

        let result = ScenarioRunner.capture(path: folder.file("main.lua"), options: ScenarioOptions(trace: .off))

        #expect(result.status == 0)
        #expect(String(decoding: result.stdout, as: UTF8.self) == "unauthenticated\ttrue\t1\n")
        #expect(String(decoding: result.stderr, as: UTF8.self) == "")
    }

    @Test("sim.launch(require \"model\") launches the model, though require also returns the module's path (a second argument); a second argument of another kind is still refused")
    func launchRequiredModel() throws {
        let folder = try ScenarioFolder([
            "main.lua": """
            print(select("#", require "notes"))
            print(pcall(sim.launch, {}, "ipados"))
            local app = sim.launch(require "notes")
            print(app.windows[1].id, #app.windows)
            """,
            "lib/notes.lua": "return { platform = \"macos\", scenes = { { id = \"main\" } } }\n",
        ])

        let result = ScenarioRunner.capture(path: folder.file("main.lua"), options: ScenarioOptions(trace: .off))

        // Before, the launch failed: "sim.launch takes one table of options (got 2 arguments)".
        #expect(String(decoding: result.stderr, as: UTF8.self) == "")
        #expect(
            String(decoding: result.stdout, as: UTF8.self) == """
                2
                false\tsim.launch takes one table of options, e.g. sim.launch{ platform = "ipados" } (got 2 arguments)
                main#1\t1

                """)
    }

    @Test("A scenario in a topic folder finds helpers in the nearest lib/ above it; a nearer one wins")
    func requireFindsNearestLib() throws {
        let folder = try ScenarioFolder([
            "phases/shared.lua": "print((require(\"where\")))\n",
            "phases/deep/near.lua": "print((require(\"where\")))\n",
            "phases/deep/lib/where.lua": "return \"phases/deep/lib\"\n",
            "lib/where.lua": "return \"lib\"\n",
        ])

        let shared = ScenarioRunner.capture(path: folder.file("phases/shared.lua"), options: ScenarioOptions(trace: .off))
        let near = ScenarioRunner.capture(path: folder.file("phases/deep/near.lua"), options: ScenarioOptions(trace: .off))

        #expect(String(decoding: shared.stdout, as: UTF8.self) == "lib\n" && shared.status == 0)
        #expect(String(decoding: near.stdout, as: UTF8.self) == "phases/deep/lib\n" && near.status == 0)
    }

    @Test("An error deep in a helper module is reported at the helper's line with the script's frames")
    func errorInHelper() throws {
        let folder = try ScenarioFolder([
            "main.lua": """
            local helpers = require "helpers"
            local function step()
              helpers.run("bad")
            end
            step()
            """,
            "lib/helpers.lua": """
            local M = {}
            local function deep(x)
              error("helper failed: " .. x)
            end
            function M.run(x)
              deep(x)
            end
            return M
            """,
        ])

        let result = ScenarioRunner.capture(path: folder.file("main.lua"))

        #expect(result.status == 1)
        #expect(String(decoding: result.stdout, as: UTF8.self) == "")
        #expect(
            String(decoding: result.stderr, as: UTF8.self) == """
                \(folder.path)/lib/helpers.lua:3: helper failed: bad
                stack traceback:
                \t\(folder.path)/lib/helpers.lua:3: in upvalue 'deep'
                \t\(folder.path)/lib/helpers.lua:6: in function 'helpers.run'
                \t\(folder.path)/main.lua:3: in local 'step'
                \t\(folder.path)/main.lua:5: in main chunk

                """)
    }

    @Test("require \"scenesim\" returns the sim global itself")
    func requireScenesim() {
        let run = runScript(
            """
            local s = require "scenesim"
            print(s == sim, rawequal(s, sim))
            """)

        #expect(run == ScriptRun(output: "true\ttrue\n", error: nil))
    }
}
