// Snapshots of a state's memory, for explore to run each of its runs from the same start.
#include "internal.h"

#include <stdlib.h>
#include <string.h>

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
void scn_snapshot_release(scn_snapshot *snap) {
    if (snap == NULL) return;
    for (size_t i = snap->saved.pool.slab_count; i < snap->span_count; i++) {
        free((scn_large *)snap->spans[i].at - 1);
    }
    free(snap->bytes);
    free(snap->spans);
    free(snap);
}
