// Buffered writes: `obj.field = v` answered in C when it only replaces a cached field's value.
//
// A Swift setter costs a trip through the trampoline, argument conversion and the owner's own
// work, about fifteen times a bare C call. For fields the owner marks writable (SceneStorage
// values), a write that keeps the field's type and size is instead stored straight into the
// handle's field cache, and the key is noted in a dirty table beside it. The owner receives
// the last value of each changed field before Swift next runs: at the start of every Swift
// function and after every Swift-started protected call.
//
// Only top-level script code buffers: no Swift frame may be on the stack (a hook or a restore
// decider runs inside a Swift operation, where the owner's state may be busy), and a
// Swift-started protected call must be running (so a flush is sure to follow).
#include "internal.h"
#include <math.h>

const char scn_pending_key = 0;  // registry: the set of handles with dirty keys
static const char scn_dirty_key = 0;  // in a field cache: keys changed since the last flush

// Same type and the same size, so the write changes nothing the owner measures but the value:
// integer for integer, float (not NaN) for float, boolean for boolean, an ASCII string of equal
// length. `old_type` is the old value's type, already known to the caller.
static int scn_same_kind(lua_State *L, int old_index, int old_type, int new_index) {
    if (old_type != lua_type(L, new_index)) return 0;
    switch (old_type) {
    case LUA_TBOOLEAN:
        return 1;
    case LUA_TNUMBER: {
        int integer = lua_isinteger(L, new_index);
        if (lua_isinteger(L, old_index) != integer) return 0;
        return integer || !isnan(lua_tonumber(L, new_index));
    }
    case LUA_TSTRING: {
        // ASCII only: Swift stores other bytes as UTF-8, where invalid ones grow to U+FFFD.
        size_t length = 0;
        const unsigned char *bytes = (const unsigned char *)lua_tolstring(L, new_index, &length);
        if (length != lua_rawlen(L, old_index)) return 0;
        for (size_t i = 0; i < length; i++) {
            if (bytes[i] >= 0x80) return 0;
        }
        return 1;
    }
    default:
        return 0;
    }
}

// Upvalues: 1 the methods table, 2 the Swift setter. Arguments: handle, key, value (Lua calls
// __newindex with exactly these three). Every Lua API call here costs about a fifth of a bare
// C function call, so the path a repeated write takes is kept to a dozen of them.
static int scn_newindex(lua_State *L) {
    scn_state *st = scn_get_state(L);
    if (st->depth > 0 && st->swift_frames == 0 && lua_type(L, 1) == LUA_TUSERDATA
        && lua_getiuservalue(L, 1, 1) == LUA_TTABLE) {  // 4: the field cache (so a handle)
        scn_handle *handle = lua_touserdata(L, 1);
        // No method check: a method name is never cached (__index answers methods before the
        // getter runs, and the Swift __newindex refuses them before the setter runs). Nor a key
        // type check: caches hold string keys only, so any other key finds nothing.
        lua_pushvalue(L, 2);
        int old_type = lua_rawget(L, 4);  // 5: the old value
        if (handle->writable && old_type != LUA_TNIL && scn_same_kind(L, 5, old_type, 3)) {
            // Writing the value already there changes nothing, as it would in the owner.
            if (lua_rawequal(L, 5, 3)) return 0;
            // Short strings are interned: the address names the key while the dirty table holds
            // it. (A long key may have several addresses; it is then merely marked again.)
            const void *key = lua_tostring(L, 2);
            if (key != handle->last_key) {
                // Allocations come first: if one raises LUA_ERRMEM, nothing was written.
                if (lua_rawgetp(L, 4, &scn_dirty_key) != LUA_TTABLE) {  // 6: the dirty keys
                    lua_pop(L, 1);
                    lua_newtable(L);
                    lua_pushvalue(L, -1);
                    lua_rawsetp(L, 4, &scn_dirty_key);
                }
                if (!handle->pending) {
                    scn_push_registry_table(L, &scn_pending_key);
                    lua_pushvalue(L, 1);
                    lua_pushboolean(L, 1);
                    lua_rawset(L, -3);
                    lua_pop(L, 1);
                    handle->pending = 1;
                    st->pending_writes = 1;
                }
                lua_pushvalue(L, 2);
                lua_pushboolean(L, 1);
                lua_rawset(L, 6);
                handle->last_key = key;
                lua_settop(L, 5);
            }
            // handle, key, value, cache, old -> handle, cache, old, key, value; cache[key] = value
            // (an existing key: no allocation).
            lua_rotate(L, 2, -2);
            lua_rawset(L, 2);
            return 0;
        }
    }
    lua_settop(L, 3);
    lua_pushvalue(L, lua_upvalueindex(2));
    lua_insert(L, 1);
    lua_call(L, 3, 0);
    return 0;
}

void scn_push_newindex_function(lua_State *L, int methods_index) {
    methods_index = lua_absindex(L, methods_index);
    lua_pushvalue(L, methods_index);
    lua_insert(L, -2);
    lua_pushcclosure(L, scn_newindex, 2);
}

int scn_has_pending_writes(lua_State *L) { return scn_get_state(L)->pending_writes; }

void scn_flush_writes(lua_State *L, scn_flush_fn fn, void *context) {
    scn_state *st = scn_get_state(L);
    // No room on the stack (it cannot grow): leave everything pending for the next flush.
    if (!st->pending_writes || !lua_checkstack(L, 8)) return;
    st->pending_writes = 0;
    int top = lua_gettop(L);
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &scn_pending_key) != LUA_TTABLE) {
        lua_settop(L, top);
        return;
    }
    int pending = top + 1;
    lua_pushnil(L);
    while (lua_next(L, pending)) {
        lua_pop(L, 1);
        int handle = lua_gettop(L);
        int class_index = 0;
        int64_t id = 0;
        if (scn_to_handle(L, handle, &class_index, &id)) {
            scn_handle *block = lua_touserdata(L, handle);
            block->pending = 0;
            block->last_key = NULL;
            if (lua_getiuservalue(L, handle, 1) == LUA_TTABLE
                && lua_rawgetp(L, handle + 1, &scn_dirty_key) == LUA_TTABLE) {
                int cache = handle + 1, dirty = handle + 2;
                lua_pushnil(L);
                while (lua_next(L, dirty)) {
                    lua_pop(L, 1);
                    lua_pushvalue(L, -1);
                    lua_rawget(L, cache);
                    if (!lua_isnil(L, -1)) fn(context, L, class_index, id);
                    lua_pop(L, 1);
                }
                // An existing key set to nil: no allocation.
                lua_pushnil(L);
                lua_rawsetp(L, cache, &scn_dirty_key);
            }
        }
        lua_settop(L, handle);
        // Assigning nil to the current key is allowed during a traversal.
        lua_pushvalue(L, handle);
        lua_pushnil(L);
        lua_rawset(L, pending);
    }
    lua_settop(L, top);
}
