/// The identity of a scene session on the device; an index into the simulator's list of sessions.
///
/// It also remembers the simulator that gave it out, so a window of one simulator handed to
/// another is an error there (`requireAlive`), not another window or a trap. Two ids are the
/// same session when their indices are: an id a front end rebuilt from a kept number (a Lua
/// handle) names the same session as the one the simulator gave.
public struct SessionID: Hashable, Comparable, Sendable {
    package let index: Int
    /// The `serial` of the simulator that gave the id out; 0 when it was rebuilt from a number.
    package let owner: Int
    init(_ index: Int, owner: Int = 0) {
        self.index = index
        self.owner = owner
    }
    /// The session at `index` of the simulator's table (handles carry this number).
    package init(index: Int) { self.init(index) }
    /// Creation order: an earlier session comes first.
    public static func < (a: SessionID, b: SessionID) -> Bool { a.index < b.index }
    /// The same session: the same place in the simulator's list of sessions.
    public static func == (a: SessionID, b: SessionID) -> Bool { a.index == b.index }
    /// Hashes the place in the simulator's list of sessions, as `==` compares it.
    public func hash(into hasher: inout Hasher) { hasher.combine(index) }
}
