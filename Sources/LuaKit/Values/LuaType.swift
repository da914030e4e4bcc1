import CLua

/// The type of a stack slot, as `lua_type` reports it.
package enum LuaType: Sendable, Equatable {
    case none, `nil`, boolean, lightUserdata, number, string, table, function, userdata, thread

    init(_ code: Int32) {
        switch code {
        case LUA_TNIL: self = .nil
        case LUA_TBOOLEAN: self = .boolean
        case LUA_TLIGHTUSERDATA: self = .lightUserdata
        case LUA_TNUMBER: self = .number
        case LUA_TSTRING: self = .string
        case LUA_TTABLE: self = .table
        case LUA_TFUNCTION: self = .function
        case LUA_TUSERDATA: self = .userdata
        case LUA_TTHREAD: self = .thread
        default: self = .none
        }
    }
}
