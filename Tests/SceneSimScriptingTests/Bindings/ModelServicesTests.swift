import SceneSimScriptTestSupport
import Testing

// Generated from each snippet's real run, then reviewed line by line against scenarios/README.md
// ("What a model uses").
@Suite("What a model uses: app.defaults, app.keychain, sim.server, app:after")
struct ModelServicesTests {
    @Test("app.defaults reads and writes like a table, traces each write, lists and walks keys sorted, and refuses misuse verbatim")
    func defaultsReadAndWrite() {
        let run = runScript(
            """
            local app = sim.launch {}
            sim.settle()
            app.defaults.theme = "dark"
            app.defaults.zoom = 2
            app.defaults.zoom = 2.5
            app.defaults["two words"] = true
            print(app.defaults, app.defaults.theme, app.defaults.missing)
            for key, value in pairs(app.defaults) do print(key, value) end
            print(table.concat(app.defaults:keys(), ","))
            print(pcall(function() app.defaults.t = {} end))
            print(pcall(function() app.defaults.n = 0/0 end))
            print(pcall(function() app.defaults = {} end))
            print(pcall(function() app.defaults.keys = 1 end))
            app:terminate("crash")
            print(app.defaults.theme, pcall(function() app.defaults.theme = "light" end))
            print(app.defaults)
            """)
        #expect(
            run
                == ScriptRun(
                    output: """
                        [   0.000] app         launch #1 on ipados: nothing to restore
                        [   0.000] main#1      connected (new session) -> inactive
                        [   0.000] main#1      phase inactive -> active
                        [   0.000] app         phase inactive -> active: validate session and refresh
                        [   0.500] app         state loading -> unauthenticated
                        [   0.500] defaults    theme = "dark"
                        [   0.500] defaults    zoom = 2
                        [   0.500] defaults    zoom = 2.5
                        [   0.500] defaults    ["two words"] = true
                        defaults {theme = "dark", ["two words"] = true, zoom = 2.5}	dark	nil
                        theme	dark
                        two words	true
                        zoom	2.5
                        theme,two words,zoom
                        false	test.lua:10: app.defaults key "t": cannot store a table; defaults hold boolean, integer, float or string values (encode tables as strings)
                        false	test.lua:11: app.defaults key "n": NaN cannot be stored (it never equals itself); store a number or nil
                        false	test.lua:12: cannot replace app.defaults; set its keys instead: app.defaults.theme = "dark"
                        false	test.lua:13: cannot assign to 'keys': it is a method of scenesim.Defaults; a key of app.defaults cannot be named "keys" (the method app.defaults:keys()); choose another name
                        [   0.500] app         terminated (crash): restoration data kept
                        dark	false	test.lua:15: writing app.defaults needs a running app, but it was terminated (crash) at 0.500 s; call app:launch() first
                        defaults {theme = "dark", ["two words"] = true, zoom = 2.5}

                        """, error: nil))
    }

    @Test("app:after runs fn(app) at its time; task fields, cancel, misuse and an error inside the callback at its own line")
    func afterRunsAtItsTime() {
        let run = runScript(
            """
            local app = sim.launch {}
            sim.settle()
            local t = app:after(1, function(a) print("fired", a == app, sim.now()) end)
            print(t, t.status, t.at)
            print(pcall(function() return app:after(-1, print) end))
            print(pcall(function() return app:after(0/0, print) end))
            print(pcall(function() return app:after(1e13, print) end))
            print(pcall(function() return app:after("1", print) end))
            print(pcall(function() return app:after(1) end))
            print(pcall(function() return t.stauts end))
            print(pcall(function() t.status = "done" end))
            print(pcall(function() return t.cancel() end))
            sim.advance(1)
            print(t.status, t:cancel())
            local doomed = app:after(1, function() print("never") end)
            local boom = app:after(0.5, function() error("boom in a timer") end)
            print(pcall(sim.advance, 2))
            print(doomed.status, sim.now())
            app:terminate("user")
            print(doomed.status, pcall(function() doomed:cancel() end))
            print(pcall(function() app:after(1, print) end))
            """)
        #expect(
            run
                == ScriptRun(
                    output: """
                        [   0.000] app         launch #1 on ipados: nothing to restore
                        [   0.000] main#1      connected (new session) -> inactive
                        [   0.000] main#1      phase inactive -> active
                        [   0.000] app         phase inactive -> active: validate session and refresh
                        [   0.500] app         state loading -> unauthenticated
                        task 1 (at 1.500, pending)	pending	1.5
                        false	test.lua:5: app:after(seconds, fn) needs zero or more seconds (got -1.000); the clock only moves forward
                        false	test.lua:6: app:after(seconds, fn) needs a finite number of seconds, at most 1e12 (got nan)
                        false	test.lua:7: app:after(seconds, fn) needs a finite number of seconds, at most 1e12 (got 10000000000000.0)
                        false	test.lua:8: app:after(seconds, fn) needs a number of seconds, e.g. app:after(1.5, function(app) ... end) (got string)
                        false	test.lua:9: app:after(seconds, fn) needs a function to run, e.g. app:after(1.5, function(app) ... end) (got no value)
                        false	test.lua:10: task has no field "stauts" (did you mean "status"?); fields are status and at, and task:cancel() stops it
                        false	test.lua:11: task.status is read-only; stop a task with task:cancel()
                        false	test.lua:12: bad self for 'cancel' (scenesim.Task expected, got no value); call it with a colon: obj:cancel(...)
                        fired	true	1.5
                        done	false
                        false	test.lua:16: boom in a timer
                        pending	2.0
                        [   2.000] main#1      phase active -> inactive
                        [   2.000] app         phase active -> inactive: prepare for background
                        [   2.000] main#1      disconnected (session kept)
                        [   2.000] app         task 2 ended (terminated): it was due at 2.500
                        [   2.000] app         terminated (user): restoration data discarded
                        [   2.000] app         sessions discarded (force quit discards restoration data): main#1; the app is told at its next launch
                        ended	false	test.lua:20: task:cancel(): this task was made by launch #1, which has ended, and a process's tasks end with it; schedule a new one with app:after in the running app
                        false	test.lua:21: app:after needs a running app, but it was terminated (user) at 2.000 s; call app:launch() first

                        """, error: nil))
    }

    @Test("sim.server.create_session and validate answer on the clock; app.keychain reads and writes the stored token; misuse verbatim")
    func serverAndKeychain() {
        let run = runScript(
            """
            local app = sim.launch { auth_latency = 0.25 }
            sim.settle()
            print(app.keychain)
            local token = sim.server.create_session("ada")
            local short = sim.server.create_session("bob", 0.1)
            print(math.type(token), token, short)
            app.keychain = token
            print(app.keychain)
            sim.server.validate(token, function(answer, user) print("answer", answer, user, sim.now()) end)
            sim.server.validate(short, function(answer, user) print("answer", answer, user, sim.now()) end)
            sim.settle()
            sim.network(false)
            sim.server.validate(token, function(answer, user) print("answer", answer, user) end)
            sim.settle()
            sim.network(true)
            print(pcall(sim.server.create_session))
            print(pcall(function() sim.server.create_session("") end))
            print(pcall(function() sim.server.create_session("ada", 0) end))
            print(pcall(function() sim.server.create_session("ada", "1") end))
            print(pcall(function() sim.server.validate("1", print) end))
            print(pcall(function() sim.server.validate(1.0, print) end))
            print(pcall(function() sim.server.validate(99, print) end))
            print(pcall(function() sim.server.validate(token) end))
            print(pcall(function() app.keychain = "x" end))
            print(pcall(function() app.keychain = 42 end))
            sim.server.validate(token, function(answer) error("bad answer " .. answer) end)
            print(pcall(sim.settle))
            sim.server.validate(token, function() print("never") end)
            app:terminate("crash")
            sim.settle()
            print(app.keychain, pcall(function() app.keychain = nil end))
            print(pcall(function() sim.server.validate(token, print) end))
            app:launch()
            app.keychain = nil
            print(app.keychain)
            sim.settle()
            """)
        #expect(
            run
                == ScriptRun(
                    output: """
                        [   0.000] app         launch #1 on ipados: nothing to restore
                        [   0.000] main#1      connected (new session) -> inactive
                        [   0.000] main#1      phase inactive -> active
                        [   0.000] app         phase inactive -> active: validate session and refresh
                        [   0.500] app         state loading -> unauthenticated
                        nil
                        integer	1	2
                        [   0.500] auth        session of ada stored in the keychain (expires at 3600.500)
                        1
                        [   0.500] auth        validating the session of ada with the server
                        [   0.500] auth        validating the session of bob with the server
                        [   0.750] auth        session of ada: valid
                        answer	valid	ada	0.75
                        [   0.750] auth        session of bob: expired
                        answer	expired	bob	0.75
                        [   0.750] network     down
                        [   0.750] auth        validating the session of ada with the server
                        [   1.000] auth        session of ada: network unreachable
                        answer	unreachable	nil
                        [   1.000] network     up
                        false	sim.server.create_session(user, ttl?) needs a user name string, e.g. sim.server.create_session("ada") (got no value)
                        false	test.lua:17: sim.server.create_session(user, ttl?): user must be a non-empty string, e.g. sim.server.create_session("ada")
                        false	test.lua:18: sim.server.create_session(user, ttl?): ttl must be a finite number of seconds above 0 and at most 1e12 (got 0)
                        false	test.lua:19: sim.server.create_session(user, ttl?): ttl must be a number of seconds (got string)
                        false	test.lua:20: sim.server.validate(token, fn) needs a token, an integer from sim.server.create_session or app.keychain (got string)
                        false	test.lua:21: sim.server.validate(token, fn) needs a token, an integer from sim.server.create_session or app.keychain (got float)
                        false	test.lua:22: sim.server.validate: the server never issued token 99; validate a token from sim.server.create_session(user) or app.keychain
                        false	test.lua:23: sim.server.validate(token, fn) needs a function for the answer, e.g. function(answer, user) ... end (got no value)
                        false	test.lua:24: app.keychain holds a login token, an integer from sim.server.create_session(user), a table { token = t, accessible = \"after_first_unlock\" }, or nil to clear it (got string)
                        false	test.lua:25: app.keychain = 42: the server never issued token 42; store a token from sim.server.create_session(user)
                        [   1.000] auth        validating the session of ada with the server
                        [   1.250] auth        session of ada: valid
                        false	test.lua:26: bad answer valid
                        [   1.250] auth        validating the session of ada with the server
                        [   1.250] app         server request 5 ended (terminated): no answer came
                        [   1.250] app         terminated (crash): restoration data kept
                        1	false	test.lua:31: writing app.keychain needs a running app, but it was terminated (crash) at 1.250 s; call app:launch() first
                        false	test.lua:32: sim.server.validate needs a running app, but it was terminated (crash) at 1.250 s; call app:launch() first
                        [   1.250] app         launch #2 on ipados: restoring main#1
                        [   1.250] auth        validating the session of ada with the server
                        [   1.250] main#1      connected (restored) -> inactive
                        [   1.250] main#1      phase inactive -> active
                        [   1.250] app         phase inactive -> active: validate session and refresh
                        [   1.250] auth        session of ada cleared from the keychain (app.keychain = nil)
                        nil
                        [   1.750] app         state loading -> unauthenticated

                        """, error: nil))
    }

    @Test("an uncaught error in a timer fails the scenario at the timer's own line, with its frames")
    func timerErrorAtItsOwnLine() {
        let run = runScript(
            """
            local app = sim.launch {}
            sim.settle()
            app:after(1, function()
              app.defaults.before = true
              error("timer failed")
            end)
            sim.advance(5)
            """)
        #expect(
            run
                == ScriptRun(
                    output: coldLaunchTrace + """
                        [   0.500] app         state loading -> unauthenticated
                        [   1.500] defaults    before = true

                        """,
                    error: "test.lua:5: timer failed\nstack traceback:\n\ttest.lua:5: in function <test.lua:3>\n\ttest.lua:7: in main chunk"
                ))
    }
}
