import SceneSimScriptTestSupport
import SceneSimScripting
import Testing

@Suite("Tables shared many times are copied and rendered in bounded work")
struct SharedTableTests {
    /// `t` holds four references to the table one level down, 40 levels deep: 4^40 paths.
    static let shared = "local t = {} for _ = 1, 40 do t = { t, t, t, t } end"

    @Test("Printing a table shared 4^40 times writes at most about a megabyte, ending in ...")
    func printIsBounded() {
        let run = runScript(Self.shared + " local s = tostring(t) print(#s < 1100000, s:sub(-12))", options: ScenarioOptions(trace: .off))
        #expect(run.error == nil)
        #expect(run.output.hasPrefix("true\t"))
        #expect(run.output.hasSuffix("...}}}}}}}}}\n"))
    }

    @Test("A table shared 4^40 times given to sim.launch is copied once and refused at once")
    func copyIsBounded() {
        let run = runScript(Self.shared + " sim.launch { scenes = t }", options: ScenarioOptions(trace: .off))
        #expect(run.error?.hasPrefix("test.lua:1: sim.launch: scenes[1] must use string keys (found [1])") == true)
    }

    @Test("A table shared a million times as a value of a sequence prints in bounded time")
    func wideSharingIsBounded() {
        let run = runScript(
            """
            local leaf = { a = 1 }
            local t = {} for i = 1, 1000000 do t[i] = leaf end
            local s = tostring(t)
            print(#s < 1100000, s:sub(1, 24), s:sub(-8))
            """, options: ScenarioOptions(trace: .off))
        #expect(run.error == nil)
        #expect(run.output == "true\t{{a = 1}, {a = 1}, {a = \t1}, ...}\n")
    }

    @Test("Tables and functions as keys print the same on every run")
    func tableKeysPrintDeterministically() {
        let source = """
            print({ [{}] = 1, [{}] = 2, [{}] = 3, [{ 1 }] = 0, [print] = "p", [type] = "t" })
            """
        let runs = (0..<5).map { _ in runScript(source, options: ScenarioOptions(trace: .off)).output }
        #expect(runs.allSatisfy { $0 == #"{[function] = "p", [function] = "t", [{1}] = 0, [{}] = 1, [{}] = 2, [{}] = 3}"# + "\n" })
    }
}
