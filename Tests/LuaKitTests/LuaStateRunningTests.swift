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
