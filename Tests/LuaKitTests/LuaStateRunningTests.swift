import ByteText
import Foundation
import LuaKit
import Testing

@Suite("Running chunks and calling functions")
struct LuaStateRunningTests {
    @Test("A chunk's results come back with integers and floats kept apart")
    func integerAndFloatRoundTrip() throws {
        let (state, _) = makeState()
        let results = try state.run("return 2, 2.0, 'x', true, nil, 2^53", chunkName: "=test")
        #expect(results == [.integer(2), .number(2.0), .string("x"), .boolean(true), .nil, .number(9007199254740992)])
        state.register("kinds") { call in
            call.results(.string(call.isInteger(at: 1) ? "integer" : "float"), call.value(at: 1))
        }
        let echoed = try state.run("return kinds(...)", chunkName: "=test")
        #expect(echoed == [.string("float"), .nil])
        let fromSwift = try state.callGlobal("kinds", [.integer(3)])
        #expect(fromSwift == [.string("integer"), .integer(3)])
        let typeOf = try state.run("return function(x) return math.type(x) end", chunkName: "=t")
        let function = try #require(typeOf.first?.functionValue)
        #expect(try state.call(function, [.integer(2)]) == [.string("integer")])
        #expect(try state.call(function, [.number(2)]) == [.string("float")])
    }
}

@Suite("Errors raised in Lua reach Swift with their location")
struct LuaErrorReportingTests {
    @Test("A runtime error names its file and line and lists only script frames")
    func runtimeErrorLocationAndTraceback() throws {
        let (state, _) = makeState()
        let source = """
            local function inner()
              error("boom")
            end
            local function outer() inner() end
            outer()
            """
        let error = try #require(capture { try state.run(source, chunkName: "@scenario.lua") })
        #expect(error.kind == .runtime)
        #expect(error.message == "scenario.lua:2: boom")
        #expect(
            error.traceback == [
                "scenario.lua:2: in upvalue 'inner'",
                "scenario.lua:4: in local 'outer'",
                "scenario.lua:5: in main chunk",
            ])
        #expect(error.fullTraceback.contains("[C]: in function 'error'"))
        #expect(error.description == error.message + "\n" + error.formattedTraceback)
    }

    @Test("A syntax error ending at <eof> is incomplete input, others are not")
    func incompleteInput() {
        let (state, _) = makeState()
        let incomplete = capture { try state.load("for i = 1, 3 do", chunkName: "=stdin") }
        #expect(incomplete?.kind == .syntax)
        #expect(incomplete?.message == "stdin:1: 'end' expected near <eof>")
        #expect(incomplete?.isIncompleteInput == true)
        let wrong = capture { try state.load("x = = 1", chunkName: "=stdin") }
        #expect(wrong?.kind == .syntax)
        #expect(wrong?.isIncompleteInput == false)
    }

    @Test("An error in a stored function called from Swift carries that function's own file:line")
    func storedFunctionError() throws {
        let folder = try makeFolder([
            "hooks.lua": Data(
                lua: """
                    handlers = {}
                    function handlers.on_phase(old, new)
                      if new == "background" then
                        error("cannot go to " .. new)
                      end
                      return old .. "->" .. new
                    end
                    """)
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let (state, _) = makeState()
        let path = folder.appendingPathComponent("hooks.lua").path
        try state.run(file: path)
        var stored: LuaFunctionRef?
        state.register("keep") { call in
            stored = call.function(at: 1)
            return .values(0)
        }
        try state.run("keep(handlers.on_phase)", chunkName: "=main")
        let hook = try #require(stored)
        #expect(try state.call(hook, ["active", "inactive"]) == ["active->inactive"])
        let error = try #require(capture { try state.call(hook, ["active", "background"]) })
        #expect(error.message == "\(path):4: cannot go to background")
        #expect(error.traceback == ["\(path):4: in function <\(path):2>"])
    }

    @Test("A missing file is a file error with the path in the message")
    func missingFile() {
        let (state, _) = makeState()
        let error = capture { try state.run(file: "/nonexistent/scenario.lua") }
        #expect(error?.kind == .file)
        #expect(error?.message == "cannot open /nonexistent/scenario.lua: No such file or directory")
    }

    @Test("A precompiled binary file is refused as a scenario")
    func binaryFileRefused() throws {
        let (state, _) = makeState()
        let dumped = try state.run("return string.dump(function() return 1 end)", chunkName: "=t")
        let bytes = try #require(dumped.first?.bytesValue)
        let folder = try makeFolder(["compiled.lua": Data(bytes.bytes)])
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("compiled.lua").path
        let error = capture { try state.run(file: path) }
        #expect(error?.kind == .file)
        #expect(error?.message == "\(path): is a precompiled (binary) chunk; only Lua source text can be loaded")
    }

    @Test("Stack stays balanced around loads, runs, calls, errors and globals")
    func stackBalance() throws {
        // Debug builds assert balance inside every bridge call; here we also watch the effect:
        // thousands of round trips in both directions leave memory flat.
        let (state, _) = makeState()
        state.register("twice") { call in call.results(.integer((call.int(at: 1) ?? 0) * 2)) }
        try state.run("function add(a, b) return a + b end", chunkName: "=t")
        for index in 0..<2_000 {
            #expect(try state.callGlobal("add", [.integer(Int64(index)), 1]) == [.integer(Int64(index) + 1)])
            _ = capture { try state.run("error('x')", chunkName: "=t") }
            _ = capture { try state.load("(", chunkName: "=t") }
            state.setGlobal("g", .integer(Int64(index)))
            #expect(state.global("g") == .integer(Int64(index)))
            #expect(try state.run("return twice(g)", chunkName: "=t") == [.integer(Int64(index) * 2)])
        }
        _ = try state.run("collectgarbage()", chunkName: "=t")
        let settled = state.memoryUsed
        for _ in 0..<2_000 { _ = capture { try state.run("error('x')", chunkName: "=t") } }
        _ = try state.run("collectgarbage()", chunkName: "=t")
        #expect(state.memoryUsed <= settled + 4_096)
    }
}
