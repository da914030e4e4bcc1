import SceneSimScripting
import Testing

@Suite("Errors raised inside hooks")
struct HookErrorTests {
    @Test("An error in a hook is catchable and carries the hook's own file:line")
    func caughtHookError() {
        let source = """
            local app = sim.launch{}
            app:on("state", function(old, new)
              error("boom")
            end)
            print(pcall(function() sim.settle() end))
            print(app.state, sim.now())
            """

        let run = runScript(source, options: ScenarioOptions(trace: .off))

        #expect(run == ScriptRun(output: "false\ttest.lua:3: boom\nunauthenticated\t0.5\n", error: nil))
    }

    @Test("An uncaught error in a hook fails the scenario with the hook's line and exit status 1")
    func uncaughtHookErrorFailsScenario() throws {
        let folder = try ScenarioFolder(["hook.lua": """
            local app = sim.launch{}
            app:on("state", function(old, new)
              error("boom in the state hook")
            end)
            sim.settle()
            print("never")
            """])

        let result = ScenarioRunner.capture(path: folder.file("hook.lua"), options: ScenarioOptions(trace: .off))

        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(result.stderr == """
            \(folder.path)/hook.lua:3: boom in the state hook
            stack traceback:
            \t\(folder.path)/hook.lua:5: in main chunk

            """)
    }
}
