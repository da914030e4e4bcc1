import SceneSimScripting
import Testing

/// semantics 10: a declared model runs as the built-in one does: its handlers at their events,
/// its intents as methods of the app, its table deciding transitions.
@Suite("A declared model runs the app")
struct DeclaredModelTests {
    @Test("on_launch runs before the first scene connects, on_phase after the phase hooks, intents are methods with results, transitions and state text follow the declaration, a state nothing reaches is warned")
    func declaredModelRuns() {
        let run = runScript("""
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

        #expect(run == ScriptRun(output: """
            [   0.000] app         launch #1 on ipados: nothing to restore
            [   0.000] model       warning: state spare is declared but no transition leads to it
            on_launch\tloading\t0
            [   0.000] main#1      connected (new session) -> inactive
            [   0.000] app         phase background -> inactive
            on_phase\tbackground\tinactive\tinactive
            [   0.000] main#1      phase inactive -> active
            [   0.000] app         phase inactive -> active
            on_phase\tinactive\tactive\tactive
            [   0.500] app         state loading -> locked
            locked\tfalse\twrong PIN
            [   0.500] app         state locked -> signed_in(ada)
            [   0.500] app         warning: state locked was on screen for 0.000 s, under flicker_threshold = 0.100 s (flicker)
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
            [   0.500] app         warning: state signed_in(ada) was on screen for 0.000 s, under flicker_threshold = 0.100 s (flicker)
            locked\tsigned_in(ada)
            false\ttest.lua:31: app:login is an intent of the built-in model, and this app declares its own model; its intents are unlock
            false\ttest.lua:32: app has no field "unlok" (did you mean "unlock"?); fields are running, launches, phase, state, windows, sessions, front, history, rejected, defaults, keychain

            """, error: nil))
    }
}
