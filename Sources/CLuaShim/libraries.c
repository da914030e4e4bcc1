// The library sets: the sandbox (a load that refuses bytecode, no files), a folder-bound require, and a
// math.randomseed that never falls back to the clock.
#define _GNU_SOURCE  // fopencookie (scn_route_stdout)
#include "internal.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char scn_randomseed_key = 0;
static const char scn_loading_sentinel = 0;
// The registry keys of the sandbox's own `require` closure (its upvalue is the module folder)
// and of `package.path` as the library made it, before the module folder was put first.
static const char scn_require_key = 0;
static const char scn_package_path_key = 0;

void scn_push_registry_table(lua_State *L, const void *key) {
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, key) != LUA_TTABLE) {
        lua_pop(L, 1);
        lua_newtable(L);
        lua_pushvalue(L, -1);
        lua_rawsetp(L, LUA_REGISTRYINDEX, key);
    }
}

void scn_push_weak_registry_table(lua_State *L, const void *key) {
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, key) != LUA_TTABLE) {
        lua_pop(L, 1);
        lua_newtable(L);
        lua_pushliteral(L, "k");
        lua_setfield(L, -2, "__mode");
        lua_pushvalue(L, -1);
        lua_setmetatable(L, -2);
        lua_pushvalue(L, -1);
        lua_rawsetp(L, LUA_REGISTRYINDEX, key);
    }
}

void scn_push_loaded(lua_State *L) {
    lua_checkstack(L, 3);
    luaL_getsubtable(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
}

// The wrappers below check their arguments themselves before calling the original: called
// from C, the original would report a bad argument as "bad argument #1 to '?'", without the
// script's file:line (luaL_argerror names the function from the calling instruction, and
// locates the error at the caller, which would be the wrapper).

// Why the sandbox's load refuses a chunk that stock Lua would load: bytecode is unchecked, and a
// crafted one reads and writes memory outside the sandbox.
#define SCN_BINARY_REFUSAL "attempt to load a binary chunk (scenesim loads Lua source text only)"

static int scn_is_binary(const char *piece, size_t length) {
    return length > 0 && piece[0] == LUA_SIGNATURE[0];
}

// The state of a load from a reader function: whether its first piece was seen (or the mode
// allows no binary chunk, so there is nothing to check).
typedef struct scn_reader_state {
    int checked;
} scn_reader_state;

// Lua 5.4.4's generic_reader (lbaselib.c), the reader function at index 1, its piece kept in
// slot 5: its first piece decides whether the chunk is text, as Lua's parser decides it, and
// bytecode stops the load. Raising here is safe: lua_load calls readers inside its protected
// parser, in load's own frame, so the reader function runs right under load, as in stock Lua.
static const char *scn_text_reader(lua_State *L, void *data, size_t *size) {
    scn_reader_state *state = data;
    luaL_checkstack(L, 2, "too many nested functions");
    lua_pushvalue(L, 1);
    lua_call(L, 0, 1);
    if (lua_isnil(L, -1)) {
        lua_pop(L, 1);
        *size = 0;
        return NULL;
    }
    if (!lua_isstring(L, -1)) luaL_error(L, "reader function must return a string");
    lua_replace(L, 5);
    const char *piece = lua_tolstring(L, 5, size);
    if (!state->checked && *size > 0) {
        if (scn_is_binary(piece, *size)) {
            lua_pushliteral(L, SCN_BINARY_REFUSAL);
            lua_error(L);
        }
        state->checked = 1;
    }
    return piece;
}

// load(chunk [, chunkname [, mode [, env]]]): Lua 5.4.4's luaB_load (its checks in its order,
// its messages, its frames: a reader function runs right under load), except that a binary
// chunk is refused even when the mode allows it. A reader function may trip a limit, so the
// trip check follows.
static int scn_load_text(lua_State *L) {
    size_t length = 0;
    const char *chunk = lua_tolstring(L, 1, &length);
    const char *mode = luaL_optstring(L, 3, "bt");
    int env = !lua_isnone(L, 4) ? 4 : 0;
    int binary = strchr(mode, 'b') != NULL;
    int status;
    if (chunk != NULL) {
        const char *name = luaL_optstring(L, 2, chunk);
        if (binary && scn_is_binary(chunk, length)) {
            luaL_pushfail(L);
            lua_pushliteral(L, SCN_BINARY_REFUSAL);
            return 2;
        }
        status = luaL_loadbufferx(L, chunk, length, name, mode);
    } else {
        const char *name = luaL_optstring(L, 2, "=(load)");
        luaL_checktype(L, 1, LUA_TFUNCTION);
        lua_settop(L, 5);  // slot 5 keeps the reader's last piece alive
        scn_reader_state state = { !binary };
        status = lua_load(L, scn_text_reader, &state, name, mode);
    }
    scn_check_tripped(L);
    if (status == LUA_OK) {
        if (env != 0) {
            lua_pushvalue(L, env);
            if (!lua_setupvalue(L, -2, 1)) lua_pop(L, 1);
        }
        return 1;
    }
    luaL_pushfail(L);
    lua_insert(L, -2);
    return 2;
}

static int scn_randomseed(lua_State *L) {
    if (lua_isnoneornil(L, 1)) {
        return luaL_error(L, "math.randomseed needs a seed: runs are deterministic, so the "
                             "clock is never used (call math.randomseed(n))");
    }
    luaL_checkinteger(L, 1);
    luaL_optinteger(L, 2, 0);
    return scn_call_original(L, &scn_randomseed_key, LUA_MULTRET);
}

// setmetatable(t, mt) as Lua 5.4.4's (lbaselib.c), refusing a `__gc` field. Lua runs finalizers
// with hooks off, so no instruction limit or interrupt could stop one, and the collector may
// run it in the middle of any allocation, Swift's included. Lua marks an object for
// finalization only here, so a `__gc` added to the metatable later is never called.
static int scn_setmetatable(lua_State *L) {
    int t = lua_type(L, 2);
    luaL_checktype(L, 1, LUA_TTABLE);
    luaL_argexpected(L, t == LUA_TNIL || t == LUA_TTABLE, 2, "nil or table");
    if (t == LUA_TTABLE) {
        lua_pushliteral(L, "__gc");
        int finalizer = lua_rawget(L, 2) != LUA_TNIL;
        lua_pop(L, 1);
        if (finalizer) {
            return luaL_error(L, "setmetatable: " SCN_GC_REFUSAL);
        }
    }
    if (luaL_getmetafield(L, 1, "__metatable") != LUA_TNIL) {
        return luaL_error(L, "cannot change a protected metatable");
    }
    lua_settop(L, 2);
    lua_setmetatable(L, 1);
    return 1;
}

static int scn_valid_module_name(const char *name) {
    // Letters, digits, '_' and '-', with single dots between folder names: nothing can climb
    // out of the module folder.
    int component = 0;
    for (const char *c = name; *c != '\0'; c++) {
        if (*c == '.') {
            if (component == 0) return 0;
            component = 0;
        } else if ((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z')
                   || (*c >= '0' && *c <= '9') || *c == '_' || *c == '-') {
            component++;
        } else {
            return 0;
        }
    }
    return component > 0;
}

// require(name): the loaded table first, then <module_dir>/<name with '.' as '/'>.lua as text.
static int scn_require(lua_State *L) {
    size_t length;
    const char *name = luaL_checklstring(L, 1, &length);
    lua_settop(L, 1);
    scn_push_loaded(L);  // 2
    lua_pushvalue(L, 1);
    if (lua_rawget(L, 2) != LUA_TNIL) {  // 3
        if (lua_touserdata(L, 3) == &scn_loading_sentinel) {
            return luaL_error(L, "module '%s' is already being loaded (a require loop, or an "
                                 "earlier error while loading it)", name);
        }
        return 1;
    }
    lua_pop(L, 1);
    // The file name would end at a NUL byte: "m\0x" would load m.lua under another name.
    if (strlen(name) != length) {
        return luaL_error(L, "module name '%s\\0...' is not valid: it holds a NUL byte; use letters, "
                             "digits, '_' and '-', with '.' between folder names", name);
    }
    if (!scn_valid_module_name(name)) {
        return luaL_error(L, "module name '%s' is not valid: use letters, digits, '_' and '-', "
                             "with '.' between folder names", name);
    }
    if (lua_isnil(L, lua_upvalueindex(1))) {
        return luaL_error(L, "module '%s' not found: no module folder is set", name);
    }
    luaL_Buffer path;
    luaL_buffinit(L, &path);
    lua_pushvalue(L, lua_upvalueindex(1));
    luaL_addvalue(&path);
    luaL_addchar(&path, '/');
    for (const char *c = name; *c != '\0'; c++) luaL_addchar(&path, *c == '.' ? '/' : *c);
    luaL_addstring(&path, ".lua");
    luaL_pushresult(&path);  // 3
    const char *filename = lua_tostring(L, 3);
    // The chunk's name: the file as opened, or, where the host names the folder otherwise
    // (relative to a test suite's root, so a golden does not depend on the directory the test
    // ran from), that name and the module's path under it; messages say the same.
    luaL_Buffer chunk;
    luaL_buffinit(L, &chunk);
    luaL_addchar(&chunk, '@');
    if (lua_type(L, lua_upvalueindex(2)) == LUA_TSTRING) {
        lua_pushvalue(L, lua_upvalueindex(2));
        luaL_addvalue(&chunk);
        luaL_addchar(&chunk, '/');
        for (const char *c = name; *c != '\0'; c++) luaL_addchar(&chunk, *c == '.' ? '/' : *c);
        luaL_addstring(&chunk, ".lua");
    } else {
        luaL_addstring(&chunk, filename);
    }
    luaL_pushresult(&chunk);  // 4
    const char *shown = lua_tostring(L, 4) + 1;
    // The file opened, not the path's text, decides (issue 43: git commits symlinks): it must
    // resolve inside the folder that holds the module folder (the scenario's folder, its suite,
    // or the project beside scenarios/) or inside the suite's root when the host set one, be a
    // regular file (a FIFO would block, /dev/zero never end) and hold at most SCN_MAX_FILE_BYTES.
    int problem = SCN_FILE_OK;
    int fd;
    {
        const char *folder = lua_tostring(L, lua_upvalueindex(1));
        const char *slash = strrchr(folder, '/');
        lua_pushlstring(L, slash == NULL ? "." : folder, slash == NULL ? 1 : (slash == folder ? 1 : (size_t)(slash - folder)));
        const char *roots[2] = {
            lua_tostring(L, -1),
            lua_type(L, lua_upvalueindex(3)) == LUA_TSTRING ? lua_tostring(L, lua_upvalueindex(3)) : NULL,
        };
        fd = scn_open_contained(filename, roots, 2, SCN_MAX_FILE_BYTES, &problem);
        lua_pop(L, 1);
    }
    switch (problem) {
    case SCN_FILE_OK:
        break;
    case SCN_FILE_MISSING:
        return luaL_error(L, "module '%s' not found:\n\tno file '%s'", name, shown);
    case SCN_FILE_OUTSIDE:
        return luaL_error(L, "module '%s': %s leads outside the suite through a symbolic link, and require reads "
                             "only files inside it (the folder that holds lib/, or the suite's root); put the module "
                             "itself there", name, shown);
    case SCN_FILE_NOT_REGULAR:
        return luaL_error(L, "module '%s': %s is not a regular file (a FIFO, a device or a socket); require reads "
                             "only regular files", name, shown);
    case SCN_FILE_TOO_LARGE:
        return luaL_error(L, "module '%s': %s is larger than %d MiB, the most scenesim reads from one file; make it "
                             "smaller", name, shown, (int)(SCN_MAX_FILE_BYTES >> 20));
    default:
        return luaL_error(L, "module '%s': cannot open %s: %s", name, shown, strerror(errno));
    }
    int status = scn_load_descriptor_named(L, fd, lua_tostring(L, 4), SCN_MAX_FILE_BYTES);  // 5
    // From here the module's path is the one messages show (require's second result too).
    lua_pushstring(L, shown);
    lua_replace(L, 3);
    lua_remove(L, 4);  // the chunk name: the loaded function (or the message) is 4 again
    if (status != LUA_OK) {
        if (strstr(lua_tostring(L, -1), "attempt to load a binary chunk") != NULL) {
            return luaL_error(L, "module '%s': %s is a precompiled (binary) chunk; only Lua "
                                 "source text can be loaded", name, lua_tostring(L, 3));
        }
        return luaL_error(L, "error loading module '%s':\n\t%s", name, lua_tostring(L, -1));
    }
    lua_pushvalue(L, 1);
    lua_pushlightuserdata(L, (void *)&scn_loading_sentinel);
    lua_rawset(L, 2);
    lua_pushvalue(L, 1);
    lua_pushvalue(L, 3);
    lua_call(L, 2, 1);  // 4 = the module's value
    if (lua_isnil(L, 4)) {
        lua_pop(L, 1);
        lua_pushboolean(L, 1);
    }
    lua_pushvalue(L, 1);
    lua_pushvalue(L, 4);
    lua_rawset(L, 2);
    lua_pushvalue(L, 3);
    return 2;
}

static int scn_open_libraries_body(lua_State *L) {
    int libraries = (int)lua_tointeger(L, 1);
    int has_dir = lua_type(L, 2) == LUA_TSTRING;
    if (libraries == SCN_LIBRARIES_ALL) {
        luaL_openlibs(L);
        lua_getglobal(L, "package");
        lua_getfield(L, -1, "path");
        lua_rawsetp(L, LUA_REGISTRYINDEX, &scn_package_path_key);
        lua_pop(L, 1);
        if (has_dir) {
            lua_getglobal(L, "package");
            lua_pushvalue(L, 2);
            lua_pushliteral(L, "/?.lua;");
            lua_getfield(L, -3, "path");
            lua_concat(L, 3);
            lua_setfield(L, -2, "path");
            lua_pop(L, 1);
        }
    } else {
        static const luaL_Reg sandbox[] = {
            {LUA_GNAME, luaopen_base},
            {LUA_COLIBNAME, luaopen_coroutine},
            {LUA_TABLIBNAME, luaopen_table},
            {LUA_STRLIBNAME, luaopen_string},
            {LUA_MATHLIBNAME, luaopen_math},
            {LUA_UTF8LIBNAME, luaopen_utf8},
            {NULL, NULL},
        };
        for (const luaL_Reg *lib = sandbox; lib->func != NULL; lib++) {
            luaL_requiref(L, lib->name, lib->func, 1);
            lua_pop(L, 1);
        }
        lua_pushnil(L);
        lua_setglobal(L, "dofile");
        lua_pushnil(L);
        lua_setglobal(L, "loadfile");
        lua_pushcfunction(L, scn_load_text);
        lua_setglobal(L, "load");
        lua_pushvalue(L, 2);  // the folder, or nil
        lua_pushnil(L);       // the folder as messages name it (scn_set_module_display_dir)
        lua_pushnil(L);       // the suite's root, where modules may lead too (scn_set_module_root)
        lua_pushcclosure(L, scn_require, 3);
        lua_pushvalue(L, -1);
        lua_rawsetp(L, LUA_REGISTRYINDEX, &scn_require_key);
        lua_setglobal(L, "require");
    }
    lua_getglobal(L, LUA_MATHLIBNAME);
    lua_getfield(L, -1, "randomseed");
    // The wrapper holds what stock's holds (its generator's state, the original's upvalue), so
    // the debug library sees one upvalue of the same kind; the original is in the registry.
    int upvalues = lua_getupvalue(L, -1, 1) != NULL;
    lua_pushcclosure(L, scn_randomseed, upvalues);
    lua_insert(L, -2);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &scn_randomseed_key);
    lua_setfield(L, -2, "randomseed");
    lua_pop(L, 1);
    lua_pushcfunction(L, scn_setmetatable);
    lua_setglobal(L, "setmetatable");
    scn_install_protected_functions(L);
    scn_install_bounded_functions(L);
    scn_install_charged_loops(L);
    scn_install_debug_functions(L);
    return 0;
}

// MARK: io.stdout, routed

// io.stdout's stream once routed: a stdio stream whose writes call the host's output function.
typedef struct scn_routed_output {
    scn_output_fn write;  // NULL once the state is closing: what is left is dropped
    void *context;
} scn_routed_output;

#ifdef __APPLE__
static int scn_routed_write(void *cookie, const char *bytes, int length) {
    scn_routed_output *routed = cookie;
    if (routed->write != NULL && length > 0) routed->write(routed->context, bytes, (size_t)length);
    return length;
}
#else
static ssize_t scn_routed_write(void *cookie, const char *bytes, size_t length) {
    scn_routed_output *routed = cookie;
    if (routed->write != NULL && length > 0) routed->write(routed->context, bytes, length);
    return (ssize_t)length;
}
#endif

int scn_route_stdout(lua_State *L, scn_output_fn write, void *context) {
    scn_state *st = scn_get_state(L);
    if (st->routed_stdout != NULL || write == NULL || !lua_checkstack(L, 3)) return 0;
    lua_getfield(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
    int found = lua_getfield(L, -1, LUA_IOLIBNAME) == LUA_TTABLE && lua_getfield(L, -1, "stdout") == LUA_TUSERDATA;
    luaL_Stream *stream = found ? luaL_testudata(L, -1, LUA_FILEHANDLE) : NULL;
    lua_settop(L, lua_gettop(L) - (found ? 3 : 2));
    if (stream == NULL || stream->closef == NULL) return 0;
    scn_routed_output *routed = malloc(sizeof *routed);
    if (routed == NULL) return 0;
    *routed = (scn_routed_output){ .write = write, .context = context };
#ifdef __APPLE__
    FILE *file = funopen(routed, NULL, scn_routed_write, NULL, NULL);
#else
    FILE *file = fopencookie(routed, "w", (cookie_io_functions_t){ .write = scn_routed_write });
#endif
    if (file == NULL) {
        free(routed);
        return 0;
    }
    // Unbuffered: each write reaches the host before the next print does.
    setvbuf(file, NULL, _IONBF, 0);
    stream->f = file;  // the stream's closef (io_noclose) never closes it: scn_close does
    st->routed_stdout = file;
    st->routed = routed;
    return 1;
}

void scn_flush_stdout(lua_State *L) {
    FILE *file = scn_get_state(L)->routed_stdout;
    if (file != NULL) fflush(file);
}

void scn_close_routed_stdout(scn_state *st) {
    if (st->routed_stdout == NULL) return;
    ((scn_routed_output *)st->routed)->write = NULL;
    fclose(st->routed_stdout);
    free(st->routed);
    st->routed_stdout = NULL;
    st->routed = NULL;
}

int scn_open_libraries(lua_State *L, int libraries, const char *module_dir) {
    lua_checkstack(L, 4);
    lua_pushcfunction(L, scn_open_libraries_body);
    lua_pushinteger(L, libraries);
    if (module_dir != NULL) lua_pushstring(L, module_dir); else lua_pushnil(L);
    return lua_pcall(L, 2, 0, 0);
}

// 1 = the new module folder as a C string (pushed here, so running out of memory is caught).
// The sandbox's require closure gets it as its upvalue; with all libraries, package.path
// becomes "<folder>/?.lua;" then the library's own path.
static int scn_set_module_dir_body(lua_State *L) {
    lua_pushstring(L, (const char *)lua_touserdata(L, 1));
    lua_replace(L, 1);
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &scn_require_key) == LUA_TFUNCTION) {
        lua_pushvalue(L, 1);
        lua_setupvalue(L, -2, 1);
    }
    lua_pop(L, 1);
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &scn_package_path_key) == LUA_TSTRING) {
        luaL_getsubtable(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
        if (lua_getfield(L, -1, LUA_LOADLIBNAME) == LUA_TTABLE) {
            lua_pushvalue(L, 1);
            lua_pushliteral(L, "/?.lua;");
            lua_pushvalue(L, 2);
            lua_concat(L, 3);
            lua_setfield(L, -2, "path");
        }
    }
    return 0;
}

// 1 = the folder as messages name it (a C string, or NULL for the folder as opened).
static int scn_set_module_display_dir_body(lua_State *L) {
    const char *display = (const char *)lua_touserdata(L, 1);
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &scn_require_key) == LUA_TFUNCTION) {
        if (display != NULL) lua_pushstring(L, display); else lua_pushnil(L);
        lua_setupvalue(L, -2, 2);
    }
    return 0;
}

int scn_set_module_display_dir(lua_State *L, const char *display_dir) {
    lua_checkstack(L, 3);
    lua_pushcfunction(L, scn_set_module_display_dir_body);
    lua_pushlightuserdata(L, (void *)display_dir);
    return lua_pcall(L, 1, 0, 0);
}

// 1 = the suite's root as a C string, or NULL for none.
static int scn_set_module_root_body(lua_State *L) {
    const char *root = (const char *)lua_touserdata(L, 1);
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &scn_require_key) == LUA_TFUNCTION) {
        if (root != NULL) lua_pushstring(L, root); else lua_pushnil(L);
        lua_setupvalue(L, -2, 3);
    }
    return 0;
}

int scn_set_module_root(lua_State *L, const char *root) {
    lua_checkstack(L, 3);
    lua_pushcfunction(L, scn_set_module_root_body);
    lua_pushlightuserdata(L, (void *)root);
    return lua_pcall(L, 1, 0, 0);
}

int scn_set_module_dir(lua_State *L, const char *module_dir) {
    lua_checkstack(L, 3);
    lua_pushcfunction(L, scn_set_module_dir_body);
    lua_pushlightuserdata(L, (void *)module_dir);
    return lua_pcall(L, 1, 0, 0);
}

static int scn_seed_random_body(lua_State *L) {
    lua_rawgetp(L, LUA_REGISTRYINDEX, &scn_randomseed_key);
    lua_pushvalue(L, 1);
    lua_call(L, 1, 0);
    return 0;
}

int scn_seed_random(lua_State *L, lua_Integer seed) {
    lua_checkstack(L, 3);
    lua_pushcfunction(L, scn_seed_random_body);
    lua_pushinteger(L, seed);
    return lua_pcall(L, 1, 0, 0);
}
