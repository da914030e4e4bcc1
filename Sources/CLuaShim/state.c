// The state, its counting allocator, the count hook and the protected entry from Swift.
#include "internal.h"

#include <errno.h>
#include <limits.h>
#include <unistd.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char scn_traceback_key = 0;
// The text of the last error value that was not a string or a number (scn_message_handler).
static const char scn_error_text_key = 0;
// The traceback of where the instruction limit or an interrupt first tripped (scn_raise_abort).
static const char scn_trip_traceback_key = 0;

static atomic_int scn_interrupt_generation = 0;


// MARK: The pool
// A run of scenesim explore creates and closes a Lua state per run, and Lua allocates and frees
// small blocks (strings, tables, closures) all the time: glibc's malloc, with its locking, bins
// and consolidation, was an eighth of explore's instructions. A free list per size class makes
// an allocation or a free a few instructions, and closing the state frees a few slabs.

static inline size_t scn_pool_class(size_t size) { return (size + SCN_POOL_GRAIN - 1) / SCN_POOL_GRAIN - 1; }

static int scn_compare_slabs(const void *a, const void *b) {
    uintptr_t x = (uintptr_t)*(char *const *)a, y = (uintptr_t)*(char *const *)b;
    return x < y ? -1 : x > y;
}

// Whether `block` lies in one of the pool's slabs (asked only once the pool overflowed, when
// small blocks may also come from malloc; the slab list is sorted then and no longer grows).
static int scn_pool_owns(const scn_pool *pool, const void *block) {
    uintptr_t base = (uintptr_t)block & ~(uintptr_t)(SCN_POOL_SLAB - 1);
    size_t lo = 0, hi = pool->slab_count;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        uintptr_t slab = (uintptr_t)pool->slabs[mid];
        if (slab == base) return 1;
        if (slab < base) lo = mid + 1; else hi = mid;
    }
    return 0;
}

// A new slab, unless that would pass the cap (then the pool overflows for good).
static int scn_pool_grow(scn_pool *pool) {
    if (pool->overflowed) return 0;
    if ((pool->slab_count + 1) * (size_t)SCN_POOL_SLAB > pool->cap) {
        qsort(pool->slabs, pool->slab_count, sizeof *pool->slabs, scn_compare_slabs);
        pool->overflowed = 1;
        return 0;
    }
    if (pool->slab_count == pool->slab_capacity) {
        size_t capacity = pool->slab_capacity ? pool->slab_capacity * 2 : 16;
        char **slabs = realloc(pool->slabs, capacity * sizeof *slabs);
        if (slabs == NULL) return 0;
        pool->slabs = slabs;
        pool->slab_capacity = capacity;
    }
    // Aligned to its size, so a block's slab is its address rounded down (scn_pool_owns).
    char *slab = aligned_alloc(SCN_POOL_SLAB, SCN_POOL_SLAB);
    if (slab == NULL) return 0;
    pool->slabs[pool->slab_count++] = slab;
    pool->cursor = slab;
    pool->end = slab + SCN_POOL_SLAB;
    return 1;
}

// A block of `bytes` (a class's size) from a new slab; malloc's once the pool is at its cap.
static __attribute__((noinline)) void *scn_pool_take_new(scn_pool *pool, size_t size, size_t bytes) {
    // The old slab's rest (less than one block of this class) goes to the free list of the
    // largest class it holds.
    char *rest = pool->cursor;
    size_t left = (size_t)(pool->end - pool->cursor);
    if (!scn_pool_grow(pool)) return malloc(size);
    if (left >= SCN_POOL_GRAIN) {
        size_t fit = left / SCN_POOL_GRAIN - 1;
        *(void **)rest = pool->free[fit];
        pool->free[fit] = rest;
    }
    void *block = pool->cursor;
    pool->cursor += bytes;
    return block;
}

static inline void *scn_pool_take(scn_pool *pool, size_t size) {
    size_t class = scn_pool_class(size);
    void *block = pool->free[class];
    if (block != NULL) {
        pool->free[class] = *(void **)block;
        return block;
    }
    size_t bytes = (class + 1) * SCN_POOL_GRAIN;
    if ((size_t)(pool->end - pool->cursor) < bytes) return scn_pool_take_new(pool, size, bytes);
    block = pool->cursor;
    pool->cursor += bytes;
    return block;
}

static inline void scn_pool_give(scn_pool *pool, void *block, size_t size) {
    if (pool->overflowed && !scn_pool_owns(pool, block)) {
        free(block);
        return;
    }
    size_t class = scn_pool_class(size);
    *(void **)block = pool->free[class];
    pool->free[class] = block;
}

// Frees the slabs: every block of the pool at once (the state is closed).
static void scn_pool_release(scn_pool *pool) {
    for (size_t i = 0; i < pool->slab_count; i++) free(pool->slabs[i]);
    free(pool->slabs);
    memset(pool, 0, sizeof *pool);
}

// MARK: Large blocks
// Blocks above SCN_POOL_MAX are malloc's, behind a header (scn_large) that links them while no
// snapshot pins them, so a restore can free what a run allocated. The header is 32 bytes, so the
// block keeps malloc's alignment.

_Static_assert(sizeof(scn_large) % 16 == 0, "scn_large must keep malloc's alignment");

static inline void scn_large_link(scn_state *st, scn_large *header) {
    header->prev = NULL;
    header->next = st->large;
    if (st->large != NULL) st->large->prev = header;
    st->large = header;
}

static inline void scn_large_unlink(scn_state *st, scn_large *header) {
    if (header->prev != NULL) header->prev->next = header->next; else st->large = header->next;
    if (header->next != NULL) header->next->prev = header->prev;
}

static void *scn_large_new(scn_state *st, size_t size) {
    if (size > SIZE_MAX - sizeof(scn_large)) return NULL;
    scn_large *header = malloc(sizeof *header + size);
    if (header == NULL) return NULL;
    header->size = size;
    header->pinned = 0;
    scn_large_link(st, header);
    return header + 1;
}

// A pinned block stays where it is, with its bytes, until the snapshot is restored or dropped;
// it is marked freed (SCN_PINNED_FREED), so a snapshot taken again can let it go.
static void scn_large_free(scn_state *st, void *block) {
    scn_large *header = (scn_large *)block - 1;
    if (header->pinned) {
        header->pinned = SCN_PINNED_FREED;
        return;
    }
    scn_large_unlink(st, header);
    free(header);
}

// Frees every block on the state's list (those a snapshot has not pinned).
static void scn_large_free_all(scn_state *st) {
    for (scn_large *h = st->large, *next; h != NULL; h = next) {
        next = h->next;
        free(h);
    }
    st->large = NULL;
}

static void *scn_large_resize(scn_state *st, void *block, size_t old, size_t nsize) {
    scn_large *header = (scn_large *)block - 1;
    if (header->pinned || nsize > SIZE_MAX - sizeof(scn_large)) {
        void *moved = scn_large_new(st, nsize);
        if (moved == NULL) return nsize < old ? block : NULL;
        memcpy(moved, block, old < nsize ? old : nsize);
        scn_large_free(st, block);
        return moved;
    }
    scn_large *prev = header->prev, *next = header->next;
    scn_large *resized = realloc(header, sizeof *header + nsize);
    if (resized == NULL) return nsize < old ? block : NULL;
    resized->size = nsize;
    if (prev != NULL) prev->next = resized; else st->large = resized;
    if (next != NULL) next->prev = resized;
    return resized + 1;
}

// A new block of `size` bytes: the pool's for small sizes, malloc's for large ones.
static inline void *scn_block_new(scn_state *st, size_t size) {
    return size <= SCN_POOL_MAX ? scn_pool_take(&st->pool, size) : scn_large_new(st, size);
}

// Frees a block of `size` bytes made by scn_block_new (or resized by scn_resize).
static inline void scn_block_free(scn_state *st, void *block, size_t size) {
    if (size <= SCN_POOL_MAX) {
        scn_pool_give(&st->pool, block, size);
    } else {
        scn_large_free(st, block);
    }
}

// Resizes `ptr` (`old` bytes, 0 for a new block) to `nsize` bytes, nsize > 0.
static inline void *scn_resize(scn_state *st, void *ptr, size_t old, size_t nsize) {
    if (ptr == NULL) return scn_block_new(st, nsize);
    if (old > SCN_POOL_MAX && nsize > SCN_POOL_MAX) return scn_large_resize(st, ptr, old, nsize);
    if (old <= SCN_POOL_MAX && nsize <= SCN_POOL_MAX && scn_pool_class(old) == scn_pool_class(nsize)) return ptr;
    void *block = scn_block_new(st, nsize);
    // Lua takes a shrink never to fail: the old block is big enough (it is given back to the
    // pool of the smaller size later, where it serves as well).
    if (block == NULL) return nsize < old ? ptr : NULL;
    memcpy(block, ptr, old < nsize ? old : nsize);
    scn_block_free(st, ptr, old);
    return block;
}

// MARK: Snapshots
// A snapshot is a copy of every byte Lua holds: the slabs of the pool (up to the newest slab's
// cursor) and the large blocks, which it pins (they stay allocated, whatever Lua does, so the
// copies go back to the same addresses), and the shim's bookkeeping. Restoring frees what came
// since and copies the bytes back: the state is then the one the snapshot saw, pointer for
// pointer, at a cost proportional to its size and not to the work done since.

typedef struct scn_snapshot_span {
    void *at;
    size_t length;
} scn_snapshot_span;

struct scn_snapshot {
    scn_state saved;          // the bookkeeping when taken
    scn_snapshot_span *spans; // the slabs first (saved.pool.slab_count of them), then pinned blocks
    size_t span_count;
    unsigned char *bytes;     // the spans' bytes, one after another
};

size_t scn_snapshot_take(lua_State *L) {
    scn_state *st = scn_get_state(L);
    if (st->snapshot != NULL || st->depth != 0 || st->swift_frames != 0 || st->pool.overflowed) return 0;
    scn_snapshot *snap = calloc(1, sizeof *snap);
    if (snap == NULL) return 0;
    size_t spans = st->pool.slab_count, size = 0;
    for (scn_large *h = st->large; h != NULL; h = h->next) spans++;
    snap->spans = malloc((spans ? spans : 1) * sizeof *snap->spans);
    if (snap->spans == NULL) {
        free(snap);
        return 0;
    }
    for (size_t i = 0; i < st->pool.slab_count; i++) {
        char *slab = st->pool.slabs[i];
        // The newest slab is carved up to the cursor; the rest of it holds nothing yet.
        size_t length = i + 1 == st->pool.slab_count ? (size_t)(st->pool.cursor - slab) : SCN_POOL_SLAB;
        snap->spans[snap->span_count++] = (scn_snapshot_span){ slab, length };
        size += length;
    }
    for (scn_large *h = st->large; h != NULL; h = h->next) {
        snap->spans[snap->span_count++] = (scn_snapshot_span){ h + 1, h->size };
        size += h->size;
    }
    snap->bytes = malloc(size ? size : 1);
    if (snap->bytes == NULL) {
        free(snap->spans);
        free(snap);
        return 0;
    }
    unsigned char *to = snap->bytes;
    for (size_t i = 0; i < snap->span_count; i++) {
        memcpy(to, snap->spans[i].at, snap->spans[i].length);
        to += snap->spans[i].length;
    }
    for (scn_large *h = st->large; h != NULL; h = h->next) h->pinned = SCN_PINNED;
    st->large = NULL;
    snap->saved = *st;
    st->snapshot = snap;
    return size;
}

int scn_snapshot_restore(lua_State *L) {
    scn_state *st = scn_get_state(L);
    scn_snapshot *snap = st->snapshot;
    if (snap == NULL || st->depth != 0 || st->swift_frames != 0 || st->pool.overflowed) return 0;
    scn_large_free_all(st);
    for (size_t i = snap->saved.pool.slab_count; i < st->pool.slab_count; i++) free(st->pool.slabs[i]);
    const unsigned char *from = snap->bytes;
    for (size_t i = 0; i < snap->span_count; i++) {
        memcpy(snap->spans[i].at, from, snap->spans[i].length);
        from += snap->spans[i].length;
    }
    // Every pinned block is Lua's again, whether the run freed it or not.
    for (size_t i = snap->saved.pool.slab_count; i < snap->span_count; i++) {
        ((scn_large *)snap->spans[i].at - 1)->pinned = SCN_PINNED;
    }
    // The bookkeeping as it was, but for what the host set since and the pool's slab list,
    // which only grew (its first entries are the snapshot's slabs).
    scn_state now = *st;
    *st = snap->saved;
    st->limit = now.limit;
    st->max_instructions = now.max_instructions;
    st->interrupt = now.interrupt;
    st->host = now.host;
    st->dispatch = now.dispatch;
    st->pool.slabs = now.pool.slabs;
    st->pool.slab_capacity = now.pool.slab_capacity;
    st->pool.cap = now.pool.cap;
    st->large = NULL;
    st->snapshot = snap;
    return 1;
}

size_t scn_snapshot_retake(lua_State *L) {
    scn_state *st = scn_get_state(L);
    scn_snapshot *snap = st->snapshot;
    if (snap == NULL || st->depth != 0 || st->swift_frames != 0 || st->pool.overflowed) return 0;
    // The old snapshot's blocks: those Lua freed since go, the others are Lua's like any block
    // made since (the new snapshot pins them all again).
    for (size_t i = snap->saved.pool.slab_count; i < snap->span_count; i++) {
        scn_large *header = (scn_large *)snap->spans[i].at - 1;
        if (header->pinned == SCN_PINNED_FREED) {
            free(header);
        } else {
            header->pinned = 0;
            scn_large_link(st, header);
        }
    }
    free(snap->bytes);
    free(snap->spans);
    free(snap);
    st->snapshot = NULL;
    return scn_snapshot_take(L);
}

int scn_snapshot_held(lua_State *L) { return scn_get_state(L)->snapshot != NULL; }

// Frees the snapshot and the blocks it pinned (the state is being closed: Lua freed the rest).
static void scn_snapshot_release(scn_snapshot *snap) {
    if (snap == NULL) return;
    for (size_t i = snap->saved.pool.slab_count; i < snap->span_count; i++) {
        free((scn_large *)snap->spans[i].at - 1);
    }
    free(snap->bytes);
    free(snap->spans);
    free(snap);
}

// Counts `steps` of work toward the instruction limit inside a call, tripping it without
// raising (the count hook raises it at the script's next instruction): for work done where no
// error may be raised, in the allocator or with Swift frames on the stack.
static void scn_count_work(scn_state *st, long long steps) {
    if (st->depth == 0 || st->abort != SCN_ABORT_NONE || st->max_instructions <= 0) return;
    st->instructions += steps;
    if (st->instructions > st->max_instructions) st->abort = SCN_ABORT_INSTRUCTIONS;
}

// MARK: The allocator

static void *scn_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
    scn_state *st = (scn_state *)ud;
    size_t old = ptr ? osize : 0;  // with ptr == NULL, osize is a type tag
    if (nsize == 0) {
        if (ptr != NULL) scn_block_free(st, ptr, old);
        st->used -= old;
        return NULL;
    }
    // A large block's bytes are work done in C for the script (a string built by upper, sub,
    // format, `..`, table.concat, utf8.char, a buffer): a step per 64 bytes, as the collection
    // below. Charged without raising; the count hook or the next charged call raises it. (A
    // loop of s:upper() on a megabyte, a few instructions each, ran for hours under a budget of
    // ten million instructions.)
    if (nsize > old + 256 && st->failable && !st->uncounted) scn_count_work(st, (long long)((nsize - old) / 64));
    // Only growth fails, and only where Lua can raise LUA_ERRMEM through its own frames.
    if (nsize > old && st->limit != 0 && st->failable) {
        int retry = st->refused && st->refused_ptr == ptr && st->refused_osize == osize && st->refused_nsize == nsize;
        st->refused = 0;
        if (retry && st->refusal_tripped) {
            // Asked again after the emergency collection: the refusal's trip stands only if the
            // growth still does not fit (below).
            st->refusal_tripped = 0;
            if (st->abort == SCN_ABORT_MEMORY && !st->memory_raised) st->abort = SCN_ABORT_NONE;
        }
        size_t after = st->used - old + nsize;
        if (after > st->limit) {
            // The trip is sticky, like the instruction limit's: once its error was raised,
            // growth past the limit fails at once (no emergency collection, no slack), so code
            // that caught it (pcall, a coroutine, a handler, a __close) cannot go on allocating.
            if (st->memory_raised) return NULL;
            // First refusal: Lua collects all its garbage and asks again (its emergency
            // collection). Asked again and still over: the limit trips, and the count hook
            // raises its error at the script's line within SCN_HOOK_STEP instructions (a memory
            // error raised here would carry no line). Until then Lua may hold up to a slack past
            // the limit; past that, or once another limit tripped, growth fails (LUA_ERRMEM, no
            // line), and the memory limit has tripped all the same: the protected call that
            // catches it raises it again at its line (scn_check_tripped).
            size_t slack = st->limit / 8 > SCN_MEMORY_SLACK ? st->limit / 8 : SCN_MEMORY_SLACK;
            if (!retry && st->abort != SCN_ABORT_MEMORY) {
                // Lua now collects everything (its emergency collection), work that grows with
                // the heap: charged to the instruction budget, so a loop of pcalls each failing
                // at the limit stops there instead of collecting for hours (no raise here: the
                // count hook raises it at the script's next instruction).
                scn_count_work(st, (long long)(st->used / 64));
                st->refused = 1;
                st->refused_ptr = ptr;
                st->refused_osize = osize;
                st->refused_nsize = nsize;
                // Some callers never ask again: lauxlib's buffers (string.rep, table.concat,
                // string.format) raise "not enough memory" at once. The refusal trips the limit
                // for them; a caller that asks again clears it first (above).
                if (st->abort == SCN_ABORT_NONE) {
                    st->abort = SCN_ABORT_MEMORY;
                    st->refusal_tripped = 1;
                }
                return NULL;
            }
            if (st->abort != SCN_ABORT_NONE && st->abort != SCN_ABORT_MEMORY) return NULL;
            st->abort = SCN_ABORT_MEMORY;
            if (after > st->limit + slack) return NULL;
        }
    }
    void *block = scn_resize(st, ptr, old, nsize);
    if (block == NULL) return NULL;
    st->used = st->used - old + nsize;
    return block;
}

static int scn_panic(lua_State *L) {
    // Reaching this is a bug in LuaKit: some raise escaped every protected call.
    const char *msg = lua_tostring(L, -1);
    fprintf(stderr, "LuaKit: unprotected Lua error: %s\n", msg ? msg : "(not a string)");
    fflush(stderr);
    abort();
    return 0;
}

// The text of the tripped limit, without a location.
static void scn_abort_text(const scn_state *st, char *buffer, size_t size) {
    if (st->abort == SCN_ABORT_INSTRUCTIONS) {
        snprintf(buffer, size, "instruction limit exceeded (%lld instructions)", st->max_instructions);
    } else if (st->abort == SCN_ABORT_MEMORY) {
        snprintf(buffer, size, "memory limit exceeded (%zu bytes)", st->limit);
    } else if (st->interrupt != NULL
               && atomic_load_explicit(st->interrupt, memory_order_relaxed) == SCN_INTERRUPT_OUTPUT) {
        snprintf(buffer, size, "output limit exceeded (%zu bytes)", st->limit);
    } else {
        snprintf(buffer, size, "interrupted");
    }
}

// Raises the tripped limit's error after `where` ("file:line: " or ""). The first such message
// is kept, with the traceback from stack level `level` (the code that was running): the
// top-level call reports them, not the later line where the error, caught by a script,
// tripped again (scn_pcall).
static void scn_raise_abort(lua_State *L, const char *where, int level, int in_hook) {
    scn_state *st = scn_get_state(L);
    char text[96];
    scn_abort_text(st, text, sizeof text);
    (void)in_hook;
    // The message and the first trip's traceback are made past the memory limit if need be (a
    // few bytes): a memory error raised while making them would replace the limit's.
    int was_failable = st->failable;
    st->failable = 0;
    if (st->abort == SCN_ABORT_MEMORY) {
        // The memory limit is as sticky as the instruction limit (issue 43): the run ends with
        // it. Every protected call raises it again as it returns, the count hook at every
        // instruction, and the allocator refuses growth past the limit from now on.
        st->memory_raised = 1;
        if (st->memory_message[0] == '\0') {
            snprintf(st->memory_message, sizeof st->memory_message, "%s%s", where, text);
        }
    }
    if (st->abort_message[0] == '\0') {
        snprintf(st->abort_message, sizeof st->abort_message, "%s%s", where, text);
        luaL_traceback(L, L, NULL, level);
        lua_rawsetp(L, LUA_REGISTRYINDEX, &scn_trip_traceback_key);
        st->trip_traceback = 1;
    }
    lua_pushfstring(L, "%s%s", where, text);
    st->failable = was_failable;
    lua_error(L);
}

// Trips the limit when the budget is spent or an interrupt came; true when tripped.
static int scn_update_abort(scn_state *st, long long steps) {
    // A memory trip (set by the allocator: still over the limit after a full collection) is
    // sticky like the others, even if the memory went back under the limit before the hook
    // raised it.
    if (st->abort != SCN_ABORT_NONE) return 1;
    int interrupted = atomic_load_explicit(&scn_interrupt_generation, memory_order_relaxed)
        != st->seen_generation;
    if (st->interrupt != NULL && atomic_load_explicit(st->interrupt, memory_order_relaxed)) {
        interrupted = 1;
    }
    if (interrupted) {
        st->abort = SCN_ABORT_INTERRUPTED;
    } else if (st->max_instructions > 0) {
        st->instructions += steps;
        if (st->instructions > st->max_instructions) st->abort = SCN_ABORT_INSTRUCTIONS;
    }
    return st->abort != SCN_ABORT_NONE;
}

// Tripped: from now on this thread stops at every instruction, so code that caught the error
// (pcall, a coroutine, an error handler, a __close) cannot run a single one; a script's own hook
// (debug.sethook) is dropped with its events.
void scn_trip(lua_State *L, lua_Debug *ar) {
    if (lua_gethookcount(L) != 1 || lua_gethookmask(L) != LUA_MASKCOUNT) {
        lua_sethook(L, scn_hook, LUA_MASKCOUNT, 1);
    }
    char where[160] = "";
    if (ar != NULL && lua_getinfo(L, "Sl", ar) && ar->currentline > 0) {
        snprintf(where, sizeof where, "%s:%d: ", ar->short_src, ar->currentline);
    }
    scn_raise_abort(L, where, 0, 1);  // in a hook, level 0 is the function running
}

void scn_hook(lua_State *L, lua_Debug *ar) {
    scn_state *st = scn_get_state(L);
    if (st->depth == 0) return;  // e.g. a finalizer run by a collection outside any call
    int step = lua_gethookcount(L);
    if (lua_gethookmask(L) == LUA_MASKCOUNT && step == SCN_HOOK_STEP && !st->script_hooks) {
        // No script hook on this thread, no trip: the common case. (A script's hook with a
        // count of 1000 or more and no other event has this mask and step too: once a script
        // set a hook, scn_run_script_hook looks.)
        if (scn_update_abort(st, step)) scn_trip(L, ar);
        return;
    }
    if (ar->event == LUA_HOOKCOUNT ? scn_update_abort(st, step) : st->abort != SCN_ABORT_NONE) {
        scn_trip(L, ar);
    }
    // A script's hook, or a thread left at one instruction per hook by an earlier trip (which
    // gets its normal step back).
    scn_run_script_hook(L, ar, step);
}

void scn_push_abort_message(lua_State *L) {
    scn_state *st = scn_get_state(L);
    char text[96];
    scn_abort_text(st, text, sizeof text);
    lua_pushstring(L, st->abort_message[0] != '\0' ? st->abort_message : text);
}

// Raises at the script line that called the running C function.
static void scn_raise_abort_at_level(lua_State *L, int level) {
    luaL_where(L, level);
    char where[160];
    snprintf(where, sizeof where, "%s", lua_tostring(L, -1));
    lua_pop(L, 1);
    scn_raise_abort(L, where, 1, 0);
}

static void scn_raise_abort_at_caller(lua_State *L) { scn_raise_abort_at_level(L, 1); }

int scn_caller_level(lua_State *L) {
    int level = scn_get_state(L)->caller_level;
    return level > 1 ? level : 1;
}

void scn_call_from_library(lua_State *L) {
    scn_get_state(L)->next_caller_level = 2;
}

void scn_charge_later(lua_State *L, long long steps) {
    // Uncounted code (explore's engine, on a thread with no hook) is not charged.
    if (lua_gethook(L) != NULL) scn_count_work(scn_get_state(L), steps);
}

int scn_charge_work(lua_State *L, long long steps) {
    scn_state *st = scn_get_state(L);
    if (st->depth == 0) return 0;
    return scn_update_abort(st, lua_gethook(L) != NULL ? steps : 0);
}

void scn_charge_counted(lua_State *L, long long steps) {
    if (lua_gethook(L) != NULL) scn_charge(L, steps);
}

void scn_charge(lua_State *L, long long steps) {
    scn_state *st = scn_get_state(L);
    if (st->depth == 0) return;
    if (scn_update_abort(st, steps)) scn_raise_abort_at_caller(L);
}

void scn_check_tripped(lua_State *L) {
    scn_state *st = scn_get_state(L);
    if (st->depth > 0 && st->abort != SCN_ABORT_NONE) scn_raise_abort_at_caller(L);
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

void scn_set_memory_limit(lua_State *L, size_t bytes) {
    scn_state *st = scn_get_state(L);
    st->limit = bytes;
    st->pool.cap = bytes != 0 && bytes < SCN_POOL_CAP ? bytes : SCN_POOL_CAP;
}

size_t scn_memory_used(lua_State *L) { return scn_get_state(L)->used; }

size_t scn_pool_reserved(lua_State *L) { return scn_get_state(L)->pool.slab_count * (size_t)SCN_POOL_SLAB; }

void scn_set_instruction_limit(lua_State *L, long long instructions) {
    scn_get_state(L)->max_instructions = instructions > 0 ? instructions : 0;
}

int scn_last_abort(lua_State *L) { return scn_get_state(L)->abort; }

int scn_is_memory_error(lua_State *L, const char *message) {
    const char *raised = scn_get_state(L)->memory_message;
    return raised[0] != '\0' && message != NULL && strcmp(raised, message) == 0;
}

void *scn_interrupt_flag_create(void) {
    atomic_int *flag = malloc(sizeof *flag);
    if (flag != NULL) atomic_init(flag, 0);
    return flag;
}

void scn_interrupt_flag_destroy(void *flag) { free(flag); }

void scn_interrupt_flag_raise(void *flag) {
    atomic_store_explicit((atomic_int *)flag, 1, memory_order_relaxed);
}

void scn_interrupt_flag_raise_output(void *flag) {
    atomic_store_explicit((atomic_int *)flag, SCN_INTERRUPT_OUTPUT, memory_order_relaxed);
}

int scn_interrupt_flag_value(void *flag) {
    return atomic_load_explicit((atomic_int *)flag, memory_order_relaxed);
}

void scn_set_interrupt_flag(lua_State *L, void *flag) {
    scn_get_state(L)->interrupt = (atomic_int *)flag;
}

void scn_interrupt_all(void) {
    atomic_fetch_add_explicit(&scn_interrupt_generation, 1, memory_order_relaxed);
}

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

int scn_load_file(lua_State *L, const char *path) {
    return luaL_loadfilex(L, path, "t");
}

// lauxlib's file reader (luaL_loadfilex), which takes its chunk name from the path; it stops
// after `max_bytes` (then `over` is set), so a file that grows while read is still bounded.
typedef struct {
    int pending;
    int over;
    long long left;
    FILE *file;
    char buffer[BUFSIZ];
} scn_file_reader;

static const char *scn_read_file(lua_State *L, void *data, size_t *size) {
    scn_file_reader *reader = (scn_file_reader *)data;
    (void)L;
    if (reader->pending > 0) {
        *size = (size_t)reader->pending;
        reader->pending = 0;
    } else {
        if (feof(reader->file) || reader->over) return NULL;
        *size = fread(reader->buffer, 1, sizeof(reader->buffer), reader->file);
    }
    if ((long long)*size > reader->left) {
        reader->over = 1;
        return NULL;
    }
    reader->left -= (long long)*size;
    return reader->buffer;
}

static int scn_file_error(lua_State *L, const char *what, const char *chunk_name) {
    const char *reason = strerror(errno);
    lua_pushfstring(L, "cannot %s %s: %s", what, chunk_name + (chunk_name[0] == '@'), reason);
    return LUA_ERRFILE;
}

static int scn_load_stream_named(lua_State *L, FILE *file, const char *chunk_name, long long max_bytes) {
    scn_file_reader reader;
    reader.pending = 0;
    reader.over = 0;
    reader.left = max_bytes;
    reader.file = file;
    // As lauxlib: a UTF-8 BOM is skipped, and a first line starting with '#' (a shebang)
    // becomes an empty line, so line numbers stay right.
    int c = getc(reader.file);
    if (c == 0xEF && getc(reader.file) == 0xBB && getc(reader.file) == 0xBF) c = getc(reader.file);
    if (c == '#') {
        do { c = getc(reader.file); } while (c != EOF && c != '\n');
        reader.buffer[reader.pending++] = '\n';
        c = getc(reader.file);
    }
    if (c != EOF) reader.buffer[reader.pending++] = (char)c;
    errno = 0;
    int status = lua_load(L, scn_read_file, &reader, chunk_name, "t");
    int failed = ferror(reader.file);
    fclose(reader.file);
    if (reader.over) {
        lua_pop(L, 1);
        lua_pushfstring(L, "cannot read %s: larger than %d MiB, the most scenesim reads from one file; make it smaller",
                        chunk_name + (chunk_name[0] == '@'), (int)(max_bytes >> 20));
        return LUA_ERRFILE;
    }
    if (failed) {
        lua_pop(L, 1);  // the function or the message lua_load left
        return scn_file_error(L, "read", chunk_name);
    }
    return status;
}

int scn_load_file_named(lua_State *L, const char *path, const char *chunk_name) {
    errno = 0;
    FILE *file = fopen(path, "r");
    if (file == NULL) return scn_file_error(L, "open", chunk_name);
    // A path the user gave (scenesim run's file, a pipe): read whole, as it always was.
    return scn_load_stream_named(L, file, chunk_name, LLONG_MAX);
}

int scn_load_descriptor_named(lua_State *L, int fd, const char *chunk_name, long long max_bytes) {
    errno = 0;
    FILE *file = fdopen(fd, "r");
    if (file == NULL) {
        close(fd);
        return scn_file_error(L, "open", chunk_name);
    }
    return scn_load_stream_named(L, file, chunk_name, max_bytes);
}

int scn_load_string(lua_State *L, const char *source, size_t length, const char *chunk_name) {
    return luaL_loadbufferx(L, source, length, chunk_name, "t");
}

int scn_load_binary(lua_State *L, const unsigned char *bytes, size_t length, const char *chunk_name) {
    return luaL_loadbufferx(L, (const char *)bytes, length, chunk_name, "b");
}

typedef struct {
    unsigned char *data;
    size_t size;
    size_t capacity;
} scn_dump_buffer;

static int scn_dump_writer(lua_State *L, const void *p, size_t size, void *ud) {
    (void)L;
    scn_dump_buffer *buffer = ud;
    if (buffer->size + size > buffer->capacity) {
        size_t capacity = buffer->capacity ? buffer->capacity : 4096;
        while (capacity < buffer->size + size) capacity *= 2;
        unsigned char *grown = realloc(buffer->data, capacity);
        if (grown == NULL) return 1;
        buffer->data = grown;
        buffer->capacity = capacity;
    }
    memcpy(buffer->data + buffer->size, p, size);
    buffer->size += size;
    return 0;
}

int scn_dump_function(lua_State *L, unsigned char **bytes, size_t *length) {
    scn_dump_buffer buffer = { NULL, 0, 0 };
    int status = lua_dump(L, scn_dump_writer, &buffer, 0);
    if (status != 0) {
        free(buffer.data);
        buffer.data = NULL;
        buffer.size = 0;
    }
    *bytes = buffer.data;
    *length = buffer.size;
    return status;
}

void scn_dump_free(unsigned char *bytes) {
    free(bytes);
}

/// What scn_function_names walks with: the name as lua_dump writes a string constant (its
/// size plus one as one byte with the high bit set, for names under 127 bytes, then the bytes),
/// the values seen (by address), and how many more it may look at.
typedef struct {
    unsigned char pattern[128];
    size_t pattern_length;
    const void *seen[4096];
    size_t seen_count;
} scn_names_walk;

static int scn_names_seen(scn_names_walk *walk, const void *p) {
    for (size_t i = 0; i < walk->seen_count; i++) {
        if (walk->seen[i] == p) return 1;
    }
    return 0;
}

/// The value at the top of the stack: 1 when it (or what it reaches) names the name, -1 when
/// the walk has looked at too much, 0 otherwise. Leaves the stack as it was.
static int scn_names_value(lua_State *L, scn_names_walk *walk, int depth) {
    int type = lua_type(L, -1);
    if (type != LUA_TFUNCTION && type != LUA_TTABLE) return 0;
    if (type == LUA_TFUNCTION && lua_iscfunction(L, -1)) return 0;
    const void *p = lua_topointer(L, -1);
    if (scn_names_seen(walk, p)) return 0;
    if (walk->seen_count == sizeof walk->seen / sizeof walk->seen[0]) return -1;
    walk->seen[walk->seen_count++] = p;
    if (!lua_checkstack(L, 3)) return -1;
    if (type == LUA_TTABLE) {
        if (depth == 0) return 0;
        lua_pushnil(L);
        while (lua_next(L, -2) != 0) {
            int found = scn_names_value(L, walk, depth - 1);
            lua_pop(L, 1);
            if (found != 0) {
                lua_pop(L, 1);
                return found;
            }
        }
        return 0;
    }
    // Its code, stripped (a local or an upvalue named so is no use of it), nested functions included.
    scn_dump_buffer buffer = { NULL, 0, 0 };
    int status = lua_dump(L, scn_dump_writer, &buffer, 1);
    int found = status != 0 ? -1 : 0;
    for (size_t i = 0; found == 0 && buffer.size >= walk->pattern_length && i <= buffer.size - walk->pattern_length; i++) {
        if (memcmp(buffer.data + i, walk->pattern, walk->pattern_length) == 0) found = 1;
    }
    free(buffer.data);
    if (found != 0) return found;
    for (int n = 1; lua_getupvalue(L, -1, n) != NULL; n++) {
        found = scn_names_value(L, walk, 1);
        lua_pop(L, 1);
        if (found != 0) return found;
    }
    return 0;
}

int scn_function_names(lua_State *L, const char *name) {
    size_t length = strlen(name);
    if (length == 0 || length >= 126) return 1;
    scn_names_walk *walk = malloc(sizeof *walk);
    if (walk == NULL) return 1;
    walk->pattern[0] = (unsigned char)(0x80 | (length + 1));
    memcpy(walk->pattern + 1, name, length);
    walk->pattern_length = length + 1;
    walk->seen_count = 0;
    int found = scn_names_value(L, walk, 1);
    free(walk);
    return found != 0;
}

void scn_format_number(double value, char *buffer, size_t size) {
    // NaN reads "nan" whatever its sign bit: 0/0 is a negative NaN on x86 and a positive one on
    // ARM, and glibc prints the sign ("-nan") where Apple's libc does not, so the same scenario
    // would print other bytes on another machine.
    if (value != value) {
        snprintf(buffer, size, "nan");
        return;
    }
    int length = snprintf(buffer, size, LUA_NUMBER_FMT, value);
    if (length > 0 && (size_t)length + 2 < size
        && buffer[strspn(buffer, "-0123456789")] == '\0') {
        buffer[length] = '.';
        buffer[length + 1] = '0';
        buffer[length + 2] = '\0';
    }
}
