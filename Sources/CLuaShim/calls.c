// The calls between Swift and Lua: the protected entry from Swift (scn_pcall), the trampoline,
// the one way back to Swift, which raises only after Swift returned, and the calls of a library
// function's original from its wrapper.
#include "internal.h"

const char scn_traceback_key = 0;
// The text of the last error value that was not a string or a number (scn_message_handler).
static const char scn_error_text_key = 0;

// Like lua.c's msghandler, but the traceback goes to the registry so Swift gets the message
// and the traceback separately.
static int scn_message_handler(lua_State *L) {
    // The error value stays what the script raised (a table stays a table, for Swift to raise
    // again: LuaReturn.raise); the text of one that is not a string or a number is kept beside
    // the traceback, made here, where a __tostring may run.
    lua_settop(L, 1);
    if (lua_type(L, 1) != LUA_TSTRING && lua_type(L, 1) != LUA_TNUMBER) {
        if (!(luaL_callmeta(L, 1, "__tostring") && lua_type(L, -1) == LUA_TSTRING)) {
            lua_settop(L, 1);
            lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
        }
        lua_rawsetp(L, LUA_REGISTRYINDEX, &scn_error_text_key);
    }
    luaL_traceback(L, L, NULL, 1);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &scn_traceback_key);
    return 1;
}

int scn_pcall(lua_State *L, int nargs, int nresults) {
    scn_state *st = scn_get_state(L);
    if (!lua_checkstack(L, 2)) {
        lua_settop(L, -(nargs + 1) - 1);
        return SCN_PCALL_NO_STACK;
    }
    int handler = lua_gettop(L) - nargs;
    lua_pushcfunction(L, scn_message_handler);
    lua_insert(L, handler);
    if (st->depth == 0) {
        st->instructions = 0;
        st->abort = SCN_ABORT_NONE;
        st->abort_message[0] = '\0';
        if (st->trip_traceback) {
            lua_pushnil(L);
            lua_rawsetp(L, LUA_REGISTRYINDEX, &scn_trip_traceback_key);
            st->trip_traceback = 0;
        }
        st->refused = 0;
        st->memory_raised = 0;
        st->memory_message[0] = '\0';
        st->seen_generation = atomic_load_explicit(&scn_interrupt_generation, memory_order_relaxed);
        if (st->interrupt != NULL) atomic_store_explicit(st->interrupt, 0, memory_order_relaxed);
    }
    int was_failable = st->failable, was_uncounted = st->uncounted;
    st->depth += 1;
    st->failable = 1;
    st->uncounted = 0;  // Swift calls Lua on a counted thread
    int status = lua_pcall(L, nargs, nresults, handler);
    st->uncounted = was_uncounted;
    st->failable = was_failable;
    st->depth -= 1;
    if (st->abort != SCN_ABORT_NONE
        && (status == LUA_OK || status != LUA_ERRRUN || lua_type(L, -1) != LUA_TSTRING || st->trip_traceback)) {
        // The limit tripped: the call fails with the message and traceback of where it first
        // tripped. Either something absorbed its error (or failed handling it), or a script
        // caught it and it tripped again further out (`pcall(spin)` stops at spin's loop, not
        // at the line of the pcall).
        lua_settop(L, handler);
        char text[96];
        scn_abort_text(st, text, sizeof text);
        lua_pushstring(L, st->abort_message[0] != '\0' ? st->abort_message : text);
        if (st->trip_traceback) {
            lua_rawgetp(L, LUA_REGISTRYINDEX, &scn_trip_traceback_key);
        } else {
            lua_pushnil(L);
        }
        lua_rawsetp(L, LUA_REGISTRYINDEX, &scn_traceback_key);
        status = LUA_ERRRUN;
    }
    lua_remove(L, handler);
    return status;
}

void scn_push_error_text(lua_State *L) {
    lua_rawgetp(L, LUA_REGISTRYINDEX, &scn_error_text_key);
    lua_pushnil(L);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &scn_error_text_key);
}

void scn_push_traceback(lua_State *L) {
    lua_rawgetp(L, LUA_REGISTRYINDEX, &scn_traceback_key);
    lua_pushnil(L);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &scn_traceback_key);
}

// The only way Lua reaches Swift (from the trampoline, or a handle's __index). Swift returns a
// status; raising happens here, after it returned.
int scn_call_swift(lua_State *L, lua_Integer id) {
    scn_state *st = scn_get_state(L);
    if (st->dispatch == NULL) return 0;
    // On a thread with no hook (uncounted.c) nothing else watches the interrupt flags or
    // raises a memory limit the allocator tripped.
    if (lua_gethook(L) == NULL && st->depth > 0 && scn_update_abort(st, 0)) scn_raise_abort_at_caller(L);
    int level = st->next_caller_level > 1 ? st->next_caller_level : 1;
    st->next_caller_level = 0;
    int outer_level = st->caller_level;
    st->caller_level = level;
    int was_failable = st->failable;
    st->failable = 0;
    st->swift_frames += 1;
    int results = st->dispatch(st->host, L, id);
    st->swift_frames -= 1;
    st->failable = was_failable;
    st->caller_level = outer_level;
    // Work the Swift function charged (scn_charge_later: a long note, a large table printed)
    // that passed the instruction limit stops the script here, at the line that called it:
    // left to the next hook step, a script that ended first reported the limit with no line.
    // An interrupt that came meanwhile (Ctrl-C during a long print or a settle of many
    // windows) stops it here too: a loop of such calls spends its time in Swift, between hook
    // steps.
    if (st->depth > 0 && scn_update_abort(st, 0)) scn_raise_abort_at_level(L, level);
    if (was_failable && st->limit != 0 && st->used > st->limit) {
        // Swift allocated past the limit. Allocating now fails unless a full collection frees
        // enough (Lua's LUA_ERRMEM, from here, in C), or trips the limit, raised at this line.
        lua_checkstack(L, 1);
        lua_newuserdatauv(L, 1, 0);
        lua_pop(L, 1);
        if (st->depth > 0 && st->abort != SCN_ABORT_NONE) scn_raise_abort_at_level(L, level);
    }
    if (results == SCN_CALLBACK_ERROR) return lua_error(L);
    return results;
}

static int scn_trampoline(lua_State *L) {
    return scn_call_swift(L, lua_tointeger(L, lua_upvalueindex(1)));
}

void scn_push_function(lua_State *L, lua_Integer function_id) {
    lua_pushinteger(L, function_id);
    lua_pushcclosure(L, scn_trampoline, 1);
}

int scn_caller_level(lua_State *L) {
    int level = scn_get_state(L)->caller_level;
    return level > 1 ? level : 1;
}

void scn_call_from_library(lua_State *L) {
    scn_get_state(L)->next_caller_level = 2;
}

void scn_replace_function(lua_State *L, const char *name, const void *key, lua_CFunction wrapper) {
    lua_getfield(L, -1, name);
    lua_rawsetp(L, LUA_REGISTRYINDEX, key);
    lua_pushcfunction(L, wrapper);
    lua_setfield(L, -2, name);
}

int scn_call_original(lua_State *L, const void *key, int results) {
    lua_rawgetp(L, LUA_REGISTRYINDEX, key);
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, results);
    return lua_gettop(L);
}
