/// The canonical order of table keys in every rendering: numbers ascending (an integer before an
/// equal float), then strings by bytes, then `false`, `true`, then anything else by its text.
struct LuaKeyOrder: Comparable {
    enum Rank: Int, Comparable {
        case number, string, boolean, other
        static func < (lhs: Rank, rhs: Rank) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    let rank: Rank
    let integer: Int64?
    let float: Double
    let text: String

    init(integer: Int64) { rank = .number; self.integer = integer; float = Double(integer); text = "" }
    init(float: Double) { rank = .number; integer = nil; self.float = float; text = "" }
    init(string: String) { rank = .string; integer = nil; float = 0; text = string }
    init(boolean: Bool) { rank = .boolean; integer = nil; float = boolean ? 1 : 0; text = "" }
    init(otherText: String) { rank = .other; integer = nil; float = 0; text = otherText }

    init(_ value: LuaValue) {
        switch value {
        case .integer(let integer): self.init(integer: integer)
        case .number(let float): self.init(float: float)
        case .string(let string): self.init(string: string)
        case .boolean(let boolean): self.init(boolean: boolean)
        default: self.init(otherText: LuaRenderer.render(value, quoted: true))
        }
    }

    static func < (lhs: LuaKeyOrder, rhs: LuaKeyOrder) -> Bool {
        if lhs.rank != rhs.rank { return lhs.rank < rhs.rank }
        switch lhs.rank {
        case .number:
            if let a = lhs.integer, let b = rhs.integer { return a < b }
            if lhs.float != rhs.float { return lhs.float < rhs.float }
            return lhs.integer != nil && rhs.integer == nil
        case .string, .other:
            return lhs.text.utf8.lexicographicallyPrecedes(rhs.text.utf8)
        case .boolean:
            return lhs.float < rhs.float
        }
    }

    static func == (lhs: LuaKeyOrder, rhs: LuaKeyOrder) -> Bool { !(lhs < rhs) && !(rhs < lhs) }
}
