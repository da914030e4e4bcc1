// `assert` as a callable table, luassert's spelling (scenarios/README.md, "Assertions"):
// `assert(v, message, ...)` is Lua's own assert, byte for byte, and the host adds
// `assert.equal` and `assert.same` as fields. The comparison of `assert.same` is here too: it
// walks tables in C, where nothing can run under the walk, and charges its work.
#include "internal.h"

// Lua 5.4's luaB_assert, with the table the call came through removed first: the same
// results, the same message and the same position (level 1 is the script line that called).
static int scn_assert_call(lua_State *L) {
    lua_remove(L, 1);
    if (lua_toboolean(L, 1)) return lua_gettop(L);
    if (lua_gettop(L) == 0) return luaL_error(L, "bad argument #1 to 'assert' (value expected)");
    lua_remove(L, 1);
    lua_pushliteral(L, "assertion failed!");
    lua_settop(L, 1);
    if (lua_type(L, 1) == LUA_TSTRING) {
        luaL_where(L, 1);
        lua_pushvalue(L, 1);
        lua_concat(L, 2);
    }
    return lua_error(L);
}

static int scn_install_assert_body(lua_State *L) {
    lua_createtable(L, 0, 2);
    lua_createtable(L, 0, 1);
    lua_pushcfunction(L, scn_assert_call);
    lua_setfield(L, -2, "__call");
    lua_setmetatable(L, -2);
    scn_push_globals(L);
    lua_pushvalue(L, -2);
    lua_setfield(L, -2, "assert");
    lua_pop(L, 2);
    return 0;
}

int scn_install_callable_assert(lua_State *L) {
    lua_checkstack(L, 2);
    lua_pushcfunction(L, scn_install_assert_body);
    return lua_pcall(L, 0, 0, 0);
}

// Whether the values at a and b are the same (absolute indices). `seen` maps a table of a's
// side to the table of b's it is being compared with, so a cycle or a table shared many times
// is compared once per pairing. Never raises: it runs under a Swift frame (raw access only; the
// allocator does not fail there) and charges its work for later.
static int scn_same_at(lua_State *L, int a, int b, int seen, int depth, long long *steps) {
    *steps += 1;
    if (lua_rawequal(L, a, b)) return 1;
    if (lua_type(L, a) != LUA_TTABLE || lua_type(L, b) != LUA_TTABLE) return 0;
    if (depth >= SCN_SAME_MAX_DEPTH || !lua_checkstack(L, 6)) return 0;
    lua_pushvalue(L, a);
    if (lua_rawget(L, seen) == LUA_TTABLE && lua_rawequal(L, -1, b)) {
        lua_pop(L, 1);
        return 1;
    }
    lua_pop(L, 1);
    lua_pushvalue(L, a);
    lua_pushvalue(L, b);
    lua_rawset(L, seen);
    // Every key of a holds, in b, a value that is the same; then b has no key a lacks.
    lua_pushnil(L);
    while (lua_next(L, a) != 0) {
        int value = lua_gettop(L);
        lua_pushvalue(L, value - 1);
        lua_rawget(L, b);
        int same = scn_same_at(L, value, lua_gettop(L), seen, depth + 1, steps);
        lua_pop(L, 2);
        if (!same) {
            lua_pop(L, 1);
            return 0;
        }
    }
    lua_pushnil(L);
    while (lua_next(L, b) != 0) {
        *steps += 1;
        lua_pop(L, 1);
        lua_pushvalue(L, -1);
        if (lua_rawget(L, a) == LUA_TNIL) {
            lua_pop(L, 2);
            return 0;
        }
        lua_pop(L, 1);
    }
    return 1;
}

int scn_values_same(lua_State *L, int a, int b) {
    a = lua_absindex(L, a);
    b = lua_absindex(L, b);
    if (lua_rawequal(L, a, b)) return 1;
    if (!lua_checkstack(L, 2)) return 0;
    int top = lua_gettop(L);
    lua_createtable(L, 0, 0);
    long long steps = 0;
    int same = scn_same_at(L, a, b, lua_gettop(L), 0, &steps);
    lua_settop(L, top);
    scn_charge_later(L, steps * 4);
    return same;
}
