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

    @Test("Lua code catching a memory error with pcall goes on once the garbage is freed")
    func memoryErrorCaughtInLua() throws {
        let (state, _) = makeState(LuaOptions(maxMemory: 4 << 20))
        let source = """
            local ok, message = pcall(function()
              local t = {} for i = 1, 1e9 do t[i] = i end
            end)
            collectgarbage()
            return ok, message
            """
        #expect(try state.run(source, chunkName: "=t") == [false, "t:2: memory limit exceeded (4194304 bytes)"])
    }

    @Test("The memory limit names the line growing memory in a coroutine too, is caught there as Lua's own memory error, and cannot be defeated by a loop around pcall")
    func memoryLimitLocatedAndBounded() throws {
        let (state, _) = makeState(LuaOptions(maxMemory: 4 << 20))
        let source = """
            local co = coroutine.wrap(function()
              local t = {}
              for i = 1, 1e9 do t[i] = i end
            end)
            local ok, message = pcall(co)
            local caught = 0
            for _ = 1, 50 do
              if not pcall(function() local t = {} for i = 1, 1e9 do t[i] = i end end) then caught = caught + 1 end
            end
            collectgarbage()
            return ok, message, caught, collectgarbage("count") < 4096
            """
        #expect(try state.run(source, chunkName: "@co.lua") == [false, "co.lua:3: memory limit exceeded (4194304 bytes)", 50, true])
        #expect(state.memoryUsed < 4 << 20)
    }

    @Test("One allocation far past the limit fails at once, as Lua's memory error without a line, and the state survives")
    func memoryLimitHugeAllocation() throws {
        let (state, _) = makeState(LuaOptions(maxMemory: 4 << 20))
        let error = capture { try state.run("local s = 'x' while true do s = s .. s end", chunkName: "@double.lua") }
        #expect(error?.kind == .memory)
        #expect(error?.message == "memory limit exceeded (4194304 bytes)")
        #expect(try state.run("return 1", chunkName: "=t") == [1])
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
