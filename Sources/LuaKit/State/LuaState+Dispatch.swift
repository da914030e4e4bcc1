import CLua
import CLuaShim

extension LuaState {
    /// Runs Swift function `id` for the trampoline and turns its `LuaReturn` into a status:
    /// a result count, or SCN_CALLBACK_ERROR with the located message pushed.
    func dispatch(on thread: OpaquePointer, function id: Int) -> Int32 {
        guard functions.indices.contains(id) else { return 0 }
        let body = functions[id]
        let outer = currentThread
        let outerCaller = callingThread
        // Swift calls back into Lua on the thread that called it, unless that thread runs
        // without the count hook (`makeUncountedFunctions`): script code called back (a model's
        // hook, say) runs on the counted thread that started the uncounted code.
        if lua_gethook(thread) != nil { currentThread = thread }
        callingThread = thread
        defer {
            currentThread = outer
            callingThread = outerCaller
        }
        // Writes buffered in C reach their owner before any Swift code can look.
        flushBufferedWrites(on: thread)
        let base = lua_gettop(thread)
        let call = LuaCall(stack: LuaStack(L: thread, state: self), count: Int(base))
        switch body(call) {
        case .values(let count):
            let pushed = lua_gettop(thread) - base
            assert(Int(pushed) == count, "LuaKit: a Swift function returned .values(\(count)) but pushed \(pushed)")
            // Clamped so a miscounted result can neither read below the stack nor look like an error.
            return Int32(clamping: max(0, min(count, Int(lua_gettop(thread)))))
        case .error(let message, let location):
            lua_settop(thread, base)
            let stack = LuaStack(L: thread, state: self)
            var prefix = ""
            if lua_checkstack(thread, 2) != 0 {
                switch location {
                case .caller: luaL_where(thread, scn_caller_level(thread))
                case .level(let level): luaL_where(thread, Int32(clamping: level))
                case .none: lua_pushnil(thread)
                }
                prefix = stack.string(at: -1) ?? ""
                stack.pop()
            }
            stack.push(string: prefix + message)
            return SCN_CALLBACK_ERROR
        case .raise(let error):
            lua_settop(thread, base)
            // A C function has LUA_MINSTACK slots: room for the one value.
            if let object = error.object, object.reference.state === self {
                lua_rawgeti(thread, scn_registry_index(), lua_Integer(object.reference.reference))
            } else {
                LuaStack(L: thread, state: self).push(string: error.message)
            }
            return SCN_CALLBACK_ERROR
        }
    }

    /// Releases a registry reference (from `LuaFunctionRef.deinit`); raw, so it cannot raise.
    func releaseReference(_ reference: Int32) {
        guard lua_checkstack(currentThread, 2) != 0 else { return }
        luaL_unref(currentThread, scn_registry_index(), reference)
    }
}
