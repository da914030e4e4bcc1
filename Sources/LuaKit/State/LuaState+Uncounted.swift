import CLua
import CLuaShim

extension LuaState {
    /// Two functions for code of the host's own whose work is bounded, written in Lua (an
    /// engine the host ships), so that it need not pay for the count hook before each of its
    /// instructions:
    /// - `uncounted(fn, ...)` calls `fn` on a new thread with no hook and returns its results
    ///   (its error is raised again). A limit tripped meanwhile is raised with the message of
    ///   the trip, which names the script's line.
    /// - `counted(fn, ...)`, called from there, runs script code `fn` on the counted thread that
    ///   started the uncounted code, in a protected call: true and `fn`'s results, or false and
    ///   the error's text (made by `tostring` under the hook). Called from counted code
    ///   (outside uncounted code, or in a script's coroutine) it calls `fn` on the caller's thread.
    ///
    /// The instruction limit then counts only the counted code. The uncounted code must keep
    /// script code out of its own thread: it may touch no value a script can give a metamethod
    /// (a string's included: no `tostring`, `string.format("%s")` or method call on a string),
    /// nor call a library function through a table a script can change. Swift functions it calls
    /// watch the interrupt flags, and call back into Lua on the counted thread.
    package func makeUncountedFunctions() -> (uncounted: LuaFunctionRef, counted: LuaFunctionRef) {
        let thread = currentThread
        func reference(_ push: (OpaquePointer) -> Void) -> LuaFunctionRef {
            lua_checkstack(thread, 1)
            push(thread)
            return LuaFunctionRef(state: self, reference: luaL_ref(thread, scn_registry_index()))
        }
        return (reference(scn_push_uncounted), reference(scn_push_counted))
    }
}
