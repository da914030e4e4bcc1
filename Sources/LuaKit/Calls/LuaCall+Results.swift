import CLua
import CLuaShim

extension LuaCall {
    /// Pushes one result. Count the pushes and return `.values(n)`, or use `results`.
    package func push(_ value: LuaValue) {
        stack.push(value)
    }

    /// Pushes one value and returns `.values(1)` (no array, unlike the variadic form: this is
    /// on every field read's path).
    package func results(_ value: LuaValue) -> LuaReturn {
        stack.push(value) ? .values(1) : .error("stack overflow (cannot push a result)")
    }

    /// Pushes text made in Swift as one Lua string (its UTF-8 bytes) and returns `.values(1)`,
    /// without building a `ByteString` on the way: `tostring` of a handle is on hot paths.
    package func results(text: String) -> LuaReturn {
        guard lua_checkstack(stack.L, 1) != 0 else { return .error("stack overflow (cannot push a result)") }
        stack.push(string: text)
        return .values(1)
    }

    /// Pushes a new table holding `values` as a sequence and returns `.values(1)`: what
    /// `results(.table(LuaTable(sequence: values)))` does, without building the keyed copy
    /// (lists of handles, like `app.windows`, are read after every step of an exploration).
    package func results(sequence values: [LuaValue]) -> LuaReturn {
        stack.push(sequence: values) ? .values(1) : .error("stack overflow (cannot push a result)")
    }

    /// Pushes a new list of the handles of class `type` with these ids and returns `.values(1)`:
    /// what `results(sequence:)` does with a `.handle` each, without making the values.
    package func results(handles ids: [Int64], of type: LuaClass) -> LuaReturn {
        ids.withUnsafeBufferPointer { results(handles: $0, of: type) }
    }

    /// `results(handles:of:)` for ids in a buffer (one the caller filled without an array).
    package func results(handles ids: UnsafeBufferPointer<Int64>, of type: LuaClass) -> LuaReturn {
        guard lua_checkstack(stack.L, 6) != 0, ids.count < Int(Int32.max) else { return .error("stack overflow (cannot push a result)") }
        stack.chargeEntries(ids.count)
        scn_push_handles(stack.L, type.index, ids.baseAddress, Int32(ids.count))
        return .values(1)
    }

    /// Pushes `values` and returns `.values(values.count)`.
    package func results(_ values: LuaValue...) -> LuaReturn {
        results(values)
    }

    /// Pushes `values` and returns `.values(values.count)`, or an error if the stack is full.
    package func results(_ values: [LuaValue]) -> LuaReturn {
        guard lua_checkstack(stack.L, Int32(clamping: values.count + 3)) != 0 else {
            return .error("too many results (\(values.count))")
        }
        for value in values { stack.push(value) }
        return .values(values.count)
    }
}

// Pushes without a `LuaValue` on the way (a push of one costs about a hundred instructions,
// these a few dozen), for functions on an exploration step's path: reserve room first, push,
// and return `.values(n)`.
extension LuaCall {
    /// Whether the stack has room for `count` more values (it grows if it can).
    package func reserve(_ count: Int) -> Bool {
        lua_checkstack(stack.L, Int32(clamping: count)) != 0
    }

    /// Pushes an integer; room must have been reserved.
    package func push(integer: Int64) {
        lua_pushinteger(stack.L, integer)
    }

    /// Pushes nil; room must have been reserved.
    package func pushNil() {
        lua_pushnil(stack.L)
    }

    /// Pushes a boolean; room must have been reserved.
    package func push(boolean: Bool) {
        lua_pushboolean(stack.L, boolean ? 1 : 0)
    }

    /// Pushes the handle of class `type` with this id (the one made before, if any: see
    /// `LuaHandle`); room must have been reserved for it and five more.
    package func push(handle id: Int64, of type: LuaClass) {
        scn_push_handle(stack.L, type.index, id)
    }
}
