import CLua
import CLuaShim

extension LuaError {
    /// The error of a failed load: syntax, unreadable file, or a refused binary chunk.
    static func loadFailure(status: Int32, message: String, chunk: String) -> LuaError {
        if message.contains("attempt to load a binary chunk") {
            let name = chunk.hasPrefix("@") || chunk.hasPrefix("=") ? String(chunk.dropFirst()) : chunk
            return LuaError(.file, "\(name): is a precompiled (binary) chunk; only Lua source text can be loaded")
        }
        return LuaError(status == LUA_ERRFILE ? .file : .syntax, message)
    }
}

extension LuaState {
    /// The error of a failed `scn_pcall` on `thread`: pops the message, takes the traceback.
    func error(status: Int32, on thread: OpaquePointer) -> LuaError {
        if status == SCN_PCALL_NO_STACK {
            return LuaError(.runtime, "stack overflow: no room on the Lua stack to make the call")
        }
        let stack = LuaStack(L: thread, state: self)
        scn_push_error_text(thread)
        let text = stack.message(at: -1)
        stack.pop()
        let message = stack.message(at: -1) ?? text ?? "(error object is a \(stack.typeName(at: -1)) value)"
        // A table or other non-string value is kept, so Swift can raise the same value again
        // (a hook's error reaching the script's pcall). Outside a protected call an allocation
        // cannot fail (scn_alloc), so taking the reference cannot raise across Swift.
        var object: LuaErrorObject?
        let type = lua_type(thread, -1)
        // Numbers and nil too: `error(42)` in a hook reaches a pcall around the operation as 42,
        // not as the text "(error object is a number value)". (nil takes no registry slot:
        // luaL_ref gives LUA_REFNIL, which reads back as nil.)
        if status == LUA_ERRRUN,
            type == LUA_TTABLE || type == LUA_TUSERDATA || type == LUA_TFUNCTION || type == LUA_TBOOLEAN
                || type == LUA_TNUMBER || type == LUA_TNIL
        {
            lua_pushvalue(thread, -1)
            object = LuaErrorObject(LuaFunctionRef(state: self, reference: luaL_ref(thread, scn_registry_index())))
        }
        stack.pop()
        scn_push_traceback(thread)
        let traceback = stack.string(at: -1) ?? ""
        stack.pop()
        switch status {
        case LUA_ERRMEM:
            let limit = maxMemory.map { "memory limit exceeded (\($0) bytes)" }
            return LuaError(.memory, limit ?? "not enough memory")
        case LUA_ERRERR:
            return LuaError(.runtime, "error while handling an error: \(message)")
        default:
            let kind: LuaError.Kind
            switch scn_abort(UInt32(scn_last_abort(thread))) {
            case SCN_ABORT_INSTRUCTIONS: kind = .instructionLimit
            case SCN_ABORT_INTERRUPTED: kind = .interrupted
            case SCN_ABORT_MEMORY: kind = .memory
            default: kind = scn_is_memory_error(thread, message) != 0 ? .memory : .runtime
            }
            var error = LuaError(kind, message, traceback: LuaError.scriptFrames(of: traceback), fullTraceback: traceback)
            if kind == .runtime { error.object = object }
            return error
        }
    }
}
