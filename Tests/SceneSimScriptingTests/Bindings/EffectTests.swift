import SceneSimScriptTestSupport
import SceneSimScripting
import Testing

/// `app:effect` and `w:effect` (scenarios/README.md, "Effects"; behaviour-from-source §2): a trace line with
/// the caller, the arguments and the Swift location, then the model's `effects` function of
/// that name, whose results and errors are the call's.
@Suite("Effects")
struct EffectTests {
    @Test(
        "An effect is traced with its caller, arguments and location, runs the model's function with (app, w, ...) and returns its results; its error reaches a pcall; misuse and a suspended or terminated app are errors at the line"
    )
    func effectsRunAndTrace() {
        let run = runScript(
            """
            local app = sim.launch { model = { states = { running = {} }, initial = "running",
              effects = {
                ["ApiClient.send"] = function(app, w, body, n) print("send", app.state, w, body, n); return "ok", 2 end,
                ["Store.save"] = function(app, w) error("disk full") end,
              } } }
            local w = app.windows[1]
            print(app:effect("ApiClient.send@Sources/Net.swift:12", "hi\\n", 3))
            print(w:effect("ApiClient.send", { 1, "x" }, nil, true, 2.0, w))
            print(select("#", app:effect("Untracked.call@me@home", 1)))
            print(pcall(function() return w:effect("Store.save@View.swift:9") end))
            print(pcall(function() app:effect("") end))
            print(pcall(function() app:effect(42) end))
            print(pcall(function() w:effect("@A.swift:3") end))
            app:background()
            sim.advance(10)
            print(pcall(function() app:effect("X.y") end))
            app:terminate("system")
            print(pcall(function() app:effect("X.y") end))
            """)

        #expect(
            run
                == ScriptRun(
                    output: """
                        [   0.000] app         launch #1 on ipados: nothing to restore
                        [   0.000] main#1      connected (new session) -> inactive
                        [   0.000] main#1      phase inactive -> active
                        [   0.000] app         phase inactive -> active
                        [   0.000] app         effect ApiClient.send("hi\\n", 3) (Sources/Net.swift:12)
                        send\trunning\tnil\thi
                        \t3
                        ok\t2
                        [   0.000] main#1      effect ApiClient.send({1, "x"}, nil, true, 2.0, main#1)
                        send\trunning\tmain#1\t{1, "x"}\tnil
                        ok\t2
                        [   0.000] app         effect Untracked.call@me@home(1)
                        0
                        [   0.000] main#1      effect Store.save() (View.swift:9)
                        false\ttest.lua:4: disk full
                        false\ttest.lua:11: app:effect(name, ...) needs the effect's name, a string such as "ApiClient.send" (got an empty string)
                        false\ttest.lua:12: app:effect(name, ...) needs the effect's name, a string such as "ApiClient.send" (got number)
                        false\ttest.lua:13: w:effect(name, ...): "@A.swift:3" has a location but no name before it; write "Type.method@File.swift:LINE"
                        [   0.000] main#1      phase active -> inactive
                        [   0.000] app         phase active -> inactive
                        [   0.000] main#1      phase inactive -> background
                        [   0.000] app         phase inactive -> background
                        [   5.000] app         suspended
                        false\ttest.lua:16: app:effect: the app is suspended (since 5.000 s, in the background), so none of its code runs; resume it first: app:foreground(), w:focus(), app:open_url(...) or sim.system.refresh(app)
                        [  10.000] app         terminated (system): restoration data kept
                        false\ttest.lua:18: app:effect needs a running app, but it was terminated (system) at 10.000 s; call app:launch() first

                        """))
    }

    @Test("In a JSON trace an effect is an event of its own with its name, arguments, scene and location")
    func effectInJSONTrace() {
        let run = runScript(
            """
            local app = sim.launch {}
            app:effect("ApiClient.send@Net.swift:3", "a", 2, nil, { 1 }, app.windows[1])
            app.windows[1]:effect("Store.load")
            """, options: ScenarioOptions(trace: .jsonl))

        let lines = run.output.split(separator: "\n").filter { $0.contains("\"event\":\"effect\"") }
        #expect(
            lines == [
                #"{"arguments":["a",2,null,"{1}","main#1"],"event":"effect","location":"Net.swift:3","name":"ApiClient.send","scene":"app","text":"effect ApiClient.send(\"a\", 2, nil, {1}, main#1) (Net.swift:3)","time":0.000}"#,
                #"{"arguments":[],"event":"effect","location":null,"name":"Store.load","scene":"main#1","text":"effect Store.load()","time":0.000}"#,
            ], "\(run)")
    }
}
