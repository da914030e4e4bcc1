import CLua
import CLuaShim

extension LuaState {
    /// Compiles a file as Lua source text (never bytecode), chunk name `@path` as given, so
    /// its messages start with `path:line:`.
    package func load(file path: String) throws(LuaError) -> LuaFunctionRef {
        try loadChunk(named: path) { scn_load_file($0, path) }
    }

    /// Compiles a file as Lua source text under a chosen display name: messages start with
    /// `displayName:line:` whatever path opened the file (the golden runner passes the path
    /// relative to the suite root).
    package func load(file path: String, displayName: String) throws(LuaError) -> LuaFunctionRef {
        try loadChunk(named: displayName) { scn_load_file_named($0, path, "@" + displayName) }
    }

    /// Compiles source bytes already read as `load(file:displayName:)` compiles a file (a UTF-8
    /// BOM and a first `#` line skipped, text only): the golden runner runs the very bytes it
    /// read and checked, never the file opened a second time.
    package func load(source bytes: [UInt8], displayName: String) throws(LuaError) -> LuaFunctionRef {
        try loadChunk(named: displayName) { thread in
            bytes.withUnsafeBufferPointer { buffer in scn_load_source_named(thread, buffer.baseAddress, buffer.count, "@" + displayName) }
        }
    }

    /// Loads and runs a file under a display name (see `load(file:displayName:)`).
    @discardableResult
    package func run(file path: String, displayName: String) throws(LuaError) -> [LuaValue] {
        try call(try load(file: path, displayName: displayName))
    }

    /// Points `require` at `directory` from now on (modules already loaded stay loaded): the
    /// REPL's `\load` runs a file with the helpers beside it, as `scenesim run` would.
    package func setModuleDirectory(_ directory: String) throws(LuaError) {
        let stack = LuaStack(L: currentThread, state: self)
        let top = stack.top
        defer { lua_settop(stack.L, top) }
        guard scn_set_module_dir(stack.L, directory) == LUA_OK else {
            throw LuaError(.memory, stack.string(at: -1) ?? "cannot set the module folder")
        }
    }

    /// Names the module folder in chunk names and messages as `directory` (nil: as opened):
    /// `scenesim test` names it relative to the suite's root, as it names the scenario, so a
    /// golden of an error in `lib/m.lua` does not depend on the directory the test ran from.
    package func setModuleDisplayDirectory(_ directory: String?) throws(LuaError) {
        let stack = LuaStack(L: currentThread, state: self)
        let top = stack.top
        defer { lua_settop(stack.L, top) }
        guard scn_set_module_display_dir(stack.L, directory) == LUA_OK else {
            throw LuaError(.memory, stack.string(at: -1) ?? "cannot set the module folder's name")
        }
    }

    /// Lets `require` also read a module that leads, through a symbolic link, into `folder` (the
    /// suite's root; nil: none): otherwise a module must resolve inside the folder that holds
    /// the module folder. Whatever the path's text, the file opened is what is checked.
    package func setModuleRoot(_ folder: String?) throws(LuaError) {
        let stack = LuaStack(L: currentThread, state: self)
        let top = stack.top
        defer { lua_settop(stack.L, top) }
        guard scn_set_module_root(stack.L, folder) == LUA_OK else {
            throw LuaError(.memory, stack.string(at: -1) ?? "cannot set the suite's root")
        }
    }

    /// Compiles all of standard input as Lua source text, chunk name `=stdin` (messages read
    /// `stdin:line:`), skipping a first line that starts with `#`: what `lua5.4 < file` runs.
    /// The bytes reach Lua as read, never through a Swift `String`.
    package func loadStandardInput() throws(LuaError) -> LuaFunctionRef {
        try loadChunk(named: "=stdin") { scn_load_file($0, nil) }
    }

    /// Compiles source text with the chunk name the caller chooses (`=stdin` shows `stdin:1:`,
    /// `@x.lua` shows `x.lua:1:`). A syntax error ending at `<eof>` has `isIncompleteInput`.
    package func load(_ source: String, chunkName: String) throws(LuaError) -> LuaFunctionRef {
        var source = source
        return try loadChunk(named: chunkName) { thread in
            source.withUTF8 { bytes in
                bytes.withMemoryRebound(to: CChar.self) { chars in
                    scn_load_string(thread, chars.baseAddress, chars.count, chunkName)
                }
            }
        }
    }

    /// Loads and runs a file (see `load(file:)`); returns the chunk's results.
    @discardableResult
    package func run(file path: String) throws(LuaError) -> [LuaValue] {
        try call(try load(file: path))
    }

    /// Loads and runs source text (see `load(_:chunkName:)`); returns the chunk's results.
    @discardableResult
    package func run(_ source: String, chunkName: String) throws(LuaError) -> [LuaValue] {
        try call(try load(source, chunkName: chunkName))
    }

    /// Calls a function under a protected call; an error carries the `file:line:` where it was
    /// raised and the script traceback. Usable from inside a Swift callback too.
    @discardableResult
    package func call(_ function: LuaFunctionRef, _ arguments: [LuaValue] = []) throws(LuaError) -> [LuaValue] {
        guard function.state === self else {
            throw LuaError(.runtime, "a function of another (or a closed) Lua state was called")
        }
        return try protectedCall(arguments) { stack in
            lua_rawgeti(stack.L, scn_registry_index(), lua_Integer(function.reference))
        }
    }

    /// Calls a function as `call` does, and describes each of its results (`describeBytes`)
    /// while it is still a Lua value, so a table keeps its metatable and shows its
    /// `__tostring`, as `print` shows it: what a prompt echoes. Throws the call's error; `texts`
    /// holds the error of a `__tostring` that failed after the call ran.
    package func callDescribing(_ function: LuaFunctionRef) throws(LuaError) -> (count: Int, texts: Result<[[UInt8]], LuaError>) {
        guard function.state === self else {
            throw LuaError(.runtime, "a function of another (or a closed) Lua state was called")
        }
        return try protectedCall(
            [],
            pushFunction: { stack in
                lua_rawgeti(stack.L, scn_registry_index(), lua_Integer(function.reference))
            },
            results: { stack, slots in
                var texts: [[UInt8]] = []
                for index in slots {
                    do throws(LuaError) {
                        texts.append(try stack.describe(at: index))
                    } catch {
                        return (slots.count, .failure(error))
                    }
                }
                return (slots.count, .success(texts))
            })
    }

    /// Calls global function `name` (read raw) under a protected call.
    @discardableResult
    package func callGlobal(_ name: String, _ arguments: [LuaValue] = []) throws(LuaError) -> [LuaValue] {
        try protectedCall(arguments) { stack in
            scn_push_globals(stack.L)
            stack.push(string: name)
            lua_rawget(stack.L, -2)
            scn_remove(stack.L, -2)
        }
    }

    /// The deterministic text `print` would show for `value` (see `LuaRenderer`): tables with
    /// sorted keys and no addresses, `__tostring` for handles. Throws if a `__tostring` fails.
    package func describeBytes(_ value: LuaValue) throws(LuaError) -> [UInt8] {
        let stack = LuaStack(L: currentThread, state: self)
        let top = stack.top
        guard stack.push(value) else { throw LuaError(.runtime, "stack overflow") }
        defer {
            lua_settop(stack.L, top)
        }
        return try stack.describe(at: -1)
    }

    /// `describeBytes` as text, for display where bytes cannot go (invalid UTF-8 becomes U+FFFD).
    package func describe(_ value: LuaValue) throws(LuaError) -> String {
        String(decoding: try describeBytes(value), as: UTF8.self)
    }

    private func protectedCall(
        _ arguments: [LuaValue], pushFunction: (LuaStack) -> Void
    ) throws(LuaError) -> [LuaValue] {
        try protectedCall(arguments, pushFunction: pushFunction) { stack, slots in slots.map { stack.value(at: $0) } }
    }

    /// Calls the function `pushFunction` pushes with `arguments`, protected, and hands its
    /// results (their stack slots) to `results` before they are popped.
    private func protectedCall<Results>(
        _ arguments: [LuaValue], pushFunction: (LuaStack) -> Void, results: (LuaStack, Range<Int32>) -> Results
    ) throws(LuaError) -> Results {
        let stack = LuaStack(L: currentThread, state: self)
        let top = stack.top
        guard lua_checkstack(stack.L, Int32(clamping: arguments.count + 4)) != 0 else {
            throw LuaError(.runtime, "stack overflow: too many arguments (\(arguments.count))")
        }
        pushFunction(stack)
        for argument in arguments { stack.push(argument) }
        let status = protectedCall(on: stack.L, arguments: Int32(arguments.count), results: LUA_MULTRET)
        defer {
            lua_settop(stack.L, top)
            assert(stack.top == top, "LuaKit: unbalanced stack around a call")
        }
        guard status == LUA_OK else { throw error(status: status, on: stack.L) }
        return results(stack, top + 1..<stack.top + 1)
    }

    func loadChunk(
        named name: String, _ load: (OpaquePointer) -> Int32
    ) throws(LuaError) -> LuaFunctionRef {
        let stack = LuaStack(L: currentThread, state: self)
        let top = stack.top
        lua_checkstack(stack.L, 2)
        let status = load(stack.L)
        defer { assert(stack.top == top, "LuaKit: unbalanced stack around a load") }
        guard status == LUA_OK else {
            let message = stack.string(at: -1) ?? "cannot load \(name)"
            stack.pop()
            throw LuaError.loadFailure(status: status, message: message, chunk: name)
        }
        return LuaFunctionRef(state: self, reference: luaL_ref(stack.L, scn_registry_index()))
    }
}
