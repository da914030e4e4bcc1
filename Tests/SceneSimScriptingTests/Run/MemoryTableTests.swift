import SceneSimCore
import SceneSimScriptTestSupport
import SceneSimScripting
import Testing

/// Issue 44, item 6: memory holds tables, copied in; what it cannot copy is refused at the line.
@Suite("app.memory and w.memory hold tables")
struct MemoryTableTests {
    @Test("a table is copied at the write and at each read; a table shared many times over is refused, not copied for ever")
    func copiedAndBounded() {
        let source = """
            local app = sim.launch { scenes = { { id = "main" } } }
            local q = { 1, 2 }
            app.memory.q = q
            q[3] = 3
            local read = app.memory.q
            read[1] = 100
            print(#app.memory.q, app.memory.q[1])
            local t = {}
            for i = 1, 40 do t = { t, t, t, t } end
            print(pcall(function() app.memory.x = t end))
            """

        let run = runScript(source, options: ScenarioOptions(trace: .off))

        #expect(
            run
                == ScriptRun(
                    output: """
                        2\t1
                        false\ttest.lua:10: app.memory key "x": cannot store a table of more than 1048576 entries (a table shared in several places counts at each, as memory keeps a copy of each)

                        """,
                    error: nil
                ))
    }
}
