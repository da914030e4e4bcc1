import ByteText
import CLua
import CLuaShim

extension LuaStack {
    /// The deterministic text of the value at `index` (see `LuaRenderer`), running `__tostring`
    /// metamethods under a protected call. Top-level strings are not quoted (their bytes are
    /// the text, exactly) unless `quoted`, as a table shows them.
    func describe(at index: Int32, quoted: Bool = false) throws(LuaError) -> [UInt8] {
        var buffer = LuaRenderBuffer(limit: LuaRenderer.maxBytes)
        var path: Set<UnsafeRawPointer> = []
        try render(at: lua_absindex(L, index), quoted: quoted, depth: 0, path: &path, into: &buffer)
        // Rendering a large table is work the instruction limit counts (about what building
        // the text in Lua would take): a loop of tostring over a table that renders to half a
        // megabyte ran for minutes under a budget of 100,000 instructions. Raised, if it trips
        // the limit, at the script's next instruction (no raise across Swift frames).
        if buffer.bytes.count > 64 { scn_charge_later(L, Int64(buffer.bytes.count) * 8) }
        return buffer.bytes
    }

    func render(
        at index: Int32, quoted: Bool, depth: Int, path: inout Set<UnsafeRawPointer>,
        into buffer: inout LuaRenderBuffer
    ) throws(LuaError) {
        switch lua_type(L, index) {
        case LUA_TNIL, LUA_TNONE: buffer.append("nil")
        case LUA_TBOOLEAN: buffer.append(lua_toboolean(L, index) != 0 ? "true" : "false")
        case LUA_TNUMBER:
            if lua_isinteger(L, index) != 0 { return buffer.append(String(lua_tointegerx(L, index, nil))) }
            buffer.append(LuaRenderer.number(lua_tonumberx(L, index, nil)))
        case LUA_TSTRING:
            let string = bytes(at: index) ?? ByteString()
            quoted ? buffer.append(string.quoted) : buffer.append(bytes: string.bytes)
        case LUA_TTABLE:
            if let text = try metaToString(at: index) { return buffer.append(bytes: text.bytes) }
            try renderTable(at: index, depth: depth, path: &path, into: &buffer)
        case LUA_TUSERDATA:
            if let text = try metaToString(at: index) { return buffer.append(bytes: text.bytes) }
            buffer.append(typeName(at: index))
        case LUA_TFUNCTION: buffer.append("function")
        case LUA_TLIGHTUSERDATA: buffer.append("userdata")
        default: buffer.append(String(cString: lua_typename(L, lua_type(L, index))))
        }
    }

    /// Collects the keys first (nothing runs while `lua_next` walks the table, so nothing can
    /// change it under the walk), sorts them, then renders the values in that order: where a
    /// full rendering stops is the same on every run.
    private func renderTable(
        at index: Int32, depth: Int, path: inout Set<UnsafeRawPointer>, into buffer: inout LuaRenderBuffer
    ) throws(LuaError) {
        guard let pointer = lua_topointer(L, index) else { return buffer.append("{}") }
        if path.contains(pointer) { return buffer.append("<cycle>") }
        // Visiting a table costs sorting its keys: not once the rendering is full.
        if depth >= LuaRenderer.maxDepth || buffer.isFull { return buffer.append("{...}") }
        guard lua_checkstack(L, 6) != 0 else { return buffer.append("{...}") }
        path.insert(pointer)
        let base = top
        defer {
            path.remove(pointer)
            lua_settop(L, base)
        }
        lua_createtable(L, 0, 0)
        let keys = top
        var order: [(offset: Int, key: LuaKeyOrder)] = []
        lua_pushnil(L)
        while lua_next(L, index) != 0 {
            pop()
            order.append((order.count, keyOrder(at: top)))
            lua_pushvalue(L, -1)
            lua_rawseti(L, keys, lua_Integer(order.count))
        }
        for position in order.indices where order[position].key.rank == .other || order[position].key.rank == .handle {
            pushEntry(keys: keys, table: index, offset: position)
            if order[position].key.rank == .handle {
                order[position].key.bytes = sortText(at: top - 1)
            } else {
                order[position].key = LuaKeyOrder(otherText: sortText(at: top - 1), tiebreak: sortText(at: top))
            }
            pop(2)
        }
        order.sort { $0.key < $1.key }
        try LuaRenderer.table(order, into: &buffer) { (offset, buffer) throws(LuaError) in
            pushEntry(keys: keys, table: index, offset: offset)
            defer { pop(2) }
            try render(at: top, quoted: true, depth: depth + 1, path: &path, into: &buffer)
        }
    }

    /// Pushes the key at `offset` (0-based) of the collected `keys`, and its value in `table`.
    private func pushEntry(keys: Int32, table: Int32, offset: Int) {
        lua_rawgeti(L, keys, lua_Integer(offset + 1))
        lua_pushvalue(L, -1)
        lua_rawget(L, table)
    }

    /// The sort key of a table key, read without converting it (that would confuse `lua_next`);
    /// tables, functions and userdata get their text afterwards.
    func keyOrder(at index: Int32) -> LuaKeyOrder {
        switch lua_type(L, index) {
        case LUA_TNUMBER:
            if lua_isinteger(L, index) != 0 { return LuaKeyOrder(integer: lua_tointegerx(L, index, nil)) }
            return LuaKeyOrder(float: lua_tonumberx(L, index, nil))
        case LUA_TSTRING: return LuaKeyOrder(string: bytes(at: index)?.bytes ?? [])
        case LUA_TBOOLEAN: return LuaKeyOrder(boolean: lua_toboolean(L, index) != 0)
        case LUA_TUSERDATA:
            var classIndex: Int32 = 0
            var id: Int64 = 0
            if scn_to_handle(L, index, &classIndex, &id) != 0 { return LuaKeyOrder(handleClass: classIndex, id: id) }
            return LuaKeyOrder(otherText: [])
        default: return LuaKeyOrder(otherText: [])
        }
    }

    /// The short, address-free text that orders a key among others (see `LuaKeyOrder`).
    func sortText(at index: Int32) -> [UInt8] {
        var buffer = LuaRenderBuffer(limit: LuaRenderer.maxSortBytes)
        var path: Set<UnsafeRawPointer> = []
        do {
            try render(at: index, quoted: true, depth: LuaRenderer.maxDepth - 1, path: &path, into: &buffer)
        } catch {
            return Array(typeName(at: index).utf8)
        }
        return buffer.bytes
    }

    /// Calls `__tostring` under pcall; nil when there is none.
    private func metaToString(at index: Int32) throws(LuaError) -> ByteString? {
        var classIndex: Int32 = 0
        var id: Int64 = 0
        if scn_to_handle(L, index, &classIndex, &id) != 0, classIndex >= 1, Int(classIndex) <= state.handleText.count {
            return ByteString(state.handleText[Int(classIndex) - 1](id))
        }
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
        if lua_type(L, -1) == LUA_TSTRING, let text = bytes(at: -1) { return text }
        if lua_isinteger(L, -1) != 0 { return ByteString(String(lua_tointegerx(L, -1, nil))) }
        return ByteString(LuaRenderer.number(lua_tonumberx(L, -1, nil)))
    }
}
