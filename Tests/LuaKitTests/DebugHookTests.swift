import LuaKit
import Testing

/// Issue 21, item 9: with every library open (`--allow-io`), what a script does with `debug`
/// cannot lift the instruction limit, and `debug.gethook` shows the script's own hook.
@Suite("debug hooks and the instruction limit")
struct DebugHookTests {
    /// Scripts that would run forever if the count hook were lost or never reached.
    static let escapes: [String] = [
        // One sethook() used to remove scenesim's count hook.
        "debug.sethook()\nwhile true do end",
        "debug.sethook((coroutine.running()))\nwhile true do end",
        // A hook of the script's own replaces nothing: the limit still counts.
        "debug.sethook(function() end, 'l')\nwhile true do end",
        "debug.sethook(function() end, '', 1)\nwhile true do end",
        "debug.sethook(function() end, 'crl', 5000)\nwhile true do end",
        // Lua runs hooks with hooks off: a hook function that loops is stopped all the same.
        "debug.sethook(function() while true do end end, 'l')\nlocal x = 1",
        "debug.sethook(function() while true do end end, '', 10)\nwhile true do end",
        // Each sethook restarts the count; the loop must not run free between them.
        "while true do debug.sethook() end",
        "while true do debug.sethook(function() end, '', 999) end",
        // In a coroutine, on a coroutine, and from inside a hook.
        "coroutine.wrap(function() debug.sethook() while true do end end)()",
        "local co = coroutine.create(function() while true do end end)\ndebug.sethook(co)\ncoroutine.resume(co)",
        "debug.sethook(function() debug.sethook() end, 'l')\nwhile true do end",
        // Caught by pcall, the limit's error ends the run all the same.
        "debug.sethook(function() while true do end end, 'l')\npcall(function() local x = 1 end)\nreturn 'escaped'",
    ]

    @Test("No use of debug.sethook runs a loop past the instruction limit", arguments: escapes)
    func limitHolds(source: String) throws {
        let (state, _) = makeState(LuaOptions(libraries: .all, maxInstructions: 100_000))

        let error = try #require(capture { try state.run(source, chunkName: "@hook.lua") })

        #expect(error.kind == .instructionLimit)
        #expect(error.message.hasPrefix("hook.lua:"))
        #expect(error.message.hasSuffix(": instruction limit exceeded (100000 instructions)"))
    }

    @Test("debug.gethook shows no hook until the script sets one")
    func noHookShown() throws {
        let (state, _) = makeState(LuaOptions(libraries: .all, maxInstructions: 100_000))

        #expect(try state.run("return select('#', debug.gethook()), debug.gethook()", chunkName: "=t") == [1, .nil])
    }

    @Test("A script's line, count and call hooks run, and show in debug.gethook, as stock Lua's do (expected output: lua5.4's)")
    func scriptHooksRun() throws {
        let (state, output) = makeState(LuaOptions(libraries: .all, maxInstructions: 100_000))

        try state.run(
            """
            local lines = {}
            debug.sethook(function(event, line) lines[#lines + 1] = event .. ":" .. tostring(line) end, "l")
            local a = 1
            local b = 2
            debug.sethook()
            print(table.concat(lines, " "))
            local n = 0
            debug.sethook(function() n = n + 1 end, "", 100)
            for _ = 1, 1000 do end
            debug.sethook()
            print(n)
            local calls = 0
            debug.sethook(function(event) calls = calls + 1; if calls >= 3 then debug.sethook() end end, "c")
            local function f() end
            f() f() f() f() f()
            print(calls, debug.gethook())
            local function hook() end
            debug.sethook(hook, "lrc", 7)
            local h, mask, count = debug.gethook()
            debug.sethook()
            print(h == hook, mask, count, select("#", debug.gethook()))
            print(pcall(function()
              debug.sethook(function() debug.sethook(); error("from hook") end, "l")
              local x = 1
            end))
            print(debug.gethook())
            """, chunkName: "@h.lua")

        #expect(
            output.text == """
                line:3 line:4 line:5
                10
                3\tnil
                true\tcrl\t7\t1
                false\th.lua:23: from hook
                nil

                """)
    }

    @Test(
        "A script's count hook of 1000 instructions or more, with no other event, runs as stock Lua's (it never ran: its thread looked like one with no script hook), and a memory trip its function catches ends the run",
        arguments: [(1000, 200), (2000, 100), (5000, 40)])
    func longCountHooksRun(count: Int, calls: Int) throws {
        let (state, _) = makeState(LuaOptions(libraries: .all, maxInstructions: 10_000_000, maxMemory: 16 << 20))

        // lua5.4 gives the same counts: 200,000 instructions of the loop.
        #expect(
            try state.run(
                """
                local c = 0
                debug.sethook(function() c = c + 1 end, "", \(count))
                local n = 0 for i = 1, 100000 do n = n + 1 end
                debug.sethook()
                return c
                """, chunkName: "=t") == [.integer(Int64(calls))])

        let error = capture {
            try state.run(
                """
                debug.sethook(function() pcall(function() local t = {} for i = 1, 1e9 do t[i] = {} end end) end, "", \(count))
                while true do end
                """, chunkName: "@hook.lua")
        }
        #expect(error?.kind == .memory, "\(String(describing: error))")
        #expect(error?.message == "hook.lua:1: memory limit exceeded (16777216 bytes)")
    }

    @Test("debug.setmetatable refuses __gc as setmetatable does")
    func debugSetmetatableRefusesFinalizers() throws {
        let (state, _) = makeState(LuaOptions(libraries: .all))

        let error = capture { try state.run("debug.setmetatable({}, { __gc = print })", chunkName: "@g.lua") }

        #expect(
            error?.message
                == "g.lua:1: debug.setmetatable: __gc finalizers are not supported: the garbage collector runs them at moments no instruction limit or Ctrl-C can reach; release what the object holds explicitly instead"
        )
    }
}
