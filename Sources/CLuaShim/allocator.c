// The counting allocator every state allocates through: small blocks from a pool per state,
// large ones from malloc on a list (so a snapshot can pin them, snapshots.c), every byte counted
// against the memory limit, and allocation failing only where Lua can raise through its own
// frames (scn_state.failable).
#include "internal.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

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
void scn_pool_release(scn_pool *pool) {
    for (size_t i = 0; i < pool->slab_count; i++) free(pool->slabs[i]);
    free(pool->slabs);
    memset(pool, 0, sizeof *pool);
}

// MARK: Large blocks
// Blocks above SCN_POOL_MAX are malloc's, behind a header (scn_large) that links them while no
// snapshot pins them, so a restore can free what a run allocated. The header is 32 bytes, so the
// block keeps malloc's alignment.

_Static_assert(sizeof(scn_large) % 16 == 0, "scn_large must keep malloc's alignment");

void scn_large_link(scn_state *st, scn_large *header) {
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
void scn_large_free_all(scn_state *st) {
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

// MARK: The allocator

void *scn_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
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

// MARK: The memory limit

void scn_set_memory_limit(lua_State *L, size_t bytes) {
    scn_state *st = scn_get_state(L);
    st->limit = bytes;
    st->pool.cap = bytes != 0 && bytes < SCN_POOL_CAP ? bytes : SCN_POOL_CAP;
}

size_t scn_memory_used(lua_State *L) { return scn_get_state(L)->used; }

size_t scn_pool_reserved(lua_State *L) { return scn_get_state(L)->pool.slab_count * (size_t)SCN_POOL_SLAB; }
