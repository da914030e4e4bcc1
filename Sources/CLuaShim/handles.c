// Handles: full userdata holding only (class index, id). The owner looks the id up, so a stale
// handle can never dangle; a weak-valued cache gives one userdata per live (class, id).
#include "internal.h"

const char scn_classes_key = 0;
const char scn_cache_key = 0;

int scn_to_handle(lua_State *L, int index, int *class_index, int64_t *id) {
    if (lua_type(L, index) != LUA_TUSERDATA || lua_rawlen(L, index) != sizeof(scn_handle)) {
        return 0;
    }
    index = lua_absindex(L, index);
    lua_checkstack(L, 3);
    const scn_handle *handle = lua_touserdata(L, index);
    if (!lua_getmetatable(L, index)) return 0;
    const void **known = scn_get_state(L)->class_metatables;
    if (handle->class_index >= 1 && handle->class_index < SCN_QUICK_CLASSES && known[handle->class_index] != NULL) {
        int ours = lua_topointer(L, -1) == known[handle->class_index];
        lua_pop(L, 1);
        if (ours) {
            *class_index = handle->class_index;
            *id = handle->id;
        }
        return ours;
    }
    scn_push_registry_table(L, &scn_classes_key);
    lua_rawgeti(L, -1, handle->class_index);
    int ours = lua_rawequal(L, -1, -3);
    lua_pop(L, 3);
    if (ours) {
        *class_index = handle->class_index;
        *id = handle->id;
    }
    return ours;
}

static int scn_handle_eq(lua_State *L) {
    int class_a = 0, class_b = 0;
    int64_t id_a = 0, id_b = 0;
    lua_pushboolean(L, scn_to_handle(L, 1, &class_a, &id_a) && scn_to_handle(L, 2, &class_b, &id_b)
                           && class_a == class_b && id_a == id_b);
    return 1;
}

void scn_register_class(lua_State *L, int class_index, const char *name) {
    lua_checkstack(L, 4);
    int metatable = lua_gettop(L);
    lua_pushstring(L, name);
    lua_setfield(L, metatable, "__name");
    // getmetatable(handle) returns the class name, so scripts cannot rewire a class.
    lua_pushstring(L, name);
    lua_setfield(L, metatable, "__metatable");
    lua_pushcfunction(L, scn_handle_eq);
    lua_setfield(L, metatable, "__eq");
    scn_push_registry_table(L, &scn_classes_key);
    lua_pushvalue(L, metatable);
    lua_rawseti(L, -2, class_index);
    lua_pop(L, 1);
    if (class_index >= 1 && class_index < SCN_QUICK_CLASSES) {
        scn_get_state(L)->class_metatables[class_index] = lua_topointer(L, metatable);
    }
    scn_push_registry_table(L, &scn_cache_key);
    lua_newtable(L);
    lua_createtable(L, 0, 1);
    lua_pushliteral(L, "v");
    lua_setfield(L, -2, "__mode");
    lua_setmetatable(L, -2);
    lua_rawseti(L, -2, class_index);
    lua_pop(L, 2);  // the cache root and the metatable
}

// Pushes the class's handle cache (weak values, by id); 0 (nothing pushed) when `class_index`
// is not a class of this state (a LuaClass from another one).
static int scn_push_class_cache(lua_State *L, int class_index) {
    scn_push_registry_table(L, &scn_cache_key);
    if (lua_rawgeti(L, -1, class_index) != LUA_TTABLE) {
        lua_pop(L, 2);
        return 0;
    }
    lua_remove(L, -2);
    return 1;
}

// Pushes the handle (class_index, id), the class's cache (scn_push_class_cache) on top: the
// one made before, or a new one, kept there.
static void scn_push_cached_handle(lua_State *L, int class_index, int64_t id) {
    if (lua_rawgeti(L, -1, id) == LUA_TUSERDATA) return;
    lua_pop(L, 1);
    // One user value: the handle's field cache (see scn_index), created on first use.
    scn_handle *handle = lua_newuserdatauv(L, sizeof *handle, 1);
    *handle = (scn_handle){.id = id, .class_index = class_index};
    scn_push_registry_table(L, &scn_classes_key);
    lua_rawgeti(L, -1, class_index);
    lua_setmetatable(L, -3);
    lua_pop(L, 1);
    lua_pushvalue(L, -1);
    lua_rawseti(L, -3, id);
}

void scn_push_handle(lua_State *L, int class_index, int64_t id) {
    lua_checkstack(L, 5);
    if (!scn_push_class_cache(L, class_index)) {
        // Not a class of this state: push nil, never index nil.
        lua_pushnil(L);
        return;
    }
    scn_push_cached_handle(L, class_index, id);
    lua_remove(L, -2);
}

void scn_push_handles(lua_State *L, int class_index, const int64_t *ids, int count) {
    lua_checkstack(L, 6);
    lua_createtable(L, count, 0);
    if (!scn_push_class_cache(L, class_index)) return;  // not a class of this state: empty
    for (int i = 0; i < count; i++) {
        scn_push_cached_handle(L, class_index, ids[i]);
        lua_rawseti(L, -3, i + 1);
    }
    lua_pop(L, 1);
}

// Whether the value at `index` is a handle of class `class_index` (its metatable is the
// class's): what scn_to_handle finds, without the registry for the first classes.
static int scn_is_handle_of(lua_State *L, int index, int class_index, scn_handle **handle) {
    if (lua_type(L, index) != LUA_TUSERDATA || lua_rawlen(L, index) != sizeof(scn_handle)) return 0;
    scn_handle *block = lua_touserdata(L, index);
    if (block->class_index != class_index) return 0;
    const void *known = class_index >= 1 && class_index < SCN_QUICK_CLASSES
        ? scn_get_state(L)->class_metatables[class_index] : NULL;
    int ours;
    if (known != NULL) {
        if (!lua_getmetatable(L, index)) return 0;
        ours = lua_topointer(L, -1) == known;
        lua_pop(L, 1);
    } else {
        int found_class;
        int64_t id;
        ours = scn_to_handle(L, index, &found_class, &id) && found_class == class_index;
    }
    if (ours) *handle = block;
    return ours;
}

void scn_set_plain_getter(lua_State *L, int class_index, scn_plain_getter getter, void *context, uint32_t fields) {
    if (class_index < 1 || class_index >= SCN_QUICK_CLASSES) return;
    scn_state *st = scn_get_state(L);
    st->plain_getters[class_index] = getter;
    st->plain_contexts[class_index] = context;
    st->plain_fields[class_index] = getter != NULL ? fields : 0;
}

// The plain value of numbered field `field` of `handle` (the key at index 2, the top), pushed,
// and kept in the handle's cache when `cache` and the getter allow it: 1. Nothing pushed and 0
// when the class has no plain getter or the field is not plain now. The getter has returned
// before anything is pushed, so a memory error raised here crosses no Swift frame.
static int scn_push_plain(lua_State *L, const scn_handle *handle, int field, int cache) {
    int class_index = handle->class_index;
    if (class_index < 1 || class_index >= SCN_QUICK_CLASSES) return 0;
    scn_state *st = scn_get_state(L);
    scn_plain_getter getter = st->plain_getters[class_index];
    if (getter == NULL || !(st->plain_fields[class_index] >> field & 1)) return 0;
    char buffer[128];
    scn_plain value = { .type = LUA_TNONE, .buffer = buffer, .capacity = sizeof buffer };
    getter(st->plain_contexts[class_index], (long long)handle->id, field, &value);
    switch (value.type) {
    case LUA_TNIL: lua_pushnil(L); break;
    case LUA_TBOOLEAN: lua_pushboolean(L, value.boolean); break;
    case LUA_TNUMBER:
        if (value.is_integer) lua_pushinteger(L, (lua_Integer)value.integer); else lua_pushnumber(L, (lua_Number)value.number);
        break;
    case LUA_TSTRING:
        if (value.length > value.capacity) return 0;
        lua_pushlstring(L, buffer, value.length);
        break;
    default: return 0;
    }
    if (cache && value.keep) {
        lua_pushvalue(L, 2);
        lua_pushvalue(L, 3);
        scn_cache_field(L, 1, 0);
    }
    return 1;
}

// __index of every class: the handle's field cache, then the class's names, then Swift. The
// first two are plain table reads in C, so a cached field or a method costs no trip into Swift.
// The cache comes first because field reads are what loops do; it never holds a method name
// (the getter runs only for non-methods, and setters never see them), so the order changes no
// answer.
// The names (upvalue 1) map each method to its function and each numbered field to its number
// (0 to 31). A numbered field goes to the numbered getter (upvalue 3: its Swift function id
// times 2^16 plus the class index) with the handle, the key, the handle's id, the number and
// whether to cache the value: no key to decode and no handle to look up in Swift. The class's
// plain getter is asked first, if it has one (scn_push_plain): a plain value costs no call
// through the trampoline. The value is cached from the field's second read since the handle's
// cache was last dropped: most fields are read once between the events that drop it (caching
// costs a table), while a loop reading a field is served from the cache from its second turn.
// Any other key goes to the getter (upvalue 2: its Swift function id) with the handle and the
// key. Both are called from here, as the trampoline would call them: a Lua call fewer, and
// their caller is the Lua line that read the field.
static int scn_index(lua_State *L) {
    if (lua_type(L, 1) == LUA_TUSERDATA && lua_getiuservalue(L, 1, 1) == LUA_TTABLE) {
        lua_pushvalue(L, 2);
        if (lua_rawget(L, -2) != LUA_TNIL) return 1;
    }
    lua_settop(L, 2);
    lua_pushvalue(L, 2);
    int found = lua_rawget(L, lua_upvalueindex(1));
    if (found == LUA_TFUNCTION) return 1;  // a method
    if (found == LUA_TNUMBER) {
        lua_Integer field = lua_tointeger(L, -1);
        lua_Integer numbered = lua_tointeger(L, lua_upvalueindex(3));
        scn_handle *handle;
        if (field >= 0 && field < 32 && scn_is_handle_of(L, 1, (int)(numbered & 0xffff), &handle)) {
            uint32_t bit = (uint32_t)1 << field;
            int cache = (handle->missed & bit) != 0;
            handle->missed |= bit;
            lua_settop(L, 2);
            if (scn_push_plain(L, handle, (int)field, cache)) return 1;
            lua_pushinteger(L, handle->id);
            lua_pushinteger(L, field);
            lua_pushboolean(L, cache);
            return scn_call_swift(L, numbered >> 16);
        }
    }
    lua_settop(L, 2);
    return scn_call_swift(L, lua_tointeger(L, lua_upvalueindex(2)));
}

void scn_push_index_function(lua_State *L, lua_Integer getter_id) {
    lua_pushinteger(L, getter_id);
    lua_pushcclosure(L, scn_index, 2);
}

void scn_push_numbered_index_function(lua_State *L, lua_Integer getter_id, lua_Integer numbered_getter_id, int class_index) {
    lua_pushinteger(L, getter_id);
    lua_pushinteger(L, numbered_getter_id * 65536 + class_index);
    lua_pushcclosure(L, scn_index, 3);
}

void scn_cache_field(lua_State *L, int handle_index, int writable) {
    handle_index = lua_absindex(L, handle_index);
    lua_checkstack(L, 4);
    if (lua_type(L, handle_index) != LUA_TUSERDATA) {
        lua_pop(L, 2);
        return;
    }
    if (lua_getiuservalue(L, handle_index, 1) != LUA_TTABLE) {
        lua_pop(L, 1);
        // Room for a few fields: a cache is made afresh after every event that drops it, and
        // growing from nothing rehashed it at the first, second and third field.
        lua_createtable(L, 0, 4);
        lua_pushvalue(L, -1);
        lua_setiuservalue(L, handle_index, 1);
    }
    lua_insert(L, -3);  // cache, key, value
    lua_rawset(L, -3);
    lua_pop(L, 1);
    if (lua_rawlen(L, handle_index) == sizeof(scn_handle)) {
        ((scn_handle *)lua_touserdata(L, handle_index))->writable = writable != 0;
    }
}

void scn_cache_clear(lua_State *L, int class_index, int64_t id) {
    lua_checkstack(L, 4);
    int top = lua_gettop(L);
    scn_push_registry_table(L, &scn_cache_key);
    if (lua_rawgeti(L, -1, class_index) == LUA_TTABLE && lua_rawgeti(L, -1, id) == LUA_TUSERDATA) {
        scn_handle *handle = lua_touserdata(L, -1);
        handle->writable = 0;
        handle->last_key = NULL;
        handle->missed = 0;
        lua_pushnil(L);
        lua_setiuservalue(L, -2, 1);
    }
    lua_settop(L, top);
}
