// Private to the shim: the per-state bookkeeping shared by its C files.
#pragma once

#include <stdio.h>
#include "CLuaShim.h"
#include <stdatomic.h>

/// Blocks of up to SCN_POOL_MAX bytes come from the state's own pool: size classes of
/// SCN_POOL_GRAIN bytes, each with a free list, carved from slabs that live until the state is
/// closed (allocator.c). Lua frees every block with its exact size, so a block needs no header.
/// A freed block serves only its own class, so the slabs are capped (SCN_POOL_CAP, or the
/// memory limit if lower): past the cap, small blocks come from malloc, which coalesces, and
/// a script cannot make the process keep many times its limit by cycling through sizes.
#define SCN_POOL_GRAIN 16
#define SCN_POOL_MAX 512
#define SCN_POOL_CLASSES (SCN_POOL_MAX / SCN_POOL_GRAIN)
#define SCN_POOL_SLAB (64 * 1024)
#define SCN_POOL_CAP (64 * 1024 * 1024)

typedef struct scn_pool {
    void *free[SCN_POOL_CLASSES]; // freed blocks of each class, linked through their first word
    char *cursor, *end;           // the unused rest of the newest slab
    char **slabs;                 // every slab (aligned to its size), sorted once overflowed
    size_t slab_count, slab_capacity;
    size_t cap;                   // SCN_POOL_CAP, or the memory limit if lower (set with it)
    int overflowed;               // the cap was reached: new small blocks may come from malloc
} scn_pool;

/// A block larger than SCN_POOL_MAX: malloc's, behind this header, which links the blocks
/// allocated since the snapshot (if any) so a restore can free them. A block the snapshot
/// copied is pinned: Lua freeing or moving it leaves it in place, to be copied back (snapshots.c).
typedef struct scn_large {
    struct scn_large *prev, *next;
    size_t size;
    size_t pinned;  // 0, SCN_PINNED, or SCN_PINNED_FREED (Lua freed it since the last restore)
} scn_large;

#define SCN_PINNED 1
#define SCN_PINNED_FREED 2

typedef struct scn_snapshot scn_snapshot;

#define SCN_QUICK_CLASSES 16

typedef struct scn_state {
    size_t used;              // bytes Lua holds now
    size_t limit;             // 0 = unlimited
    // Allocation may fail only while this is set: Lua code runs under a Swift-started pcall and
    // no Swift callback is on top of it. Failing anywhere else would longjmp across Swift.
    int failable;
    int depth;                // Swift-started protected calls in progress
    int swift_frames;         // Swift functions (trampoline calls) in progress
    // The level of the script's line for the Swift function being called (its errors, and a
    // limit it passed, are placed there): 1, its caller, unless the shim's own library function
    // that calls it (tostring, print) set next_caller_level to 2 just before the call, so the
    // line is that function's caller's, as for any function of the library.
    int next_caller_level;
    int caller_level;
    int pending_writes;       // buffered field writes wait for scn_flush_writes
    FILE *routed_stdout;      // io.stdout's stream once routed (scn_route_stdout), or NULL
    void *routed;             // its cookie (scn_routed_output)
    long long instructions;   // executed in the current top-level call (in SCN_HOOK_STEP units)
    long long max_instructions;
    int abort;                // scn_abort; sticky until the next top-level call ("tripped")
    // The growth the allocator last refused at the limit: Lua runs a full collection and asks
    // again for the same block; still over the limit then, the memory limit trips (scn_alloc).
    void *refused_ptr;
    size_t refused_osize, refused_nsize;
    int refused;
    char memory_message[192]; // the first memory-limit error raised, with its line
    int memory_raised;        // the memory limit's error was raised: growth past it fails at once
    int refusal_tripped;      // the refusal above tripped the limit, unless Lua asks again and it fits
    char abort_message[192];  // the first located message of the trip, for calls that absorbed it
    int trip_traceback;       // whether the registry holds the first trip's traceback (scn_raise_abort)
    int seen_generation;      // scn_interrupt_all generation when the top-level call began
    lua_State *hooked_thread; // whose debug.sethook function is running now, if one is (hooks.c)
    int script_hooks;         // a script set a hook with debug.sethook (hooks.c): scn_hook looks for it
    int uncounted;            // uncounted code runs now (uncounted.c): its allocations are not charged
    lua_State *unhooked_caller; // the counted thread that started the unhooked run under way (unhooked.c)
    atomic_int *interrupt;    // optional per-state flag owned by the host
    void *host;
    scn_dispatch_fn dispatch;
    scn_pool pool;
    // The metatables of classes 1..SCN_QUICK_CLASSES-1 (scn_register_class), so telling a
    // handle's class takes no registry lookup (they live in the registry as long as the state).
    const void *class_metatables[SCN_QUICK_CLASSES];
    // Each quick class's plain getter and its context, if it has one (scn_set_plain_getter).
    scn_plain_getter plain_getters[SCN_QUICK_CLASSES];
    void *plain_contexts[SCN_QUICK_CLASSES];
    uint32_t plain_fields[SCN_QUICK_CLASSES];  // bit n: the getter may answer field n
    scn_large *large;         // large blocks not pinned by the snapshot, newest first
    scn_snapshot *snapshot;   // the state as it was, to restore (scn_snapshot_take)
} scn_state;

/// A handle's userdata block: (class, id), plus the state of its buffered writes (writes.c).
typedef struct scn_handle {
    int64_t id;
    int32_t class_index;
    uint32_t missed;       // numbered fields read since its cache was last dropped (scn_index)
    const void *last_key;  // the last key marked dirty (its string; alive in the dirty table)
    uint8_t writable;      // writes to its cached fields may be buffered
    uint8_t pending;       // it is in the registry's pending set
} scn_handle;

/// The state's bookkeeping, kept in the extra space of every thread (coroutines copy the main
/// thread's), so reaching it costs no call.
static inline scn_state *scn_get_state(lua_State *L) {
    return *(scn_state **)lua_getextraspace(L);
}

// MARK: The allocator and snapshots (allocator.c, snapshots.c)

/// The allocator every state is created with (its `ud` is the state's scn_state).
void *scn_alloc(void *ud, void *ptr, size_t osize, size_t nsize);
/// Frees the pool's slabs: every small block at once (the state is being closed).
void scn_pool_release(scn_pool *pool);
/// Puts a large block on the state's list of blocks no snapshot pins.
void scn_large_link(scn_state *st, scn_large *header);
/// Frees every large block on the state's list (those a snapshot has not pinned).
void scn_large_free_all(scn_state *st);
/// Frees a snapshot and the blocks it pinned (the state is being closed).
void scn_snapshot_release(scn_snapshot *snap);

// MARK: The limits (limits.c)

/// Bumped by scn_interrupt_all: a top-level call that began at another generation is interrupted.
extern atomic_int scn_interrupt_generation;

/// Counts `steps` of work toward the instruction limit inside a call, tripping it without
/// raising (the count hook raises it at the script's next instruction): for work done where no
/// error may be raised, in the allocator or with Swift frames on the stack.
static inline void scn_count_work(scn_state *st, long long steps) {
    if (st->depth == 0 || st->abort != SCN_ABORT_NONE || st->max_instructions <= 0) return;
    st->instructions += steps;
    if (st->instructions > st->max_instructions) st->abort = SCN_ABORT_INSTRUCTIONS;
}
/// Trips the limit when the budget is spent or an interrupt came; true when tripped.
int scn_update_abort(scn_state *st, long long steps);
/// The text of the tripped limit, without a location.
void scn_abort_text(const scn_state *st, char *buffer, size_t size);
/// Raises the tripped limit's error at the script line `level` levels up (1: the line that
/// called the running C function). Does not return.
void scn_raise_abort_at_level(lua_State *L, int level);
/// scn_raise_abort_at_level at level 1.
void scn_raise_abort_at_caller(lua_State *L);

// Registry keys (their addresses are the keys).
extern const char scn_traceback_key;
extern const char scn_trip_traceback_key;  // where a limit first tripped (limits.c)
extern const char scn_classes_key;
extern const char scn_cache_key;
extern const char scn_randomseed_key;
extern const char scn_pending_key;

/// Charges `steps` units of work done in C (pattern matching, table.move) to the instruction
/// budget, like the count hook charges VM instructions, and watches the interrupt flags: raises
/// the limit's error at the calling script line once the budget is spent or an interrupt came.
void scn_charge(lua_State *L, long long steps);
// scn_charge on a counted thread only (one with the count hook): uncounted code is not charged.
void scn_charge_counted(lua_State *L, long long steps);
/// Raises the limit's error again, located at the calling script line, when the current
/// top-level call has tripped a limit: for functions that catch errors (pcall, resume, ...), so
/// that none of them can absorb it.
void scn_check_tripped(lua_State *L);
/// Closes io.stdout's routed stream (scn_route_stdout), dropping what is left in it.
void scn_close_routed_stdout(scn_state *st);
/// Pushes the message of the tripped limit: the first located one, else its bare text.
void scn_push_abort_message(lua_State *L);
/// For a wrapper whose library original is kept at registry[key] (scn_replace_function): calls
/// it with the wrapper's arguments, keeping `results` of its results (LUA_MULTRET for all), and
/// returns how many are on the stack. Errors propagate as from the original.
int scn_call_original(lua_State *L, const void *key, int results);
/// Replaces field `name` of the table on top by the plain C function `wrapper`, keeping the
/// original at registry[key] for scn_call_original. The wrapper has no upvalues, as the stock
/// functions have none: with --allow-io, debug.getupvalue and debug.getinfo(f).nups see what
/// they see in stock Lua.
void scn_replace_function(lua_State *L, const char *name, const void *key, lua_CFunction wrapper);

/// Calls Swift function `id` on the arguments on the stack, as the trampoline does: Swift
/// returns, then an error it reported is raised here. Returns the number of results.
int scn_call_swift(lua_State *L, lua_Integer id);

/// Replaces pcall, xpcall, coroutine.resume and coroutine.close (protected.c).
void scn_install_protected_functions(lua_State *L);
/// Replaces string.find, match, gmatch, gsub and table.move by versions that charge their work
/// to the instruction budget (patterns.c).
void scn_install_bounded_functions(lua_State *L);

/// Why setmetatable and debug.setmetatable refuse a metatable with a `__gc` field.
#define SCN_GC_REFUSAL "__gc finalizers are not supported: the garbage collector runs them at " \
    "moments no instruction limit or Ctrl-C can reach; release what the object holds explicitly instead"

/// Pushes registry[key], creating an empty table there first if needed.
void scn_push_registry_table(lua_State *L, const void *key);

/// Pushes registry[key], creating there first if needed an empty table with weak keys (its own
/// metatable), for data kept beside objects that must not keep them alive.
void scn_push_weak_registry_table(lua_State *L, const void *key);

/// Notes the error value on top of L, about to be raised from a hook (the count hook's memory
/// limit, a script's hook), beside thread L: the thread has Lua's hooks off until a protected
/// call on it catches the error (protected.c).
void scn_mark_hook_error(lua_State *L);
/// Forgets the error noted for L: a protected call on L caught an error.
void scn_clear_hook_error(lua_State *L);
/// Whether the value at `index` of L is the error noted for `thread`.
int scn_is_hook_error(lua_State *L, lua_State *thread, int index);
/// Whether coroutine `co` died of an error raised in a hook, with Lua's hooks off for good: its
/// `<close>` handlers must not run.
int scn_died_in_hook(lua_State *L, lua_State *co);

/// pcall, xpcall and the function coroutine.wrap returns (upvalue 1: the coroutine): Lua
/// 5.4.4's, unable to absorb a tripped limit (vendor/catching.c).
int scn_pcall_function(lua_State *L);
int scn_xpcall_function(lua_State *L);
int scn_wrapped_coroutine(lua_State *L);
/// xpcall's message handler (upvalue 1) as a C function that skips it once a limit tripped.
int scn_guarded_handler(lua_State *L);

/// The count hook of every thread (limits.c): charges the instruction budget, trips the limit, and
/// runs the script's own hook, if it set one with debug.sethook.
void scn_hook(lua_State *L, lua_Debug *ar);
/// Trips the limit on thread L (one instruction per hook from now on, the script's hook dropped)
/// and raises its error at the line `ar` describes. Does not return.
void scn_trip(lua_State *L, lua_Debug *ar);
/// Runs the hook the script set on thread L for the event `ar` describes, if it asked for that
/// event, and sets the thread's next count step; `step` instructions ran since the last count
/// event (hooks.c).
void scn_run_script_hook(lua_State *L, lua_Debug *ar, int step);
/// Replaces string.rep, table.insert, table.remove and collectgarbage by versions that charge
/// their loops and collections to the instruction budget (vendor/loops.c).
void scn_install_charged_loops(lua_State *L);
/// Replaces debug.sethook, debug.gethook and debug.setmetatable, when the debug library is open,
/// by versions that keep the count hook and refuse __gc (hooks.c).
void scn_install_debug_functions(lua_State *L);
