// Chunks: loading Lua source (files bounded in size, strings) and bytecode, dumping a function,
// and looking for a name in a function's code.
#include "internal.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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
