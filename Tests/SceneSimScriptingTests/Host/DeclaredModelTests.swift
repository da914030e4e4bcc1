import SceneSimCore
import SceneSimScriptTestSupport
import SceneSimScripting
import Testing

/// semantics 10: a declared model runs as the built-in one does: its handlers at their events,
/// its intents as methods of the app, its table deciding transitions.
@Suite("A declared model runs the app")
struct DeclaredModelTests {
    @Test("a Lua intent is one entry, as a Swift one: what hooks queue during its actions runs once the intent is over (semantics 9.5, issue 40)")
    func luaIntentIsOneEntry() {
        let run = runScript(
            """
            local app = sim.launch {
              scenes = { { id = "main" }, { id = "doc" } },
              model = {
                states = { a = {} }, initial = "a",
                intents = {
                  go = function(app)
                    app:background()
                    print("after background", #app.windows)
                  end,
                },
              },
            }
            app:on("phase", function(old, new) if new == "background" then app:open_window("doc") end end)
            app:go()
            print("after intent", #app.windows)
            """, options: ScenarioOptions(trace: .off))
        // Before issue 40 a Lua intent was no entry: the queued open_window ran right after
        // app:background(), and the intent printed 2.
        #expect(run == ScriptRun(output: "after background\t1\nafter intent\t2\n", error: nil))
    }

    @Test(
        "a Lua model's intent is a SimInput.intent like a Swift one: sent from Swift it runs the Lua function, with the values as Lua sees them, and returns its first result (issue 40)"
    )
    func luaIntentIsAnInput() throws {
        var output = ""
        let host = ScriptHost(options: ScenarioOptions(trace: .off), output: { output += String(decoding: $0, as: UTF8.self) })
        _ = try host.run(
            """
            local app = sim.launch {
              model = {
                states = { locked = {}, open = {} },
                initial = "locked",
                transitions = { locked = { "open" } },
                intents = {
                  unlock = function(app, pin, tries)
                    print("unlock", math.type(pin) or type(pin), pin, tries)
                    if pin ~= 1234 then return false, "wrong PIN" end
                    return app:transition("open")
                  end,
                },
              },
            }
            print(app:unlock(1, { 2 }))
            """, chunkName: "@test.lua")
        let simulator = try #require(host.simulator)
        #expect(try simulator.send(.intent("unlock", [.int(1)])) == .value(.bool(false)))
        #expect(try simulator.perform(intent: "unlock", [.int(1234), .string("last")]) == .bool(true))
        #expect(simulator.state.text == "open")
        #expect(output == "unlock\tinteger\t1\t{2}\nfalse\twrong PIN\nunlock\tinteger\t1\tnil\nunlock\tinteger\t1234\tlast\n")
    }

    @Test(
        "on_launch runs before the first scene connects, on_phase after the phase hooks, intents are methods with results, transitions and state text follow the declaration, a state nothing reaches is warned"
    )
    func declaredModelRuns() {
        let run = runScript(
            """
            local app = sim.launch {
              model = {
                states = { loading = {}, locked = {}, signed_in = { arg = "string" }, failed = { arg = { "offline" } }, spare = {} },
                initial = "loading",
                transitions = { loading = { "locked", "failed" }, locked = { "signed_in" }, signed_in = { "locked" }, failed = { "loading" } },
                on_launch = function(app)
                  print("on_launch", app.state, #app.windows)
                  app:after(0.5, function(a) a:transition("locked") end)
                end,
                on_phase = function(app, old, new)
                  print("on_phase", old, new, app.phase)
                  if new == "background" and app.state:match("^signed_in") then app:transition("locked") end
                end,
                intents = {
                  unlock = function(app, pin)
                    if pin ~= "1234" then return false, "wrong PIN" end
                    return app:transition("signed_in(ada)")
                  end,
                },
              },
            }
            app:on("phase", function(old, new) print("phase hook", old, new) end)
            sim.settle()
            print(app.state, app:unlock("0000"))
            print(app:unlock("1234"))
            print(app.state, app)
            print(pcall(app.transition, app, "failed(ofline)"))
            print(app:transition("loading"))
            app:background()
            print(app.state, app.history[#app.history].from)
            print(pcall(function() app:login { user = "ada" } end))
            print(pcall(function() app:unlok() end))
            """)

        #expect(
            run
                == ScriptRun(
                    output: """
                        [   0.000] app         launch #1 on ipados: nothing to restore
                        [   0.000] model       warning: state spare is declared but no transition leads to it
                        on_launch\tloading\t0
                        [   0.000] main#1      connected (new session) -> inactive
                        [   0.000] main#1      phase inactive -> active
                        [   0.000] app         phase inactive -> active
                        on_phase\tinactive\tactive\tactive
                        [   0.500] app         state loading -> locked
                        locked\tfalse\twrong PIN
                        [   0.500] app         state locked -> signed_in(ada)
                        true
                        signed_in(ada)\tapp(ipados, signed_in(ada))
                        false\tapp state "failed(ofline)" needs one of its arguments (did you mean "offline"?); its arguments are offline, e.g. "failed(offline)"
                        [   0.500] app         state signed_in(ada) -> loading rejected: signed_in cannot go to loading; from signed_in the app may go to locked
                        false\tsigned_in cannot go to loading; from signed_in the app may go to locked
                        [   0.500] main#1      phase active -> inactive
                        [   0.500] app         phase active -> inactive
                        phase hook\tactive\tinactive
                        on_phase\tactive\tinactive\tinactive
                        [   0.500] main#1      phase inactive -> background
                        [   0.500] app         phase inactive -> background
                        phase hook\tinactive\tbackground
                        on_phase\tinactive\tbackground\tbackground
                        [   0.500] app         state signed_in(ada) -> locked
                        locked\tsigned_in(ada)
                        false\ttest.lua:31: app:login is an intent of the built-in model, and this app declares its own model; its intents are unlock
                        false\ttest.lua:32: app has no field "unlok" (did you mean "unlock"?); fields are running, launches, phase, state, windows, sessions, front, history, rejected, defaults, keychain, memory, suspended, background_time_remaining, version, protected_data; the model's intents are unlock

                        """, error: nil))
    }

    @Test(
        "on_url is asked first: true handles the URL, false with a reason refuses it, nothing lets the routes try; phase_notes label the phase lines; sim.server.end_session ends a session untraced"
    )
    func urlsNotesAndEndSession() {
        let run = runScript(
            """
            local app = sim.launch {
              scenes = { { id = "main", allows = function() return true end }, { id = "doc", value = "string" } },
              routes = { doc = "doc" },
              model = {
                states = { ready = {} }, initial = "ready",
                phase_notes = { active = "refresh the feed" },
                on_url = function(app, url)
                  local parsed = sim.url(url)
                  if parsed.host == "settings" then print("settings", #app.windows) return true end
                  if parsed.host == "admin" then return false, "admins only" end
                end,
              },
            }
            sim.settle()
            print(app:open_url("app://settings"), app:open_url("app://admin/x"), app:open_url("app://doc/a"))
            local token = sim.server.create_session("ada")
            print(sim.server.end_session(token), sim.server.end_session(999))
            sim.server.validate(token, function(answer, user) print(answer, user) end)
            sim.settle()
            print(pcall(sim.server.end_session, "x"))
            """)

        #expect(
            run
                == ScriptRun(
                    output: """
                        [   0.000] app         launch #1 on ipados: nothing to restore
                        [   0.000] main#1      connected (new session) -> inactive
                        [   0.000] main#1      phase inactive -> active
                        [   0.000] app         phase inactive -> active: refresh the feed
                        settings\t1
                        [   0.000] app         open url app://settings: handled by the app
                        [   0.000] app         open url app://admin/x: not handled: admins only
                        [   0.000] doc#1       connected (new session, value "a") -> inactive
                        [   0.000] doc#1       phase inactive -> active
                        [   0.000] app         open url app://doc/a: handled by doc#1
                        true\tfalse\ttrue
                        true\tfalse
                        [   0.000] auth        validating the session of ada with the server
                        [   0.200] auth        session of ada: revoked
                        revoked\tada
                        false\tsim.server.end_session(token) needs a token, an integer from sim.server.create_session or app.keychain (got string)

                        """, error: nil))
    }

    @Test("a declared model's intent is refused while the app is suspended, as the built-in model's are (semantics 11.2): its body does not run")
    func intentWhileSuspended() {
        let run = runScript(
            """
            local app = sim.launch { platform = "iphone", model = { states = { a = {} }, initial = "a",
              intents = { peek = function(app) print("ran") return 42 end } } }
            app:background()
            sim.advance(6)
            print(pcall(function() return app:peek() end))
            app:foreground()
            print(app:peek())
            """, options: ScenarioOptions(trace: .off))

        #expect(
            run
                == ScriptRun(
                    output: """
                        false\ttest.lua:5: app:peek: the app is suspended (since 5.000 s, in the background), so none of its code runs; resume it first: app:foreground(), w:focus(), app:open_url(...) or sim.system.refresh(app)
                        ran
                        42

                        """, error: nil))
    }
}
