import LuaKit
import Testing

/// `LuaState.makeUncountedFunctions` (CLuaShim uncounted.c): the explore engine's loop runs
/// without the count hook, and calls script code counted. These check that the limit still
/// holds for every piece of script code the uncounted code reaches, and counts nothing else.
@Suite("Uncounted code and the script code it calls")
struct UncountedTests {
    /// A state with `uncounted` and `counted` as globals, and a 100,000-instruction limit.
    static func state(_ options: LuaOptions = LuaOptions(maxInstructions: 100_000)) -> LuaState {
        let (state, _) = makeState(options)
        let (uncounted, counted) = state.makeUncountedFunctions()
        state.setGlobal("uncounted", .function(uncounted))
        state.setGlobal("counted", .function(counted))
        return state
    }

    @Test("A million iterations of uncounted code pass a 100,000-instruction limit; the same loop counted does not")
    func uncountedCostsNothing() throws {
        let state = Self.state()
        let loop = "local n = 0 for i = 1, 1e6 do n = n + i end return n"

        #expect(try state.run("return uncounted(function() \(loop) end)", chunkName: "@t.lua") == [.integer(500_000_500_000)])
        let error = try #require(capture { try state.run("return (function() \(loop) end)()", chunkName: "@t.lua") })
        #expect(error.kind == .instructionLimit)
    }

    @Test(
        "Script code called through counted is counted: an endless loop stops at the limit, with its own line",
        arguments: [
            "counted(function()\n  while true do end\nend)",
            // Caught by the uncounted code's pcall, the limit ends the call all the same.
            "pcall(counted, function()\n  while true do end\nend)\nlocal n = 0 for i = 1, 1e6 do n = n + 1 end",
            // The text of an error object is made by its __tostring, which is script code.
            "counted(function() error(setmetatable({}, { __tostring = function()\n  while true do end\nend })) end)",
        ])
    func countedIsCounted(body: String) throws {
        let state = Self.state()

        let error = try #require(capture { try state.run("return uncounted(function() \(body) end)", chunkName: "@t.lua") })

        #expect(error.kind == .instructionLimit)
        #expect(error.message == "t.lua:2: instruction limit exceeded (100000 instructions)")
    }

    @Test("counted returns true and the function's results, or false and the error's text (by __tostring)")
    func countedResults() throws {
        let state = Self.state()

        #expect(
            try state.run("return uncounted(function() return counted(function(a, b) return a + b, 'x', nil end, 1, 2) end)", chunkName: "=t")
                == [true, 3, "x", .nil])
        #expect(try state.run("return uncounted(function() return counted(function() error('boom', 0) end) end)", chunkName: "=t") == [false, "boom"])
        #expect(
            try state.run("return uncounted(function() return counted(error, setmetatable({}, { __tostring = function() return 'shown' end })) end)", chunkName: "=t")
                == [false, "shown"])
        #expect(
            try state.run("return uncounted(function() return counted(error, setmetatable({}, { __tostring = function() return {} end })) end)", chunkName: "=t")
                == [false, "'__tostring' must return a string"])
        // Outside uncounted code, counted calls on the caller's thread, and so does counted code
        // inside uncounted code: from a script's coroutine, on the coroutine, not the main thread.
        #expect(try state.run("return counted(function(a) return a * 2 end, 21)", chunkName: "=t") == [true, 42])
        #expect(
            try state.run(
                """
                local function on_main() return select(2, coroutine.running()) end
                return uncounted(function()
                  return counted(function() return coroutine.wrap(function() return counted(on_main) end)() end)
                end)
                """, chunkName: "=t") == [true, true, false])
    }

    @Test("An error in uncounted code is raised by uncounted, as raised")
    func uncountedErrors() throws {
        let state = Self.state()

        let error = try #require(capture { try state.run("uncounted(function()\n  error('boom')\nend)", chunkName: "@t.lua") })

        #expect(error.message == "t.lua:2: boom")
        #expect(try state.run("return 'still usable'", chunkName: "=t") == ["still usable"])
    }

    @Test("A Swift function called from uncounted code calls back into Lua counted")
    func callbacksAreCounted() throws {
        let state = Self.state()
        state.register("callback") { call in
            guard let function = call.function(at: 1) else { return .error("callback(fn)") }
            do throws(LuaError) {
                return call.results(try call.state.call(function).first ?? .nil)
            } catch {
                return .error(error.message)
            }
        }

        #expect(try state.run("return uncounted(function() return callback(function() return 'back' end) end)", chunkName: "=t") == ["back"])
        let error = try #require(capture { try state.run("uncounted(function() callback(function()\n  while true do end\nend) end)", chunkName: "@t.lua") })
        #expect(error.kind == .instructionLimit)
        #expect(error.message == "t.lua:2: instruction limit exceeded (100000 instructions)")
    }

    @Test("An interrupt stops uncounted code at its next call of a Swift function")
    func interrupts() throws {
        let state = Self.state(LuaOptions())
        var calls = 0
        state.register("tick") { call in
            calls += 1
            if calls == 1_000 { call.state.interrupt() }
            return call.results()
        }

        let error = try #require(capture { try state.run("uncounted(function() while true do tick() end end)", chunkName: "=t") })

        #expect(error.kind == .interrupted)
        #expect(calls == 1_000, "the call after the interrupt does not run")
    }

    @Test("A memory limit counted code hit ends the uncounted run too, with the counted code's line, as the instruction limit does (issue 43 item 8)")
    func memoryTrip() throws {
        let state = Self.state(LuaOptions(maxMemory: 8 << 20))

        let error = capture {
            try state.run(
                """
                return uncounted(function()
                  local ok, message = counted(function()
                    local t = {} for i = 1, 1e8 do t[i] = string.rep('x', 64) .. i end
                  end)
                  AFTER = true
                  return ok, message
                end)
                """, chunkName: "@t.lua")
        }

        #expect(error?.kind == .memory)
        #expect(error?.message == "t.lua:3: memory limit exceeded (8388608 bytes)")
        #expect(try state.run("return AFTER", chunkName: "=t") == [.nil])
    }
}
