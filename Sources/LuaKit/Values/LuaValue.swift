import ByteText

/// A Lua value copied out of (or ready to be pushed into) a Lua state.
///
/// Integers and floats stay distinct (`2` is `.integer(2)`, `2.0` is `.number(2.0)`), as
/// `math.type` tells them apart. Tables are deep copies; functions are registry references that
/// keep the function alive; userdata of a registered class become handles. Strings are bytes
/// (`ByteString`), exactly as Lua holds them.
package enum LuaValue: Hashable {
    case `nil`
    case boolean(Bool)
    case integer(Int64)
    case number(Double)
    case string(ByteString)
    case table(LuaTable)
    case handle(LuaHandle)
    case function(LuaFunctionRef)
    /// A value with no Swift form (thread, light or foreign userdata, or a table nested too deep
    /// or in a cycle); pushing it pushes `nil`. The payload is its type name.
    case opaque(typeName: String)
}

extension LuaValue {
    /// True for `nil`.
    package var isNil: Bool {
        if case .nil = self { return true }
        return false
    }

    /// The boolean, when the value is one.
    package var boolValue: Bool? {
        if case .boolean(let value) = self { return value }
        return nil
    }

    /// The integer, when the value is an integer or a float with an exact integer value.
    package var intValue: Int64? {
        switch self {
        case .integer(let value): return value
        case .number(let value): return Int64(exactly: value)
        default: return nil
        }
    }

    /// The number as a Double, for integers and floats.
    package var doubleValue: Double? {
        switch self {
        case .integer(let value): return Double(value)
        case .number(let value): return value
        default: return nil
        }
    }

    /// The string's bytes, when the value is a string (numbers are not converted).
    package var bytesValue: ByteString? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The string as text, when the value is a string of valid UTF-8 (numbers are not
    /// converted; other bytes give nil rather than a lossy text).
    package var stringValue: String? {
        if case .string(let value) = self { return value.string }
        return nil
    }

    /// The table copy, when the value is a table.
    package var tableValue: LuaTable? {
        if case .table(let value) = self { return value }
        return nil
    }

    /// The handle, when the value is a userdata of a registered class.
    package var handleValue: LuaHandle? {
        if case .handle(let value) = self { return value }
        return nil
    }

    /// The function reference, when the value is a function.
    package var functionValue: LuaFunctionRef? {
        if case .function(let value) = self { return value }
        return nil
    }

    /// The name Lua's `type()` gives, except that handles give their class name.
    package var typeName: String {
        switch self {
        case .nil: return "nil"
        case .boolean: return "boolean"
        case .integer, .number: return "number"
        case .string: return "string"
        case .table: return "table"
        case .handle(let handle): return handle.type.name
        case .function: return "function"
        case .opaque(let typeName): return typeName
        }
    }
}
