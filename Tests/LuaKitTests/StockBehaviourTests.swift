import LuaKit
import Testing

/// Issue 21, item 8: where the sandbox's own `pairs`, `string.format` and `load` differed from
/// stock Lua 5.4.4 in what a script can observe. Each expected output is stock `lua5.4`'s for the
/// same script, run as `lua5.4 s.lua`.
@Suite("pairs, string.format and load as stock Lua has them")
struct StockBehaviourTests {
    static let cases: [(name: String, source: String, stockOutput: String)] = [
        (
            "A __pairs metamethod may yield, as stock pairs calls it with a continuation",
            """
            local t = setmetatable({}, { __pairs = function(self)
              local k = coroutine.yield("asked")
              return function(_, i) if i < k then return i + 1, "v" .. (i + 1) end end, self, 0
            end })
            local co = coroutine.wrap(function()
              for i, v in pairs(t) do print(i, v) end
              return "done"
            end)
            print(co())
            print(co(2))
            """,
            """
            asked
            1\tv1
            2\tv2
            done

            """
        ),
        (
            "string.format's argument errors name it as stock does: 'string.format' under pcall, a method call's self not counted",
            """
            print(pcall(string.format, "%d"))
            print(pcall(string.format, "%d", "x"))
            print(pcall(function() return ("%d"):format({}) end))
            print(pcall(function() local f = string.format; return f("%c", "y") end))
            print(pcall(function() return string.format("%y", 1) end))
            """,
            """
            false\tbad argument #2 to 'string.format' (no value)
            false\tbad argument #2 to 'string.format' (number expected, got string)
            false\ts.lua:3: bad argument #1 to 'format' (number expected, got table)
            false\ts.lua:4: bad argument #2 to 'f' (number expected, got string)
            false\ts.lua:5: invalid conversion '%y' to 'format'

            """
        ),
        (
            "pairs of a non-table fails at the loop, as stock's does",
            """
            print(select("#", pairs(5)))
            print(pcall(function() for _ in pairs(5) do end end))
            print(pcall(function() for _ in pairs(nil) do end end))
            print(pcall(pairs))
            """,
            """
            3
            false\ts.lua:2: bad argument #1 to 'for iterator' (table expected, got number)
            false\ts.lua:3: bad argument #1 to 'for iterator' (table expected, got nil)
            false\tbad argument #1 to 'pairs' (value expected)

            """
        ),
        (
            "load refuses text with stock's message when the mode excludes it",
            """
            print(load("return 1", "n", "b"))
            print(load("return 1", "n", "x"))
            print(load("return 2", "n", "t")())
            print(load("return 3", "n", "bt")())
            local parts = { "return ", "4" }
            print(load(function() return table.remove(parts, 1) end, "=r", "b"))
            print(load(string.dump(function() end), "n", "t"))
            """,
            """
            nil\tattempt to load a text chunk (mode is 'b')
            nil\tattempt to load a text chunk (mode is 'x')
            2
            3
            nil\tattempt to load a text chunk (mode is 'b')
            nil\tattempt to load a binary chunk (mode is 't')

            """
        ),
    ]

    @Test("The sandbox prints what stock Lua prints", arguments: cases)
    func sameAsStock(name: String, source: String, stockOutput: String) throws {
        let (state, output) = makeState()

        try state.run(source, chunkName: "@s.lua")

        #expect(output.text == stockOutput, "\(name)")
    }

    @Test("A binary chunk is refused even when the mode allows it, from a string or a reader function")
    func binaryRefused() throws {
        let (state, _) = makeState()
        let source = """
            local dumped = string.dump(function() return 1 end)
            local a, message_a = load(dumped)
            local b, message_b = load(dumped, "d", "b")
            local pieces = { dumped }
            local c, message_c = load(function() return table.remove(pieces, 1) end, "d", "bt")
            return a, message_a, b, message_b, c, message_c
            """

        let results = try state.run(source, chunkName: "=t")

        let refusal = LuaValue.string("attempt to load a binary chunk (scenesim loads Lua source text only)")
        #expect(results == [.nil, refusal, .nil, refusal, .nil, refusal])
    }
}
