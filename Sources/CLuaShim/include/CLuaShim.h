// CLuaShim: the C half of LuaKit's bridge to Lua 5.4.
//
// Everything here exists because Lua raises errors with longjmp, and a longjmp across Swift
// frames is undefined behaviour. The shim keeps every raise inside C frames:
//   * one trampoline (`scn_push_function`) calls Swift and raises only after Swift returned;
//   * a counting allocator fails only while Lua code runs under a Swift-started protected call,
//     never while Swift code is on the stack;
//   * a count hook written in C enforces the instruction limit and interrupts.
// It also adds what the sandbox needs (text-only `load`, a folder-bound `require`, handles).
#pragma once

#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>
#include <stddef.h>
#include <stdint.h>

/// Called by the trampoline: runs Swift function `function_id` for the host. Returns the number
/// of results it pushed, or `SCN_CALLBACK_ERROR` after pushing an error message.
typedef int (*scn_dispatch_fn)(void *host, lua_State *L, lua_Integer function_id);

/// Status a dispatch function returns when the error message is on top of the stack.
#define SCN_CALLBACK_ERROR (-1)

/// Status of `scn_pcall` when the stack had no room to make the call: the function and its
/// arguments are removed and nothing is pushed (not even a message).
#define SCN_PCALL_NO_STACK (-2)

/// Why the count hook stopped the running code, if it did.
typedef enum scn_abort {
    SCN_ABORT_NONE = 0,
    SCN_ABORT_INSTRUCTIONS = 1,
    SCN_ABORT_INTERRUPTED = 2,
    /// The memory limit: Lua still needed more after a full collection (see scn_alloc). Sticky,
    /// as the others: the top-level call ends with it.
    SCN_ABORT_MEMORY = 3,
} scn_abort;

/// Which standard libraries `scn_open_libraries` opens.
typedef enum scn_libraries {
    SCN_LIBRARIES_SANDBOX = 0,
    SCN_LIBRARIES_ALL = 1,
} scn_libraries;

/// How many VM instructions run between two calls of the count hook.
#define SCN_HOOK_STEP 1000

/// The least Lua may hold past the memory limit between tripping it and the count hook raising
/// its error at the script's line (an eighth of the limit when that is more).
#define SCN_MEMORY_SLACK (256 * 1024)

// MARK: State lifecycle

/// A new state with the counting allocator, the count hook and a panic handler installed.
lua_State *scn_newstate(void);
/// Closes the state and frees the shim's bookkeeping. Swift callbacks are not called any more.
void scn_close(lua_State *L);
/// Connects the trampoline to the host; a NULL dispatch makes every Swift function return nothing.
void scn_set_host(lua_State *L, void *host, scn_dispatch_fn dispatch);

// MARK: Snapshots

/// Copies the whole state (every block Lua holds, and the shim's bookkeeping) so that
/// `scn_snapshot_restore` can put it back exactly as it is now, at the same addresses: what a
/// later call does to globals, the registry, metatables, the collector or the string table is
/// undone. Only between top-level calls, once per state, and not once the block pool overflowed
/// (its blocks are no longer all tracked). Returns the bytes copied, or 0 when it cannot.
size_t scn_snapshot_take(lua_State *L);
/// Puts back the snapshot: frees what was allocated since, copies the snapshot's bytes back.
/// Only between top-level calls; returns 0, changing nothing, without a snapshot or when the
/// pool overflowed since (then the state must be closed instead). Nothing Lua held after the
/// snapshot may be used afterwards: registry references, threads and userdata made since are
/// gone, and no finalizer ran for them (scripts cannot set __gc).
int scn_snapshot_restore(lua_State *L);
/// Replaces the snapshot with one of the state as it is now (after a restore and some more
/// work): what the old one pinned and Lua still holds is pinned by the new one, the rest is
/// freed. Same conditions as scn_snapshot_take, and a snapshot to replace. Returns the bytes
/// copied, or 0 when it cannot: refused (inside a call, the pool overflowed), nothing changed;
/// or the new copy could not be allocated, and the state has no snapshot (scn_snapshot_held).
size_t scn_snapshot_retake(lua_State *L);
/// Whether the state has a snapshot to restore.
int scn_snapshot_held(lua_State *L);

// MARK: Limits and interrupts

/// Memory limit in bytes, 0 for none. Counts every block Lua allocates.
void scn_set_memory_limit(lua_State *L, size_t bytes);
size_t scn_memory_used(lua_State *L);
/// Bytes of slabs the state's block pool holds (live and free small blocks), at most the pool's
/// cap: what the process keeps for the state beyond Lua's own count.
size_t scn_pool_reserved(lua_State *L);
/// Instruction budget of one top-level protected call, 0 for none (precise to SCN_HOOK_STEP).
void scn_set_instruction_limit(lua_State *L, long long instructions);
/// Charges `steps` instructions of work done outside the VM (rendering a value in Swift) to
/// the running call's budget, without raising: a limit this trips is raised by the count hook
/// at the script's next instruction, or at its next call into Swift.
void scn_charge_later(lua_State *L, long long steps);
/// The level of the script's line for the Swift function being called (1, its caller, unless
/// a library function of the shim called it: scn_call_from_library).
int scn_caller_level(lua_State *L);
/// Marks the Swift function about to be called (next, by lua_call) as called by a library
/// function of the shim on the script's behalf: its errors name the library function's caller.
void scn_call_from_library(lua_State *L);
/// Charges `steps` instructions of work a Swift function does for thread L (nothing on a thread
/// without the count hook) and watches the interrupt flags, without raising: true once the
/// instruction limit is spent, an interrupt came or the memory limit tripped, so the Swift work
/// can stop early; the trampoline then raises the limit's error at the line that called the
/// function.
int scn_charge_work(lua_State *L, long long steps);
/// Why the last failed protected call was stopped by the hook (`scn_abort`).
int scn_last_abort(lua_State *L);
/// Whether `message` is the first memory-limit error raised with its script line in the
/// current top-level call (the trip is sticky: the call ends with it; this tells its kind where
/// a message is all there is, as in a found scenario's explore.check()).
int scn_is_memory_error(lua_State *L, const char *message);

/// A flag the count hook watches; raising it is async-signal-safe and thread-safe.
void *scn_interrupt_flag_create(void);
void scn_interrupt_flag_destroy(void *flag);
void scn_interrupt_flag_raise(void *flag);
/// Raises the flag for output past the memory limit (a golden test holds all of it): the
/// interrupt's error reads "output limit exceeded (N bytes)", N the memory limit.
void scn_interrupt_flag_raise_output(void *flag);
#define SCN_INTERRUPT_OUTPUT 2
/// The flag's value: 0 down, 1 raised, SCN_INTERRUPT_OUTPUT raised for output.
int scn_interrupt_flag_value(void *flag);
/// Attaches `flag` (or NULL) to the state; the caller keeps it alive longer than the state.
void scn_set_interrupt_flag(lua_State *L, void *flag);
/// Interrupts the code running in every state of the process (async-signal-safe).
void scn_interrupt_all(void);

// MARK: Libraries

/// Opens the standard libraries (see LuaLibraries in Swift), installs the text-only `load`,
/// the deterministic `math.randomseed`, and `require` bound to `module_dir` (may be NULL).
/// Runs protected; returns a Lua status with the error message on top on failure.
int scn_open_libraries(lua_State *L, int libraries, const char *module_dir);
/// Where `io.stdout` writes once routed: `length` bytes at `bytes`, for `context`.
typedef void (*scn_output_fn)(void *context, const char *bytes, size_t length);
/// Routes `io.stdout` (and so `io.write`, unless the script chose another output file) to
/// `write`, unbuffered, so its bytes go where `print`'s do, in the order they were written: a
/// golden test captures them, a terminal sees them between the trace's lines. Only with the io
/// library opened; 0 when there is no `io.stdout` to route. `context` must outlive the state.
int scn_route_stdout(lua_State *L, scn_output_fn write, void *context);
/// Writes out what a script left in `io.stdout`'s buffer (after `io.stdout:setvbuf("full")`).
void scn_flush_stdout(lua_State *L);
/// Points `require` at another module folder (the sandbox's own `require`, or `package.path`
/// with all libraries). Runs protected; returns a Lua status with the error on top on failure.
int scn_set_module_dir(lua_State *L, const char *module_dir);
/// Names the module folder in chunk names and messages as `display_dir` (NULL: as opened), so
/// `lib/m.lua:3:` reads the same from any current directory. Runs protected.
int scn_set_module_display_dir(lua_State *L, const char *display_dir);
/// Lets `require` also read modules that lead (through a link) into `root`, the suite's root
/// (NULL: only the folder that holds the module folder); see scn_open_contained.
int scn_set_module_root(lua_State *L, const char *root);
/// Replaces `pairs` (keys in a fixed order) and `string.format` (`%s` through the global
/// `tostring` as it is now, `%p` refused), so output never depends on hash seeds or addresses.
/// Call it after `tostring` is the deterministic one. Returns the status of a protected call.
int scn_install_deterministic_functions(lua_State *L);

/// Makes the global `assert` a table whose `__call` is Lua's own assert (assertions.c), so the
/// host can add fields (`assert.equal`). Returns the status of a protected call.
int scn_install_callable_assert(lua_State *L);

/// How deep `scn_values_same` follows nested tables before it calls them different.
#define SCN_SAME_MAX_DEPTH 200

/// Whether the values at `a` and `b` are the same as luassert's `same` says: raw equality, or
/// tables whose raw keys hold values that are the same, recursively (keys compared raw, a cycle
/// compared once). Never raises; charges its work to the budget for later (scn_charge_later).
int scn_values_same(lua_State *L, int a, int b);
/// Seeds `math.random` like `math.randomseed(seed)`. Returns a Lua status.
int scn_seed_random(lua_State *L, lua_Integer seed);

// MARK: Calls

/// `lua_pcall` with a traceback message handler, entered from Swift. The function and its
/// `nargs` arguments are on top. On error the error value is on top (what the script raised; a
/// string for a limit), `scn_push_error_text` gives the text of one that is not a string or a
/// number, and `scn_push_traceback` the traceback; see SCN_PCALL_NO_STACK.
int scn_pcall(lua_State *L, int nargs, int nresults);
/// Pushes the text the last failed `scn_pcall` made of an error value that was not a string or
/// a number (its `__tostring`, or "(error object is a table value)"), or nil, and forgets it.
void scn_push_error_text(lua_State *L);
/// Pushes the traceback recorded by the last failed `scn_pcall` (or nil) and forgets it.
void scn_push_traceback(lua_State *L);
/// Pushes a Lua function that calls Swift function `function_id` through the trampoline.
void scn_push_function(lua_State *L, lua_Integer function_id);
/// Loads a file as text only, chunk name `@path` (NULL: standard input, `=stdin`). Returns a Lua status.
int scn_load_file(lua_State *L, const char *path);
/// Compiles the text file at `path` as luaL_loadfilex does (a first `#` line and a UTF-8 BOM
/// skipped), but under the chunk name `chunk_name` (e.g. `@errors/config.lua`), so messages
/// need not spell the path the file was opened by; open and read errors name it the same way.
int scn_load_file_named(lua_State *L, const char *path, const char *chunk_name);
/// The most bytes scenesim reads from one file a suite supplies (a module `require` or a
/// script's `sim.explore.load` opens, a scenario, a golden): 512 MiB, the default --max-memory.
#define SCN_MAX_FILE_BYTES 536870912LL
/// What scn_open_contained found wrong.
enum { SCN_FILE_OK = 0, SCN_FILE_MISSING, SCN_FILE_OUTSIDE, SCN_FILE_NOT_REGULAR, SCN_FILE_TOO_LARGE, SCN_FILE_ERROR };
/// Opens `path` for reading as a file a suite supplies: its real path must lie inside the real
/// path of one of `roots` (NULL entries skipped), it must be a regular file of at most
/// `max_bytes`, and the file opened (fstat) must be the one its path resolves to, so nothing
/// swapped between the checks and the open is read. A path resolving outside is never opened; a
/// FIFO is opened without blocking and refused. Returns the descriptor, or -1 with `*problem`
/// set (SCN_FILE_MISSING when nothing is there, SCN_FILE_ERROR with errno kept).
int scn_open_contained(const char *path, const char *const *roots, int root_count, long long max_bytes, int *problem);
/// Compiles the text read from `fd` (closed here) as scn_load_file_named does, reading at most
/// `max_bytes`: past that, a LUA_ERRFILE message "cannot read NAME: larger than N MiB...".
int scn_load_descriptor_named(lua_State *L, int fd, const char *chunk_name, long long max_bytes);
/// Compiles source text already read (a scenario the golden runner read and checked) as
/// scn_load_file_named compiles a file: a UTF-8 BOM and a first `#` line skipped, text only.
int scn_load_source_named(lua_State *L, const unsigned char *bytes, size_t length, const char *chunk_name);
/// Loads a string as text only with the given chunk name. Returns a Lua status.
int scn_load_string(lua_State *L, const char *source, size_t length, const char *chunk_name);
/// Loads a precompiled chunk (mode "b"): only for bytecode the host dumped itself, never a script's.
int scn_load_binary(lua_State *L, const unsigned char *bytes, size_t length, const char *chunk_name);
/// Dumps the Lua function on top of the stack (debug information kept); *bytes is malloc'd,
/// freed by the caller. Returns 0, or lua_dump's error.
int scn_dump_function(lua_State *L, unsigned char **bytes, size_t *length);
/// Frees what scn_dump_function returned.
void scn_dump_free(unsigned char *bytes);
/// Whether the Lua function at the top of the stack names `name` (a field read `x.name`, or the
/// string "name") in its code, its nested functions', or the code of a Lua function it reaches
/// through its upvalues, or among the values of a table that is one of them (not deeper: the
/// globals' functions are looked at, the tables in them are not): 1 yes,
/// 0 no, and 1 too when there is more to look at than it looks at (4,096 values). Allocates no
/// Lua memory and runs no Lua code (no metamethod), so it raises nothing. Leaves the stack as it was.
int scn_function_names(lua_State *L, const char *name);

// MARK: Handles (userdata wrapping a class index and an integer id)

/// Pops a metatable and makes it class `class_index` (adds __name, __metatable, __eq).
void scn_register_class(lua_State *L, int class_index, const char *name);
/// Pushes the handle for (class, id); the same userdata while Lua still references it. Pushes
/// nil for a class this state never registered.
void scn_push_handle(lua_State *L, int class_index, int64_t id);
/// Pushes `uncounted(fn, ...)`: calls fn on a new thread without the count hook, for the
/// engine's own code, whose work is bounded; and `counted(fn, ...)`: from there, calls script
/// code on the counted thread, protected (true and its results, or false and the error's
/// text). The instruction limit counts only the counted code (uncounted.c).
void scn_push_uncounted(lua_State *L);
void scn_push_counted(lua_State *L);
/// Reads a handle at `index`; returns 0 when the value is not a handle of a registered class.
int scn_to_handle(lua_State *L, int index, int *class_index, int64_t *id);
/// Pops a methods table and pushes the class's `__index`: the handle's field cache, then
/// methods, then Swift function `getter_id` (called with the handle and the key), in C.
void scn_push_index_function(lua_State *L, lua_Integer getter_id);
/// Pops a table of the class's names (each method's function, each numbered field's number,
/// 0...31) and pushes the `__index` of class `class_index` (below 2^16): as
/// scn_push_index_function's, but a numbered field goes to Swift function `numbered_getter_id`,
/// called with the handle, the key, the handle's id, the field's number and whether to cache
/// its value (from its second read since the handle's cache was dropped).
void scn_push_numbered_index_function(lua_State *L, lua_Integer getter_id, lua_Integer numbered_getter_id, int class_index);
/// Pushes a new list of the handles (class_index, ids[i]): what pushing each handle and setting
/// it does, the class's handle cache found once (empty for a class of another state).
void scn_push_handles(lua_State *L, int class_index, const int64_t *ids, int count);
/// A numbered field's value as a class's plain getter gives it (scn_set_plain_getter): `type`
/// stays LUA_TNONE when the field is not plain now (the numbered getter answers it), else it is
/// LUA_TNIL, LUA_TBOOLEAN (`boolean`), LUA_TNUMBER (`integer` when `is_integer`, else `number`)
/// or LUA_TSTRING (`length` bytes the getter copied into `buffer`, which holds `capacity`).
/// `keep`: the value may be kept in the handle's field cache, when scn_index asks for that.
typedef struct scn_plain {
    int type;
    int boolean;
    int is_integer;
    int keep;
    long long integer;
    double number;
    char *buffer;
    size_t capacity;
    size_t length;
} scn_plain;
/// Fills `value` with numbered field `field` of the handle with id `id` (see scn_plain). It runs
/// inside `__index`, called from C with no trampoline: it must not call into Lua.
typedef void (*scn_plain_getter)(void *context, long long id, int field, scn_plain *value);
/// Makes scn_index ask `getter` (with `context`) for the numbered fields of class `class_index`
/// (1 to 15; others are ignored) whose bit is set in `fields` (bit n for field n) before it
/// calls the class's numbered getter in Swift: a plain value is pushed (and cached, when asked
/// and `keep`) in C, without a call through the trampoline. A field whose bit is clear (one
/// that is never plain, such as a list) goes to the numbered getter without asking. NULL
/// removes it.
void scn_set_plain_getter(lua_State *L, int class_index, scn_plain_getter getter, void *context, uint32_t fields);
/// Pops a key and a value (value on top) and stores them in the field cache of the handle at
/// `handle_index` (raw; nothing happens for a non-handle). `writable` says whether writes to the
/// handle's cached fields may be buffered from now on (see writes.c).
void scn_cache_field(lua_State *L, int handle_index, int writable);
/// Drops the field cache of handle (class, id), if Lua holds that handle now.
void scn_cache_clear(lua_State *L, int class_index, int64_t id);

// MARK: Buffered writes (see writes.c)

/// Pops the setter function (Swift) and pushes, in its place, the class's `__newindex` that
/// buffers writes to cached fields of handles marked writable; the methods table at
/// `methods_index` keeps method names out.
void scn_push_newindex_function(lua_State *L, int methods_index);
/// Whether buffered writes wait to be handed to the owner.
int scn_has_pending_writes(lua_State *L);
/// Called once per changed field by `scn_flush_writes`, with the key and the field's value at
/// the top of the stack (key at -2, value at -1); it must not change the stack.
typedef void (*scn_flush_fn)(void *context, lua_State *L, int class_index, int64_t id);
/// Hands every buffered write to `fn` and forgets them. Raw table operations only: it neither
/// allocates nor raises.
void scn_flush_writes(lua_State *L, scn_flush_fn fn, void *context);

// MARK: Formatting

/// Formats a float exactly as Lua's tostring does ("%.14g", plus ".0" when it looks integral).
void scn_format_number(double value, char *buffer, size_t size);

// MARK: Macros Swift cannot import

static inline void scn_pop(lua_State *L, int n) { lua_pop(L, n); }
static inline void scn_remove(lua_State *L, int index) { lua_remove(L, index); }
static inline void scn_insert(lua_State *L, int index) { lua_insert(L, index); }
static inline int scn_registry_index(void) { return LUA_REGISTRYINDEX; }
static inline void scn_push_globals(lua_State *L) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, LUA_RIDX_GLOBALS);
}
/// Pushes the registry's loaded-modules table (`package.loaded`), creating it if needed.
void scn_push_loaded(lua_State *L);
