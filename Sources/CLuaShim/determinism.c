// Library functions whose stock versions print differently from run to run.
//
// Lua seeds its string hashes from the clock and from addresses (ASLR), so the order in which
// `next` visits a table's keys changes between runs, and so would any output a `pairs` loop
// produces. `string.format` with `%p`, or `%s` of a table or function, prints an address.
// scenesim promises the same bytes on every run, so `pairs` visits keys in a fixed order and
// `string.format` renders values as `tostring` does (or refuses `%p`).
#include "internal.h"
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// Registry keys: the host's rendering (LuaStack.describe, registered as tostring before these
// are installed), the host's writer (registered as print), and Lua's string.format and next.
// Kept in the registry, not as upvalues, so the functions have none, as stock's have none.
static const char scn_render_key = 0;
static const char scn_writer_key = 0;
static const char scn_format_key = 0;
static const char scn_next_key = 0;

// MARK: pairs

// A key's place in the order: numbers ascending (an integer before an equal float), strings by
// bytes, false, true (as LuaKeyOrder renders tables), then handles by (class, id), then every
// other key in the order the table gives (tables and functions have no stable identity).
typedef struct scn_key {
    int rank;  // 0 number, 1 string, 2 boolean, 3 handle, 4 other
    int is_integer;
    lua_Integer integer;
    lua_Number number;
    const char *bytes;
    size_t length;
    int position;  // in the table's own order; breaks every tie, so the sort is stable
} scn_key;

static int scn_compare_keys(const void *pa, const void *pb) {
    const scn_key *a = pa, *b = pb;
    if (a->rank != b->rank) return a->rank < b->rank ? -1 : 1;
    switch (a->rank) {
    case 0:
        if (a->is_integer && b->is_integer) {
            if (a->integer != b->integer) return a->integer < b->integer ? -1 : 1;
        } else if (a->number != b->number) {
            return a->number < b->number ? -1 : 1;
        } else if (a->is_integer != b->is_integer) {
            return a->is_integer ? -1 : 1;
        }
        break;
    case 1: {
        int order = memcmp(a->bytes, b->bytes, a->length < b->length ? a->length : b->length);
        if (order != 0) return order;
        if (a->length != b->length) return a->length < b->length ? -1 : 1;
        break;
    }
    case 2:
        if (a->integer != b->integer) return a->integer < b->integer ? -1 : 1;
        break;
    case 3:  // handles: class in `is_integer`, id in `integer`
        if (a->is_integer != b->is_integer) return a->is_integer < b->is_integer ? -1 : 1;
        if (a->integer != b->integer) return a->integer < b->integer ? -1 : 1;
        break;
    default:
        break;
    }
    return a->position < b->position ? -1 : a->position > b->position;
}

// The order of a table's keys is kept for the next pairs of the same table, which checks it with
// one pass of lua_next instead of sorting again: a loop that runs pairs over an unchanged table
// costs about what stock Lua's costs. The registry's scn_pairs_cache_key table (weak keys) maps
// a table to a scn_key_order userdata whose user value is the table of its keys sorted, and
// which holds their identities in the table's own order. They still match when the table has the
// same keys in the same slots: a key added or removed (its value set to nil) changes the pass,
// and the order is built again. An identity is the key's value, or its object's address: the
// sorted keys keep every object alive, so no other object can take its address.
static const char scn_pairs_cache_key = 0;

// Tables with fewer keys are sorted at each call: cheaper than keeping an order for them.
#define SCN_PAIRS_CACHED_FROM 8

typedef struct scn_key_identity {
    uint64_t bits;
    int tag;  // 0 integer, 1 float, 2 boolean, else 3 + the Lua type
} scn_key_identity;

typedef struct scn_key_order {
    int count;
    scn_key_identity identities[];
} scn_key_order;

static scn_key_identity scn_identity(lua_State *L, int index) {
    scn_key_identity identity = { 0, 0 };
    int type = lua_type(L, index);
    if (type == LUA_TNUMBER) {
        if (lua_isinteger(L, index)) {
            identity.bits = (uint64_t)lua_tointeger(L, index);
        } else {
            lua_Number number = lua_tonumber(L, index);
            memcpy(&identity.bits, &number, sizeof number < sizeof identity.bits ? sizeof number : sizeof identity.bits);
            identity.tag = 1;
        }
    } else if (type == LUA_TBOOLEAN) {
        identity.bits = (uint64_t)lua_toboolean(L, index);
        identity.tag = 2;
    } else {
        identity.bits = (uint64_t)(uintptr_t)lua_topointer(L, index);
        identity.tag = 3 + type;
    }
    return identity;
}

// Pushes the kept sorted keys of the table at index 1 and returns their count, when they still
// match the table; otherwise pushes nothing and returns -1. Allocates nothing.
static int scn_push_kept_order(lua_State *L) {
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &scn_pairs_cache_key) != LUA_TTABLE) {
        lua_pop(L, 1);
        return -1;
    }
    lua_pushvalue(L, 1);
    lua_rawget(L, -2);
    const scn_key_order *order = lua_touserdata(L, -1);
    int matched = 0;
    if (order != NULL) {
        lua_pushnil(L);
        while (lua_next(L, 1)) {
            lua_pop(L, 1);
            scn_key_identity identity = scn_identity(L, -1);
            if (matched == order->count || identity.bits != order->identities[matched].bits
                || identity.tag != order->identities[matched].tag) {
                lua_pop(L, 1);
                matched = -1;
                break;
            }
            matched++;
        }
    }
    if (order == NULL || matched != order->count) {
        lua_pop(L, 2);
        return -1;
    }
    lua_getiuservalue(L, -1, 1);
    lua_replace(L, -3);
    lua_pop(L, 1);
    return order->count;
}

// The iterators: upvalue 1 the keys' count, 2 the last position handed out, 3 the table, then
// the keys sorted: upvalue 4 a table of them (scn_pairs_next), or upvalues 4, 5, ... the keys
// themselves (scn_pairs_next_small, for fewer than SCN_PAIRS_CACHED_FROM: no
// table made). A key whose value became nil since pairs was called is skipped, as `next` would
// skip it. Called as stock pairs' `next` would be called, it answers as `next`: from the key it
// is given (nil starts over; the loop's own key costs one comparison), and on another table, or
// from a key it did not hand out, it is `next` itself.
#define SCN_PAIRS_UPVALUES 3

typedef void (*scn_push_key)(lua_State *L, lua_Integer position);

static void scn_key_from_table(lua_State *L, lua_Integer position) { lua_rawgeti(L, lua_upvalueindex(SCN_PAIRS_UPVALUES + 1), position); }

static void scn_key_from_upvalue(lua_State *L, lua_Integer position) { lua_pushvalue(L, lua_upvalueindex(SCN_PAIRS_UPVALUES + (int)position)); }

// `next(...)` with the iterator's arguments (at most two, as next reads), its results returned.
static int scn_pairs_as_next(lua_State *L) {
    int arguments = lua_gettop(L) < 2 ? lua_gettop(L) : 2;
    lua_settop(L, arguments);
    lua_rawgetp(L, LUA_REGISTRYINDEX, &scn_next_key);
    lua_insert(L, 1);
    lua_call(L, arguments, LUA_MULTRET);
    return lua_gettop(L);
}

static int scn_pairs_advance(lua_State *L, scn_push_key push_key) {
    if (lua_type(L, 1) != LUA_TTABLE) {
        // Named as stock names next at this call: by the caller's name for it when it has one
        // ('for iterator', a local), else as next (under pcall).
        lua_Debug ar;
        if (lua_getstack(L, 0, &ar) && lua_getinfo(L, "n", &ar) && ar.name != NULL) luaL_checktype(L, 1, LUA_TTABLE);
        return scn_pairs_as_next(L);
    }
    if (!lua_rawequal(L, 1, lua_upvalueindex(3))) return scn_pairs_as_next(L);
    lua_Integer count = lua_tointeger(L, lua_upvalueindex(1));
    lua_Integer position = lua_tointeger(L, lua_upvalueindex(2));
    if (lua_isnoneornil(L, 2)) {
        position = 0;
    } else {
        int same = 0;
        if (position >= 1 && position <= count) {
            push_key(L, position);
            same = lua_rawequal(L, -1, 2);
            lua_pop(L, 1);
        }
        if (!same) {
            lua_Integer at = 0;
            for (lua_Integer p = 1; p <= count && at == 0; p++) {
                push_key(L, p);
                if (lua_rawequal(L, -1, 2)) at = p;
                lua_pop(L, 1);
            }
            scn_charge_counted(L, count);
            if (at == 0) return scn_pairs_as_next(L);
            position = at;
        }
    }
    lua_settop(L, 1);
    int found = 0;
    while (!found && position < count) {
        position++;
        push_key(L, position);
        lua_pushvalue(L, -1);
        found = lua_rawget(L, 1) != LUA_TNIL;
        if (!found) lua_pop(L, 2);
    }
    lua_pushinteger(L, position);
    lua_replace(L, lua_upvalueindex(2));
    if (found) return 2;
    lua_pushnil(L);
    return 1;
}

static int scn_pairs_next(lua_State *L) { return scn_pairs_advance(L, scn_key_from_table); }

static int scn_pairs_next_small(lua_State *L) { return scn_pairs_advance(L, scn_key_from_upvalue); }

// Returns pairs's results for the table at index 1: the iterator `next` over `count` keys,
// made from the `upvalues` values on top of the stack (see scn_pairs_advance), the table, nil.
static int scn_pairs_results(lua_State *L, lua_CFunction next, lua_Integer count, int upvalues) {
    lua_pushinteger(L, count);
    lua_pushinteger(L, 0);
    lua_pushvalue(L, 1);
    lua_rotate(L, -(upvalues + SCN_PAIRS_UPVALUES), SCN_PAIRS_UPVALUES);
    lua_pushcclosure(L, next, upvalues + SCN_PAIRS_UPVALUES);
    lua_pushvalue(L, 1);
    lua_pushnil(L);
    return 3;
}

// Fills `key` (at `position` in the table's order) from the key on top of the stack.
static void scn_describe_key(lua_State *L, scn_key *key, int position) {
    memset(key, 0, sizeof *key);
    key->position = position;
    switch (lua_type(L, -1)) {
    case LUA_TNUMBER:
        key->rank = 0;
        key->is_integer = lua_isinteger(L, -1);
        key->integer = lua_tointeger(L, -1);
        key->number = lua_tonumber(L, -1);
        break;
    case LUA_TSTRING:
        key->rank = 1;
        key->bytes = lua_tolstring(L, -1, &key->length);  // a string key: no conversion
        break;
    case LUA_TBOOLEAN:
        key->rank = 2;
        key->integer = lua_toboolean(L, -1);
        break;
    default: {
        int class_index = 0;
        int64_t id = 0;
        if (scn_to_handle(L, -1, &class_index, &id)) {
            key->rank = 3;
            key->is_integer = class_index;
            key->integer = id;
        } else {
            key->rank = 4;
        }
        break;
    }
    }
}

// pairs of the table at index 1 when it has fewer than SCN_PAIRS_CACHED_FROM keys: one pass
// that leaves the keys on the stack, a sort in place, and an iterator holding them as upvalues
// (one allocation, where a larger table's order costs two tables and a malloc). Returns 3
// (pairs's results pushed), or 0 with the stack as it was when the table is larger.
static int scn_pairs_small(lua_State *L) {
    scn_key keys[SCN_PAIRS_CACHED_FROM - 1];
    luaL_checkstack(L, 2 * SCN_PAIRS_CACHED_FROM + 8, "pairs");
    // Made to exist now, so that scn_to_handle allocates nothing while the keys are described.
    scn_push_registry_table(L, &scn_classes_key);
    lua_pop(L, 1);
    int count = 0;
    lua_pushnil(L);
    while (lua_next(L, 1)) {
        if (count == SCN_PAIRS_CACHED_FROM - 1) {
            lua_settop(L, 1);
            return 0;
        }
        lua_pop(L, 1);
        scn_describe_key(L, &keys[count], count);  // the key stays on the stack, at 2 + count
        count++;
        lua_pushvalue(L, -1);  // the copy lua_next goes on from
    }
    // Insertion sort: a few keys, and position breaks every tie.
    for (int i = 1; i < count; i++) {
        scn_key key = keys[i];
        int j = i - 1;
        while (j >= 0 && scn_compare_keys(&keys[j], &key) > 0) {
            keys[j + 1] = keys[j];
            j--;
        }
        keys[j + 1] = key;
    }
    for (int i = 0; i < count; i++) lua_pushvalue(L, 2 + keys[i].position);
    return scn_pairs_results(L, scn_pairs_next_small, count, count);
}

// pairs's continuation after a __pairs metamethod that yielded: its three results are on top.
static int scn_pairs_continued(lua_State *L, int status, lua_KContext context) {
    (void)L;
    (void)status;
    (void)context;
    return 3;
}

// pairs(t): like Lua's luaB_pairs (a __pairs metamethod wins, and may yield), but the keys of a
// table come in a fixed order. Anything else gets stock `next` (registry[scn_next_key]), which fails at the
// loop as stock pairs does.
static int scn_pairs(lua_State *L) {
    luaL_checkany(L, 1);
    if (luaL_getmetafield(L, 1, "__pairs") != LUA_TNIL) {
        lua_pushvalue(L, 1);
        lua_callk(L, 1, 3, 0, scn_pairs_continued);
        return 3;
    }
    if (!lua_istable(L, 1)) {
        lua_rawgetp(L, LUA_REGISTRYINDEX, &scn_next_key);
        lua_pushvalue(L, 1);
        lua_pushnil(L);
        return 3;
    }
    lua_settop(L, 1);
    if (scn_pairs_small(L)) return 3;
    int kept = scn_push_kept_order(L);  // 2: the sorted keys, when still right
    if (kept >= 0) {
        // The check walked every key: work the instruction limit counts, as the VM's would be.
        scn_charge_counted(L, kept);
        return scn_pairs_results(L, scn_pairs_next, kept, 1);
    }
    int count = 0;
    lua_pushnil(L);
    while (lua_next(L, 1)) {
        lua_pop(L, 1);
        if (count == INT_MAX - 1) return luaL_error(L, "pairs: table too large");
        count++;
    }
    // Sorting is work the instruction limit counts (about what a Lua sort of the keys would
    // take), charged before anything is held: a loop of pairs over a large table that changes
    // between calls must not run for minutes under a small budget.
    scn_charge_counted(L, (long long)count * 64);
    // All Lua allocation happens before malloc, so nothing can raise while the array is held
    // (the class registry scn_to_handle reads is made to exist now, too).
    scn_push_registry_table(L, &scn_classes_key);
    lua_pop(L, 1);
    lua_createtable(L, count, 0);  // 2: keys in the table's order (keeps the strings alive)
    lua_createtable(L, count, 0);  // 3: keys sorted
    // 4: the order kept for the next call (scn_pairs_small took the tables of fewer keys).
    scn_key_order *order = lua_newuserdatauv(L, sizeof *order + sizeof order->identities[0] * (size_t)count, 1);
    order->count = 0;
    int order_index = lua_gettop(L);
    scn_key *keys = malloc(sizeof *keys * (size_t)count);
    if (keys == NULL) return luaL_error(L, "not enough memory");
    int position = 0;
    lua_pushnil(L);
    while (lua_next(L, 1) && position < count) {
        lua_pop(L, 1);
        scn_describe_key(L, &keys[position], position);
        order->identities[position] = scn_identity(L, -1);
        lua_pushvalue(L, -1);
        lua_rawseti(L, 2, ++position);  // preallocated: no allocation
    }
    lua_settop(L, order_index);
    count = position;
    if (count > 1) qsort(keys, (size_t)count, sizeof *keys, scn_compare_keys);
    for (int i = 0; i < count; i++) {
        lua_rawgeti(L, 2, keys[i].position + 1);
        lua_rawseti(L, 3, i + 1);
    }
    free(keys);
    order->count = count;
    lua_pushvalue(L, 3);
    lua_setiuservalue(L, 4, 1);
    scn_push_weak_registry_table(L, &scn_pairs_cache_key);
    lua_pushvalue(L, 1);
    lua_pushvalue(L, 4);
    lua_rawset(L, -3);
    lua_settop(L, 3);
    return scn_pairs_results(L, scn_pairs_next, count, 1);
}

// MARK: tostring and print


// Pushes the text tostring gives the value at `index` (absolute), by stock luaL_tolstring's
// steps: a `__tostring` metamethod is called as stock calls it (lua_call: its errors come out
// as raised, a yield inside it is stock's "attempt to yield across a C-call boundary"), and
// nil, booleans, numbers and strings are stock's text (NaN is "nan", whatever its sign), a
// `__tostring` in their metatables left uncalled (docs/lua-conformance.md: the engine and the
// simulator convert strings with tostring where no script code may run).
// Where stock prints an address (a table, function, thread or userdata without `__tostring`)
// the host's deterministic rendering answers (registry[scn_render_key]: LuaStack.describe).
// A `__tostring` result that is not a string is left on the stack for the caller to refuse:
// stock raises "'__tostring' must return a string" at the caller's line (scn_checked_text).
static void scn_push_text(lua_State *L, int index) {
    int type = lua_type(L, index);
    int plain = type == LUA_TNIL || type == LUA_TBOOLEAN || type == LUA_TNUMBER || type == LUA_TSTRING;
    if (!plain && luaL_callmeta(L, index, "__tostring")) return;
    switch (type) {
    case LUA_TNIL: lua_pushliteral(L, "nil"); return;
    case LUA_TBOOLEAN:
        if (lua_toboolean(L, index)) lua_pushliteral(L, "true"); else lua_pushliteral(L, "false");
        return;
    case LUA_TSTRING: lua_pushvalue(L, index); return;
    case LUA_TNUMBER:
        if (!lua_isinteger(L, index)) {
            char buffer[64];
            scn_format_number(lua_tonumber(L, index), buffer, sizeof buffer);
            lua_pushstring(L, buffer);
        } else {
            lua_pushfstring(L, "%I", (LUAI_UACINT)lua_tointeger(L, index));
        }
        return;
    default:
        lua_rawgetp(L, LUA_REGISTRYINDEX, &scn_render_key);
        lua_pushvalue(L, index);
        scn_call_from_library(L);
        lua_call(L, 1, 1);
        return;
    }
}

// The text on top as a string, or stock's error when a `__tostring` returned something else;
// raised by the library function itself, so it is placed at the script's line, as stock's is.
static const char *scn_checked_text(lua_State *L, size_t *length) {
    if (lua_type(L, -1) == LUA_TNUMBER && !lua_isinteger(L, -1)) {
        char buffer[64];
        scn_format_number(lua_tonumber(L, -1), buffer, sizeof buffer);
        lua_pop(L, 1);
        lua_pushstring(L, buffer);
    }
    if (!lua_isstring(L, -1)) luaL_error(L, "'__tostring' must return a string");
    return lua_tolstring(L, -1, length);
}

// tostring(v), as Lua 5.4.4's luaB_tostring (luaL_tolstring): see scn_push_text.
static int scn_tostring(lua_State *L) {
    luaL_checkany(L, 1);
    scn_push_text(L, 1);
    scn_checked_text(L, NULL);
    return 1;
}

// Writes the texts at `first` ... `last` with a tab between them, and a newline after them when
// `newline`, through the host's writer; nothing when there is nothing to write.
static void scn_print_write(lua_State *L, int first, int last, int newline) {
    if (last < first && !newline) return;
    lua_rawgetp(L, LUA_REGISTRYINDEX, &scn_writer_key);
    int parts = 0;
    for (int j = first; j <= last; j++) {
        if (j > first) {
            lua_pushliteral(L, "\t");
            parts++;
        }
        lua_pushvalue(L, j);
        parts++;
    }
    if (newline) {
        lua_pushliteral(L, "\n");
        parts++;
    }
    lua_concat(L, parts);
    scn_call_from_library(L);
    lua_call(L, 1, 0);
}

// print(...) as Lua 5.4.4's luaB_print: each argument converted in turn (a `__tostring` runs
// at its argument's turn) and a tab between them. The host's writer (registry[scn_writer_key],
// in Swift) takes the bytes to write. The line is written at once; when an
// argument's conversion fails, what stock had written before it (the earlier arguments and
// their tabs) is written, then the error goes on as raised.
static int scn_print(lua_State *L) {
    int n = lua_gettop(L);
    luaL_checkstack(L, 2 * n + 8, "print");
    int first = n + 1;
    for (int i = 1; i <= n; i++) {
        int type = lua_type(L, i);
        int plain = type == LUA_TNIL || type == LUA_TBOOLEAN || type == LUA_TNUMBER || type == LUA_TSTRING;
        if (plain) {
            scn_push_text(L, i);
            continue;
        }
        // Its `__tostring` (or the rendering) under a protected call, called right from print
        // as stock's print calls it, so that what came before a failure is written.
        if (luaL_getmetafield(L, i, "__tostring") == LUA_TNIL) {
            lua_rawgetp(L, LUA_REGISTRYINDEX, &scn_render_key);
            scn_call_from_library(L);
        }
        lua_pushvalue(L, i);
        if (lua_pcall(L, 1, 1, 0) != LUA_OK) {
            scn_check_tripped(L);
            scn_print_write(L, first, first + i - 2, 0);
            return lua_error(L);
        }
        if (lua_type(L, -1) == LUA_TNUMBER || lua_type(L, -1) == LUA_TSTRING) {
            scn_checked_text(L, NULL);
        } else {
            // Stock raises at this argument, after writing the ones before it.
            scn_print_write(L, first, first + i - 2, 0);
            scn_checked_text(L, NULL);
        }
    }
    scn_print_write(L, first, first + n - 1, 1);
    return 0;
}

// MARK: string.format

// Calls the original format on the `count` values on top (the format first) and
// leaves its result there. Its errors are raised again at the script's line (the original ran
// under this C function): a bad argument is named as stock names it ('format', 'string.format'
// under pcall, a method call's self not counted), its number moved by `shift` (a piece of the
// format gets its one argument as #2).
static void scn_format_piece(lua_State *L, int count, int shift) {
    lua_rawgetp(L, LUA_REGISTRYINDEX, &scn_format_key);
    lua_insert(L, -(count + 1));
    int status = lua_pcall(L, count, 1, 0);
    if (status == LUA_OK) return;
    if (status == LUA_ERRRUN && lua_type(L, -1) == LUA_TSTRING) {
        const char *message = lua_tostring(L, -1);
        size_t length = strlen(message);
        int bad = 0;
        int consumed = 0;
        if (sscanf(message, "bad argument #%d to '?' (%n", &bad, &consumed) == 1 && consumed > 0
            && length > (size_t)consumed && message[length - 1] == ')') {
            lua_pushlstring(L, message + consumed, length - (size_t)consumed - 1);
            luaL_argerror(L, bad + shift, lua_tostring(L, -1));
        }
        luaL_where(L, 1);
        lua_insert(L, -2);
        lua_concat(L, 2);
    }
    lua_error(L);
}

// The index of a conversion's letter in `format`, from `i` just past its '%': its flags, width
// and precision skipped (`length` when the format ends first).
static size_t scn_skip_format_spec(const char *format, size_t length, size_t i) {
    while (i < length && strchr("-+ #0", format[i]) != NULL) i++;
    while (i < length && format[i] >= '0' && format[i] <= '9') i++;
    if (i < length && format[i] == '.') {
        i++;
        while (i < length && format[i] >= '0' && format[i] <= '9') i++;
    }
    return i;
}

// string.format (Lua's at registry[scn_format_key]). `%s` of anything but a string
// or a number is converted as tostring converts it; `%p` is refused. When a `%s` needs that,
// the format runs a conversion at a time, in order, as stock's does (a `__tostring` runs at its
// turn, and one that fails or a bad argument before it stops the format there); otherwise the
// original runs once on the whole.
static int scn_format(lua_State *L) {
    size_t length = 0;
    const char *format = luaL_checklstring(L, 1, &length);
    int top = lua_gettop(L);
    int argument = 1;
    int convert = 0;
    for (size_t i = 0; i < length; i++) {
        if (format[i] != '%') continue;
        i++;
        if (i < length && format[i] == '%') continue;
        i = scn_skip_format_spec(format, length, i);
        argument++;
        if (i >= length) break;  // the original reports the malformed conversion
        if (format[i] == 'p') {
            return luaL_error(L, "string.format: '%%p' prints a memory address, which changes "
                                 "from run to run, and scenesim output must be the same on every run; "
                                 "use '%%s', which prints the value itself");
        }
        if (format[i] == 's' && argument <= top) {
            int type = lua_type(L, argument);
            if (type != LUA_TSTRING && type != LUA_TNUMBER) {
                convert = 1;
                break;
            }
        }
    }
    if (!convert) {
        scn_format_piece(L, top, 0);
        return 1;
    }
    // A conversion at a time: each piece is the text before a conversion and the conversion.
    luaL_checkstack(L, 8, "string.format");
    int pieces = 0;
    size_t start = 0;
    argument = 1;
    for (size_t i = 0; i < length; i++) {
        if (format[i] != '%') continue;
        i++;
        if (i < length && format[i] == '%') continue;
        i = scn_skip_format_spec(format, length, i);
        argument++;
        size_t end = i < length ? i + 1 : length;
        lua_pushlstring(L, format + start, end - start);
        int count = 1;
        if (argument <= top) {
            if (i < length && format[i] == 's') {
                int type = lua_type(L, argument);
                if (type != LUA_TSTRING && type != LUA_TNUMBER) {
                    scn_push_text(L, argument);
                    scn_checked_text(L, NULL);
                } else {
                    lua_pushvalue(L, argument);
                }
            } else {
                lua_pushvalue(L, argument);
            }
            count = 2;
        }
        scn_format_piece(L, count, argument - 2);
        pieces++;
        luaL_checkstack(L, 8, "string.format");
        start = end;
        i = end - 1;
        if (end >= length) break;
    }
    if (start < length) {
        lua_pushlstring(L, format + start, length - start);
        scn_format_piece(L, 1, 0);
        pieces++;
    }
    lua_concat(L, pieces);
    return 1;
}

static int scn_install_body(lua_State *L) {
    lua_getglobal(L, "next");
    lua_rawsetp(L, LUA_REGISTRYINDEX, &scn_next_key);
    lua_pushcfunction(L, scn_pairs);
    lua_setglobal(L, "pairs");
    // The host registered its rendering as tostring and its writer as print.
    lua_getglobal(L, "tostring");
    lua_rawsetp(L, LUA_REGISTRYINDEX, &scn_render_key);
    lua_pushcfunction(L, scn_tostring);
    lua_setglobal(L, "tostring");
    lua_getglobal(L, "print");
    lua_rawsetp(L, LUA_REGISTRYINDEX, &scn_writer_key);
    lua_pushcfunction(L, scn_print);
    lua_setglobal(L, "print");
    if (lua_getglobal(L, LUA_STRLIBNAME) == LUA_TTABLE) {
        scn_replace_function(L, "format", &scn_format_key, scn_format);
    }
    lua_pop(L, 1);
    return 0;
}

int scn_install_deterministic_functions(lua_State *L) {
    lua_checkstack(L, 2);
    lua_pushcfunction(L, scn_install_body);
    return lua_pcall(L, 0, 0, 0);
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
