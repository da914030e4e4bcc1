import CLua
import CLuaShim

extension LuaStack {
    /// The deterministic text of the value at `index` (see `LuaRenderer`), running `__tostring`
    /// metamethods under a protected call. Top-level strings are not quoted.
    func describe(at index: Int32) throws(LuaError) -> String {
        var path: Set<UnsafeRawPointer> = []
        return try render(at: lua_absindex(L, index), quoted: false, depth: 0, path: &path)
    }

    private func render(
        at index: Int32, quoted: Bool, depth: Int, path: inout Set<UnsafeRawPointer>
    ) throws(LuaError) -> String {
        switch lua_type(L, index) {
        case LUA_TNIL, LUA_TNONE: return "nil"
        case LUA_TBOOLEAN: return lua_toboolean(L, index) != 0 ? "true" : "false"
        case LUA_TNUMBER:
            if lua_isinteger(L, index) != 0 { return String(lua_tointegerx(L, index, nil)) }
            return LuaRenderer.number(lua_tonumberx(L, index, nil))
        case LUA_TSTRING:
            let string = self.string(at: index) ?? ""
            return quoted ? LuaRenderer.quoted(string) : string
        case LUA_TTABLE:
            if let text = try metaToString(at: index) { return text }
            return try renderTable(at: index, depth: depth, path: &path)
        case LUA_TUSERDATA:
            if let text = try metaToString(at: index) { return text }
            return typeName(at: index)
        case LUA_TFUNCTION: return "function"
        case LUA_TLIGHTUSERDATA: return "userdata"
        default: return String(cString: lua_typename(L, lua_type(L, index)))
        }
    }

    private func renderTable(
        at index: Int32, depth: Int, path: inout Set<UnsafeRawPointer>
    ) throws(LuaError) -> String {
        guard let pointer = lua_topointer(L, index) else { return "{}" }
        if path.contains(pointer) { return "<cycle>" }
        if depth >= LuaRenderer.maxDepth { return "{...}" }
        guard lua_checkstack(L, 4) != 0 else { return "{...}" }
        path.insert(pointer)
        let base = top
        defer {
            path.remove(pointer)
            lua_settop(L, base)
        }
        var entries: [(key: LuaKeyOrder, keyText: String, valueText: String)] = []
        lua_pushnil(L)
        while lua_next(L, index) != 0 {
            let keyIndex = top - 1
            let key = keyOrder(at: keyIndex)
            let keyText = key.rank == .other
                ? key.text
                : try render(at: keyIndex, quoted: true, depth: depth + 1, path: &path)
            let valueText = try render(at: top, quoted: true, depth: depth + 1, path: &path)
            entries.append((key, keyText, valueText))
            pop()
        }
        return LuaRenderer.table(entries)
    }

    /// The sort key of a table key, read without converting it (that would confuse `lua_next`).
    private func keyOrder(at index: Int32) -> LuaKeyOrder {
        switch lua_type(L, index) {
        case LUA_TNUMBER:
            if lua_isinteger(L, index) != 0 { return LuaKeyOrder(integer: lua_tointegerx(L, index, nil)) }
            return LuaKeyOrder(float: lua_tonumberx(L, index, nil))
        case LUA_TSTRING: return LuaKeyOrder(string: string(at: index) ?? "")
        case LUA_TBOOLEAN: return LuaKeyOrder(boolean: lua_toboolean(L, index) != 0)
        default:
            // Tables, functions and userdata as keys sort by their (address-free) text.
            var path: Set<UnsafeRawPointer> = []
            let text = (try? render(at: index, quoted: true, depth: LuaRenderer.maxDepth - 1, path: &path))
            return LuaKeyOrder(otherText: text ?? typeName(at: index))
        }
    }

    /// Calls `__tostring` under pcall; nil when there is none.
    private func metaToString(at index: Int32) throws(LuaError) -> String? {
        guard lua_checkstack(L, 3) != 0 else { return nil }
        let base = top
        guard luaL_getmetafield(L, index, "__tostring") != LUA_TNIL else { return nil }
        defer { lua_settop(L, base) }
        lua_pushvalue(L, index)
        let status = state.protectedCall(on: L, arguments: 1, results: 1)
        guard status == LUA_OK else { throw state.error(status: status, on: L) }
        guard lua_type(L, -1) == LUA_TSTRING || lua_type(L, -1) == LUA_TNUMBER else {
            throw LuaError(.runtime, "'__tostring' must return a string")
        }
        if let text = string(at: -1) { return text }
        if lua_isinteger(L, -1) != 0 { return String(lua_tointegerx(L, -1, nil)) }
        return LuaRenderer.number(lua_tonumberx(L, -1, nil))
    }
}
