// Private to the shim: the per-state bookkeeping shared by its C files.
#pragma once

#include "CLuaShim.h"
#include <stdatomic.h>

typedef struct scn_state {
    size_t used;              // bytes Lua holds now
    size_t limit;             // 0 = unlimited
    // Allocation may fail only while this is set: Lua code runs under a Swift-started pcall and
    // no Swift callback is on top of it. Failing anywhere else would longjmp across Swift.
    int failable;
    int depth;                // Swift-started protected calls in progress
    long long instructions;   // executed in the current top-level call (in SCN_HOOK_STEP units)
    long long max_instructions;
    int abort;                // scn_abort; sticky until the next top-level call
    int seen_generation;      // scn_interrupt_all generation when the top-level call began
    atomic_int *interrupt;    // optional per-state flag owned by the host
    void *host;
    scn_dispatch_fn dispatch;
} scn_state;

scn_state *scn_get_state(lua_State *L);

// Registry keys (their addresses are the keys).
extern const char scn_traceback_key;
extern const char scn_classes_key;
extern const char scn_cache_key;
extern const char scn_randomseed_key;

/// Pushes registry[key], creating an empty table there first if needed.
void scn_push_registry_table(lua_State *L, const void *key);
