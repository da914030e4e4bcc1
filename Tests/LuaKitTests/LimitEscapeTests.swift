import Foundation
import LuaKit
import Testing

/// Issue 9, items 2 and 4: once the instruction limit or an interrupt has fired, nothing a
/// script does (catching the error, or spending its time in C) keeps it running.
@Suite("Limits no script can escape")
struct LimitEscapeTests {
    /// Ways a script could catch the limit's error and carry on, each followed by an endless
    /// loop of its own or by a few harmless instructions, so that only the first catch matters.
    static let absorbers: [String] = [
        // pcall in a loop: the loop catches the error again and again.
        "while true do pcall(function() while true do end end) end",
        // pcall, then fewer than 1000 instructions before the chunk ends.
        "local ok = pcall(function() while true do end end)\nreturn 'escaped', ok",
        "local ok = xpcall(function() while true do end end, function(m) return m end)\nreturn 'escaped'",
        // The error handler itself loops.
        "xpcall(error, function() while true do end end)\nreturn 'escaped'",
        "local co = coroutine.create(function() while true do end end)\nlocal ok = coroutine.resume(co)\nreturn 'escaped'",
        "local ok = pcall(coroutine.wrap(function() while true do end end))\nreturn 'escaped'",
        // Lua raises the hook's error with hooks off; a __close of the dead coroutine must not run.
        """
        local ok = pcall(coroutine.wrap(function()
          local _ <close> = setmetatable({}, { __close = function() while true do end end })
          while true do end
        end))
        return 'escaped'
        """,
        """
        local co = coroutine.create(function()
          local _ <close> = setmetatable({}, { __close = function() while true do end end })
          coroutine.yield()
        end)
        coroutine.resume(co)
        local ok = coroutine.close(co)
        return 'escaped'
        """,
        // load calls its reader under a protected parser, which catches the error.
        "local f = load(function() while true do end end)\nreturn 'escaped'",
        // Metamethods and callbacks from C functions.
        "local t = setmetatable({}, { __index = function() while true do end end })\nlocal ok = pcall(function() return t.x end)\nreturn 'escaped'",
        "local ok = pcall(string.gsub, 'abc', '%w', function() while true do end end)\nreturn 'escaped'",
        "local ok = pcall(table.sort, { 3, 2, 1 }, function() while true do end end)\nreturn 'escaped'",
        // Catching it twice over.
        "local ok = pcall(pcall, function() while true do end end)\nreturn 'escaped'",
    ]

    @Test("Code that catches the instruction limit's error is stopped all the same", arguments: absorbers)
    func instructionLimitCannotBeCaught(source: String) throws {
        let (state, _) = makeState(LuaOptions(maxInstructions: 100_000))

        let error = try #require(capture { try state.run(source, chunkName: "@spin.lua") })

        #expect(error.kind == .instructionLimit)
        #expect(error.message.hasPrefix("spin.lua:"))
        #expect(error.message.hasSuffix(": instruction limit exceeded (100000 instructions)"))
    }

    @Test("With every library open (--allow-io), catching the limit and C work are stopped the same", arguments: absorbers + runawayCalls)
    func allLibraries(source: String) throws {
        let (state, _) = makeState(LuaOptions(libraries: .all, maxInstructions: 1_000_000))

        let error = try #require(capture { try state.run(source, chunkName: "@spin.lua") })

        #expect(error.kind == .instructionLimit)
        #expect(error.message.hasSuffix(": instruction limit exceeded (1000000 instructions)"))
    }

    @Test("A pcall loop stops at the line of the pcall, with the limit's message verbatim")
    func pcallLoopMessage() throws {
        let (state, _) = makeState(LuaOptions(maxInstructions: 100_000))
        let source = "local n = 0\nwhile true do pcall(function() while true do n = n + 1 end end) end"

        let error = try #require(capture { try state.run(source, chunkName: "@spin.lua") })

        #expect(error.kind == .instructionLimit)
        #expect(error.message == "spin.lua:2: instruction limit exceeded (100000 instructions)")
    }

    @Test("Code that catches an interrupt is stopped all the same", arguments: absorbers)
    func interruptCannotBeCaught(source: String) throws {
        let (state, _) = makeState()
        state.register("stop") { call in
            call.state.interrupt()
            return .values(0)
        }

        let error = try #require(capture { try state.run("stop()\n" + source, chunkName: "@spin.lua") })

        #expect(error.kind == .interrupted)
        #expect(error.message.hasSuffix(": interrupted"))
    }

    @Test("After a tripped limit, the next top-level call gets a fresh budget and runs at full speed")
    func nextCallRecovers() throws {
        let (state, _) = makeState(LuaOptions(maxInstructions: 100_000))
        _ = capture { try state.run("while true do pcall(function() while true do end end) end", chunkName: "=t") }

        // 20,000 iterations are about 80,000 instructions: the budget is the limit's again.
        let sum = "local s = 0 for i = 1, 20000 do s = s + i end return s"
        #expect(try state.run(sum, chunkName: "=t") == [200_010_000])
        #expect(try state.run("return pcall(error, 'plain')", chunkName: "=t") == [false, "plain"])
    }

    @Test("pcall and xpcall still return what stock Lua returns, and let a coroutine yield across them")
    func protectedCallsUnchanged() throws {
        let (state, _) = makeState()
        let source = """
            local a, b, c = pcall(function(x, y) return x + y, "two" end, 1, 2)
            local d, e = pcall(error, { code = 7 })
            local f, g = xpcall(function() error("boom", 0) end, function(m) return "handled " .. m end)
            local co = coroutine.wrap(function()
              local ok, v = pcall(coroutine.yield, "yielded")
              return ok, v
            end)
            local first = co()
            local ok, v = co("resumed")
            return a, b, c, e.code, f, g, first, ok, v
            """
        #expect(try state.run(source, chunkName: "=t") == [true, 3, "two", 7, false, "handled boom", "yielded", true, "resumed"])
    }

    @Test("Argument errors of pcall, xpcall, coroutine.resume and coroutine.close read like stock Lua's")
    func protectedCallArgumentErrors() throws {
        let (state, _) = makeState()
        let cases: [(String, String)] = [
            ("pcall()", "w.lua:1: bad argument #1 to 'pcall' (value expected)"),
            ("xpcall(print, 1)", "w.lua:1: bad argument #2 to 'xpcall' (function expected, got number)"),
            ("coroutine.resume(1)", "w.lua:1: bad argument #1 to 'resume' (thread expected, got number)"),
            ("coroutine.close(coroutine.running())", "w.lua:1: cannot close a running coroutine"),
        ]
        for (source, message) in cases {
            #expect(capture { try state.run(source, chunkName: "@w.lua") }?.message == message)
        }
    }

    // MARK: Work done in C

    static let runawayCalls: [String] = [
        // Backtracking: 2^40 ways to try.
        "local s = ('a'):rep(40)\nreturn s:find(('a?'):rep(40) .. ('a'):rep(40) .. 'b')",
        "local s = ('x'):rep(5000)\nreturn s:match('.-.-.-.-y')",
        "local s = ('x'):rep(5000)\nfor w in s:gmatch('.-.-.-y') do end",
        "local s = ('x'):rep(3000)\nreturn s:gsub('.-.-.-y', '')",
        // A plain search that compares the pattern at every candidate.
        "local s = ('a'):rep(200000)\nfor i = 1, 1e9 do s:find(('a'):rep(100000) .. 'b', 1, true) end",
        // Nothing to allocate, so only the budget stops it.
        "local t = {}\nreturn table.move(t, 1, 1e15, 1, {})",
        // One find whose items the matcher walks without a recursive call (a step each), and
        // one whose class it scans whole at every character (a step per 4 of its bytes):
        // charged one step per position before, they ran 10 to 100 times a loop's time.
        "local s = ('a'):rep(20000)\nreturn s:find(('a'):rep(10000) .. '%d')",
        "local s = ('a'):rep(20000)\nreturn s:find('[' .. ('%d'):rep(2000) .. 'a]*b')",
        // Elements moved in a table whose __len says 2^62: nothing to allocate, and C loops of
        // 2^62 rounds (issue 43).
        "local t = setmetatable({}, { __len = function() return 1 << 62 end })\ntable.insert(t, 1, 'x')",
        "local t = setmetatable({}, { __len = function() return 1 << 62 end })\nreturn table.remove(t, 1)",
    ]

    @Test("Pattern matching and table.move are charged to the instruction limit", arguments: runawayCalls)
    func cWorkIsCharged(source: String) throws {
        let (state, _) = makeState(LuaOptions(maxInstructions: 1_000_000))

        let error = try #require(capture { try state.run(source, chunkName: "@match.lua") })

        #expect(error.kind == .instructionLimit)
        #expect(error.message == "match.lua:2: instruction limit exceeded (1000000 instructions)")
    }

    @Test("collectgarbage is charged the heap it walks: a loop of full collections stops at the limit (issue 43: 3 instructions each)")
    func collectionsAreCharged() throws {
        let (state, _) = makeState(LuaOptions(maxInstructions: 1_000_000))
        let source = """
            local t = {} for i = 1, 100000 do t[i] = {} end
            for i = 1, 200 do collectgarbage() end
            for i = 1, 200 do collectgarbage("step", 1000) end
            return "not stopped"
            """

        let error = try #require(capture { try state.run(source, chunkName: "@gc.lua") })

        #expect(error.kind == .instructionLimit)
        #expect(error.message == "gc.lua:2: instruction limit exceeded (1000000 instructions)")
    }

    @Test(
        "An interrupt from another thread stops an endless table.insert or table.remove, without an instruction limit",
        arguments: [
            "local t = setmetatable({}, { __len = function() return 1 << 62 end })\ntable.insert(t, 1, 'x')",
            "local t = setmetatable({}, { __len = function() return 1 << 62 end })\nreturn table.remove(t, 1)",
        ])
    func interruptStopsCLoops(source: String) throws {
        let (state, _) = makeState()
        let flag = state.interruptFlag
        let thread = Thread {
            Thread.sleep(forTimeInterval: 0.2)
            flag.raise()
        }
        thread.start()

        let error = capture { try state.run(source, chunkName: "@loop.lua") }

        #expect(error?.kind == .interrupted)
        #expect(error?.message == "loop.lua:2: interrupted")
    }

    @Test(
        "The charged string.rep, table.insert, table.remove and collectgarbage give stock Lua's results and errors; string.rep of nothing returns at once, however many times (issue 43: math.maxinteger copies of nothing ran for centuries)"
    )
    func chargedLoopResultsUnchanged() throws {
        let (state, _) = makeState()
        let source = """
            local out = {}
            local function R(...)
              local parts = {}
              for i = 1, select("#", ...) do parts[i] = tostring((select(i, ...))) end
              out[#out + 1] = table.concat(parts, " ")
            end
            R(("ab"):rep(3), ("ab"):rep(3, ","), ("ab"):rep(0), ("ab"):rep(-1, ","), #(""):rep(1e9), ("x"):rep(1, "-"))
            R(#(""):rep(math.maxinteger), #(""):rep(math.maxinteger, ""), #string.rep("", math.maxinteger))
            local t = {1, 2, 3}
            table.insert(t, 4); table.insert(t, 1, 0); table.insert(t, 3, 1.5)
            R(table.concat(t, ","), table.remove(t), table.remove(t, 1), table.remove(t, #t + 1), table.concat(t, ","))
            R(table.remove({}), table.remove({}, 0), #t)
            R(collectgarbage("isrunning"), collectgarbage("count") > 0, collectgarbage(), collectgarbage("collect"),
              collectgarbage("step"), collectgarbage("incremental"), collectgarbage("generational"), collectgarbage("incremental"))
            return table.concat(out, "|")
            """
        #expect(
            try state.run(source, chunkName: "=t") == [
                "ababab ab,ab,ab   0 x|0 0 0|0,1,1.5,2,3,4 4 0 nil 1,1.5,2,3|nil nil 4|true true 0 0 true incremental incremental generational"
            ])
        let errors: [(String, String)] = [
            ("('x'):rep(1e10)", "p.lua:1: resulting string too large"),
            ("string.rep()", "p.lua:1: bad argument #1 to 'rep' (string expected, got no value)"),
            ("table.insert({}, 1, 2, 3)", "p.lua:1: wrong number of arguments to 'insert'"),
            ("table.insert({}, 5, 2)", "p.lua:1: bad argument #2 to 'insert' (position out of bounds)"),
            ("table.remove({}, 5)", "p.lua:1: bad argument #1 to 'remove' (position out of bounds)"),
            ("table.insert(1, 2)", "p.lua:1: bad argument #1 to 'insert' (table expected, got number)"),
            ("collectgarbage('x')", "p.lua:1: bad argument #1 to 'collectgarbage' (invalid option 'x')"),
            ("collectgarbage('step', 'y')", "p.lua:1: bad argument #2 to 'collectgarbage' (number expected, got string)"),
        ]
        for (source, message) in errors {
            #expect(capture { try state.run(source, chunkName: "@p.lua") }?.message == message)
        }
    }

    @Test(
        "Library functions that make large strings or push many values are charged: a loop of a few instructions around each stops at the limit (issue 43's hostile re-run: under ten million instructions these ran for hours)",
        arguments: [
            "local s = string.rep('x', 1e5) for i = 1, 1e4 do local u = s:upper() end",
            "local s = string.rep('x', 1e5) for i = 1, 1e4 do local u = s .. 'y' end",
            "local s = string.rep('x', 1e5) for i = 1, 1e4 do local u = s:sub(2) end",
            "local s = string.rep('x', 1e5) for i = 1, 1e4 do local u = string.format('%s', s) end",
            "local t = {} for i = 1, 1000 do t[i] = string.rep('x', 100) end for i = 1, 1e4 do local u = table.concat(t) end",
            "local s = string.rep('x', 1e5) for i = 1, 1e3 do local n = select('#', s:byte(1, -1)) end",
            "local t = {} for i = 1, 1e5 do t[i] = 65 end for i = 1, 1e3 do local n = select('#', table.unpack(t)) end",
        ])
    func largeResultsCharged(source: String) throws {
        let (state, _) = makeState(LuaOptions(maxInstructions: 1_000_000))

        let error = capture { try state.run(source + "\nreturn 'done'", chunkName: "@big.lua") }

        #expect(error?.kind == .instructionLimit, "\(String(describing: error))")
        #expect(error?.message == "big.lua:1: instruction limit exceeded (1000000 instructions)")
    }

    // MARK: Errors raised in a hook

    /// Code that must not run when a coroutine was killed by an error raised in a hook: Lua's
    /// hooks stay off on that coroutine, so it would run out of reach of the instruction limit
    /// and Ctrl-C. Each sets `ran` after a loop of N rounds (1e7, far past the limit, were it
    /// counted).
    static let hookKilled: [(name: String, source: String)] = [
        (
            "wrap",
            """
            local ran = false
            local co = coroutine.wrap(function()
              local _ <close> = setmetatable({}, { __close = function() for i = 1, N do end ran = true RAN = true end })
              GROW()
            end)
            local ok, message = pcall(co)
            return ok, message, ran
            """
        ),
        (
            "close",
            """
            local ran = false
            local co = coroutine.create(function()
              local _ <close> = setmetatable({}, { __close = function() for i = 1, N do end ran = true RAN = true end })
              GROW()
            end)
            local ok, message = coroutine.resume(co)
            local closed, again = coroutine.close(co)
            return ok, message == again and message, ran, closed
            """
        ),
        (
            "xpcall",
            """
            local ran = false
            local ok, message = xpcall(GROW, function(m) for i = 1, N do end ran = true RAN = true return m end)
            return ok, message, ran
            """
        ),
    ]

    @Test(
        "A coroutine the memory limit killed runs no <close> handler and no xpcall handler: the trip is sticky, the run ends with it (issue 43 item 8: an endless one needed SIGKILL)",
        arguments: hookKilled.map(\.name))
    func memoryKillRunsNoUnhookedCode(name: String) throws {
        let source = try #require(LimitEscapeTests.hookKilled.first { $0.name == name }).source
        let (state, _) = makeState(LuaOptions(maxInstructions: 1_000_000, maxMemory: 4 << 20))
        try state.run("N = 1e7 function GROW() local t = {} for i = 1, 1e9 do t[i] = i end end", chunkName: "@grow.lua")

        let error = capture { try state.run(source, chunkName: "@co.lua") }

        #expect(error?.kind == .memory)
        #expect(error?.message == "grow.lua:1: memory limit exceeded (4194304 bytes)")
        #expect(try state.run("return RAN", chunkName: "=t") == [.nil], "a handler ran after the trip")
    }

    @Test(
        "With --allow-io, a coroutine killed by an error its script's own hook raised runs no <close> handler; one killed by a plain error runs it",
        arguments: hookKilled.map(\.name))
    func scriptHookKillRunsNoUnhookedCode(name: String) throws {
        let source = try #require(LimitEscapeTests.hookKilled.first { $0.name == name }).source
        let (state, _) = makeState(LuaOptions(libraries: .all, maxInstructions: 1_000_000))
        try state.run("N = 1e7 function GROW() debug.sethook(function() debug.sethook() error('from the hook', 0) end, '', 100) while true do end end", chunkName: "@hook.lua")

        let results = try state.run(source, chunkName: "@co.lua")

        #expect(results.first == false)
        #expect(results.dropFirst().first == "from the hook")
        #expect(results.dropFirst(2).first == false, "the handler ran with hooks off")

        // Killed by an error of its own (hooks on), a coroutine's <close> handler runs.
        try state.run("N = 10 function GROW() error('plain', 0) end", chunkName: "@plain.lua")
        let plain = try state.run(source, chunkName: "@co.lua")
        #expect(plain.dropFirst().first == "plain")
        #expect(plain.dropFirst(2).first == true)
    }

    @Test("An interrupt from another thread stops a backtracking match run without an instruction limit")
    func interruptStopsMatching() throws {
        let (state, _) = makeState()
        let flag = state.interruptFlag
        let thread = Thread {
            Thread.sleep(forTimeInterval: 0.2)
            flag.raise()
        }
        thread.start()
        let source = "local s = ('a'):rep(60)\nreturn s:find(('a?'):rep(60) .. ('a'):rep(60) .. 'b')"

        let error = capture { try state.run(source, chunkName: "@match.lua") }

        #expect(error?.kind == .interrupted)
        #expect(error?.message == "match.lua:2: interrupted")
    }

    @Test("The bounded find, match, gmatch, gsub and table.move give stock Lua's results and errors")
    func patternResultsUnchanged() throws {
        let (state, _) = makeState()
        let source = """
            local out = {}
            local function R(...)
              local parts = {}
              for i = 1, select("#", ...) do parts[i] = tostring((select(i, ...))) end
              out[#out + 1] = table.concat(parts, " ")
            end
            R(("hello world"):find("o w"))
            R(("hello"):find("l+"))
            R(("key = val"):match("^(%w+)%s*=%s*(%w+)$"))
            R(("abc"):gsub("%w", "%0%0"))
            R(("x"):gsub("", "-"))
            R(("THE (quick) fox"):find("%((%a+)%)"))
            R(("hello"):match("()ll()"))
            R(("f(a(b)c)"):match("%b()"))
            R(("THE END"):find("%f[%a]%a+", 2))
            R(("a.b"):find(".", 1, true))
            R(("abc"):find("x"))
            local words = {}
            for k, v in ("a=1, b=22"):gmatch("(%w+)=(%w+)") do words[#words + 1] = k .. v end
            for w in ("one two"):gmatch("%a+", 4) do words[#words + 1] = w end
            R(table.concat(words, ","))
            R(table.concat(table.move({1, 2, 3}, 1, 3, 2), ","))
            R(("abc"):gsub("b", { b = "B" }))
            R(("abc"):gsub("%w", function(c) if c == "c" then return "C" end end))
            return table.concat(out, "|")
            """
        #expect(
            try state.run(source, chunkName: "=t") == [
                "5 7|3 4|key val|aabbcc 3|-x- 2|5 11 quick|3 5|(a(b)c)|5 7|2 2|nil|a1,b22,two|1,1,2,3|aBc 1|abC 3"
            ])
        let errors: [(String, String)] = [
            ("('x'):find('%')", "p.lua:1: malformed pattern (ends with '%')"),
            ("('x'):find('[a')", "p.lua:1: malformed pattern (missing ']')"),
            ("('x'):gsub('x', '%2')", "p.lua:1: invalid capture index %2"),
            ("('x'):find(('()'):rep(33))", "p.lua:1: too many captures"),
            ("string.find(nil, 'x')", "p.lua:1: bad argument #1 to 'find' (string expected, got nil)"),
            ("table.move({}, 1, 2)", "p.lua:1: bad argument #4 to 'move' (number expected, got no value)"),
        ]
        for (source, message) in errors {
            #expect(capture { try state.run(source, chunkName: "@p.lua") }?.message == message)
        }
    }
}
