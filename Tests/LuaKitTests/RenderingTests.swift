import LuaKit
import Testing

@Suite("print, tostring and describe render deterministically")
struct RenderingTests {
    @Test("print writes tab-separated values and a newline to the sink, in order")
    func printGoesToSink() throws {
        let (state, output) = makeState()
        try state.run("print('a', 1, 2.0, nil, true) print() print(1e100, -0.0, 2^63, math.huge)", chunkName: "=t")
        #expect(output.text == "a\t1\t2.0\tnil\ttrue\n\n1e+100\t-0.0\t9.2233720368548e+18\tinf\n")
    }

    @Test("Tables render with sorted keys, sequences first, and no addresses")
    func tablesSortedWithoutAddresses() throws {
        let (state, output) = makeState()
        let source = """
            local t = { 10, 20, zeta = 1, alpha = "s", ["two words"] = true, [2.5] = {}, [-1] = 0,
                        nested = { b = 2, a = { 1 } }, f = print, [true] = "yes" }
            print(t)
            print(tostring(function() end), tostring({}), tostring(print))
            """
        try state.run(source, chunkName: "=t")
        #expect(
            output.text == """
                {[-1] = 0, 10, 20, [2.5] = {}, alpha = "s", f = function, nested = {a = {1}, b = 2}, \
                ["two words"] = true, zeta = 1, [true] = "yes"}
                function\t{}\tfunction

                """)
        #expect(!output.text.contains("0x"))
    }

    @Test("Cycles, deep nesting, quoting and __tostring are handled")
    func cyclesDepthQuotingAndMetamethods() throws {
        let (state, output) = makeState()
        let source = """
            local a = { name = "a" } a.self = a
            print(a)
            local deep = {} local cur = deep for i = 1, 12 do cur.next = {} cur = cur.next end
            print(deep)
            print({ 'quote " and \\n newline', ["end"] = 1, _ok = 2 })
            print(setmetatable({}, { __tostring = function() return "custom" end }))
            """
        try state.run(source, chunkName: "=t")
        let lines = output.text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0] == "{name = \"a\", self = <cycle>}")
        #expect(lines[1] == "{next = {next = {next = {next = {next = {next = {next = {next = {...}}}}}}}}}")
        #expect(lines[2] == "{\"quote \\\" and \\n newline\", _ok = 2, [\"end\"] = 1}")
        #expect(lines[3] == "custom")
    }

    @Test("An error inside __tostring fails print with that error's location")
    func failingToString() throws {
        let (state, _) = makeState()
        let source = """
            local bad = setmetatable({}, { __tostring = function() error("no text") end })
            return pcall(print, bad)
            """
        #expect(try state.run(source, chunkName: "@r.lua") == [false, "r.lua:1: no text"])
    }

    @Test("describe and LuaValue.description agree on copied values")
    func describeMatchesDescription() throws {
        let (state, _) = makeState()
        let value: LuaValue = ["b": 2, "a": [1, 2.5, "x"], 3: false]
        #expect(value.description == "{[3] = false, a = {1, 2.5, \"x\"}, b = 2}")
        #expect(try state.describe(value) == value.description)
        #expect(try state.describe("top-level strings are not quoted") == "top-level strings are not quoted")
    }
}

/// Lua seeds string hashes from the clock and addresses, so stock `pairs` visits keys in a
/// different order on every run, and stock `string.format` prints addresses for `%p` and for
/// `%s` of tables and functions.
@Suite("pairs and string.format give the same output on every run")
struct DeterministicLibraryTests {
    @Test("pairs visits numbers ascending, strings by bytes, then false and true, and skips keys removed on the way")
    func pairsOrder() throws {
        let (state, output) = makeState()
        try state.run(
            """
            local t = { [3] = "c", [1] = "a", [2.5] = "x", [2] = "b", [2.0 ^ 60] = "big" --[[ an integral float key is stored as an integer ]], [-1] = "m",
                        kappa = 1, alpha = 2, theta = 3, beta = 4, ["two words"] = 5, Zulu = 6,
                        [true] = "t", [false] = "f" }
            local keys = {}
            for k, v in pairs(t) do keys[#keys + 1] = tostring(k) .. "=" .. tostring(v) end
            print(table.concat(keys, " "))
            local d = { a = 1, b = 2, c = 3, d = 4 }
            for k in pairs(d) do
              if k == "a" then d.c = nil end
              seen = (seen or "") .. k
            end
            print(seen, next(d) ~= nil)
            for k, v in pairs(setmetatable({}, { __pairs = function(t) return next, { x = 1 }, nil end })) do print(k, v) end
            print(pcall(pairs, nil))
            """, chunkName: "=t")
        #expect(
            output.text == """
                -1=m 1=a 2=b 2.5=x 3=c 1152921504606846976=big Zulu=6 alpha=2 beta=4 kappa=1 theta=3 two words=5 false=f true=t
                abd\ttrue
                x\t1
                true\tfunction\tnil\tnil

                """)
    }

    @Test("string.format renders %s of tables and functions as tostring does, and refuses %p at the script's line")
    func formatWithoutAddresses() throws {
        let (state, output) = makeState()
        try state.run(
            """
            print(string.format("%s|%6s|%s|%s", { b = 2, a = 1 }, true, print, nil))
            print(("%d%%|%5.1f|%q"):format(3, 2.25, "a"))
            print(pcall(function() return string.format("%p", {}) end))
            print(pcall(function() return string.format("%d", "x") end))
            """, chunkName: "=t")
        #expect(
            output.text == """
                {a = 1, b = 2}|  true|function|nil
                3%|  2.2|"a"
                false\tt:3: string.format: '%p' prints a memory address, which changes from run to run, and scenesim output must be the same on every run; use '%s', which prints the value itself
                false\tt:4: bad argument #2 to 'format' (number expected, got string)

                """)
    }
}
