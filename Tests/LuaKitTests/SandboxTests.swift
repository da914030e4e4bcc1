import ByteText
import Foundation
import LuaKit
import Testing

@Suite("The sandbox and the module folder")
struct SandboxTests {
    @Test("The sandbox has no io, os, debug, package, dofile or loadfile")
    func sandboxLacksUnsafeLibraries() throws {
        let (state, _) = makeState()
        let names = ["io", "os", "debug", "package", "dofile", "loadfile"]
        let source = "return " + names.map { "type(\($0))" }.joined(separator: ", ")
        #expect(try state.run(source, chunkName: "=t") == names.map { _ in "nil" })
        let kept = "return type(string), type(table), type(math), type(utf8), type(coroutine), type(load)"
        #expect(try state.run(kept, chunkName: "=t") == ["table", "table", "table", "table", "table", "function"])
    }

    @Test("load refuses bytecode even when asked for binary mode, and still loads text")
    func loadRefusesBytecode() throws {
        let (state, _) = makeState()
        let source = """
            local f, message = load(string.dump(function() end))
            local g, message2 = load(string.dump(function() end), "x", "b")
            local h = load("return 7")
            local env = load("return x", "chunk", "t", { x = 9 })
            return f, message, g, message2, h(), env()
            """
        let results = try state.run(source, chunkName: "=t")
        #expect(
            results == [
                .nil, "attempt to load a binary chunk (scenesim loads Lua source text only)",
                .nil, "attempt to load a binary chunk (scenesim loads Lua source text only)", 7, 9,
            ])
    }

    @Test("Every standard library is there with .all")
    func allLibraries() throws {
        let (state, _) = makeState(LuaOptions(libraries: .all))
        let source = "return type(io), type(os), type(debug), type(package), type(dofile)"
        #expect(try state.run(source, chunkName: "=t") == ["table", "table", "table", "table", "function"])
    }

    @Test(
        "With .all, io.stdout writes where print does, byte for byte and in order: io.write, io.stdout:write, a buffered stdout (setvbuf) before the next print and when the state closes; io.output(file) still writes the file"
    )
    func stdoutRoutedToOutput() throws {
        let folder = try makeFolder(["out.txt": Data()])
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("out.txt").path
        var bytes: [UInt8] = []
        do {
            let state = LuaState(options: LuaOptions(libraries: .all)) { bytes += $0 }
            let source = """
                print("one")
                io.write("two", 2, "\\0\\r\\n")
                print("three")
                io.stdout:write("four\\255\\n")
                io.stdout:setvbuf("full")
                io.write("five\\n")
                print("six")
                io.write("seven")
                local f = assert(io.open("\(file)", "w"))
                io.output(f)
                io.write("to the file")
                io.close(f)
                io.output(io.stdout)
                return io.stdout == io.output(), select(2, io.stdout:close())
                """
            #expect(try state.run(source, chunkName: "=t") == [true, "cannot close standard file"])
            #expect(try String(contentsOfFile: file, encoding: .utf8) == "to the file")
        }
        // "seven" sat in the full buffer until the state closed.
        let expected = Array("one\ntwo2".utf8) + [0, 13, 10] + Array("three\nfour".utf8) + [255, 10] + Array("five\nsix\nseven".utf8)
        #expect(bytes == expected)
    }

    @Test("require finds modules in the module folder only, as text, and caches them")
    func requireFromModuleFolder() throws {
        let folder = try makeFolder([
            "lib/helpers.lua": Data(lua: "loads = (loads or 0) + 1\nreturn { twice = function(x) return 2 * x end }"),
            "lib/ui/layout.lua": Data(lua: "return 'layout'"),
            "lib/broken.lua": Data(lua: "local x = \n error('broken at load')"),
            "secret.lua": Data(lua: "return 'outside'"),
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let lib = folder.appendingPathComponent("lib").path
        let (state, _) = makeState(LuaOptions(moduleDirectory: lib))
        let source = """
            local a = require "helpers"
            local b = require "helpers"
            return a.twice(21), rawequal(a, b), loads, (require "ui.layout")
            """
        #expect(try state.run(source, chunkName: "=t") == [42, true, 1, "layout"])

        let missing = try state.run("return pcall(require, 'nothere')", chunkName: "=t")
        #expect(missing == [false, .string(ByteString("module 'nothere' not found:\n\tno file '\(lib)/nothere.lua'"))])
        let escape = try state.run("return pcall(require, '..secret')", chunkName: "=t")
        #expect(escape[1].stringValue?.contains("module name '..secret' is not valid") == true)
        let slash = try state.run("return pcall(require, '../secret')", chunkName: "=t")
        #expect(slash[1].stringValue?.contains("is not valid") == true)
        // A NUL would end the file's name there: "helpers\0x" must not load helpers.lua.
        let nul = try state.run("return pcall(require, 'helpers\\0x')", chunkName: "=t")
        #expect(
            nul == [false, .string(ByteString("module name 'helpers\\0...' is not valid: it holds a NUL byte; use letters, digits, '_' and '-', with '.' between folder names"))])
        let broken = try #require(capture { try state.run("require 'broken'", chunkName: "@main.lua") })
        #expect(broken.message == "\(lib)/broken.lua:2: broken at load")
    }

    @Test("Preloaded modules are found without a module folder")
    func preloadedModule() throws {
        let (state, _) = makeState()
        state.preload("scenesim", ["name": "sim"])
        #expect(try state.run("return require('scenesim').name", chunkName: "=t") == ["sim"])
        let missing = try state.run("return pcall(function() return require 'other' end)", chunkName: "@m.lua")
        #expect(missing == [false, "m.lua:1: module 'other' not found: no module folder is set"])
    }

    @Test("math.random follows the seed, and math.randomseed never reads the clock")
    func deterministicRandom() throws {
        let draw = "local t = {} for i = 1, 5 do t[i] = math.random(1000) end return table.concat(t, ',')"
        let (first, _) = makeState(LuaOptions(randomSeed: 42))
        let (second, _) = makeState(LuaOptions(randomSeed: 42))
        let (other, _) = makeState(LuaOptions(randomSeed: 7))
        let sequence = try first.run(draw, chunkName: "=t")
        #expect(try second.run(draw, chunkName: "=t") == sequence)
        #expect(try other.run(draw, chunkName: "=t") != sequence)
        first.seedRandom(42)
        #expect(try first.run(draw, chunkName: "=t") == sequence)
        #expect(try first.run("math.randomseed(42) " + draw, chunkName: "=t") == sequence)
        let noSeed = try first.run("return pcall(math.randomseed)", chunkName: "=t")
        #expect(noSeed[0] == false)
        #expect(noSeed[1].stringValue?.contains("math.randomseed needs a seed") == true)
    }

    @Test("setmetatable refuses __gc: a finalizer would run where no limit or interrupt reaches")
    func noFinalizers() throws {
        let (state, output) = makeState(LuaOptions(maxInstructions: 100_000))
        try state.run(
            """
            print(pcall(setmetatable, {}, { __gc = function() while true do end end }))
            print(pcall(function() setmetatable({}, { __gc = false }) end))
            local t = setmetatable({}, { __index = { x = 1 } })
            print(t.x, getmetatable(t) ~= nil)
            """, chunkName: "=t")
        #expect(
            output.text == """
                false\tsetmetatable: __gc finalizers are not supported: the garbage collector runs them at moments no instruction limit or Ctrl-C can reach; release what the object holds explicitly instead
                false\tt:2: setmetatable: __gc finalizers are not supported: the garbage collector runs them at moments no instruction limit or Ctrl-C can reach; release what the object holds explicitly instead
                1\ttrue

                """)
    }
}
