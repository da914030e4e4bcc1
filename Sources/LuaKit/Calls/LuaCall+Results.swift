import CLua

extension LuaCall {
    /// Pushes one result. Count the pushes and return `.values(n)`, or use `results`.
    public func push(_ value: LuaValue) {
        stack.push(value)
    }

    /// Pushes a copy of argument `index` itself (same table, same function), e.g. to return self.
    public func pushArgument(at index: Int) {
        guard index >= 1 && index <= count, lua_checkstack(stack.L, 1) != 0 else {
            lua_pushnil(stack.L)
            return
        }
        lua_pushvalue(stack.L, Int32(index))
    }

    /// Pushes `values` and returns `.values(values.count)`.
    public func results(_ values: LuaValue...) -> LuaReturn {
        results(values)
    }

    /// Pushes `values` and returns `.values(values.count)`, or an error if the stack is full.
    public func results(_ values: [LuaValue]) -> LuaReturn {
        guard lua_checkstack(stack.L, Int32(clamping: values.count + 3)) != 0 else {
            return .error("too many results (\(values.count))")
        }
        for value in values { stack.push(value) }
        return .values(values.count)
    }
}
