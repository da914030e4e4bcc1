import CLua
import CLuaShim

extension LuaState {
    /// A Lua function that runs `body`; store it with `setGlobal` or in tables (`.function`).
    package func makeFunction(_ body: @escaping LuaFunctionBody) -> LuaFunctionRef {
        let thread = currentThread
        let id = functions.count
        functions.append(body)
        lua_checkstack(thread, 1)
        scn_push_function(thread, lua_Integer(id))
        return LuaFunctionRef(state: self, reference: luaL_ref(thread, scn_registry_index()))
    }

    /// Defines global `name` as a Swift function.
    package func register(_ name: String, _ body: @escaping LuaFunctionBody) {
        setGlobal(name, .function(makeFunction(body)))
    }

    /// Sets global `name` (raw: `_G`'s metatable is not consulted).
    package func setGlobal(_ name: String, _ value: LuaValue) {
        let stack = LuaStack(L: currentThread, state: self)
        let top = stack.top
        guard lua_checkstack(stack.L, 3) != 0 else { return }
        scn_push_globals(stack.L)
        stack.push(string: name)
        stack.push(value)
        lua_rawset(stack.L, -3)
        stack.pop()
        assert(stack.top == top, "LuaKit: unbalanced stack in setGlobal")
    }

    /// A copy of global `name` (raw).
    package func global(_ name: String) -> LuaValue {
        let stack = LuaStack(L: currentThread, state: self)
        let top = stack.top
        guard lua_checkstack(stack.L, 3) != 0 else { return .nil }
        scn_push_globals(stack.L)
        stack.push(string: name)
        lua_rawget(stack.L, -2)
        let value = stack.value(at: -1)
        stack.pop(2)
        assert(stack.top == top, "LuaKit: unbalanced stack in global")
        return value
    }

    /// Makes `require(name)` return `value` without looking for a file.
    package func preload(_ name: String, _ value: LuaValue) {
        let stack = LuaStack(L: currentThread, state: self)
        let top = stack.top
        scn_push_loaded(stack.L)
        stack.push(string: name)
        stack.push(value)
        lua_rawset(stack.L, -3)
        stack.pop()
        assert(stack.top == top, "LuaKit: unbalanced stack in preload")
    }
}
