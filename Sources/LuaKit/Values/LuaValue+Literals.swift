import ByteText

// Literals make tables pushed from Swift read like Lua: ["from": "a", "at": 1.5].

extension LuaValue: ExpressibleByStringLiteral {
    package init(stringLiteral value: String) { self = .string(ByteString(value)) }
}

extension LuaValue: ExpressibleByIntegerLiteral {
    package init(integerLiteral value: Int64) { self = .integer(value) }
}

extension LuaValue: ExpressibleByFloatLiteral {
    package init(floatLiteral value: Double) { self = .number(value) }
}

extension LuaValue: ExpressibleByBooleanLiteral {
    package init(booleanLiteral value: Bool) { self = .boolean(value) }
}

extension LuaValue: ExpressibleByArrayLiteral {
    package init(arrayLiteral elements: LuaValue...) { self = .table(LuaTable(sequence: elements)) }
}

extension LuaValue: ExpressibleByDictionaryLiteral {
    package init(dictionaryLiteral elements: (LuaValue, LuaValue)...) {
        self = .table(LuaTable(elements))
    }
}
