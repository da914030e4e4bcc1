import ByteText

// Literals make tables pushed from Swift read like Lua: ["from": "a", "at": 1.5].

extension LuaValue: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) { self = .string(ByteString(value)) }
}

extension LuaValue: ExpressibleByIntegerLiteral {
    public init(integerLiteral value: Int64) { self = .integer(value) }
}

extension LuaValue: ExpressibleByFloatLiteral {
    public init(floatLiteral value: Double) { self = .number(value) }
}

extension LuaValue: ExpressibleByBooleanLiteral {
    public init(booleanLiteral value: Bool) { self = .boolean(value) }
}

extension LuaValue: ExpressibleByArrayLiteral {
    public init(arrayLiteral elements: LuaValue...) { self = .table(LuaTable(sequence: elements)) }
}

extension LuaValue: ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (LuaValue, LuaValue)...) {
        self = .table(LuaTable(elements))
    }
}
