// A state's life: creating it (with its bookkeeping, allocator, panic function and count hook),
// the host it calls, and closing it.
#include "internal.h"

#include <stdio.h>
#include <stdlib.h>

static int scn_panic(lua_State *L) {
    // Reaching this is a bug in LuaKit: some raise escaped every protected call.
    const char *msg = lua_tostring(L, -1);
    fprintf(stderr, "LuaKit: unprotected Lua error: %s\n", msg ? msg : "(not a string)");
    fflush(stderr);
    abort();
    return 0;
}

lua_State *scn_newstate(void) {
    scn_state *st = calloc(1, sizeof *st);
    if (st == NULL) return NULL;
    st->pool.cap = SCN_POOL_CAP;
    lua_State *L = lua_newstate(scn_alloc, st);
    if (L == NULL) {
        scn_pool_release(&st->pool);
        free(st);
        return NULL;
    }
    *(scn_state **)lua_getextraspace(L) = st;
    lua_atpanic(L, scn_panic);
    lua_sethook(L, scn_hook, LUA_MASKCOUNT, SCN_HOOK_STEP);
    return L;
}

void scn_close(lua_State *L) {
    scn_state *st = scn_get_state(L);
    st->dispatch = NULL;
    st->host = NULL;
    lua_close(L);
    scn_close_routed_stdout(st);
    // Lua freed every block it held; those the snapshot pinned are freed with it, and any
    // other large block left (none should be) with the list.
    scn_snapshot_release(st->snapshot);
    scn_large_free_all(st);
    scn_pool_release(&st->pool);
    free(st);
}

void scn_set_host(lua_State *L, void *host, scn_dispatch_fn dispatch) {
    scn_state *st = scn_get_state(L);
    st->host = host;
    st->dispatch = dispatch;
}
