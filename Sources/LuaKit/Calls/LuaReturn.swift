/// What a Swift function called from Lua returns: results it pushed, or an error for Lua.
package enum LuaReturn {
    /// The function pushed this many results (via `LuaCall.push` or `LuaCall.results`).
    case values(Int)
    /// Raise a Lua error with this message, prefixed with `file:line: ` of `location`.
    case error(String, location: LuaErrorLocation = .caller)
    /// Raise `error` again: the value the script raised when it was not a string (a table
    /// keeps its fields), else its message as it is (no location added).
    case raise(LuaError)
}

/// Which `file:line:` prefixes an error raised from Swift.
package enum LuaErrorLocation: Sendable, Equatable {
    /// The Lua line that called the Swift function (like `luaL_error`).
    case caller
    /// The function `n` levels up: 1 is the caller, 2 the caller's caller.
    case level(Int)
    /// No prefix (the message already carries one, or none makes sense).
    case none
}
