import SceneSimScriptTestSupport
import SceneSimScripting
import Testing

// Generated from each snippet's real run, then reviewed against the API reference (scenarios/README.md) line by line.
@Suite("Misuse errors: file:line, what was expected, what to do")
struct MisuseErrorTests {
    @Test("an unknown scene id is refused with a did-you-mean suggestion")
    func anUnknownSceneIdIsRefusedWithADid() {
        let source = """
            local app = sim.launch{ scenes = { { id = "main" }, { id = "detail", value = "string" } } }
            print(pcall(function() app:open_window("detial", "42") end))
            print(pcall(function() app:dismiss_window("mian") end))
            """

        let run = runScript(source)

        #expect(
            run
                == ScriptRun(
                    output: coldLaunchTrace + """
                        false	test.lua:2: unknown scene id "detial" (did you mean "detail"?); the app declares "main", "detail"
                        false	test.lua:3: unknown scene id "mian" (did you mean "main"?); the app declares "main", "detail"

                        """,
                    error: nil
                ))
    }

    @Test("a window value of the wrong type is refused, naming the expected type")
    func aWindowValueOfTheWrongTypeIsRefused() {
        let source = """
            local app = sim.launch{ scenes = { { id = "main" }, { id = "n", value = "integer" } } }
            print(pcall(function() app:open_window("n", "1") end))
            print(pcall(function() app:open_window("n", 1.0) end))
            print(pcall(function() app:open_window("n", {}) end))
            print(pcall(function() app:open_window("main", 1) end))
            print(pcall(function() app:open_window(42) end))
            """

        let run = runScript(source)

        #expect(
            run
                == ScriptRun(
                    output: coldLaunchTrace + """
                        false	test.lua:2: scene "n" presents integer values, not string "1" (write 1 without quotes)
                        false	test.lua:3: scene "n" presents integer values, not float 1.0 (write 1, not 1.0: integer and float are different values)
                        false	test.lua:4: app:open_window: a window value must be a boolean, integer, float or string, not a table
                        false	test.lua:5: scene "main" is a WindowGroup without a value type, so it cannot present 1; call open_window("main") or declare it with value = "string" or "integer"
                        false	test.lua:6: app:open_window(id, value?) needs a scene id string, e.g. app:open_window("main") (got number)

                        """,
                    error: nil
                ))
    }

    @Test("a stale handle of a discarded session says when and why it was discarded")
    func aStaleHandleOfADiscardedSessionSaysWhen() {
        let source = """
            local app = sim.launch{ scenes = { { id = "main" }, { id = "detail", value = "string" } } }
            sim.settle()
            local d = app:open_window("detail", "42")
            sim.advance(1)
            d:close()
            print(d.alive)
            print(pcall(function() d:focus() end))
            print(pcall(function() d.storage.page = 1 end))
            print(pcall(function() return d.storage.page end))
            print(pcall(function() return d.storage:keys() end))
            print(pcall(function() return d.saved end))
            """

        let run = runScript(source)

        #expect(
            run
                == ScriptRun(
                    output: coldLaunchTrace + """
                        [   0.500] app         state loading -> unauthenticated
                        [   0.500] detail#1    connected (new session, value "42") -> inactive
                        [   0.500] detail#1    phase inactive -> active
                        [   1.500] detail#1    phase active -> inactive
                        [   1.500] detail#1    phase inactive -> background
                        [   1.500] app         sessions discarded (closed by the user): detail#1; didDiscardSceneSessions delivered
                        false
                        false	test.lua:7: w:focus(): window detail#1 no longer exists: its session was discarded at 1.500 s (closed by the user); open a new window with app:open_window("detail", "42")
                        false	test.lua:8: writing storage: window detail#1 no longer exists: its session was discarded at 1.500 s (closed by the user); open a new window with app:open_window("detail", "42")
                        false	test.lua:9: reading storage: window detail#1 no longer exists: its session was discarded at 1.500 s (closed by the user); open a new window with app:open_window("detail", "42")
                        false	test.lua:10: listing storage keys: window detail#1 no longer exists: its session was discarded at 1.500 s (closed by the user); open a new window with app:open_window("detail", "42")
                        false	test.lua:11: reading saved storage: window detail#1 no longer exists: its session was discarded at 1.500 s (closed by the user); open a new window with app:open_window("detail", "42")

                        """,
                    error: nil
                ))
    }

    @Test("storing a table, function or handle names the key and the storable types")
    func storingATableFunctionOrHandleNamesTheKey() {
        let source = """
            local app = sim.launch{}
            local w = app.front
            print(pcall(function() w.storage.prefs = { dark = true } end))
            print(pcall(function() w.storage.fn = print end))
            print(pcall(function() w.storage.win = w end))
            print(w.storage:keys())
            """

        let run = runScript(source)

        #expect(
            run
                == ScriptRun(
                    output: coldLaunchTrace + """
                        false	test.lua:3: storage key "prefs": cannot store a table; SceneStorage holds boolean, integer, float or string values (encode tables as strings)
                        false	test.lua:4: storage key "fn": cannot store a function; SceneStorage holds boolean, integer, float or string values (encode tables as strings)
                        false	test.lua:5: storage key "win": cannot store a scenesim.Window; SceneStorage holds boolean, integer, float or string values (encode tables as strings)
                        {}

                        """,
                    error: nil
                ))
    }

    @Test("terminate(\"system\") while the app is active is refused")
    func terminateSystemWhileTheAppIsActiveIsRefused() {
        let source = """
            local app = sim.launch{}
            print(pcall(function() app:terminate("system") end))
            print(pcall(function() app:terminate("sytem") end))
            print(pcall(function() app:terminate() end))
            print(app.running)
            """

        let run = runScript(source)

        #expect(
            run
                == ScriptRun(
                    output: coldLaunchTrace + """
                        false	test.lua:2: app:terminate("system"): the system kills only an app in the background (suspended or not), but main#1 is active; call app:background() first
                        false	test.lua:3: app:terminate: unknown kind "sytem" (did you mean "system"?); use "system" (killed while suspended), "user" (force quit; Quit on macos), "crash" or, on macos, "force" (Force Quit)
                        false	test.lua:4: app:terminate(how) needs how = "system", "user" or "crash" (got no value)
                        true

                        """,
                    error: nil
                ))
    }

    @Test("intents in the wrong app state are refused, naming the state needed")
    func intentsInTheWrongAppStateAreRefusedNaming() {
        let source = """
            local app = sim.launch{}
            print(pcall(function() app:login{ user = "ada" } end))
            sim.settle()
            print(pcall(function() app:next_step() end))
            print(pcall(function() app:cancel_onboarding() end))
            print(pcall(function() app:logout() end))
            print(pcall(function() app:retry() end))
            app:login{ user = "ada" }
            print(pcall(function() app:login{ user = "ada" } end))
            print(app.state)
            """

        let run = runScript(source)

        #expect(
            run
                == ScriptRun(
                    output: coldLaunchTrace + """
                        false	test.lua:2: app:login needs the app to be unauthenticated, but it is loading; advance the clock until initialization finishes (sim.settle())
                        [   0.500] app         state loading -> unauthenticated
                        false	test.lua:4: app:next_step() needs the app to be onboarding, but it is unauthenticated; log in first with app:login{ user = "..." }
                        false	test.lua:5: app:cancel_onboarding() needs the app to be onboarding, but it is unauthenticated; log in first with app:login{ user = "..." }
                        false	test.lua:6: app:logout() needs the app to be authenticated or error, but it is unauthenticated; log in first with app:login{ user = "..." }
                        false	test.lua:7: app:retry() needs the app to be error, but it is unauthenticated; log in first with app:login{ user = "..." }
                        [   0.500] auth        session of ada stored in the keychain (expires at 3600.500)
                        [   0.500] app         state unauthenticated -> authenticated(ada)
                        false	test.lua:9: app:login needs the app to be unauthenticated, but it is authenticated(ada); log out first with app:logout()
                        authenticated(ada)

                        """,
                    error: nil
                ))
    }

    @Test("misspelled fields, read-only fields and bad arguments are refused with suggestions")
    func misspelledFieldsReadOnlyFieldsAndBadArgumentsAre() {
        let source = """
            local app = sim.launch{}
            local w = app.front
            print(pcall(function() return app.windws end))
            print(pcall(function() app.running = false end))
            print(pcall(function() return w.phse end))
            print(pcall(function() w.id = "x" end))
            print(pcall(function() w.storage = {} end))
            print(pcall(function() w:foucs() end))
            print(pcall(function() app:on("stat", print) end))
            print(pcall(function() app:on("state", 1) end))
            print(pcall(function() app:login{ usr = "ada" } end))
            print(pcall(function() app:transition("authenticate(ada)") end))
            print(pcall(function() app:open_url(1) end))
            print(pcall(function() sim.advance(-1) end))
            print(pcall(function() sim.advance("1") end))
            print(pcall(function() sim.seed(1.5) end))
            print(pcall(function() sim.network("up") end))
            print(pcall(function() sim.server.revoke() end))
            """

        let run = runScript(source)

        #expect(
            run
                == ScriptRun(
                    output: coldLaunchTrace + """
                        false	test.lua:3: app has no field "windws" (did you mean "windows"?); fields are running, launches, phase, state, windows, sessions, front, history, rejected, defaults, keychain, memory, suspended, background_time_remaining, version, protected_data; the model's intents are cancel_onboarding, login, logout, next_step, retry
                        false	test.lua:4: app.running is read-only; change the app through its methods (app:open_window, app:background, ...)
                        false	test.lua:5: window has no field "phse" (did you mean "phase"?); fields are id, group, value, phase, connected, alive, storage, saved, minimized, memory (storage keys go in w.storage)
                        false	test.lua:6: w.id is read-only; change the window through its methods (w:focus(), w:close(), ...)
                        false	test.lua:7: cannot replace w.storage; set its keys instead: w.storage.tab = 2
                        false	test.lua:8: window has no field "foucs" (did you mean "focus"?); fields are id, group, value, phase, connected, alive, storage, saved, minimized, memory (storage keys go in w.storage)
                        false	test.lua:9: app:on: unknown event "stat" (did you mean "state"?); events are phase, scene_phase, state, restore
                        false	test.lua:10: app:on("state", fn) needs a function (got number); pass nil to remove the state hooks
                        false	test.lua:11: app:login: unknown option "usr" (did you mean "user"?); options are user and new_user
                        false	test.lua:12: unknown app state "authenticate(ada)" (did you mean "authenticated"?); states are loading, unauthenticated, onboarding(<step>), authenticated(<user>), error(<kind>)
                        false	test.lua:13: app:open_url(url) needs a URL string like "app://item/42" (got number)
                        false	test.lua:14: sim.advance needs zero or more seconds (got -1.000); the clock only moves forward
                        false	test.lua:15: sim.advance needs a number of seconds, e.g. sim.advance(1.5) (got string)
                        false	test.lua:16: sim.seed(n) takes an integer seed (got number 1.5)
                        false	test.lua:17: sim.network(up) takes true or false (got string); call sim.network() to read the current value
                        false	test.lua:18: sim.server.revoke(user) needs a user name string, e.g. sim.server.revoke("ada") (got no value)

                        """,
                    error: nil
                ))
    }

    @Test("an unknown field of sim, sim.server, sim.gen or sim.explore is an error at its line with did-you-mean, not nil")
    func anUnknownFieldOfTheSimTablesIsAnError() {
        let source = """
            print(pcall(function() sim.lanch{} end))
            print(pcall(function() sim.server.revok("ada") end))
            print(pcall(function() return sim.gen.intt(1, 2) end))
            print(pcall(function() return sim.explore.lod("x.lua") end))
            print(pcall(function() return sim[1] end))
            print(pcall(function() return sim.zzzzzzzz end))
            print(sim.app)
            sim.helper = "mine"
            print(sim.helper)
            local app = sim.launch{}
            print(sim.app == app)
            """

        let run = runScript(source)

        #expect(
            run
                == ScriptRun(
                    output: """
                        false	test.lua:1: sim has no field "lanch" (did you mean "launch"?); fields are advance, app, explore, extend, gen, launch, log, network, now, seed, server, settle, swift_handlers, system, url
                        false	test.lua:2: sim.server has no field "revok" (did you mean "revoke"?); fields are create_session, end_session, revoke, validate
                        false	test.lua:3: sim.gen has no field "intt" (did you mean "int"?); fields are bool, float, int, one_of, window
                        false	test.lua:4: sim.explore has no field "lod" (did you mean "load"?); fields are load
                        false	test.lua:5: sim has no field 1; fields are advance, app, explore, extend, gen, launch, log, network, now, seed, server, settle, swift_handlers, system, url
                        false	test.lua:6: sim has no field "zzzzzzzz"; fields are advance, app, explore, extend, gen, launch, log, network, now, seed, server, settle, swift_handlers, system, url
                        nil
                        mine

                        """ + coldLaunchTrace + """
                            true

                            """,
                    error: nil
                ))
    }

    @Test("operations before sim.launch ask for sim.launch first")
    func operationsBeforeSimLaunchAskForSimLaunchFirst() {
        let source = """
            print(pcall(function() sim.advance(1) end))
            print(pcall(function() sim.settle() end))
            print(pcall(function() sim.server.revoke("ada") end))
            print(sim.now(), sim.network(false), sim.network())
            local app = sim.launch{}
            print(app.phase)
            """

        let run = runScript(source)

        #expect(
            run
                == ScriptRun(
                    output: """
                        false	test.lua:1: sim.advance needs the app: call sim.launch{ ... } first
                        false	test.lua:2: sim.settle needs the app: call sim.launch{ ... } first
                        false	test.lua:3: sim.server.revoke needs the app: call sim.launch{ ... } first
                        0.0	false	false
                        [   0.000] network     down
                        [   0.000] app         launch #1 on ipados: nothing to restore
                        [   0.000] main#1      connected (new session) -> inactive
                        [   0.000] main#1      phase inactive -> active
                        [   0.000] app         phase inactive -> active: validate session and refresh
                        active

                        """,
                    error: nil
                ))
    }

    @Test("Spans beyond what the clock can hold are errors at their line, never a crash")
    func hugeDurations() {
        let run = runScript(
            """
            print(pcall(function() sim.advance(1e300) end))
            print(pcall(function() sim.advance(-math.huge) end))
            print(pcall(function() sim.launch{ session_ttl = 1e300 } end))
            print(pcall(function() sim.launch{ min_loading = math.maxinteger } end))
            sim.launch{}
            print(pcall(function() for _ = 1, 5 do sim.advance(1e12) end end))
            """, options: ScenarioOptions(trace: .off))

        #expect(
            run
                == ScriptRun(
                    output: """
                        false\ttest.lua:1: sim.advance needs a finite number of seconds, at most 1e12 (got 1e+300)
                        false\ttest.lua:2: sim.advance needs a finite number of seconds, at most 1e12 (got -inf)
                        false\ttest.lua:3: sim.launch: session_ttl must be a finite number of seconds, at most 1e12, not 1e+300
                        false\ttest.lua:4: sim.launch: min_loading must be at most 1e12 seconds, not 9223372036854775807
                        false\ttest.lua:6: sim.advance(1000000000000.000) would take the clock past 4611686018427.387903 s, the end of the virtual clock

                        """, error: nil))
    }

    @Test("The app switcher needs a visible app, and a restore hook cannot change the network or the server")
    func switcherAndRestoreHookLimits() {
        let run = runScript(
            """
            local app = sim.launch{}
            app:background()
            print(pcall(function() app:switcher() end))
            app:foreground()
            print(app.front.phase)
            app:on("restore", function()
              print(pcall(function() sim.network(false) end))
              print(pcall(function() sim.server.revoke("ada") end))
              return true
            end)
            app:background(); app:terminate("system"); app:launch()
            print(sim.network())
            """, options: ScenarioOptions(trace: .off))

        #expect(
            run
                == ScriptRun(
                    output: """
                        false\ttest.lua:3: app:switcher(): no scene is on screen (the app is background); the app switcher covers a visible app, so call app:foreground() first
                        active
                        false\ttest.lua:7: cannot change the simulation from inside a restore hook; return true or false and act after the launch
                        false\ttest.lua:8: cannot change the simulation from inside a restore hook; return true or false and act after the launch
                        true

                        """, error: nil))
    }
}

extension MisuseErrorTests {
    @Test("A field read with a key that is no plain name (control byte, backslash, non-UTF-8, non-string) fails with every byte shown, at its line")
    func oddFieldKeys() {
        // Plain names reach the getter as text; any other key takes the exact-bytes path, and
        // the message must show its bytes escaped (\n, \\, \ddd), never U+FFFD.
        let source = """
            local app = sim.launch {}
            local w = app.windows[1]
            print(pcall(function() return app["run\\nning"] end))
            print(pcall(function() return app["a\\\\b"] end))
            print(pcall(function() return w["ph\\255se"] end))
            print(pcall(function() return w[true] end))
            print(app.running, w.phase, app["running"], w["alive"])
            """
        let run = runScript(source)
        let lines = run.output.split(separator: "\n").suffix(5).map(String.init)
        #expect(lines.count == 5)
        #expect(lines[0].hasPrefix("false\ttest.lua:3: app has no field \"run\\nning\""))
        #expect(lines[1].hasPrefix("false\ttest.lua:4: app has no field \"a\\\\b\""))
        #expect(lines[2].hasPrefix("false\ttest.lua:5: window has no field \"ph\\255se\""))
        #expect(lines[3] == "true\tnil")
        #expect(lines[4] == "true\tactive\ttrue\ttrue")
        #expect(run.error == nil)
    }
}
