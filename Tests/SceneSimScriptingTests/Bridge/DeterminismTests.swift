import SceneSimScriptTestSupport
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
        let run = runScript(
            """
            local app = sim.launch{}
            print({}, print, coroutine.create(print), sim, app, app.front, app.front.storage, { f = print, t = {} })
            print(tostring({}), tostring(print), tostring(app))
            """, options: ScenarioOptions(trace: .off))

        #expect(
            run
                == ScriptRun(
                    output: """
                        {}\tfunction\tthread\t{advance = function, app = app(ipados, loading), explore = {load = function}, extend = function, gen = {bool = function, float = function, int = function, one_of = function, window = function}, launch = function, log = function, network = function, now = function, seed = function, server = {create_session = function, end_session = function, revoke = function, validate = function}, settle = function, swift_handlers = function, system = {lock = function, memory_warning = function, prewarm = function, push = function, refresh = function, transfer_done = function, unlock = function}, url = function}\tapp(ipados, loading)\tmain#1\tstorage of main#1 {}\t{f = function, t = {}}
                        {}\tfunction\tapp(ipados, loading)

                        """,
                    error: nil
                ))
    }

    @Test("pairs over a table keyed by window handles visits them by class, then session")
    func pairsOverHandles() {
        let run = runScript(
            """
            local app = sim.launch{ scenes = { { id = "main" }, { id = "d", value = "integer" } } }
            local seen = {}
            for i = 1, 6 do seen[app:open_window("d", i)] = i end
            seen[app.front.storage] = "s"
            seen.name = "n"
            local out = {}
            for k, v in pairs(seen) do out[#out + 1] = tostring(k) .. "=" .. tostring(v) end
            print(table.concat(out, " "))
            """, options: ScenarioOptions(trace: .off))

        #expect(run == ScriptRun(output: "name=n d#1(1)=1 d#2(2)=2 d#3(3)=3 d#4(4)=4 d#5(5)=5 d#6(6)=6 storage of d#6 {}=s\n", error: nil))
    }

    @Test("NaN prints nan whatever its sign, in print, tostring, tables and messages (glibc printed -nan for 0/0, Apple's libc nan)")
    func nanIsNan() {
        let run = runScript(
            """
            print(0/0, -(0/0), tostring(0/0), { 0/0 }, math.huge - math.huge)
            print(pcall(sim.advance, 0/0))
            """, options: ScenarioOptions(trace: .off))

        #expect(run == ScriptRun(output: "nan\tnan\tnan\t{nan}\tnan\nfalse\tsim.advance needs a finite number of seconds, at most 1e12 (got nan)\n", error: nil))
    }

    @Test("print orders handle keys as pairs visits them (by class, then creation), before tables and functions")
    func printOrdersHandlesAsPairs() {
        let run = runScript(
            """
            local app = sim.launch { scenes = { { id = "main" }, { id = "d", value = "integer" } } }
            local w2 = app:open_window("d", 1)
            local w3 = app:open_window("d", 2)
            print({ [{}] = 1, [print] = 3, [w3] = 4, [app] = 5, [app.sessions[1]] = 6, [w2] = 7, [true] = 8 })
            """, options: ScenarioOptions(trace: .off))

        #expect(run == ScriptRun(output: "{[true] = 8, [app(ipados, loading)] = 5, [main#1] = 6, [d#1(1)] = 7, [d#2(2)] = 4, [function] = 3, [{}] = 1}\n", error: nil))
    }
}
