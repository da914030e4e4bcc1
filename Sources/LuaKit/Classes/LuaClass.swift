/// A userdata class registered with `LuaState.defineClass`; handles of it carry its name.
package struct LuaClass: Hashable, Sendable {
    /// The class name: `__name`, what `getmetatable` returns, and the default `tostring` prefix.
    package let name: String
    let index: Int32

    // A class is its registration index: comparing names on every handle check showed up in
    // the per-call cost.
    package static func == (a: LuaClass, b: LuaClass) -> Bool { a.index == b.index }
    package func hash(into hasher: inout Hasher) { hasher.combine(index) }
}

/// A Lua userdata that stands for an object the host owns: a class and an integer id.
///
/// Handles store only the id, so a handle whose object is gone cannot dangle: the owner looks
/// the id up and reports a stale handle. Pushing the same handle twice gives the same userdata
/// while Lua still references it, so `rawequal` and table keys work; `==` compares ids.
package struct LuaHandle: Hashable, Sendable {
    /// The handle's class.
    package let type: LuaClass
    /// The id the owner gave it.
    package let id: Int64

    /// A handle of class `type` for `id`.
    package init(_ type: LuaClass, id: Int64) {
        self.type = type
        self.id = id
    }
}
