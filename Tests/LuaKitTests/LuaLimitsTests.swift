import ByteText
import Foundation
import LuaKit
import Testing

@Suite("Memory and instruction limits, and interrupts")
struct LuaLimitsTests {
    @Test("The memory limit stops a runaway table with a memory error, and the state survives")
    func memoryLimit() throws {
        let (state, _) = makeState(LuaOptions(maxMemory: 8 << 20))
        let error = capture {
            try state.run("local t = {} for i = 1, 1e9 do t[i] = i end", chunkName: "@grow.lua")
        }
        #expect(error?.kind == .memory)
        #expect(error?.message == "grow.lua:1: memory limit exceeded (8388608 bytes)", "the line that grew the table (issue 20)")
        #expect(try state.run("collectgarbage() return 40 + 2", chunkName: "=t") == [42])
        #expect(state.memoryUsed < 8 << 20)
    }

    @Test("A memory error caught with pcall still ends the run, at the line that grew memory: the trip is as sticky as the instruction limit's (issue 43 item 8)")
    func memoryErrorCaughtInLua() throws {
        let (state, _) = makeState(LuaOptions(maxInstructions: 100_000_000, maxMemory: 4 << 20))
        let source = """
            local ok, message = pcall(function()
              local t = {} for i = 1, 1e9 do t[i] = i end
            end)
            AFTER = true
            collectgarbage()
            return ok, message
            """
        let error = capture { try state.run(source, chunkName: "@t.lua") }
        #expect(error?.kind == .memory)
        #expect(error?.message == "t.lua:2: memory limit exceeded (4194304 bytes)")
        #expect(try state.run("return AFTER", chunkName: "=t") == [.nil], "no code ran after the pcall caught it")
        #expect(try state.run("collectgarbage() return 40 + 2", chunkName: "=t") == [42], "the next call starts afresh")
    }

    @Test("A loop around pcall that keeps allocating after the trip ends at once with the memory error at the allocating line, in a coroutine too (issue 43 item 8)")
    func memoryLimitLocatedAndBounded() throws {
        let (state, _) = makeState(LuaOptions(maxInstructions: 100_000_000, maxMemory: 4 << 20))
        let loop = """
            CAUGHT = 0
            for _ = 1, 1e6 do
              if not pcall(function() local t = {} for i = 1, 1e9 do t[i] = i end end) then CAUGHT = CAUGHT + 1 end
            end
            """
        let error = capture { try state.run(loop, chunkName: "@loop.lua") }
        #expect(error?.kind == .memory, "not stopped by the instruction limit much later")
        #expect(error?.message == "loop.lua:3: memory limit exceeded (4194304 bytes)")
        #expect(try state.run("return CAUGHT", chunkName: "=t") == [0], "the loop did not go on after the first catch")

        let coroutine = """
            local co = coroutine.wrap(function()
              local t = {}
              for i = 1, 1e9 do t[i] = i end
            end)
            local ok = pcall(co)
            GONE_ON = true
            for _ = 1, 1e6 do pcall(function() local t = {} for i = 1, 1e9 do t[i] = i end end) end
            """
        let inCoroutine = capture { try state.run(coroutine, chunkName: "@co.lua") }
        #expect(inCoroutine?.kind == .memory)
        #expect(inCoroutine?.message == "co.lua:3: memory limit exceeded (4194304 bytes)")
        #expect(try state.run("return GONE_ON", chunkName: "=t") == [.nil])
        #expect(try state.run("collectgarbage() return collectgarbage('count') < 4096", chunkName: "=t") == [true])
        #expect(state.memoryUsed < 4 << 20)
    }

    @Test(
        "An endless <close> handler or xpcall handler after a memory trip ends with the memory error, on the main thread too (issue 43 item 8)",
        arguments: [
            "local _ <close> = setmetatable({}, { __close = function() while true do end end })\nGROW()",
            "pcall(function()\n  local _ <close> = setmetatable({}, { __close = function() while true do end end })\n  GROW()\nend)\nwhile true do end",
            "xpcall(GROW, function(m) while true do end end)\nwhile true do end",
            "local co = coroutine.create(function()\n  local _ <close> = setmetatable({}, { __close = function() while true do end end })\n  GROW()\nend)\ncoroutine.resume(co)\ncoroutine.close(co)\nwhile true do end",
        ])
    func endlessHandlerAfterTrip(source: String) throws {
        let (state, _) = makeState(LuaOptions(maxInstructions: 100_000_000, maxMemory: 4 << 20))
        try state.run("function GROW() local t = {} for i = 1, 1e9 do t[i] = i end end", chunkName: "@grow.lua")

        let error = capture { try state.run(source, chunkName: "@h.lua") }

        #expect(error?.kind == .memory, "\(String(describing: error))")
        #expect(error?.message == "grow.lua:1: memory limit exceeded (4194304 bytes)")
    }

    @Test("An interrupt stops the next call of a state that tripped the memory limit")
    func interruptAfterMemoryTrip() throws {
        let (state, _) = makeState(LuaOptions(maxMemory: 4 << 20))
        let tripped = capture { try state.run("local t = {} for i = 1, 1e9 do t[i] = i end", chunkName: "@grow.lua") }
        #expect(tripped?.kind == .memory)
        let flag = state.interruptFlag
        let thread = Thread {
            Thread.sleep(forTimeInterval: 0.2)
            flag.raise()
        }
        thread.start()

        let error = capture { try state.run("collectgarbage()\nlocal n = 0 while true do n = n + 1 end", chunkName: "@spin.lua") }

        #expect(error?.kind == .interrupted)
        #expect(error?.message == "spin.lua:2: interrupted")
    }

    @Test("One allocation far past the limit fails at once and trips the limit: uncaught, it has no line; caught, it is raised again at the protected call's line")
    func memoryLimitHugeAllocation() throws {
        let (state, _) = makeState(LuaOptions(maxMemory: 4 << 20))
        let error = capture { try state.run("local s = 'x' while true do s = s .. s end", chunkName: "@double.lua") }
        #expect(error?.kind == .memory)
        #expect(error?.message == "memory limit exceeded (4194304 bytes)")
        #expect(try state.run("return 1", chunkName: "=t") == [1])

        let caught = capture { try state.run("local s = ('x'):rep(1000)\nprint(pcall(string.rep, s, 1e6))\nAFTER = true", chunkName: "@rep.lua") }
        #expect(caught?.kind == .memory)
        #expect(caught?.message == "rep.lua:2: memory limit exceeded (4194304 bytes)")
        #expect(try state.run("return AFTER", chunkName: "=t") == [.nil])
    }

    @Test("Memory that Swift allocates past the limit fails the script after the callback returns")
    func memoryOverrunInsideCallback() throws {
        let (state, _) = makeState(LuaOptions(maxMemory: 2 << 20))
        state.register("big") { call in
            call.results(.string(ByteString(String(repeating: "x", count: 4 << 20))))
        }
        let error = capture { try state.run("local s = big() return #s", chunkName: "=t") }
        #expect(error?.kind == .memory)
        #expect(try state.run("return 1", chunkName: "=t") == [1])
    }

    @Test("The instruction limit stops an endless loop with its file:line, even under pcall")
    func instructionLimit() throws {
        let (state, _) = makeState(LuaOptions(maxInstructions: 100_000))
        let source = """
            local n = 0
            pcall(function() while true do n = n + 1 end end)
            while true do end
            """
        let error = try #require(capture { try state.run(source, chunkName: "@spin.lua") })
        #expect(error.kind == .instructionLimit)
        #expect(error.message.hasPrefix("spin.lua:"))
        #expect(error.message.hasSuffix(": instruction limit exceeded (100000 instructions)"))
        // Each top-level call gets a fresh budget.
        #expect(try state.run("local s = 0 for i = 1, 1000 do s = s + i end return s", chunkName: "=t") == [500500])
    }

    @Test("The interrupt flag stops a loop, and the next call runs normally")
    func interruptFlag() throws {
        let (state, _) = makeState()
        var ticks = 0
        state.register("tick") { call in
            ticks += 1
            if ticks == 50 { call.state.interrupt() }
            return .values(0)
        }
        let error = try #require(capture { try state.run("while true do tick() end", chunkName: "=stdin") })
        #expect(error.kind == .interrupted)
        #expect(error.message == "stdin:1: interrupted")
        #expect(try state.run("return 'still usable'", chunkName: "=t") == ["still usable"])
    }

    @Test("The interrupt flag can be raised from another thread")
    func interruptFromAnotherThread() throws {
        let (state, _) = makeState()
        let flag = state.interruptFlag
        let thread = Thread {
            Thread.sleep(forTimeInterval: 0.2)
            flag.raise()
        }
        thread.start()
        let error = capture { try state.run("while true do end", chunkName: "=stdin") }
        #expect(error?.kind == .interrupted)
    }
}
