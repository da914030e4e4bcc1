import SceneSimScriptTestSupport
import SceneSimScripting
import Testing

/// semantics 10.7, 12.1–12.5: a URL goes to the model's on_url, then to the frontmost window
/// whose scene allows it (handles), or else a new window of the first scene without modifiers,
/// whose on_url runs; then to the routes.
@Suite("URL delivery to the app, its windows and the routes")
struct URLDeliveryTests {
    @Test(
        "the app's on_url first; then the frontmost window whose handles accepts gets on_url, and only that one; one no window takes opens a new window of the first scene without modifiers; not handled there, the routes try"
    )
    func deliveryOrder() {
        let run = runScript(
            """
            local app = sim.launch {
              scenes = {
                { id = "main" },
                { id = "doc", value = "string",
                  handles = function(url) return sim.url(url).host == "doc" end,
                  on_url = function(w, url) print("doc on_url", w, url) return w.value == "b" end },
                { id = "item", value = "integer" },
              },
              routes = { item = "item" },
              model = {
                states = { ready = {} }, initial = "ready",
                on_url = function(app, url) print("app on_url", url) if url == "app://mine" then return true end end,
              },
            }
            sim.settle()
            app:open_window("doc", "a")
            app:open_window("doc", "b")
            print(app:open_url("app://mine"))
            print(app:open_url("app://doc/x"))
            app:open_window("doc", "a")
            print(app:open_url("app://doc/x"))
            print(app:open_url("app://item/3"))
            """)

        #expect(
            run
                == ScriptRun(
                    output: """
                        [   0.000] app         launch #1 on ipados: nothing to restore
                        [   0.000] main#1      connected (new session) -> inactive
                        [   0.000] main#1      phase inactive -> active
                        [   0.000] app         phase inactive -> active
                        [   0.000] doc#1       connected (new session, value "a") -> inactive
                        [   0.000] doc#1       phase inactive -> active
                        [   0.000] doc#2       connected (new session, value "b") -> inactive
                        [   0.000] doc#2       phase inactive -> active
                        [   0.000] main#1      phase active -> inactive
                        [   0.000] main#1      phase inactive -> background
                        app on_url\tapp://mine
                        [   0.000] app         open url app://mine: handled by the app
                        true
                        app on_url\tapp://doc/x
                        doc on_url\tdoc#2("b")\tapp://doc/x
                        [   0.000] app         open url app://doc/x: handled by doc#2
                        true
                        [   0.000] doc#1       already open: brought to front
                        app on_url\tapp://doc/x
                        doc on_url\tdoc#1("a")\tapp://doc/x
                        [   0.000] app         open url app://doc/x: not handled: doc#1's on_url did not handle it; no route "doc"
                        false
                        app on_url\tapp://item/3
                        [   0.000] main#2      connected (new session) -> inactive
                        [   0.000] main#2      phase inactive -> active
                        [   0.000] doc#2       phase active -> inactive
                        [   0.000] doc#2       phase inactive -> background
                        [   0.000] item#1      connected (new session, value 3) -> inactive
                        [   0.000] item#1      phase inactive -> active
                        [   0.000] doc#1       phase active -> inactive
                        [   0.000] doc#1       phase inactive -> background
                        [   0.000] app         open url app://item/3: handled by item#1
                        true

                        """, error: nil))
    }

    @Test("a scene's restore runs before the restore hooks; its false makes the window start empty, and no hook is asked then")
    func sceneRestore() {
        let run = runScript(
            """
            local app = sim.launch { scenes = { { id = "main", restore = function(w) print("scene restore", w) return w.saved.keep == true end } } }
            app:on("restore", function(w) print("hook", w) end)
            sim.settle()
            app.front.storage.keep = true
            app:background()
            app:terminate("system")
            app:launch()
            print(app.front, app.front.storage.keep)
            app.front.storage.keep = false
            app:background()
            app:terminate("system")
            app:launch()
            print(app.front, app.front.storage.keep)
            """, options: ScenarioOptions(trace: .off))

        #expect(
            run
                == ScriptRun(
                    output: """
                        scene restore\tmain#1
                        hook\tmain#1
                        main#1\ttrue
                        scene restore\tmain#1
                        main#1\tnil

                        """, error: nil))
    }
}
