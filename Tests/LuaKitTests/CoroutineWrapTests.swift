import LuaKit
import Testing

/// Issue 21, item 7: the function `coroutine.wrap` returns, when Lua refuses to resume its
/// coroutine, raises stock Lua's message, and resets the coroutine only when it died by an error.
@Suite("coroutine.wrap's function when the resume is refused")
struct CoroutineWrapTests {
    @Test("An exhausted generator raises 'cannot resume dead coroutine', as stock Lua 5.4.4 does")
    func exhaustedGenerator() throws {
        let (state, output) = makeState()

        try state.run(
            """
            local next_value = coroutine.wrap(function() coroutine.yield(1) end)
            print(next_value())
            print(next_value())
            print(pcall(next_value))
            print(select(2, pcall(function() return next_value() end)))
            """, chunkName: "@gen.lua")

        #expect(
            output.text == """
                1

                false\tcannot resume dead coroutine
                gen.lua:5: cannot resume dead coroutine

                """)
    }

    @Test("A coroutine resuming itself through its wrap function gets 'non-suspended', keeps running, and closes its variables once")
    func selfResume() throws {
        let (state, output) = makeState()

        try state.run(
            """
            local again
            again = coroutine.wrap(function()
              local _ <close> = setmetatable({}, { __close = function() print("closed") end })
              print(pcall(again))
              print("still running", coroutine.isyieldable())
              coroutine.yield("yielded")
              print("resumed")
            end)
            print(again())
            print(again())
            print(pcall(again))
            """, chunkName: "@self.lua")

        #expect(
            output.text == """
                false\tcannot resume non-suspended coroutine
                still running\ttrue
                yielded
                resumed
                closed

                false\tcannot resume dead coroutine

                """)
    }

    @Test("A coroutine that died by an error is reset: its variables close, and the next call finds it dead")
    func deadByError() throws {
        let (state, output) = makeState()

        try state.run(
            """
            local f = coroutine.wrap(function()
              local _ <close> = setmetatable({}, { __close = function() print("closed") end })
              error("boom")
            end)
            print(pcall(f))
            print(pcall(f))
            """, chunkName: "@err.lua")

        #expect(
            output.text == """
                closed
                false\terr.lua:3: boom
                false\tcannot resume dead coroutine

                """)
    }
}
