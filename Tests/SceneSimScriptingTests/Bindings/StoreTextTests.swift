import SceneSimScriptTestSupport
import SceneSimScripting
import Testing

@Suite("tostring of a store is capped as print caps a table")
struct StoreTextTests {
    @Test("tostring of a window's storage and of app.defaults with megabytes in them stops near 1 MiB with ...}", arguments: ["app.front.storage", "app.defaults"])
    func capped(store: String) {
        let run = runScript(
            """
            local app = sim.launch { scenes = { { id = "main" } } }
            local store = \(store)
            local value = string.rep("v", 80)
            for i = 1, 16000 do store["key" .. i] = value end
            local text = tostring(store)
            print(#text > 1 << 20, #text < (1 << 20) + 256, text:sub(-6))
            """, options: ScenarioOptions(trace: .off))

        #expect(run.error == nil)
        #expect(run.output == "true\ttrue\t, ...}\n")
    }

    @Test("A small store's text is whole")
    func small() {
        let run = runScript(
            """
            local app = sim.launch { scenes = { { id = "main" } } }
            app.defaults.a = 1
            app.front.storage.b = "x"
            print(tostring(app.defaults), tostring(app.front.storage))
            """, options: ScenarioOptions(trace: .off))

        #expect(run.output == "defaults {a = 1}\tstorage of main#1 {b = \"x\"}\n")
    }
}
