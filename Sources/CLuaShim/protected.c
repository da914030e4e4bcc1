// The functions that catch errors, made unable to absorb a tripped limit.
//
// Once the instruction limit or an interrupt has fired, the run must end with that error. The
// count hook then stops at every instruction, but a function that catches errors could still
// hand the error to code that never runs another instruction of its own thread. So `pcall`,
// `xpcall`, `coroutine.resume`, `coroutine.close` and the functions `coroutine.wrap` makes
// raise the limit's error again as soon as the call they protected is over, at the script's
// line. Everything else is what Lua 5.4.4 does: `pcall`, `xpcall` and wrap's function are its
// own with the checks added (vendor/catching.c).
#include "internal.h"

// MARK: Errors raised in a hook
// Lua turns hooks off while a hook runs and turns them on again when it returns. An error a
// script's own hook raises (debug.sethook, with --allow-io) leaves the hook without returning: a
// protected call on the same thread turns hooks on again as it catches it, but a coroutine that
// dies of it stays with hooks off. (The count hook's own errors, the limits', are sticky: every
// function here raises them again before running anything, scn_check_tripped.) Its `<close>` handlers, run by coroutine.close or by coroutine.wrap's function,
// would then run with no instruction limit and no Ctrl-C (an endless one needed SIGKILL), and so
// would an xpcall message handler, which runs where the error was raised, inside the hook. So
// each such error is noted beside its thread (a table with weak keys: thread -> the error value),
// and neither runs for it: a thread killed in a hook keeps its `<close>` handlers unrun.

static const char scn_hook_errors_key = 0;

void scn_mark_hook_error(lua_State *L) {
    scn_state *st = scn_get_state(L);
    if (!lua_checkstack(L, 4)) return;
    // Noting it must not fail at the memory limit (Lua's memory error would replace the error
    // being raised): a few bytes may pass the limit here.
    int was_failable = st->failable;
    st->failable = 0;
    scn_push_weak_registry_table(L, &scn_hook_errors_key);
    lua_pushthread(L);
    lua_pushvalue(L, -3);
    lua_rawset(L, -3);
    lua_pop(L, 1);
    st->failable = was_failable;
}

// Pushes the error value noted for `thread` (nil when none) on L.
static void scn_push_hook_error(lua_State *L, lua_State *thread) {
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &scn_hook_errors_key) != LUA_TTABLE) return;
    if (thread == L) {
        lua_pushthread(L);
    } else {
        lua_pushthread(thread);
        lua_xmove(thread, L, 1);
    }
    lua_rawget(L, -2);
    lua_remove(L, -2);
}

void scn_clear_hook_error(lua_State *L) {
    if (!lua_checkstack(L, 3)) return;
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &scn_hook_errors_key) == LUA_TTABLE) {
        lua_pushthread(L);
        if (lua_rawget(L, -2) != LUA_TNIL) {
            lua_pop(L, 1);
            lua_pushthread(L);
            lua_pushnil(L);
            lua_rawset(L, -3);
            lua_pushnil(L);
        }
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
}

int scn_is_hook_error(lua_State *L, lua_State *thread, int index) {
    index = lua_absindex(L, index);
    if (!lua_checkstack(L, 3)) return 0;
    scn_push_hook_error(L, thread);
    int same = !lua_isnil(L, -1) && lua_rawequal(L, -1, index);
    lua_pop(L, 1);
    return same;
}

int scn_died_in_hook(lua_State *L, lua_State *co) {
    int status = lua_status(co);
    if (status == LUA_OK || status == LUA_YIELD || lua_gettop(co) == 0) return 0;
    if (!lua_checkstack(L, 2) || !lua_checkstack(co, 1)) return 0;
    lua_pushvalue(co, -1);  // its error
    lua_xmove(co, L, 1);
    int died = scn_is_hook_error(L, co, -1);
    lua_pop(L, 1);
    return died;
}

// xpcall's message handler, in a C function that skips it once a limit tripped: the count hook
// raises the limit's error with Lua's hooks off, and they stay off while the handler runs, so a
// handler that loops would never be stopped. Its message goes through as it is.
int scn_guarded_handler(lua_State *L) {
    if (scn_get_state(L)->abort != SCN_ABORT_NONE) return 1;
    // Raised in a hook: hooks are off while the handler would run.
    if (scn_is_hook_error(L, L, 1)) return 1;
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, 1);
    return 1;
}

// Checks the coroutine argument here, so a bad one is reported as stock Lua reports it (the
// original, called from C, would know neither its name nor the script's line).
static lua_State *scn_check_coroutine(lua_State *L) {
    lua_State *co = lua_tothread(L, 1);
    luaL_argexpected(L, co != NULL, 1, "thread");
    return co;
}

static const char scn_resume_key = 0;
static const char scn_close_key = 0;

// coroutine.resume(co, ...): the original (registry[scn_resume_key]), which raises nothing once `co` is a
// coroutine, then the check.
static int scn_resume(lua_State *L) {
    scn_check_coroutine(L);
    scn_check_tripped(L);
    int results = scn_call_original(L, &scn_resume_key, LUA_MULTRET);
    scn_check_tripped(L);
    return results;
}

// coroutine.close(co): the original (registry[scn_close_key]) runs the coroutine's pending __close
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
    if (scn_died_in_hook(L, co)) {
        // The same, for a coroutine killed by an error its script's hook raised: the
        // result of closing it (false and its error), its __close metamethods unrun.
        lua_pushboolean(L, 0);
        lua_pushvalue(co, -1);
        lua_xmove(co, L, 1);
        return 2;
    }
    int results = scn_call_original(L, &scn_close_key, LUA_MULTRET);
    scn_check_tripped(L);
    return results;
}

static int scn_wrap(lua_State *L) {
    luaL_checktype(L, 1, LUA_TFUNCTION);
    lua_State *co = lua_newthread(L);
    lua_pushvalue(L, 1);  // move function to top
    lua_xmove(L, co, 1);  // move function from L to co
    lua_pushcclosure(L, scn_wrapped_coroutine, 1);
    return 1;
}

// coroutine.yield: stock's (luaB_yield), but for the yield stock cannot place. Code the
// simulator runs from inside one of its calls (a hook, a timer, a handler, a model's code) is
// called by Swift through a plain lua_pcall, so it can never yield; stock Lua says "attempt to
// yield across a C-call boundary" with no line, and the script's author cannot tell which of
// their functions yielded, or why. A yield that cannot happen while a Swift function is under
// way is refused at the yielding line, with the reason (outside any coroutine, in stock's
// words). Every other yield (in table.sort's comparator, outside any coroutine) is stock's.
static int scn_yield(lua_State *L) {
    if (!lua_isyieldable(L) && scn_get_state(L)->swift_frames > 0) {
        int main = lua_pushthread(L);
        lua_pop(L, 1);
        luaL_where(L, 1);
        if (main) {
            lua_pushliteral(L, "attempt to yield from outside a coroutine");
        } else {
            lua_pushliteral(L, "attempt to yield across a C-call boundary: this code runs inside a call to the "
                               "simulator (a hook, a timer, a handler), which cannot be suspended; yield after that call returns");
        }
        lua_concat(L, 2);
        return lua_error(L);
    }
    return lua_yield(L, lua_gettop(L));
}

void scn_install_protected_functions(lua_State *L) {
    lua_pushcfunction(L, scn_pcall_function);
    lua_setglobal(L, "pcall");
    lua_pushcfunction(L, scn_xpcall_function);
    lua_setglobal(L, "xpcall");
    if (lua_getglobal(L, LUA_COLIBNAME) == LUA_TTABLE) {
        scn_replace_function(L, "resume", &scn_resume_key, scn_resume);
        scn_replace_function(L, "close", &scn_close_key, scn_close_coroutine);
        lua_pushcfunction(L, scn_wrap);
        lua_setfield(L, -2, "wrap");
        lua_pushcfunction(L, scn_yield);
        lua_setfield(L, -2, "yield");
    }
    lua_pop(L, 1);
}
