// The functions that catch errors, made unable to absorb a tripped limit.
//
// Once the instruction limit or an interrupt has fired, the run must end with that error. The
// count hook then stops at every instruction, but a function that catches errors could still
// hand the error to code that never runs another instruction of its own thread. So `pcall`,
// `xpcall`, `coroutine.resume`, `coroutine.close` and the functions `coroutine.wrap` makes
// raise the limit's error again as soon as the call they protected is over, at the script's
// line. Everything else is what Lua 5.4.4 does: `pcall`, `xpcall` and wrap's function are its
// own (lbaselib.c, lcorolib.c; Copyright (C) 1994-2022 Lua.org, PUC-Rio, MIT licence: see the
// notice in lua.h), with the checks added, so they keep their names in error messages and still
// let a coroutine yield across them.
#include "internal.h"

static int scn_finish_pcall(lua_State *L, int status, lua_KContext extra) {
    scn_check_tripped(L);
    if (status != LUA_OK && status != LUA_YIELD) {  // error?
        lua_pushboolean(L, 0);  // first result (false)
        lua_pushvalue(L, -2);  // error message
        return 2;  // return false, msg
    }
    return lua_gettop(L) - (int)extra;  // return all results
}

static int scn_pcall_function(lua_State *L) {
    luaL_checkany(L, 1);
    lua_pushboolean(L, 1);  // first result if no errors
    lua_insert(L, 1);
    int status = lua_pcallk(L, lua_gettop(L) - 2, LUA_MULTRET, 0, 0, scn_finish_pcall);
    return scn_finish_pcall(L, status, 0);
}

// xpcall's message handler, in a C function that skips it once a limit tripped: the count hook
// raises the limit's error with Lua's hooks off, and they stay off while the handler runs, so a
// handler that loops would never be stopped. Its message goes through as it is.
static int scn_guarded_handler(lua_State *L) {
    if (scn_get_state(L)->abort != SCN_ABORT_NONE) return 1;
    return scn_call_original(L, 1);
}

// After `lua_rotate` the stack holds <f, err, true, f, [args...]>, so the first two values are
// skipped when returning results.
static int scn_xpcall_function(lua_State *L) {
    int n = lua_gettop(L);
    luaL_checktype(L, 2, LUA_TFUNCTION);  // the message handler
    lua_pushvalue(L, 2);
    lua_pushcclosure(L, scn_guarded_handler, 1);
    lua_replace(L, 2);
    lua_pushboolean(L, 1);  // first result
    lua_pushvalue(L, 1);  // function
    lua_rotate(L, 3, 2);  // move them below the function's arguments
    int status = lua_pcallk(L, n - 2, LUA_MULTRET, 2, 2, scn_finish_pcall);
    return scn_finish_pcall(L, status, 2);
}

// Checks the coroutine argument here, so a bad one is reported as stock Lua reports it (the
// original, called from C, would know neither its name nor the script's line).
static lua_State *scn_check_coroutine(lua_State *L) {
    lua_State *co = lua_tothread(L, 1);
    luaL_argexpected(L, co != NULL, 1, "thread");
    return co;
}

// coroutine.resume(co, ...): the original (upvalue 1), which raises nothing once `co` is a
// coroutine, then the check.
static int scn_resume(lua_State *L) {
    scn_check_coroutine(L);
    scn_check_tripped(L);
    int results = scn_call_original(L, LUA_MULTRET);
    scn_check_tripped(L);
    return results;
}

// coroutine.close(co): the original (upvalue 1) runs the coroutine's pending __close
// metamethods and catches their errors. Its own "cannot close" error is raised here first.
static int scn_close_coroutine(lua_State *L) {
    lua_State *co = scn_check_coroutine(L);
    const char *status = NULL;
    if (co == L) {
        status = "running";
    } else if (lua_status(co) == LUA_OK) {
        lua_Debug ar;
        if (lua_getstack(co, 0, &ar)) status = "normal";  // it resumed the running one
    }
    if (status != NULL) return luaL_error(L, "cannot close a %s coroutine", status);
    // A coroutine the limit stopped died with Lua's hooks off (see scn_guarded_handler): its
    // __close metamethods must not run.
    scn_check_tripped(L);
    int results = scn_call_original(L, LUA_MULTRET);
    scn_check_tripped(L);
    return results;
}

// The function coroutine.wrap returns: Lua 5.4.4's auxwrap (lcorolib.c), except that once a
// limit tripped it neither closes the dead coroutine's variables (their __close would run with
// hooks off) nor returns: it raises the limit's error. Upvalue 1 is the coroutine.
static int scn_wrapped_coroutine(lua_State *L) {
    lua_State *co = lua_tothread(L, lua_upvalueindex(1));
    scn_check_tripped(L);
    int narg = lua_gettop(L);
    if (!lua_checkstack(co, narg)) return luaL_error(L, "too many arguments to resume");
    lua_xmove(L, co, narg);
    int nres = 0;
    int status = lua_resume(co, L, narg, &nres);
    scn_check_tripped(L);
    if (status == LUA_OK || status == LUA_YIELD) {
        if (!lua_checkstack(L, nres + 1)) {
            lua_pop(co, nres);  // remove results anyway
            return luaL_error(L, "too many results to resume");
        }
        lua_xmove(co, L, nres);  // move yielded values
        return nres;
    }
    lua_xmove(co, L, 1);  // the error message
    status = lua_resetthread(co);  // close its tbc variables
    lua_xmove(co, L, 1);  // the error message after them
    if (status != LUA_ERRMEM && lua_type(L, -1) == LUA_TSTRING) {  // add where, as stock does
        luaL_where(L, 1);
        lua_insert(L, -2);
        lua_concat(L, 2);
    }
    return lua_error(L);
}

static int scn_wrap(lua_State *L) {
    luaL_checktype(L, 1, LUA_TFUNCTION);
    lua_State *co = lua_newthread(L);
    lua_pushvalue(L, 1);  // move function to top
    lua_xmove(L, co, 1);  // move function from L to co
    lua_pushcclosure(L, scn_wrapped_coroutine, 1);
    return 1;
}

void scn_install_protected_functions(lua_State *L) {
    lua_pushcfunction(L, scn_pcall_function);
    lua_setglobal(L, "pcall");
    lua_pushcfunction(L, scn_xpcall_function);
    lua_setglobal(L, "xpcall");
    if (lua_getglobal(L, LUA_COLIBNAME) == LUA_TTABLE) {
        lua_getfield(L, -1, "resume");
        lua_pushcclosure(L, scn_resume, 1);
        lua_setfield(L, -2, "resume");
        lua_getfield(L, -1, "close");
        lua_pushcclosure(L, scn_close_coroutine, 1);
        lua_setfield(L, -2, "close");
        lua_pushcfunction(L, scn_wrap);
        lua_setfield(L, -2, "wrap");
    }
    lua_pop(L, 1);
}
