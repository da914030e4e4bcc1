import SceneSimScriptTestSupport
import SceneSimScripting
import Testing

// luassert's spelling for a scenario's checks (scenarios/README.md, "Assertions"): busted users
// know `assert.equal` and `assert.same`, and a failure shows both values instead of Lua's
// bare "assertion failed!".
@Suite("assert.equal and assert.same: failures that show the values")
struct AssertionTests {
    @Test("assert.equal's failure names what was expected and what came, with their types, at the assertion's line")
    func equalFailureShowsBothValues() {
        let run = runScript(
            """
            local app = sim.launch{ scenes = { { id = "main" } } }
            local w = app.windows[1]
            w.storage.count = 4
            assert.equal(3, w.storage.count, "w.storage.count")
            """)

        #expect(
            run.error == """
                test.lua:4: w.storage.count: expected 3 (number), got 4 (number)
                stack traceback:
                \ttest.lua:4: in main chunk
                """)
    }

    @Test("without a name, the message says which assertion failed; strings are quoted and escaped, so \"3\" is not 3")
    func equalNamesItselfAndQuotesStrings() {
        #expect(runScript(#"assert.equal(3, "3")"#).error?.hasPrefix(#"test.lua:1: assert.equal: expected 3 (number), got "3" (string)"#) == true)
        #expect(runScript(#"assert.equal("a\0b", "a\0c")"#).error?.hasPrefix(#"test.lua:1: assert.equal: expected "a\000b" (string), got "a\000c" (string)"#) == true)
    }

    @Test("assert.equal compares as == without metamethods: 1 equals 1.0, a table only itself, and a failure on two tables alike points to assert.same")
    func equalIsRawEquality() {
        #expect(
            runScript(
                """
                assert.equal(1, 1.0)
                local t = {}
                assert.equal(t, t)
                local mt = { __eq = function() return true end }
                local a, b = setmetatable({}, mt), setmetatable({}, mt)
                assert(a == b)
                print(pcall(assert.equal, a, b))
                """
            ).output == "false\tassert.equal: expected {} (table), got {} (table): two tables with the same contents; assert.same compares contents\n")
    }

    @Test("assert.same compares tables by contents and, when they differ, names the first key that differs in pairs' order")
    func sameNamesTheFirstDifference() {
        let run = runScript(
            """
            assert.same({ 1, { a = "x", b = 2 } }, { 1, { a = "x", b = 2 } })
            print(pcall(assert.same, { 1, 2 }, { 1, 2, 3 }))
            print(pcall(assert.same, { x = 1 }, {}))
            print(pcall(assert.same, { 3 }, 3))
            assert.same({ 1, { a = "x", b = 2, c = 0 } }, { 1, { a = "y", b = 3 } }, "queue")
            """)

        #expect(
            run
                == ScriptRun(
                    output: """
                        false\tassert.same: tables differ at [3]: expected nil (nil), got 3 (number)
                          expected: {1, 2}
                          actual:   {1, 2, 3}
                        false\tassert.same: tables differ at .x: expected 1 (number), got nil (nil)
                          expected: {x = 1}
                          actual:   {}
                        false\tassert.same: expected {3} (table), got 3 (number)

                        """,
                    error: """
                        test.lua:5: queue: tables differ at [2].a: expected "x" (string), got "y" (string)
                          expected: {1, {a = "x", b = 2, c = 0}}
                          actual:   {1, {a = "y", b = 3}}
                        stack traceback:
                        \ttest.lua:5: in main chunk
                        """
                ))
    }

    @Test("assert.same ends on cycles and on a table shared a million times over")
    func sameEndsOnCyclesAndSharedTables() {
        let run = runScript(
            """
            local t, u = {}, {}
            t.self, u.self = t, u
            assert.same(t, u)
            local a, b = { 1 }, { 1 }
            for _ = 1, 40 do a, b = { a, a, a, a }, { b, b, b, b } end
            assert.same(a, b)
            print(pcall(assert.same, { t }, { u, 1 }))
            """, options: ScenarioOptions(maxInstructions: 1_000_000))

        #expect(run.output == "false\tassert.same: tables differ at [2]: expected nil (nil), got 1 (number)\n  expected: {{self = <cycle>}}\n  actual:   {{self = <cycle>}, 1}\n")
        #expect(run.error == nil)
    }

    @Test("assert stays Lua's own: all its arguments back, its message raised as it is, tables included")
    func assertStaysLuas() {
        let run = runScript(
            """
            print(assert(1, 2, 3))
            print(pcall(assert, false))
            print(pcall(assert, nil, "x"))
            print(pcall(assert))
            local e = {}
            print(select(2, pcall(assert, false, e)) == e)
            assert(false, "the draft was lost")
            """)

        #expect(
            run
                == ScriptRun(
                    output: """
                        1\t2\t3
                        false\tassertion failed!
                        false\tx
                        false\tbad argument #1 to 'assert' (value expected)
                        true

                        """,
                    error: "test.lua:7: the draft was lost\nstack traceback:\n\ttest.lua:7: in main chunk"
                ))
    }

    @Test("a misused assertion says how to call it")
    func misuseSaysHowToCall() {
        #expect(
            runScript("assert.equal(1)").error?.hasPrefix(
                "test.lua:1: bad argument #2 to 'assert.equal' (value expected): give the expected value, then the actual one: assert.equal(expected, actual[, what])") == true)
        #expect(
            runScript("assert.same(1, 1, {})").error?.hasPrefix(
                #"test.lua:1: bad argument #3 to 'assert.same' (string expected, got table): the third argument names what is compared, as in assert.same(3, w.storage.count, "count")"#
            ) == true)
    }
}
