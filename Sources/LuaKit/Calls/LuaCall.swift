import ByteText
import CLua
import CLuaShim

/// The signature of a Swift function callable from Lua.
package typealias LuaFunctionBody = (LuaCall) -> LuaReturn

/// One call from Lua into a Swift function: typed, non-raising access to its arguments.
///
/// Arguments are numbered from 1 like Lua's; an index past `count` reads as absent (`.none`,
/// nil). Results are pushed with `push` / `results`. A `LuaCall` is valid only while the Swift
/// function runs; use `state` rather than capturing the `LuaState` (that would be a cycle).
package struct LuaCall {
    let stack: LuaStack
    /// The number of arguments.
    package let count: Int

    init(stack: LuaStack, count: Int) {
        self.stack = stack
        self.count = count
    }

    /// The state running this call.
    package var state: LuaState { stack.state }

    func slot(_ index: Int) -> Int32? {
        index >= 1 && index <= count ? Int32(index) : nil
    }

    /// The argument's type (`.none` past the last argument).
    package func type(at index: Int) -> LuaType {
        guard let slot = slot(index) else { return .none }
        return LuaType(stack.type(at: slot))
    }

    /// The argument's type name for messages: `type()`'s name, or the class name of a handle;
    /// "no value" past the last argument.
    package func typeName(at index: Int) -> String {
        guard let slot = slot(index) else { return "no value" }
        return stack.typeName(at: slot)
    }

    /// True when the argument is nil or absent.
    package func isNil(at index: Int) -> Bool {
        let type = type(at: index)
        return type == .nil || type == .none
    }

    /// The argument when it is a boolean.
    package func bool(at index: Int) -> Bool? {
        guard let slot = slot(index), stack.type(at: slot) == LUA_TBOOLEAN else { return nil }
        return lua_toboolean(stack.L, slot) != 0
    }

    /// The argument's truth in Lua's sense (only nil and false are false).
    package func truthy(at index: Int) -> Bool {
        guard let slot = slot(index) else { return false }
        return lua_toboolean(stack.L, slot) != 0
    }

    /// The argument when it is an integer, or a float with an exact integer value (strings are
    /// not converted).
    package func int(at index: Int) -> Int64? {
        guard let slot = slot(index), stack.type(at: slot) == LUA_TNUMBER else { return nil }
        if lua_isinteger(stack.L, slot) != 0 { return lua_tointegerx(stack.L, slot, nil) }
        return Int64(exactly: lua_tonumberx(stack.L, slot, nil))
    }

    /// The argument when it is a number (integer or float) as a Double.
    package func number(at index: Int) -> Double? {
        guard let slot = slot(index), stack.type(at: slot) == LUA_TNUMBER else { return nil }
        return lua_tonumberx(stack.L, slot, nil)
    }

    /// True when the argument is a number with integer subtype (`2`, not `2.0`).
    package func isInteger(at index: Int) -> Bool {
        guard let slot = slot(index) else { return false }
        return lua_isinteger(stack.L, slot) != 0
    }

    /// The argument's bytes when it is a string (numbers are not converted): for values,
    /// which must stay exact.
    package func bytes(at index: Int) -> ByteString? {
        guard let slot = slot(index) else { return nil }
        return stack.bytes(at: slot)
    }

    /// Calls `body` with the argument's bytes in place when it is a string (numbers are not
    /// converted), without copying them; nil otherwise. The buffer is valid only inside `body`.
    package func withBytes<R>(at index: Int, _ body: (UnsafeRawBufferPointer) -> R) -> R? {
        guard let slot = slot(index), lua_type(stack.L, slot) == LUA_TSTRING else { return nil }
        var length = 0
        guard let bytes = lua_tolstring(stack.L, slot, &length) else { return nil }
        return body(UnsafeRawBufferPointer(start: bytes, count: length))
    }

    /// The argument when it is a string (numbers are not converted), as text: invalid UTF-8
    /// becomes U+FFFD, so use `bytes(at:)` for anything kept or compared.
    package func string(at index: Int) -> String? {
        guard let slot = slot(index) else { return nil }
        return stack.string(at: slot)
    }

    /// A copy of the argument: scalars exactly, tables deeply (raw, metatables ignored),
    /// functions as new references, handles as handles.
    package func value(at index: Int) -> LuaValue {
        guard let slot = slot(index) else { return .nil }
        return stack.value(at: slot)
    }

    /// A raw copy of the argument when it is a table (for option bags: `stringKeys` lists
    /// every key given, to report unknown ones).
    package func table(at index: Int) -> LuaTable? {
        guard type(at: index) == .table else { return nil }
        return value(at: index).tableValue
    }

    /// The argument when it is a handle of any registered class.
    package func handle(at index: Int) -> LuaHandle? {
        guard let slot = slot(index) else { return nil }
        return stack.handle(at: slot)
    }

    /// The id of the argument when it is a handle of `type`.
    package func handle(at index: Int, of type: LuaClass) -> Int64? {
        guard let slot = slot(index) else { return nil }
        var classIndex: Int32 = 0
        var id: Int64 = 0
        guard scn_to_handle(stack.L, slot, &classIndex, &id) != 0, classIndex == type.index else { return nil }
        return id
    }

    /// A reference to the argument when it is a function, to call later with `LuaState.call`.
    package func function(at index: Int) -> LuaFunctionRef? {
        guard let slot = slot(index), stack.type(at: slot) == LUA_TFUNCTION else { return nil }
        return stack.reference(at: slot)
    }

    /// The deterministic text of the argument, as `print` shows it (see `LuaState.describe`):
    /// bytes, as a string argument is shown as its own bytes.
    package func describe(at index: Int) throws(LuaError) -> [UInt8] {
        guard let slot = slot(index) else { return Array("nil".utf8) }
        return try stack.describe(at: slot)
    }

    /// Every argument as `describe(at:)` renders it, in order (what `print` shows).
    package func describeAll() throws(LuaError) -> [[UInt8]] {
        var parts: [[UInt8]] = []
        for index in stride(from: 1, through: count, by: 1) {
            parts.append(try describe(at: index))
        }
        return parts
    }

    /// `location()` of the nearest Lua function calling this one: a call made through `pcall`
    /// (a C function, which has no line) is placed at the line of the `pcall`. "" when no Lua
    /// function is on the stack.
    package func scriptLocation() -> String {
        var record = lua_Debug()
        var level: Int32 = 1
        while lua_getstack(stack.L, level, &record) != 0 {
            lua_getinfo(stack.L, "l", &record)
            if record.currentline > 0 { return location(level: Int(level)) }
            level += 1
        }
        return ""
    }

    /// `file:line: ` of the Lua code that called this function (`level` 1), as an error raised
    /// there would start; "" where no line is known. For errors raised later, elsewhere.
    package func location(level: Int = 1) -> String {
        guard lua_checkstack(stack.L, 1) != 0 else { return "" }
        luaL_where(stack.L, Int32(clamping: level))
        defer { stack.pop() }
        return stack.string(at: -1) ?? ""
    }

    /// Remembers `value` as field `key` of the handle at argument 1 (self of a getter or
    /// setter), so later reads of that field are answered in C without calling Swift. The owner
    /// must call `LuaState.clearFieldCache(of:)` whenever the value could change.
    ///
    /// `acceptsWrites` (for classes with a `bufferedWrite`) says whether assignments to the
    /// handle's cached fields may be buffered in C from now on; it applies to the whole handle
    /// until its cache is cleared or a later call says otherwise.
    package func cacheField(_ key: String, _ value: LuaValue, acceptsWrites: Bool = false) {
        cacheField(value, acceptsWrites: acceptsWrites) {
            // A getter caches the field being read: its name is argument 2 already, a Lua
            // string that needs no making.
            var key = key
            var length = 0
            let reused =
                stack.type(at: 2) == LUA_TSTRING
                && key.withUTF8 { utf8 in
                    guard let bytes = lua_tolstring(stack.L, 2, &length), length == utf8.count else { return false }
                    return UnsafeRawBufferPointer(start: bytes, count: length).elementsEqual(utf8)
                }
            if reused { lua_pushvalue(stack.L, 2) } else { stack.push(string: key) }
        }
    }

    /// `cacheField` for a key given as bytes (a SceneStorage key may be any string).
    package func cacheField(_ key: ByteString, _ value: LuaValue, acceptsWrites: Bool = false) {
        cacheField(value, acceptsWrites: acceptsWrites) { stack.push(bytes: key) }
    }

    /// Pushes the key (`pushKey`) and the value and stores them in the cache of the handle at 1.
    private func cacheField(_ value: LuaValue, acceptsWrites: Bool, pushKey: () -> Void) {
        guard !value.isNil, stack.type(at: 1) == LUA_TUSERDATA else { return }
        pushKey()
        guard stack.push(value) else {
            stack.pop()
            return
        }
        scn_cache_field(stack.L, 1, acceptsWrites ? 1 : 0)
    }
}

extension LuaCall {
    /// The name `require` loaded the argument under, found by identity among the loaded
    /// modules (`package.loaded`), so a caller can tell which module file a table came from;
    /// nil when no module returned this very value. Only tables and functions count (a string
    /// or `true` can be any module's).
    package func requiredModuleName(at index: Int) -> ByteString? {
        guard let slot = slot(index) else { return nil }
        let type = stack.type(at: slot)
        guard type == LUA_TTABLE || type == LUA_TFUNCTION, lua_checkstack(stack.L, 3) != 0 else { return nil }
        // The registry's _LOADED table is what require fills (the shim's and stock Lua's);
        // read raw, with no metamethod, and walked with lua_next, which runs nothing.
        guard lua_getfield(stack.L, scn_registry_index(), "_LOADED") == LUA_TTABLE else {
            stack.pop()
            return nil
        }
        let loaded = stack.top
        defer { lua_settop(stack.L, loaded - 1) }
        lua_pushnil(stack.L)
        while lua_next(stack.L, loaded) != 0 {
            if lua_rawequal(stack.L, -1, slot) != 0, let name = stack.bytes(at: -2) { return name }
            stack.pop()
        }
        return nil
    }
}
