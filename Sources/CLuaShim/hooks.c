// debug.sethook and debug.gethook for scripts that open the debug library (--allow-io), made
// unable to lift the instruction limit.
//
// Lua gives each thread one hook, and the count hook that enforces the limit and interrupts is
// it (scn_hook, limits.c). Stock debug.sethook would replace it, so one `debug.sethook()` ran a
// loop past --max-instructions. Here the script's hook (function, events, count) is kept beside
// the thread, as ldblib.c keeps it, and scn_hook runs it: the thread's mask is the script's
// events plus the count, its count step the smaller of the script's count and SCN_HOOK_STEP.
// debug.gethook shows the script's hook, never scenesim's.
//
// Lua turns hooks off while a hook runs, so a script's hook function called from the hook could
// loop forever. It runs instead in a coroutine of its own, whose instructions the count hook
// charges like any other. The difference a hook function can see: its caller is not on its
// stack (debug.getinfo(2) is nil, where stock Lua gives the hooked function, and
// coroutine.running() is that coroutine); the event and the line are its arguments, and
// debug.sethook/gethook without a thread mean the hooked one, as in stock Lua.
#include "internal.h"

#include <string.h>

// Registry keys: the table of script hooks (weak keys: thread -> scn_script_hook userdata,
// whose user value 1 is the function), and the coroutine hook functions run in.
static const char scn_script_hooks_key = 0;
static const char scn_hook_thread_key = 0;

typedef struct scn_script_hook {
    int mask;   // LUA_MASKCALL | LUA_MASKRET | LUA_MASKLINE, as the script asked
    int count;  // run every `count` instructions, 0 for never
    int left;   // instructions until the next count event
} scn_script_hook;

// Pushes the script's hook of `thread` (a userdata) or nil, and returns it.
static scn_script_hook *scn_push_script_hook(lua_State *L, lua_State *thread) {
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &scn_script_hooks_key) != LUA_TTABLE) return NULL;
    if (thread == L) {
        lua_pushthread(L);
    } else {
        lua_checkstack(thread, 1);
        lua_pushthread(thread);
        lua_xmove(thread, L, 1);
    }
    lua_rawget(L, -2);
    lua_remove(L, -2);
    return lua_touserdata(L, -1);
}

// The coroutine script hook functions run in: a finished one is used again.
static lua_State *scn_hook_thread(lua_State *L) {
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &scn_hook_thread_key) == LUA_TTHREAD) {
        lua_State *thread = lua_tothread(L, -1);
        lua_pop(L, 1);
        if (lua_status(thread) == LUA_OK && lua_gettop(thread) == 0) return thread;
    } else {
        lua_pop(L, 1);
    }
    lua_State *thread = lua_newthread(L);
    lua_sethook(thread, scn_hook, LUA_MASKCOUNT, SCN_HOOK_STEP);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &scn_hook_thread_key);  // keeps it alive
    return thread;
}

// Calls the hook function (on top of L) with the event and the line in the hook coroutine, and
// raises its error on L as stock Lua's hook would raise it through the hooked code.
static void scn_call_script_hook(lua_State *L, lua_Debug *ar, const char *event, int line) {
    scn_state *st = scn_get_state(L);
    lua_State *thread = scn_hook_thread(L);
    lua_pushstring(L, event);
    if (line >= 0) lua_pushinteger(L, line); else lua_pushnil(L);
    lua_xmove(L, thread, 3);
    int results = 0;
    st->hooked_thread = L;
    int status = lua_resume(thread, L, 2, &results);
    st->hooked_thread = NULL;
    if (status == LUA_OK) {
        lua_settop(thread, 0);
        return;
    }
    // A hook coroutine that yielded, failed or was stopped by the limit is not used again.
    lua_pushnil(L);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &scn_hook_thread_key);
    if (st->abort != SCN_ABORT_NONE) scn_trip(L, ar);
    if (status == LUA_YIELD) {
        lua_pushliteral(L, "attempt to yield across a C-call boundary");
    } else {
        lua_xmove(thread, L, 1);
    }
    // Raised from the hook, with Lua's hooks off on L until a protected call catches it: a
    // coroutine it kills must not run its <close> handlers (protected.c).
    scn_mark_hook_error(L);
    lua_error(L);
}

void scn_run_script_hook(lua_State *L, lua_Debug *ar, int step) {
    static const char *const event_names[] = { "call", "return", "line", "count", "tail call" };
    scn_state *st = scn_get_state(L);
    int top = lua_gettop(L);
    scn_script_hook *hook = scn_push_script_hook(L, L);
    if (hook == NULL) {
        // No hook of the script's on this thread (a coroutine inherits its creator's mask, not
        // its hook): the count hook alone.
        lua_settop(L, top);
        lua_sethook(L, scn_hook, LUA_MASKCOUNT, SCN_HOOK_STEP);
        return;
    }
    const char *event = NULL;
    if (ar->event == LUA_HOOKCOUNT) {
        if (hook->count > 0) {
            hook->left -= step;
            if (hook->left <= 0) {
                hook->left = hook->count;
                event = event_names[LUA_HOOKCOUNT];
            }
        }
    } else if (ar->event >= 0 && ar->event <= LUA_HOOKTAILCALL) {
        event = event_names[ar->event];
    }
    int next = hook->count > 0 && hook->left < SCN_HOOK_STEP ? hook->left : SCN_HOOK_STEP;
    if (ar->event == LUA_HOOKCOUNT && next != step) {
        lua_sethook(L, scn_hook, hook->mask | LUA_MASKCOUNT, next);
    }
    // Hooks do not run inside a hook function, as in stock Lua.
    if (event != NULL && st->hooked_thread == NULL) {
        lua_getiuservalue(L, -1, 1);
        scn_call_script_hook(L, ar, event, ar->event == LUA_HOOKLINE ? ar->currentline : -1);
    }
    lua_settop(L, top);
}

// The thread argument of debug.sethook/gethook, as ldblib.c's getthread. Without one, a hook
// function means the thread it hooks, which stock Lua runs it on (so a hook can remove itself).
static lua_State *scn_thread_argument(lua_State *L, int *arg) {
    if (lua_isthread(L, 1)) {
        *arg = 1;
        return lua_tothread(L, 1);
    }
    *arg = 0;
    lua_State *hooked = scn_get_state(L)->hooked_thread;
    return hooked != NULL ? hooked : L;
}

// debug.sethook([thread,] hook, mask [, count]) and debug.sethook([thread]), with stock's
// argument checks.
static int scn_sethook(lua_State *L) {
    int arg = 0;
    lua_State *thread = scn_thread_argument(L, &arg);
    int mask = 0;
    int count = 0;
    if (!lua_isnoneornil(L, arg + 1)) {
        const char *events = luaL_checkstring(L, arg + 2);
        luaL_checktype(L, arg + 1, LUA_TFUNCTION);
        count = (int)luaL_optinteger(L, arg + 3, 0);
        if (strchr(events, 'c') != NULL) mask |= LUA_MASKCALL;
        if (strchr(events, 'r') != NULL) mask |= LUA_MASKRET;
        if (strchr(events, 'l') != NULL) mask |= LUA_MASKLINE;
        if (count < 0) count = 0;
    }
    scn_push_weak_registry_table(L, &scn_script_hooks_key);
    lua_checkstack(thread, 1);
    lua_pushthread(thread);
    lua_xmove(thread, L, 1);
    if (mask != 0 || count > 0) {
        // From now on the count hook looks for a script's hook on every thread (a count of 1000
        // or more with no other event gives a thread the count hook's own mask and step).
        scn_get_state(L)->script_hooks = 1;
        scn_script_hook *hook = lua_newuserdatauv(L, sizeof *hook, 1);
        hook->mask = mask;
        hook->count = count;
        hook->left = count;
        lua_pushvalue(L, arg + 1);
        lua_setiuservalue(L, -2, 1);
    } else {
        lua_pushnil(L);
    }
    lua_rawset(L, -3);
    // Setting a hook restarts the thread's count, and the instructions since the last count
    // event would go uncharged: a full step is charged for them, so no loop of sethook calls
    // runs free (once the limit tripped, this raises its error instead).
    scn_charge(L, SCN_HOOK_STEP);
    int step = count > 0 && count < SCN_HOOK_STEP ? count : SCN_HOOK_STEP;
    lua_sethook(thread, scn_hook, mask | LUA_MASKCOUNT, step);
    return 0;
}

// debug.gethook([thread]): the script's hook, its events and count, as stock Lua shows them;
// fail when it set none.
static int scn_gethook(lua_State *L) {
    int arg = 0;
    lua_State *thread = scn_thread_argument(L, &arg);
    scn_script_hook *hook = scn_push_script_hook(L, thread);
    if (hook == NULL) {
        luaL_pushfail(L);
        return 1;
    }
    lua_getiuservalue(L, -1, 1);
    char events[4];
    int length = 0;
    if (hook->mask & LUA_MASKCALL) events[length++] = 'c';
    if (hook->mask & LUA_MASKRET) events[length++] = 'r';
    if (hook->mask & LUA_MASKLINE) events[length++] = 'l';
    lua_pushlstring(L, events, (size_t)length);
    lua_pushinteger(L, hook->count);
    return 3;
}

static const char scn_debug_setmetatable_key = 0;

// debug.setmetatable(value, table): the original (registry[scn_debug_setmetatable_key]), refusing a `__gc` field as the
// sandbox's setmetatable does (libraries.c).
static int scn_debug_setmetatable(lua_State *L) {
    if (lua_type(L, 2) == LUA_TTABLE) {
        lua_pushliteral(L, "__gc");
        int finalizer = lua_rawget(L, 2) != LUA_TNIL;
        lua_pop(L, 1);
        if (finalizer) return luaL_error(L, "debug.setmetatable: " SCN_GC_REFUSAL);
    }
    return scn_call_original(L, &scn_debug_setmetatable_key, LUA_MULTRET);
}

void scn_install_debug_functions(lua_State *L) {
    if (lua_getglobal(L, LUA_DBLIBNAME) == LUA_TTABLE) {
        lua_pushcfunction(L, scn_sethook);
        lua_setfield(L, -2, "sethook");
        lua_pushcfunction(L, scn_gethook);
        lua_setfield(L, -2, "gethook");
        scn_replace_function(L, "setmetatable", &scn_debug_setmetatable_key, scn_debug_setmetatable);
    }
    lua_pop(L, 1);
}
