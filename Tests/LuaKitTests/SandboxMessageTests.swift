import LuaKit
import Testing

/// Issue 9, item 15: the sandbox's own versions of library functions report bad arguments as
/// stock Lua does, with the function's name and the script's `file:line:`.
@Suite("Argument errors of the sandbox's functions")
struct SandboxMessageTests {
    static let cases: [(source: String, message: String)] = [
        ("setmetatable(1, {})", "w.lua:1: bad argument #1 to 'setmetatable' (table expected, got number)"),
        ("setmetatable({}, 5)", "w.lua:1: bad argument #2 to 'setmetatable' (nil or table expected, got number)"),
        ("setmetatable(setmetatable({}, { __metatable = 1 }), {})", "w.lua:1: cannot change a protected metatable"),
        ("math.randomseed('x')", "w.lua:1: bad argument #1 to 'randomseed' (number expected, got string)"),
        ("math.randomseed(1.5)", "w.lua:1: bad argument #1 to 'randomseed' (number has no integer representation)"),
        ("math.randomseed(1, {})", "w.lua:1: bad argument #2 to 'randomseed' (number expected, got table)"),
        ("load({})", "w.lua:1: bad argument #1 to 'load' (function expected, got table)"),
        ("load('return 1', {})", "w.lua:1: bad argument #2 to 'load' (string expected, got table)"),
        ("local f = load\nf(true)", "w.lua:2: bad argument #1 to 'f' (function expected, got boolean)"),
    ]

    @Test("Bad arguments name the function and the script line, verbatim", arguments: cases)
    func argumentErrors(source: String, message: String) throws {
        let (state, _) = makeState()

        let error = capture { try state.run(source, chunkName: "@w.lua") }

        #expect(error?.message == message)
    }

    @Test("The wrapped functions still work: seeding, metatables, loading text")
    func wrappedFunctionsWork() throws {
        let (state, _) = makeState()
        let source = """
            math.randomseed(7)
            local a = math.random(1000)
            math.randomseed(7)
            local t = setmetatable({}, { __index = function() return "dflt" end })
            return a == math.random(1000), t.x, load("return ...")(5)
            """
        #expect(try state.run(source, chunkName: "=t") == [true, "dflt", 5])
    }
}
