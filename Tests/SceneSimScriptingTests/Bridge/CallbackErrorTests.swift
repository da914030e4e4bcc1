import SceneSimScriptTestSupport
import SceneSimScripting
import Testing

@Suite("Errors raised by Swift callbacks")
struct CallbackErrorTests {
    /// Prints everything a script can observe of the simulation, in one line per part.
    static let snapshot = """
        local function snapshot()
          local parts = { sim.now(), app.running, app.launches, app.phase, app.state,
            app.windows, app.sessions, app.front, app.history, app.rejected, sim.network(), sim.seed() }
          for _, w in ipairs(app.sessions) do
            parts[#parts + 1] = { w.id, w.group, w.value, w.phase, w.connected, w.alive, w.storage:keys(), w.saved }
          end
          return parts
        end
        """

    @Test("A hook that raises a table raises that table from the operation, fields and __tostring intact, as Lua would; uncaught, it is reported as run reports any table")
    func hookRaisesATable() {
        let source = """
            local app = sim.launch{}
            sim.settle()
            app:on("phase", function() error({ code = 42 }) end)
            local ok, e = pcall(function() app:background() end)
            print(ok, type(e), e.code)
            app:on("phase", nil)
            app:on("phase", function() error(setmetatable({}, { __tostring = function() return "custom" end })) end)
            ok, e = pcall(app.foreground, app)
            print(ok, type(e), tostring(e))
            app:on("phase", nil)
            app:on("phase", function() error({}) end)
            app:background()
            """

        let run = runScript(source, options: ScenarioOptions(trace: .off))

        #expect(run.output == "false\ttable\t42\nfalse\ttable\tcustom\n")
        #expect(run.error?.hasPrefix("(error object is a table value)") == true, "\(String(describing: run.error))")
    }

    @Test("A caught Swift error carries the calling line and leaves the simulation as it was")
    func caughtErrorLeavesStateUnchanged() {
        // Given an app with two windows and some storage
        let source =
            Self.snapshot + """

                app = sim.launch{ scenes = { { id = "main" }, { id = "doc", value = "string" } } }
                sim.settle()
                local doc = app:open_window("doc", "a")
                doc.storage.page = 2
                local before = snapshot()
                -- When every kind of misuse is caught with pcall
                local messages = {}
                for _, misuse in ipairs {
                  function() app:open_window("dco", "a") end,
                  function() app:open_window("doc", 1) end,
                  function() doc.storage.page = {} end,
                  function() app:terminate("system") end,
                  function() app:logout() end,
                  function() sim.launch{} end,
                  function() app.state = "loading" end,
                  function() sim.advance(-1) end,
                } do
                  local ok, message = pcall(misuse)
                  messages[#messages + 1] = message
                end
                -- Then nothing observable changed, and the simulation goes on
                print(table.concat(messages, "\\n"))
                print(before)
                print(tostring(snapshot()) == tostring(before))
                app:background()
                print(app.phase)
                """

        let run = runScript(source, options: ScenarioOptions(trace: .off))

        #expect(
            run
                == ScriptRun(
                    output: """
                        test.lua:17: unknown scene id "dco" (did you mean "doc"?); the app declares "main", "doc"
                        test.lua:18: scene "doc" presents string values, not integer 1 (write "1" in quotes)
                        test.lua:19: storage key "page": cannot store a table; SceneStorage holds boolean, integer, float or string values (encode tables as strings)
                        test.lua:20: app:terminate("system"): the system kills only an app in the background (suspended or not), but doc#1 is active; call app:background() first
                        test.lua:21: app:logout() needs the app to be authenticated or error, but it is unauthenticated; log in first with app:login{ user = "..." }
                        test.lua:22: sim.launch: the app is already declared (1 launch so far); sim.launch runs once per scenario: to start the app again after app:terminate(), call app:launch()
                        test.lua:23: app.state is read-only; change the app through its methods (app:open_window, app:background, ...)
                        test.lua:24: sim.advance needs zero or more seconds (got -1.000); the clock only moves forward
                        {0.5, true, 1, "active", "unauthenticated", {doc#1("a"), main#1}, {main#1, doc#1("a")}, doc#1("a"), {{at = 0.5, from = "loading", to = "unauthenticated"}}, {}, true, 0, {"main#1", "main", [4] = "active", [5] = true, [6] = true, [7] = {}, [8] = {}}, {"doc#1", "doc", "a", "active", true, true, {"page"}, {}}}
                        true
                        background

                        """,
                    error: nil
                ))
    }
}
