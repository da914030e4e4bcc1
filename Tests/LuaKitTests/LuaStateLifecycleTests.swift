import LuaKit
import Testing

@Suite("State lifecycle, coroutines and deep recursion")
struct LuaStateLifecycleTests {
    @Test("A state with registered functions and classes is freed when released")
    func stateIsFreed() throws {
        weak var released: LuaState?
        do {
            // Every library open; no script can make a finalizer (setmetatable and, since issue 21
            // item 9, debug.setmetatable refuse __gc), so none calls Swift while the state closes.
            let (state, _) = makeState(LuaOptions(libraries: .all))
            state.register("f") { call in call.results(.integer(Int64(call.count))) }
            _ = state.defineClass(LuaClassDefinition(name: "Thing"))
            try state.run("local keep = setmetatable({}, { __index = f }) return f(1, 2)", chunkName: "=t")
            released = state
        }
        #expect(released == nil)
    }

    @Test("Swift functions work inside coroutines, errors included, and limits apply there")
    func coroutines() throws {
        let (state, _) = makeState(LuaOptions(maxInstructions: 200_000))
        state.register("fail") { _ in .error("from swift") }
        state.register("apply") { call in
            guard let function = call.function(at: 1) else { return .error("function expected") }
            do throws(LuaError) {
                return call.results(try call.state.call(function, [call.value(at: 2)]))
            } catch {
                return .error(error.message, location: .none)
            }
        }
        let source = """
            local co = coroutine.wrap(function(x)
              local y = coroutine.yield(apply(function(v) return v * 10 end, x))
              local ok, message = pcall(function() fail() end)
              return y, ok, message
            end)
            local first = co(4)
            return first, co("again")
            """
        #expect(try state.run(source, chunkName: "@co.lua") == [40, "again", false, "co.lua:3: from swift"])
        let spin = capture {
            try state.run("coroutine.wrap(function() while true do end end)()", chunkName: "=t")
        }
        #expect(spin?.kind == .instructionLimit)
    }

    @Test("Endless recursion is a stack overflow error, not a crash")
    func stackOverflow() throws {
        let (state, _) = makeState()
        let error = try #require(
            capture {
                try state.run("local function f() return 1 + f() end\nf()", chunkName: "@r.lua")
            })
        #expect(error.kind == .runtime)
        #expect(error.message.hasPrefix("r.lua:1: stack overflow"))
        #expect(error.traceback.first == "r.lua:1: in upvalue 'f'")
        #expect(try state.run("return 'ok'", chunkName: "=t") == ["ok"])
    }

    @Test("A non-string error value is described for the user")
    func nonStringError() throws {
        let (state, _) = makeState()
        let error = capture { try state.run("error({ code = 1 })", chunkName: "=t") }
        #expect(error?.message == "(error object is a table value)")
        let custom = capture {
            try state.run("error(setmetatable({}, { __tostring = function() return 'custom' end }))", chunkName: "=t")
        }
        #expect(custom?.message == "custom")
    }
}
