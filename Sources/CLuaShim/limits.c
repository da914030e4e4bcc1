// The limits on a top-level call: the instruction budget (the count hook, and work done in C
// charged to it), the memory limit's trip, interrupts (Ctrl-C, the output limit), and the
// error a tripped limit raises at the script's line.
#include "internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// The traceback of where the instruction limit or an interrupt first tripped (scn_raise_abort).
const char scn_trip_traceback_key = 0;

atomic_int scn_interrupt_generation = 0;

// The text of the tripped limit, without a location.
void scn_abort_text(const scn_state *st, char *buffer, size_t size) {
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
int scn_update_abort(scn_state *st, long long steps) {
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
void scn_raise_abort_at_level(lua_State *L, int level) {
    luaL_where(L, level);
    char where[160];
    snprintf(where, sizeof where, "%s", lua_tostring(L, -1));
    lua_pop(L, 1);
    scn_raise_abort(L, where, 1, 0);
}

void scn_raise_abort_at_caller(lua_State *L) { scn_raise_abort_at_level(L, 1); }

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

// MARK: Setting the limits

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
