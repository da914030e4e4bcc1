import LuaKit
import Testing

@Suite("Swift functions called from Lua")
struct LuaCallTests {
    /// A state with `fail(message)` raising at the caller, `fail_up` one level higher, and
    /// `fail_bare` without a location.
    func makeFailingState() -> LuaState {
        let (state, _) = makeState()
        state.register("fail") { call in .error(call.string(at: 1) ?? "failed") }
        state.register("fail_up") { call in .error(call.string(at: 1) ?? "failed", location: .level(2)) }
        state.register("fail_bare") { call in .error(call.string(at: 1) ?? "failed", location: .none) }
        return state
    }

    @Test("An error from a Swift function is caught by pcall with the calling line's file:line")
    func callbackErrorCaughtByPcall() throws {
        let state = makeFailingState()
        let source = """
            local ok, message = pcall(function()
              fail("unknown scene id 'mian'")
            end)
            return ok, message
            """
        let results = try state.run(source, chunkName: "@scenario.lua")
        #expect(results == [false, "scenario.lua:2: unknown scene id 'mian'"])
        // The state stays usable afterwards.
        #expect(try state.run("return 1 + 1", chunkName: "=t") == [2])
    }

    @Test("An error can be attributed to the caller's caller, or carry no location")
    func errorLocations() throws {
        let state = makeFailingState()
        let source = """
            local function helper()
              fail_up("bad option")
            end
            local a = select(2, pcall(function()
              helper()
            end))
            local b = select(2, pcall(fail_bare, "plain"))
            return a, b
            """
        let results = try state.run(source, chunkName: "@s.lua")
        #expect(results == ["s.lua:5: bad option", "plain"])
    }

    @Test("An uncaught Swift error reaches Swift as a runtime error with the script traceback")
    func uncaughtCallbackError() throws {
        let state = makeFailingState()
        let error = try #require(
            capture {
                try state.run("local function go()\n  fail('nope')\nend\ngo()", chunkName: "@s.lua")
            })
        #expect(error.kind == .runtime)
        #expect(error.message == "s.lua:2: nope")
        #expect(error.traceback == ["s.lua:2: in local 'go'", "s.lua:4: in main chunk"])
    }

    @Test("results(sequence:) gives the table LuaTable(sequence:) would: holes stay absent, nested tables are copied")
    func sequenceResults() throws {
        let (state, _) = makeState()
        state.register("list") { call in
            call.results(sequence: [.integer(1), .nil, .string("three"), .table(LuaTable(sequence: [.boolean(true)]))])
        }
        let results = try state.run(
            """
            local t = list()
            local keys = 0
            for _ in next, t do keys = keys + 1 end
            return keys, t[1], t[2], t[3], t[4][1]
            """, chunkName: "=seq")
        #expect(results == [3, 1, .nil, "three", true])
    }

    @Test("Ten thousand Swift errors in a pcall loop leak no memory and keep the stack balanced")
    func repeatedCallbackErrors() throws {
        let state = makeFailingState()
        let loop = """
            local caught = 0
            for i = 1, 10000 do
              local ok, message = pcall(fail, "error number " .. i)
              if not ok and message:find("error number") then caught = caught + 1 end
            end
            collectgarbage()
            return caught, select('#', ...)
            """
        #expect(try state.run(loop, chunkName: "=t") == [10000, 0])
        let settled = state.memoryUsed
        #expect(try state.run(loop, chunkName: "=t") == [10000, 0])
        #expect(state.memoryUsed <= settled + 4_096)
    }

    @Test("Arguments are read typed and without conversions")
    func typedArguments() throws {
        let (state, _) = makeState()
        var seen: [String] = []
        state.register("inspect") { call in
            seen.append(
                [
                    "count=\(call.count)",
                    "int=\(call.int(at: 1).map(String.init) ?? "-")",
                    "number=\(call.number(at: 2).map { "\($0)" } ?? "-")",
                    "string=\(call.string(at: 3) ?? "-")",
                    "bool=\(call.bool(at: 4).map { "\($0)" } ?? "-")",
                    "nil5=\(call.isNil(at: 5))",
                    "type6=\(call.typeName(at: 6))",
                    "past=\(call.typeName(at: 9))",
                ].joined(separator: " "))
            return .values(0)
        }
        try state.run("inspect(3, 2.5, 'x', false, nil, {})", chunkName: "=t")
        try state.run("inspect(3.0, '2', 7, 0)", chunkName: "=t")
        #expect(
            seen == [
                "count=6 int=3 number=2.5 string=x bool=false nil5=true type6=table past=no value",
                "count=4 int=3 number=- string=- bool=- nil5=true type6=no value past=no value",
            ])
    }

    @Test("An option bag is read raw, with every key listed for unknown-key checks")
    func optionBag() throws {
        let (state, _) = makeState()
        var bag: LuaTable?
        state.register("launch") { call in
            bag = call.table(at: 1)
            return .values(0)
        }
        let source = """
            local guarded = setmetatable({ platform = "macos" }, {
              __index = function() error("metamethods are not called") end,
            })
            launch { platform = "ipados", scenez = {}, scenes = { { id = "main" }, { id = "detail", value = "string" } }, nested = guarded }
            """
        try state.run(source, chunkName: "=t")
        let options = try #require(bag)
        #expect(options.stringKeys == ["nested", "platform", "scenes", "scenez"])
        #expect(options[field: "platform"] == "ipados")
        let scenes = try #require(options[field: "scenes"].tableValue)
        #expect(scenes.sequence.map { $0.tableValue?[field: "id"] } == ["main", "detail"])
        #expect(options[field: "nested"].tableValue?[field: "missing"] == .nil)
    }

    @Test("Tables, arrays and nested values pushed from Swift arrive intact")
    func pushingValues() throws {
        let (state, _) = makeState()
        state.register("history") { call in
            call.results(
                [
                    ["from": "loading", "to": "unauthenticated", "at": 0.5],
                    ["from": "unauthenticated", "to": "authenticated(ada)", "at": 2],
                ], .nil, 3)
        }
        let source = """
            local h, n, three = history()
            return #h, h[1].from, h[1].at, math.type(h[2].at), h[2].to, n, three
            """
        #expect(try state.run(source, chunkName: "=t") == [2, "loading", 0.5, "integer", "authenticated(ada)", .nil, 3])
    }

    @Test("A Swift function may call back into Lua, and errors there come back as values")
    func reentrantCalls() throws {
        let (state, _) = makeState()
        state.register("each") { call in
            guard let function = call.function(at: 1) else { return .error("function expected") }
            var collected: [LuaValue] = []
            for index in 1...3 {
                do throws(LuaError) {
                    collected += try call.state.call(function, [.integer(Int64(index))])
                } catch {
                    return .error("callback failed: \(error.message)", location: .none)
                }
            }
            return call.results(.table(LuaTable(sequence: collected)))
        }
        let doubled = try state.run("return each(function(i) return i * 2 end)", chunkName: "=t")
        #expect(doubled == [[2, 4, 6]])
        let failing = "return pcall(each, function(i) if i == 2 then error('two') end return i end)"
        #expect(try state.run(failing, chunkName: "@f.lua") == [false, "callback failed: f.lua:1: two"])
    }
}
