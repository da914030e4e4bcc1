import ByteText
import CLua
import CLuaShim

/// Non-raising stack operations on one Lua thread, shared by `LuaCall` and `LuaState`.
///
/// Only raw, non-raising API calls are used: allocation cannot fail here because the shim's
/// allocator never fails while Swift code runs, and tables are read and written raw.
struct LuaStack {
    let L: OpaquePointer
    // Unretained: a stack view never outlives the call that made it, and retaining the state on
    // every call showed up in the per-call cost.
    unowned(unsafe) let state: LuaState

    var top: Int32 { lua_gettop(L) }

    func type(at index: Int32) -> Int32 { lua_type(L, index) }

    func pop(_ count: Int32 = 1) { scn_pop(L, count) }

    // MARK: Reading

    /// Strings longer than this cost a step of the instruction budget per byte when they cross
    /// between Lua and Swift (`chargeCrossing`).
    static let freeCrossing = 256

    /// Charges the copy of a long string between Lua and Swift, and the work Swift does on it
    /// (parsing a URL, hashing and comparing a window's value or a storage key, tracing it), a
    /// step per byte, to the instruction budget of the call under way (raised once the Swift
    /// function returns): 20,000 `sim.url` of a 1 MB string ran past 30 s under a budget of a
    /// million instructions. Short strings, the common case, cost nothing.
    func chargeCrossing(_ length: Int) {
        if length > Self.freeCrossing { scn_charge_later(L, Int64(length)) }
    }

    /// Charges a table or list of `count` entries crossing between Lua and Swift (`app.windows`
    /// with 100,000 windows, `app.history` after many changes), 8 steps an entry, as
    /// `chargeCrossing` charges bytes: a loop reading such a list did Swift work that grows
    /// with the windows for a few instructions. Small tables cost nothing.
    func chargeEntries(_ count: Int) {
        if count > 64 { scn_charge_later(L, Int64(count) * 8) }
    }

    /// The bytes of the string at `index`, exactly (nil for other types: numbers are not
    /// converted, as converting would confuse `lua_next`).
    func bytes(at index: Int32) -> ByteString? {
        guard lua_type(L, index) == LUA_TSTRING else { return nil }
        var length = 0
        guard let bytes = lua_tolstring(L, index, &length) else { return nil }
        chargeCrossing(length)
        return ByteString(UnsafeRawBufferPointer(start: bytes, count: length))
    }

    /// The string at `index` as text (invalid UTF-8 becomes U+FFFD): for messages and names,
    /// never for values, which keep their bytes (`bytes(at:)`).
    func string(at index: Int32) -> String? {
        guard lua_type(L, index) == LUA_TSTRING else { return nil }
        var length = 0
        guard let bytes = lua_tolstring(L, index, &length) else { return nil }
        chargeCrossing(length)
        return String(decoding: UnsafeRawBufferPointer(start: bytes, count: length), as: UTF8.self)
    }

    /// The string at `index` when it is plain (`ByteString.isPlain`: a name, which reads the
    /// same escaped or not), else nil. A short one is made without allocating.
    func plainString(at index: Int32) -> String? {
        guard lua_type(L, index) == LUA_TSTRING else { return nil }
        var length = 0
        guard let bytes = lua_tolstring(L, index, &length) else { return nil }
        let buffer = UnsafeBufferPointer(start: UnsafeRawPointer(bytes).assumingMemoryBound(to: UInt8.self), count: length)
        return ByteString.isPlain(buffer) ? String(decoding: buffer, as: UTF8.self) : nil
    }

    /// The string at `index` as the text of a message: valid UTF-8 as it is, and each byte
    /// that is not part of valid UTF-8 as `\ddd` (as the trace shows it), never U+FFFD, so the
    /// message keeps every byte visible.
    func message(at index: Int32) -> String? {
        guard let bytes = bytes(at: index) else { return nil }
        if let text = String(validating: bytes.bytes, as: UTF8.self) { return text }
        return ByteString.displayed(bytes.bytes, keepingNewlines: true)
    }

    func handle(at index: Int32) -> LuaHandle? {
        var classIndex: Int32 = 0
        var id: Int64 = 0
        guard scn_to_handle(L, index, &classIndex, &id) != 0,
            let type = state.luaClass(at: classIndex)
        else { return nil }
        return LuaHandle(type, id: id)
    }

    /// `type()`'s name, or `__name` for userdata that has one.
    func typeName(at index: Int32) -> String {
        let code = lua_type(L, index)
        if code == LUA_TUSERDATA, let name = metafieldString(at: index, "__name") { return name }
        return String(cString: lua_typename(L, code))
    }

    /// A raw string field of the value's metatable.
    func metafieldString(at index: Int32, _ field: String) -> String? {
        guard lua_checkstack(L, 2) != 0, lua_getmetatable(L, index) != 0 else { return nil }
        push(string: field)
        lua_rawget(L, -2)
        defer { pop(2) }
        return string(at: -1)
    }

    /// Keeps the function at `index` in the registry.
    func reference(at index: Int32) -> LuaFunctionRef {
        lua_pushvalue(L, index)
        return LuaFunctionRef(state: state, reference: luaL_ref(L, scn_registry_index()))
    }

    /// Copies the value at `index` (tables deeply, functions as references).
    ///
    /// Each table is copied once: a table met again (shared by several others) reuses its copy,
    /// which a `LuaTable` shares without copying its storage. So the work is the size of the
    /// tables, never the number of paths through them: a table shared a million times is
    /// copied once. A table met again on its own path (a cycle) becomes `.opaque("table")`.
    func value(at index: Int32) -> LuaValue {
        var copies = TableCopies()
        return value(at: lua_absindex(L, index), depth: 0, copies: &copies)
    }

    /// The tables copied so far, and those being copied now (on the current path).
    private struct TableCopies {
        var done: [UnsafeRawPointer: LuaValue] = [:]
        var path: Set<UnsafeRawPointer> = []
    }

    private func value(at index: Int32, depth: Int, copies: inout TableCopies) -> LuaValue {
        switch lua_type(L, index) {
        case LUA_TNIL, LUA_TNONE: return .nil
        case LUA_TBOOLEAN: return .boolean(lua_toboolean(L, index) != 0)
        case LUA_TNUMBER:
            if lua_isinteger(L, index) != 0 { return .integer(lua_tointegerx(L, index, nil)) }
            return .number(lua_tonumberx(L, index, nil))
        case LUA_TSTRING: return .string(bytes(at: index) ?? ByteString())
        case LUA_TFUNCTION: return .function(reference(at: index))
        case LUA_TUSERDATA:
            if let handle = handle(at: index) { return .handle(handle) }
            return .opaque(typeName: typeName(at: index))
        case LUA_TTABLE:
            guard let pointer = lua_topointer(L, index) else { return .opaque(typeName: "table") }
            if let copy = copies.done[pointer] { return copy }
            guard depth < 64, !copies.path.contains(pointer),
                lua_checkstack(L, 3) != 0
            else { return .opaque(typeName: "table") }
            copies.path.insert(pointer)
            defer { copies.path.remove(pointer) }
            var table = LuaTable()
            var entries = 0
            lua_pushnil(L)
            while lua_next(L, index) != 0 {
                let key = value(at: lua_absindex(L, -2), depth: depth + 1, copies: &copies)
                table[key] = value(at: lua_absindex(L, -1), depth: depth + 1, copies: &copies)
                pop()
                entries += 1
            }
            chargeEntries(entries)
            table.origin = LuaTable.Origin()  // after the writes, which make a table its own
            copies.done[pointer] = .table(table)
            return .table(table)
        default:
            return .opaque(typeName: typeName(at: index))
        }
    }

    // MARK: Pushing

    func push(string: String) {
        var string = string
        chargeCrossing(string.utf8.count)
        string.withUTF8 { bytes in
            _ = bytes.withMemoryRebound(to: CChar.self) { chars in
                lua_pushlstring(L, chars.baseAddress, chars.count)
            }
        }
    }

    /// Pushes the bytes as a Lua string, exactly.
    func push(bytes: ByteString) {
        chargeCrossing(bytes.count)
        bytes.bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                _ = lua_pushlstring(L, chars.baseAddress, chars.count)
            }
        }
    }

    /// Pushes `value`; returns false (pushing nothing) when the stack cannot grow.
    ///
    /// A table copied from Lua and met again (see `LuaStack.value`) is pushed as the same new
    /// table, so a copy of shared tables goes back as shared tables, in time linear in its size.
    @discardableResult
    func push(_ value: LuaValue) -> Bool {
        guard case .table = value else { return push(value, pushed: nil) }
        guard lua_checkstack(L, 4) != 0 else { return false }
        lua_createtable(L, 0, 0)  // the tables pushed so far, by number
        let scratch = top
        var pushed = PushedTables(scratch: scratch)
        let done = push(value, pushed: &pushed)
        lua_rotate(L, scratch, -1)
        pop()
        return done
    }

    /// Pushes a new table with `values` at 1...n (a nil leaves its key absent, as in
    /// `LuaTable(sequence:)`); returns false (pushing nothing) when the stack cannot grow.
    func push(sequence values: [LuaValue]) -> Bool {
        // A table among the values needs the shared-table bookkeeping of the general push.
        if values.contains(where: { if case .table = $0 { true } else { false } }) {
            return push(.table(LuaTable(sequence: values)))
        }
        guard lua_checkstack(L, 4) != 0 else { return false }
        lua_createtable(L, Int32(clamping: values.count), 0)
        for (offset, value) in values.enumerated() where !value.isNil {
            guard push(value, pushed: nil) else { pop(); return false }
            lua_rawseti(L, -2, lua_Integer(offset + 1))
        }
        return true
    }

    /// The tables of one `push`, by the identity of the Lua table they were copied from.
    private struct PushedTables {
        let scratch: Int32
        var numbers: [ObjectIdentifier: lua_Integer] = [:]
    }

    private func push(_ value: LuaValue, pushed: UnsafeMutablePointer<PushedTables>?) -> Bool {
        guard lua_checkstack(L, 3) != 0 else { return false }
        switch value {
        case .nil, .opaque: lua_pushnil(L)
        case .boolean(let boolean): lua_pushboolean(L, boolean ? 1 : 0)
        case .integer(let integer): lua_pushinteger(L, integer)
        case .number(let float): lua_pushnumber(L, float)
        case .string(let string): push(bytes: string)
        case .handle(let handle): scn_push_handle(L, handle.type.index, handle.id)
        case .function(let function):
            precondition(function.state === state, "LuaKit: a function reference of another state")
            lua_rawgeti(L, scn_registry_index(), lua_Integer(function.reference))
        case .table(let table):
            let origin = table.origin.map(ObjectIdentifier.init)
            if let pushed, let origin, let number = pushed.pointee.numbers[origin] {
                lua_rawgeti(L, pushed.pointee.scratch, number)
                return true
            }
            let sequence = table.sequence.count
            chargeEntries(table.count)
            lua_createtable(L, Int32(clamping: sequence), Int32(clamping: table.count - sequence))
            if let pushed, let origin {
                let number = lua_Integer(pushed.pointee.numbers.count + 1)
                pushed.pointee.numbers[origin] = number
                lua_pushvalue(L, -1)
                lua_rawseti(L, pushed.pointee.scratch, number)
            }
            for (key, element) in table.unorderedEntries {
                // Keys are never nil or NaN here (LuaTable drops them), so rawset cannot raise.
                guard push(key, pushed: pushed) else { continue }
                guard push(element, pushed: pushed) else { pop(); continue }
                lua_rawset(L, -3)
            }
        }
        return true
    }
}
