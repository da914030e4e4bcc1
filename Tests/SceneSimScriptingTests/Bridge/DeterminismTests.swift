import SceneSimScripting
import Testing

@Suite("Deterministic output")
struct DeterminismTests {
    static let scenario = """
        local app = sim.launch{ scenes = { { id = "main" }, { id = "doc", value = "string" } } }
        sim.settle()
        local names = {}
        for i = 1, 20 do names["k" .. i] = i end
        local doc = app:open_window("doc", "notes")
        for key, value in pairs(names) do doc.storage[key] = value end
        print(names, doc.storage:keys())
        app:background()
        app:terminate("system")
        app:launch()
        sim.settle()
        print(app.sessions, doc.saved)
        """

    @Test("Two runs of the same scenario give byte-identical output")
    func twoRunsIdentical() throws {
        let folder = try ScenarioFolder(["same.lua": Self.scenario])

        let first = ScenarioRunner.capture(path: folder.file("same.lua"))
        let second = ScenarioRunner.capture(path: folder.file("same.lua"))

        #expect(first.status == 0)
        #expect(first == second)
    }

    @Test("Seeds the script does not use do not change its output")
    func seedsDoNotMatter() throws {
        let folder = try ScenarioFolder(["seeded.lua": Self.scenario])

        let zero = ScenarioRunner.capture(path: folder.file("seeded.lua"), options: ScenarioOptions(seed: 0))
        let other = ScenarioRunner.capture(path: folder.file("seeded.lua"), options: ScenarioOptions(seed: 987_654_321))

        #expect(zero == other)
    }

    @Test("Printing tables, functions, threads and handles shows no addresses")
    func noAddresses() {
        let run = runScript("""
            local app = sim.launch{}
            print({}, print, coroutine.create(print), sim, app, app.front, app.front.storage, { f = print, t = {} })
            print(tostring({}), tostring(print), tostring(app))
            """, options: ScenarioOptions(trace: .off))

        #expect(run == ScriptRun(
            output: """
                {}\tfunction\tthread\t{advance = function, launch = function, log = function, network = function, now = function, seed = function, server = {revoke = function}, settle = function}\tapp(ipados, loading)\tmain#1\tstorage of main#1\t{f = function, t = {}}
                {}\tfunction\tapp(ipados, loading)

                """,
            error: nil
        ))
    }
}
