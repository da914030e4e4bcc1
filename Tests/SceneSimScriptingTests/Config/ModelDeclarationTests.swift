import SceneSimScriptTestSupport
import SceneSimScripting
import Testing

/// semantics 10.1: a declared model is checked at sim.launch; each problem is an error at the
/// scenario's line that names the part of the declaration, with "did you mean".
@Suite("A model declaration is checked at sim.launch")
struct ModelDeclarationTests {
    @Test(
        "an unknown key, an undeclared initial or target state, an argument outside its list, a bad arg type, a non-function handler or intent and an intent named like a method are errors at the line, verbatim"
    )
    func badDeclarations() {
        let run = runScript(
            """
            print(pcall(function() sim.launch { model = { states = { a = {} }, initial = "a", transitons = {} } } end))
            print(pcall(function() sim.launch { model = { states = { loading = {} }, initial = "lodaing" } } end))
            print(pcall(function() sim.launch { model = { states = { a = {}, b = {} }, initial = "a", transitions = { a = { "bb" } } } } end))
            print(pcall(function() sim.launch { model = { states = { a = { arg = { "offline", "expired" } } }, initial = "a(ofline)" } } end))
            print(pcall(function() sim.launch { model = { states = { a = { arg = "strnig" } }, initial = "a" } } end))
            print(pcall(function() sim.launch { model = { states = { a = {} }, initial = "a", on_phase = 1 } } end))
            print(pcall(function() sim.launch { model = { states = { a = {} }, initial = "a", intents = { background = print } } } end))
            print(pcall(function() sim.launch { model = { states = { a = {} }, initial = "a", intents = { go = true } } } end))
            """, options: ScenarioOptions(trace: .off))

        #expect(
            run
                == ScriptRun(
                    output: """
                        false\ttest.lua:1: sim.launch: unknown key "transitons" in model (did you mean "transitions"?)
                        false\ttest.lua:2: sim.launch: model.initial: unknown app state "lodaing" (did you mean "loading"?); states are loading
                        false\ttest.lua:3: sim.launch: model.transitions.a names "bb", which is not a declared state (did you mean "b"?); states are a, b
                        false\ttest.lua:4: sim.launch: model.initial: app state "a(ofline)" needs one of its arguments (did you mean "offline"?); its arguments are offline, expired, e.g. "a(offline)"
                        false\ttest.lua:5: sim.launch: model.states.a.arg must be "string", "integer" or a list of allowed values like { "offline", "expired" } (got "strnig") (did you mean "string"?)
                        false\ttest.lua:6: sim.launch: model.on_phase must be a function(app, old, new), not an integer
                        false\ttest.lua:7: sim.launch: model.intents.background: app:background is a built-in method or field of app; give the intent another name
                        false\ttest.lua:8: sim.launch: model.intents.go must be a function(app, ...), not a boolean

                        """, error: nil))
    }

    @Test("a model may carry a name for the reports; one that is not a short plain string is an error at the line, verbatim")
    func modelName() {
        let run = runScript(
            """
            print(pcall(function() sim.launch { model = { name = 3, states = { a = {} }, initial = "a" } } end))
            print(pcall(function() sim.launch { model = { name = "a\\"b", states = { a = {} }, initial = "a" } } end))
            print(pcall(function() sim.launch { model = { nme = "notes", states = { a = {} }, initial = "a" } } end))
            print(pcall(function() return sim.launch { model = { name = "notes app-2.0", states = { a = {} }, initial = "a" } } end))
            """, options: ScenarioOptions(trace: .off))

        #expect(
            run
                == ScriptRun(
                    output: """
                        false\ttest.lua:1: sim.launch: model.name is what coverage reports call the model: up to 64 letters, digits, '_', '-', '.' or inner spaces, e.g. name = "notes" (got an integer)
                        false\ttest.lua:2: sim.launch: model.name is what coverage reports call the model: up to 64 letters, digits, '_', '-', '.' or inner spaces, e.g. name = "notes" (got "a\\"b")
                        false\ttest.lua:3: sim.launch: unknown key "nme" in model (did you mean "name"?)
                        true\tapp(ipados, a)

                        """, error: nil))
    }
}

@Suite("Loading screens a model declares (semantics 4.7, 5.3)")
struct LoadingStateTests {
    @Test("a crash in a declared model's initial state keeps the windows when it is no loading screen, and discards them in one")
    func crashKeepsRestorationOutsideLoadingScreens() {
        let run = runScript(
            """
            local function launch(loading)
              return sim.launch {
                model = { states = { starting = { loading = loading }, ready = {} }, initial = "starting",
                          transitions = { starting = { "ready" } } },
                scenes = { { id = "main" } },
              }
            end
            local app = launch(false)
            app:terminate("crash")
            app:launch()
            print(app.windows[1])
            """)
        #expect(run.output.contains("terminated (crash): restoration data kept\n"))
        #expect(run.output.contains("launch #2 on ipados: restoring main#1\n"))

        let loading = runScript(
            """
            local app = sim.launch {
              model = { states = { starting = { loading = true }, ready = {} }, initial = "starting",
                        transitions = { starting = { "ready" } } },
              scenes = { { id = "main" } },
            }
            app:terminate("crash")
            """)
        #expect(loading.output.contains("sessions discarded (crash while loading discards restoration data): main#1"))
    }

    @Test("an on_launch that moves on before any window connects warns of no flicker; a loading screen a window showed briefly does")
    func flickerOnlyForLoadingScreensOnScreen() {
        let run = runScript(
            """
            local app = sim.launch {
              model = { states = { starting = { loading = true }, guest = {}, syncing = { loading = true } }, initial = "starting",
                        transitions = { starting = { "guest" }, guest = { "syncing" }, syncing = { "guest" } },
                        on_launch = function(a) a:transition("guest") end },
              scenes = { { id = "main" } },
            }
            app:transition("syncing")
            app:transition("guest")
            app:transition("syncing")
            """)
        let warnings = run.output.split(separator: "\n").filter { $0.contains("warning") }
        #expect(warnings == ["[   0.000] app         warning: state syncing was on screen for 0.000 s, under flicker_threshold = 0.100 s (flicker)"])
    }

    @Test("loading must be a boolean")
    func loadingMustBeBoolean() {
        let run = runScript(
            """
            sim.launch { model = { states = { starting = { loading = 1 } }, initial = "starting" } }
            """)
        #expect(
            run.error?.hasPrefix(
                "test.lua:1: sim.launch: model.states.starting.loading must be true or false (true: the state is a loading screen, semantics 5.3 and 4.7), not an integer") == true)
    }
}
