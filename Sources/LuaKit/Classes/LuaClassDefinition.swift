import ByteText

/// What a handle class does when Lua uses its handles; closures get the handle's id.
///
/// `obj:method(...)` finds `methods[method]` (self is argument 1, already checked to be a
/// handle of this class); any other string key goes to `getField`; assignments go to
/// `setField` (the new value is argument 3). Missing `getField` reads give nil; missing
/// `setField` makes fields read-only.
package struct LuaClassDefinition {
    /// A method body: the call (self at 1, arguments from 2) and self's id.
    package typealias Method = (LuaCall, Int64) -> LuaReturn
    /// A field access: the call (self at 1, key at 2, new value at 3), self's id and the key's
    /// bytes.
    package typealias Field = (LuaCall, Int64, ByteString) -> LuaReturn
    /// Buffered writes handed over: self's id, the key and the field's last value. Only fields
    /// that some write changed are handed over, but the last value may equal the one before
    /// the first write (a run of writes that ended where it began).
    package typealias BufferedWrite = (_ id: Int64, _ key: ByteString, _ value: LuaValue) -> Void

    /// The class name (`__name`).
    package var name: String
    /// Methods by name, found by `__index` before fields.
    package var methods: [String: Method] = [:]
    /// Said after "cannot assign to 'NAME': it is a method of CLASS" when a script assigns to
    /// a method's name (`NAME` stands for it): what to do instead.
    package var methodAssignmentHint: ((String) -> String)?
    /// Reads a field that is not a method: push one value and return `.values(1)`.
    package var getField: Field?
    /// Reads a field by name, for classes whose fields are names: a key that is a string of
    /// printable ASCII without a backslash (every field name) comes here as text, without the
    /// bytes being copied; any other key goes to `getField` with its exact bytes. Set both.
    package var getNamedField: ((LuaCall, Int64, String) -> LuaReturn)?
    /// Names of fields read by number (at most 32): `__index` finds the name in C and calls
    /// `getNumberedField` with self's id, the name's position in this list and whether to cache
    /// the value (`LuaCall.cacheField`), which it says from the field's second read since the
    /// handle's cache was dropped. No key is decoded and no handle looked up in Swift. Other
    /// keys go to `getNamedField`/`getField`.
    package var numberedFields: [String] = []
    package var getNumberedField: ((_ call: LuaCall, _ id: Int64, _ field: Int, _ cache: Bool) -> LuaReturn)?
    /// Answers numbered fields whose value is plain now (nil, a boolean, a number, or a string
    /// of at most 128 bytes) from C, before `getNumberedField` is asked: the value is written
    /// straight into the buffer C pushes it from (`LuaPlainBuffer`), and cached as
    /// `getNumberedField` would cache it, without a call through the trampoline and without a
    /// `LuaValue` on the way (together about two thirds of what a field read cost). Called
    /// inside `__index` with no Lua call allowed: it must only read Swift state. Writing nothing
    /// (or a longer string) leaves the read to `getNumberedField`, which must answer plain
    /// fields with the same values. Only for a state's first 15 classes; others ignore it.
    package var plainNumberedField: ((_ id: Int64, _ field: Int, _ out: inout LuaPlainBuffer) -> Void)?
    /// Numbered fields `plainNumberedField` never answers (lists, handles, tables): their
    /// reads go straight to `getNumberedField`, without asking it first.
    package var neverPlainFields: Set<String> = []
    /// Writes a field (`obj.key = value`); the value is argument 3.
    package var setField: Field?
    /// Takes over writes that C buffered instead of calling `setField`.
    ///
    /// When set, an assignment to a field cached with `LuaCall.cacheField(_:_:acceptsWrites:)`
    /// that keeps the field's type and size (integer for integer, float other than NaN for
    /// float, boolean for boolean, a string of the same length) is answered in C: the
    /// cache takes the new value at once (a write of the value already there is dropped), and
    /// this closure gets the field's last value before Swift next runs — at the start of any
    /// Swift function, or when the protected call from Swift returns. Only script code with no Swift frame under it buffers; writes from
    /// inside a Swift callback (hooks) always reach `setField`. The class promises that such
    /// a write could not fail and has no effect but the value.
    package var bufferedWrite: BufferedWrite?
    /// The text of `tostring(obj)` and `print(obj)`; default `Name(id)`.
    package var toString: ((Int64) -> String)?
    /// The `#obj` operator.
    package var length: Method?
    /// What `pairs(obj)` visits: a snapshot of the handle's contents as a plain table, walked
    /// in `pairs`' fixed key order. Nil: `pairs(obj)` is an error, as for any userdata.
    /// A thrown error is raised at the script's line instead (a store that cannot be read now
    /// says why, as its reads do, rather than walk as empty).
    package var contents: ((Int64) throws(LuaError) -> LuaTable)?

    /// A class with no methods or fields yet.
    package init(name: String) {
        self.name = name
    }
}

/// Where a plain field's value is written: `LuaPlainBuffer` (C pushes it from there, in
/// `__index`) or `LuaPlainField` (a `LuaValue`, for a read answered through Swift). A getter
/// generic over it answers both ways with one body. Each `put` says the value and whether it
/// may be cached on the handle (`keep`, when `__index` asks for that: from the field's second
/// read since the cache was dropped); a getter that puts nothing says the value is not plain.
package protocol LuaPlainSink {
    mutating func putNil(keep: Bool)
    mutating func put(_ value: Bool, keep: Bool)
    mutating func put(integer: Int64, keep: Bool)
    mutating func put(number: Double, keep: Bool)
    /// A string's bytes.
    mutating func put(_ bytes: ByteString, keep: Bool)
    /// A Swift string's UTF-8 (a name such as a phase's: no `ByteString` made on the way).
    mutating func put(utf8 text: String, keep: Bool)
}

extension LuaPlainSink {
    /// `value` when it is plain (nil, a boolean, a number or a string); nothing otherwise.
    package mutating func put(_ value: LuaValue, keep: Bool) {
        switch value {
        case .nil: putNil(keep: keep)
        case .boolean(let boolean): put(boolean, keep: keep)
        case .integer(let integer): put(integer: integer, keep: keep)
        case .number(let number): put(number: number, keep: keep)
        case .string(let string): put(string, keep: keep)
        default: break
        }
    }
}

/// A plain field's value as a `LuaValue`: what a getter generic over `LuaPlainSink` gives a
/// read answered through Swift.
package enum LuaPlainField: LuaPlainSink {
    /// Not plain now: the numbered getter answers.
    case notPlain
    /// `value` (nil, a boolean, a number or a string); `keep`: it may be cached on the handle.
    case value(LuaValue, keep: Bool)

    package mutating func putNil(keep: Bool) { self = .value(.nil, keep: keep) }
    package mutating func put(_ value: Bool, keep: Bool) { self = .value(.boolean(value), keep: keep) }
    package mutating func put(integer: Int64, keep: Bool) { self = .value(.integer(integer), keep: keep) }
    package mutating func put(number: Double, keep: Bool) { self = .value(.number(number), keep: keep) }
    package mutating func put(_ bytes: ByteString, keep: Bool) { self = .value(.string(bytes), keep: keep) }
    package mutating func put(utf8 text: String, keep: Bool) { self = .value(.string(ByteString(text)), keep: keep) }
}
