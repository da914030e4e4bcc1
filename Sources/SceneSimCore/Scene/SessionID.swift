/// The identity of a scene session on the device; an index into the simulator's session table.
public struct SessionID: Hashable, Comparable, Sendable {
    package let index: Int
    init(_ index: Int) { self.index = index }
    /// The session at `index` of the simulator's table (handles carry this number).
    package init(index: Int) { self.index = index }
    /// Creation order: an earlier session comes first.
    public static func < (a: SessionID, b: SessionID) -> Bool { a.index < b.index }
}
