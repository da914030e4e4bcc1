import LuaKit

/// The Lua functions waiting on the clock: `app:after`'s by task id and `sim.server.validate`'s
/// by request id. Each is dropped once called, cancelled, or its process has ended.
struct ModelCallbacks {
    var tasks: [Int: LuaFunctionRef] = [:]
    var validations: [Int: LuaFunctionRef] = [:]
}
