import ByteText
import CLua
import CLuaShim

/// Where two values that are not the same differ first, for an assertion's message: the path
/// from the top (`[2].name`, empty at the top) and the two values found there, as a table
/// shows them (strings quoted), with their type names.
package struct LuaDifference: Equatable, Sendable {
    /// The keys from the compared values down to the difference, in Lua's spelling.
    package var path: String
    /// The expected side's value at `path`, rendered.
    package var expected: [UInt8]
    /// `type()`'s name of the expected side's value (a handle's class name).
    package var expectedType: String
    /// The actual side's value at `path`, rendered.
    package var actual: [UInt8]
    /// `type()`'s name of the actual side's value.
    package var actualType: String
}

extension LuaStack {
    /// The first difference between the values at `a` and `b`, following keys in the order
    /// `pairs` visits them (so the same values always give the same answer); nil when they are
    /// the same (`scn_values_same`).
    func difference(_ a: Int32, _ b: Int32) throws(LuaError) -> LuaDifference? {
        let a = lua_absindex(L, a)
        let b = lua_absindex(L, b)
        guard scn_values_same(L, a, b) == 0 else { return nil }
        var visited: Set<Pair> = []
        return try difference(a, b, path: "", depth: 0, visited: &visited)
    }

    private struct Pair: Hashable {
        let a: UnsafeRawPointer
        let b: UnsafeRawPointer
    }

    private func difference(
        _ a: Int32, _ b: Int32, path: String, depth: Int, visited: inout Set<Pair>
    ) throws(LuaError) -> LuaDifference? {
        if lua_type(L, a) == LUA_TTABLE, lua_type(L, b) == LUA_TTABLE, depth < Int(SCN_SAME_MAX_DEPTH),
            let pa = lua_topointer(L, a), let pb = lua_topointer(L, b), lua_checkstack(L, 6) != 0,
            visited.insert(Pair(a: pa, b: pb)).inserted
        {
            let base = top
            defer { lua_settop(L, base) }
            let keys = orderedKeys(a, b)
            for position in 0..<Int(lua_rawlen(L, keys)) {
                lua_rawgeti(L, keys, lua_Integer(position + 1))
                let key = top
                lua_pushvalue(L, key)
                lua_rawget(L, a)
                lua_pushvalue(L, key)
                lua_rawget(L, b)
                if scn_values_same(L, top - 1, top) == 0 {
                    let step = pathStep(at: key)
                    return try difference(top - 1, top, path: path + step, depth: depth + 1, visited: &visited)
                }
                lua_settop(L, key - 1)
            }
        }
        return LuaDifference(
            path: path, expected: try describe(at: a, quoted: true), expectedType: typeName(at: a),
            actual: try describe(at: b, quoted: true), actualType: typeName(at: b)
        )
    }

    /// Pushes a sequence of the keys of `a`, then those of `b` that `a` lacks, in the order
    /// `pairs` visits a table's keys; returns its index.
    private func orderedKeys(_ a: Int32, _ b: Int32) -> Int32 {
        lua_createtable(L, 0, 0)
        let collected = top
        var order: [(offset: Int, key: LuaKeyOrder)] = []
        for (table, other) in [(a, Int32(0)), (b, a)] {
            lua_pushnil(L)
            while lua_next(L, table) != 0 {
                pop()
                if other != 0 {
                    lua_pushvalue(L, -1)
                    let present = lua_rawget(L, other) != LUA_TNIL
                    pop()
                    if present { continue }
                }
                var key = keyOrder(at: top)
                if key.rank == .other { key = LuaKeyOrder(otherText: sortText(at: top)) }
                order.append((order.count, key))
                lua_pushvalue(L, -1)
                lua_rawseti(L, collected, lua_Integer(order.count))
            }
        }
        order.sort { $0.key < $1.key || (!($1.key < $0.key) && $0.offset < $1.offset) }
        lua_createtable(L, Int32(clamping: order.count), 0)
        for (position, entry) in order.enumerated() {
            lua_rawgeti(L, collected, lua_Integer(entry.offset + 1))
            lua_rawseti(L, -2, lua_Integer(position + 1))
        }
        lua_rotate(L, collected, -1)
        pop()
        return top
    }

    /// `.name` for a key that is a Lua name, else `[key]` as a table shows keys.
    private func pathStep(at index: Int32) -> String {
        if lua_type(L, index) == LUA_TSTRING, let name = bytes(at: index), LuaSyntax.isIdentifier(name.bytes) {
            return "." + String(decoding: name.bytes, as: UTF8.self)
        }
        return "[" + String(decoding: (try? describe(at: index, quoted: true)) ?? Array(typeName(at: index).utf8), as: UTF8.self) + "]"
    }

}

extension LuaCall {
    /// Whether arguments `a` and `b` are equal without metamethods (Lua's `rawequal`; `1 == 1.0`).
    package func rawEqual(_ a: Int, _ b: Int) -> Bool {
        guard let a = slot(a), let b = slot(b) else { return slot(a) == nil && slot(b) == nil }
        return lua_rawequal(stack.L, a, b) != 0
    }

    /// The first difference between arguments `a` and `b` as luassert's `same` compares them
    /// (raw equality, or tables whose raw keys hold the same values, recursively); nil when
    /// they are the same. A missing argument is nil.
    package func difference(_ a: Int, _ b: Int) throws(LuaError) -> LuaDifference? {
        guard lua_checkstack(stack.L, 3) != 0 else { return nil }
        let base = stack.top
        defer { lua_settop(stack.L, base) }
        if let slot = slot(a) { lua_pushvalue(stack.L, slot) } else { lua_pushnil(stack.L) }
        if let slot = slot(b) { lua_pushvalue(stack.L, slot) } else { lua_pushnil(stack.L) }
        return try stack.difference(base + 1, base + 2)
    }

    /// The argument as a table shows it: strings quoted and escaped, tables rendered
    /// deterministically (see `describe(at:)`).
    package func quoted(at index: Int) throws(LuaError) -> [UInt8] {
        guard let slot = slot(index) else { return Array("nil".utf8) }
        return try stack.describe(at: slot, quoted: true)
    }
}

extension LuaState {
    /// Makes the global `assert` a table that calls as Lua's own `assert` (same results,
    /// messages and positions) and holds `fields`, luassert's spelling (`assert.equal`).
    package func makeAssertCallable(adding fields: [(String, LuaFunctionBody)]) {
        let stack = LuaStack(L: currentThread, state: self)
        guard scn_install_callable_assert(stack.L) == LUA_OK else {
            fatalError("LuaKit: making assert callable failed: \(stack.string(at: -1) ?? "?")")
        }
        let top = stack.top
        scn_push_globals(stack.L)
        lua_getfield(stack.L, -1, "assert")
        for (name, body) in fields {
            stack.push(.function(makeFunction(body)))
            lua_setfield(stack.L, -2, name)
        }
        lua_settop(stack.L, top)
    }
}
