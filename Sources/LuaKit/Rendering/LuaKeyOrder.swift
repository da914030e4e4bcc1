/// The canonical order of table keys in every rendering, as `pairs` visits them: numbers
/// ascending (an integer before an equal float), then strings by bytes, then `false`, `true`,
/// then handles by creation (class, then id), then anything else (tables, functions) by its text
/// and, between equal texts, by the text of its value.
///
/// Keys with equal text and equal value text print the same, so whichever comes first, the
/// rendering is the same bytes on every run: the order never depends on an address.
struct LuaKeyOrder: Comparable {
    enum Rank: Int, Comparable {
        case number, string, boolean, handle, other
        static func < (lhs: Rank, rhs: Rank) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    let rank: Rank
    let integer: Int64?
    let float: Double
    /// A string key's bytes; the rendered text of an `other` key.
    var bytes: [UInt8]
    /// The rendered text of an `other` key's value: breaks ties between equal key texts.
    var tiebreak: [UInt8] = []
    /// A handle key's class index and id (never `integer`: that one makes a sequence entry).
    var handleClass: Int32 = 0
    var handleID: Int64 = 0

    init(integer: Int64) { rank = .number; self.integer = integer; float = Double(integer); bytes = [] }
    init(float: Double) { rank = .number; integer = nil; self.float = float; bytes = [] }
    init(string: [UInt8]) { rank = .string; integer = nil; float = 0; bytes = string }
    init(boolean: Bool) { rank = .boolean; integer = nil; float = boolean ? 1 : 0; bytes = [] }
    /// A handle key: ordered by `(handleClass, id)`, shown as `text`.
    init(handleClass: Int32, id: Int64, text: [UInt8] = []) {
        rank = .handle; integer = nil; float = 0; bytes = text; self.handleClass = handleClass; handleID = id
    }
    init(otherText: [UInt8], tiebreak: [UInt8] = []) {
        rank = .other; integer = nil; float = 0; bytes = otherText; self.tiebreak = tiebreak
    }

    /// The order of `key` in a table where it holds `value`.
    init(_ key: LuaValue, value: LuaValue) {
        switch key {
        case .integer(let integer): self.init(integer: integer)
        case .number(let float): self.init(float: float)
        case .string(let string): self.init(string: string.bytes)
        case .boolean(let boolean): self.init(boolean: boolean)
        case .handle(let handle): self.init(handleClass: handle.type.index, id: handle.id, text: LuaRenderer.sortText(key))
        default:
            self.init(otherText: LuaRenderer.sortText(key), tiebreak: LuaRenderer.sortText(value))
        }
    }

    static func < (lhs: LuaKeyOrder, rhs: LuaKeyOrder) -> Bool {
        if lhs.rank != rhs.rank { return lhs.rank < rhs.rank }
        switch lhs.rank {
        case .number:
            if let a = lhs.integer, let b = rhs.integer { return a < b }
            if lhs.float != rhs.float { return lhs.float < rhs.float }
            return lhs.integer != nil && rhs.integer == nil
        case .string:
            return lhs.bytes.lexicographicallyPrecedes(rhs.bytes)
        case .other:
            if lhs.bytes != rhs.bytes { return lhs.bytes.lexicographicallyPrecedes(rhs.bytes) }
            return lhs.tiebreak.lexicographicallyPrecedes(rhs.tiebreak)
        case .boolean:
            return lhs.float < rhs.float
        case .handle:
            if lhs.handleClass != rhs.handleClass { return lhs.handleClass < rhs.handleClass }
            return lhs.handleID < rhs.handleID
        }
    }

    static func == (lhs: LuaKeyOrder, rhs: LuaKeyOrder) -> Bool { !(lhs < rhs) && !(rhs < lhs) }
}
