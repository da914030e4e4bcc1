import SceneSimScriptTestSupport
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

    @Test(
        "A number or nil a hook or a timer raises reaches the pcall around the operation as that value, as a table does (it arrived as the text '(error object is a number value)')"
    )
    func nonStringErrorValues() {
        let run = runScript(
            """
            local app = sim.launch{}
            app:on("phase", function() error(42, 0) end)
            local ok, e = pcall(app.background, app)
            print(ok, e, math.type(e))
            app:on("phase", nil)
            app:after(0, function() error(1.5, 0) end)
            ok, e = pcall(sim.advance, 1)
            print(ok, e, math.type(e))
            app:after(0, function() error(nil) end)
            ok, e = pcall(sim.advance, 1)
            print(ok, e)
            """, options: ScenarioOptions(trace: .off))

        #expect(run == ScriptRun(output: "false\t42\tinteger\nfalse\t1.5\tfloat\nfalse\tnil\n", error: nil))
    }

    @Test(
        "A hook or a timer that yields is refused at its own line, saying why, inside a coroutine or not; the simulation stays usable, and a yield the simulator does not hold up is stock's"
    )
    func yieldInAppCode() {
        let source = """
            local app = sim.launch{}
            app:on("phase", function(old, new)
              coroutine.yield(new)
            end)
            print(coroutine.wrap(function() return pcall(function() app:background() end) end)())
            print(pcall(function() app:foreground() end))
            app:on("phase", nil)
            app:after(1, function() coroutine.yield() end)
            print(coroutine.resume(coroutine.create(function() sim.advance(2) end)))
            local co = coroutine.wrap(function() table.sort({ 2, 1 }, function(a, b) coroutine.yield() return a < b end) end)
            print(pcall(co))
            print(coroutine.wrap(function() coroutine.yield("fine") end)())
            app:background()
            print(app.phase)
            """
        let boundary =
            "attempt to yield across a C-call boundary: this code runs inside a call to the simulator (a hook, a timer, a handler), which cannot be suspended; yield after that call returns"

        let run = runScript(source, options: ScenarioOptions(trace: .off))

        // Stock Lua says the first two with no line at all (the hook is called through a plain
        // lua_pcall from Swift); the sort comparator's is stock's, word for word.
        #expect(
            run
                == ScriptRun(
                    output: """
                        false\ttest.lua:3: \(boundary)
                        false\ttest.lua:3: attempt to yield from outside a coroutine
                        false\ttest.lua:8: \(boundary)
                        false\tattempt to yield across a C-call boundary
                        fine
                        background

                        """, error: nil))
    }

    @Test("An uncaught error in a hook fails the scenario with the hook's line, the hook's frames in the traceback, and exit status 1")
    func uncaughtHookErrorFailsScenario() throws {
        let folder = try ScenarioFolder([
            "hook.lua": """
            local app = sim.launch{}
            app:on("state", function(old, new)
              error("boom in the state hook")
            end)
            sim.settle()
            print("never")
            """
        ])

        let result = ScenarioRunner.capture(path: folder.file("hook.lua"), options: ScenarioOptions(trace: .off))

        #expect(result.status == 1)
        #expect(String(decoding: result.stdout, as: UTF8.self) == "")
        #expect(
            String(decoding: result.stderr, as: UTF8.self) == """
                \(folder.path)/hook.lua:3: boom in the state hook
                stack traceback:
                \t\(folder.path)/hook.lua:3: in function <\(folder.path)/hook.lua:2>
                \t\(folder.path)/hook.lua:5: in main chunk

                """)
    }

    @Test("A hook that requests what fires it again without end stops after 1000 requests with an error at the request's line, and the simulation stays usable")
    func endlessQueuedRequests() {
        let source = """
            local app = sim.launch{}
            local calls = 0
            app:on("scene_phase", function(w, old, new)
              calls = calls + 1
              if new == "background" then w:focus() elseif new == "active" then w:background() end
            end)
            print(pcall(function() app.front:background() end))
            app:on("scene_phase", nil)
            print(calls, app.front.phase)
            app:foreground()
            print(app.phase)
            """

        let run = runScript(source, options: ScenarioOptions(trace: .off))

        #expect(
            run
                == ScriptRun(
                    output: """
                        false\ttest.lua:5: hooks requested 1000 lifecycle actions for one operation: this request, made in a hook, \
                        fires a hook that requests again; let a hook act only on changes it did not cause (check old and new, or keep a flag)
                        2002\tbackground
                        active

                        """, error: nil))
    }

    @Test("A hook whose transition fires it again without end stops at 40 levels with an error at the innermost call's line, and the simulation stays usable")
    func endlessNestedTransitions() {
        let source = """
            local app = sim.launch{}
            sim.settle()
            app:on("state", function(_, new)
              if new == "unauthenticated" then app:transition("error(maintenanceMode)")
              else app:transition("unauthenticated") end
            end)
            print(pcall(app.transition, app, "error(maintenanceMode)"))
            app:on("state", nil)
            print(#app.history, app.state)
            app:interrupt()
            print(app.phase)
            """

        let run = runScript(source, options: ScenarioOptions(trace: .off))

        #expect(
            run
                == ScriptRun(
                    output: """
                        false\ttest.lua:4: hooks are nested 40 deep: this call, inside a hook, fires a hook again, \
                        and that one does the same; let a hook act only on changes it did not cause (check old and new, or keep a flag)
                        42\terror(maintenanceMode)
                        inactive

                        """, error: nil))
    }

    @Test("The hooks still owed by an operation whose restore hook failed are dropped, not run by the next operation")
    func hooksOwedByAFailedOperation() {
        let run = runScript(
            """
            local app = sim.launch{}
            app:background(); app:terminate("system")
            app:on("restore", function() error("no restore") end)
            app:on("phase", function(old, new) print("phase hook", old, new) end)
            print(pcall(app.launch, app))
            app:on("restore", nil)
            print("interrupt")
            app:interrupt()
            """, options: ScenarioOptions(trace: .off))

        #expect(
            run
                == ScriptRun(
                    output: """
                        false\ttest.lua:3: no restore
                        interrupt
                        phase hook\tactive\tinactive

                        """, error: nil))
    }
}
