/// What a handle class does when Lua uses its handles; closures get the handle's id.
///
/// `obj:method(...)` finds `methods[method]` (self is argument 1, already checked to be a
/// handle of this class); any other string key goes to `getField`; assignments go to
/// `setField` (the new value is argument 3). Missing `getField` reads give nil; missing
/// `setField` makes fields read-only.
public struct LuaClassDefinition {
    /// A method body: the call (self at 1, arguments from 2) and self's id.
    public typealias Method = (LuaCall, Int64) -> LuaReturn
    /// A field access: the call (self at 1, key at 2, new value at 3), self's id and the key.
    public typealias Field = (LuaCall, Int64, String) -> LuaReturn

    /// The class name (`__name`).
    public var name: String
    /// Methods by name, found by `__index` before fields.
    public var methods: [String: Method] = [:]
    /// Reads a field that is not a method: push one value and return `.values(1)`.
    public var getField: Field?
    /// Writes a field (`obj.key = value`); the value is argument 3.
    public var setField: Field?
    /// The text of `tostring(obj)` and `print(obj)`; default `Name(id)`.
    public var toString: ((Int64) -> String)?
    /// The `#obj` operator.
    public var length: Method?

    /// A class with no methods or fields yet.
    public init(name: String) {
        self.name = name
    }
}
