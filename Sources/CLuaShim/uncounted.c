// Code of scenesim's own that runs without the count hook, and the script code it calls with it.
//
// Lua 5.4 calls the hook machinery before every VM instruction of a thread whose hook mask
// has a count, whatever the count: about a sixth of what the explore engine's Lua costs.
// The engine's loop cannot run forever (it does a bounded amount of work per step), so it runs
// on a thread of its own with no hook (`uncounted`), and every call it makes into script code
// (a module's rules, preconditions and invariants, and the text of what they returned) goes
// back to the counted thread that started it (`counted`). The instruction limit therefore
// counts the script's instructions, and the engine's cost nothing.
//
// What keeps the promise that no script code runs uncounted is the engine's discipline: on the
// uncounted thread it touches no value a script can give a metamethod (strings' metatable
// included: no `tostring`, `format("%s")` or method call on a string there), calls no library
// function through a table a script can change, and runs script functions only through
// `counted`. Swift functions called from the uncounted thread watch the interrupt flags, as the
// count hook would (scn_call_swift), and Swift calls back into Lua on the counted thread.
#include "internal.h"

// The text of an error value, made under the hook (a __tostring is script code): a string, a
// number, a boolean or nil as tostring gives it, a value with __tostring by it, and any other
// value as `scenesim run` reports it ("(error object is a table value)"), never tostring's
// "table: 0x..." (an address: a run would not read the same twice).
static int scn_tostring(lua_State *L) {
    int type = lua_type(L, 1);
    if (type == LUA_TSTRING || type == LUA_TNUMBER || type == LUA_TBOOLEAN || type == LUA_TNIL
        || luaL_getmetafield(L, 1, "__tostring") != LUA_TNIL) {
        lua_settop(L, 1);
        luaL_tolstring(L, 1, NULL);
        return 1;
    }
    lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
    return 1;
}

// Replaces the error value on top of L by its text, in a protected call on L.
static void scn_error_text(lua_State *L) {
    lua_pushcfunction(L, scn_tostring);
    lua_insert(L, -2);
    if (lua_pcall(L, 1, 1, 0) != LUA_OK && lua_type(L, -1) != LUA_TSTRING) {
        const char *type = luaL_typename(L, -1);
        lua_pop(L, 1);
        lua_pushfstring(L, "(error object is a %s value)", type);
    }
}

// A limit tripped in the code just called: raised again on `T`, at its caller's line (the
// engine's pcall cannot absorb it), so the uncounted run ends and `uncounted` raises the trip's
// first message (the script's line) on the counted thread.
static int scn_tripped(const scn_state *st) {
    return st->abort != SCN_ABORT_NONE;
}

// counted(fn, ...): fn(...) in a protected call on the counted thread that started the
// uncounted run (or on this thread, when it is counted). Returns true and fn's results, or false and
// the error's text.
static int scn_counted(lua_State *T) {
    scn_state *st = scn_get_state(T);
    luaL_checkany(T, 1);
    int n = lua_gettop(T);
    // From uncounted code, back to the thread that started it; from counted code (a script's
    // coroutine, say), on that code's own thread.
    lua_State *L = lua_gethook(T) == NULL && st->unhooked_caller != NULL ? st->unhooked_caller : T;
    if (L == T) {
        int status = lua_pcall(T, n - 1, LUA_MULTRET, 0);
            if (scn_tripped(st)) scn_check_tripped(T);
        if (status != LUA_OK) {
            scn_error_text(T);
            if (scn_tripped(st)) scn_check_tripped(T);
        }
        lua_pushboolean(T, status == LUA_OK);
        lua_insert(T, 1);
        return lua_gettop(T);
    }
    if (!lua_checkstack(L, n + LUA_MINSTACK)) return luaL_error(T, "stack overflow (calling script code from the engine)");
    int base = lua_gettop(L);
    lua_xmove(T, L, n);
    int was_uncounted = st->uncounted;
    st->uncounted = 0;
    int status = lua_pcall(L, n - 1, LUA_MULTRET, 0);
    st->uncounted = was_uncounted;
    if (status != LUA_OK && !scn_tripped(st)) scn_error_text(L);
    if (scn_tripped(st)) {
        lua_settop(L, base);
        scn_check_tripped(T);
    }
    int results = lua_gettop(L) - base;
    if (!lua_checkstack(T, results + 1)) {
        lua_settop(L, base);
        return luaL_error(T, "stack overflow (results of script code called from the engine)");
    }
    lua_pushboolean(T, status == LUA_OK);
    lua_xmove(L, T, results);
    return results + 1;
}

// uncounted(fn, ...): fn(...) on a new thread with no hook; its results, or its error raised
// again here. A limit tripped meanwhile (in script code it called) is raised with the trip's
// first message, which names the script's line.
static int scn_uncounted(lua_State *L) {
    scn_state *st = scn_get_state(L);
    luaL_checktype(L, 1, LUA_TFUNCTION);
    int n = lua_gettop(L);
    lua_State *T = lua_newthread(L);
    lua_sethook(T, NULL, 0, 0);
    lua_insert(L, 1);  // anchored below fn and its arguments while it runs
    lua_xmove(L, T, n);
    lua_State *outer = st->unhooked_caller;
    st->unhooked_caller = L;
    int results = 0;
    int was_uncounted = st->uncounted;
    st->uncounted = 1;  // the allocator charges none of its blocks
    int status = lua_resume(T, L, n - 1, &results);
    st->uncounted = was_uncounted;
    st->unhooked_caller = outer;
    if (scn_tripped(st)) {
        scn_push_abort_message(L);
        return lua_error(L);
    }
    if (status == LUA_YIELD) return luaL_error(L, "uncounted code yielded");
    if (status != LUA_OK) {
        lua_xmove(T, L, 1);
        return lua_error(L);
    }
    if (!lua_checkstack(L, results)) return luaL_error(L, "stack overflow (results of uncounted code)");
    lua_xmove(T, L, results);
    return results;
}

void scn_push_uncounted(lua_State *L) { lua_pushcfunction(L, scn_uncounted); }

void scn_push_counted(lua_State *L) { lua_pushcfunction(L, scn_counted); }
