import LuaKit
import Testing

/// Issue 11: host code compiled once (the explore engine) is dumped and loaded into fresh
/// states as bytecode, behaving as its source would, errors at the same lines included.
@Suite("Precompiled chunks")
struct BytecodeTests {
    @Test("A dumped function loads into another state and runs the same, with its error lines")
    func dumpAndLoad() throws {
        let compiler = LuaState()
        let source = "local n = ...\nif n < 0 then error('negative') end\nreturn n * 2, #'abc'\n"
        let bytes = try #require(compiler.dump(try compiler.load(source, chunkName: "=engine")))
        let state = LuaState()

        let chunk = try state.load(bytecode: bytes, chunkName: "=engine")

        #expect(try state.call(chunk, [.integer(21)]) == [.integer(42), .integer(3)])
        #expect(throws: LuaError.self) { try state.call(chunk, [.integer(-1)]) }
        do {
            _ = try state.call(chunk, [.integer(-1)])
        } catch {
            #expect(error.message == "engine:2: negative")
        }
    }

    @Test("Bytecode is refused where text is expected, and text where bytecode is")
    func modesStaySeparate() throws {
        let state = LuaState()
        let bytes = try #require(state.dump(try state.load("return 1", chunkName: "=x")))

        #expect(throws: LuaError.self) { try state.load(String(decoding: bytes, as: UTF8.self), chunkName: "=x") }
        #expect(throws: LuaError.self) { try state.load(bytecode: Array("return 1".utf8), chunkName: "=x") }
        #expect(state.dump(state.makeFunction { call in call.results(.nil) }) == nil)
    }
}
