import CLua
import CLuaShim

// Precompiled chunks, for code the host ships (scenesim explore's engine): compiled once per
// process, then loaded into each fresh state without parsing. Scripts still load text only.
extension LuaState {
    /// The bytecode of a Lua function (debug information kept, so messages keep their lines),
    /// or nil when it cannot be dumped (a Swift function).
    package func dump(_ function: LuaFunctionRef) -> [UInt8]? {
        guard function.state === self else { return nil }
        let L = currentThread
        lua_checkstack(L, 1)
        lua_rawgeti(L, scn_registry_index(), lua_Integer(function.reference))
        defer { lua_settop(L, -2) }
        var bytes: UnsafeMutablePointer<UInt8>?
        var length = 0
        guard scn_dump_function(L, &bytes, &length) == 0, let bytes else { return nil }
        defer { scn_dump_free(bytes) }
        return Array(UnsafeBufferPointer(start: bytes, count: length))
    }

    /// Whether `function`'s code, a function nested in it, or a Lua function it reaches through
    /// its upvalues (or among the values of a table that is one) names `name`: reads `x.name`
    /// or holds the string (scn_function_names). True too when that cannot be told. Runs no
    /// Lua code and raises nothing.
    package func functionNames(_ function: LuaFunctionRef, _ name: String) -> Bool {
        guard function.state === self else { return true }
        let L = currentThread
        guard lua_checkstack(L, 1) != 0 else { return true }
        lua_rawgeti(L, scn_registry_index(), lua_Integer(function.reference))
        defer { lua_settop(L, -2) }
        return scn_function_names(L, name) != 0
    }

    /// Loads bytecode made by `dump` (in any state of this build). Never pass a script's bytes:
    /// Lua does not verify bytecode.
    package func load(bytecode: [UInt8], chunkName: String) throws(LuaError) -> LuaFunctionRef {
        try loadChunk(named: chunkName) { thread in
            bytecode.withUnsafeBufferPointer { buffer in
                scn_load_binary(thread, buffer.baseAddress, buffer.count, chunkName)
            }
        }
    }
}
