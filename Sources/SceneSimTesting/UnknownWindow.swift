/// A test named a window by a label no session has.
public struct UnknownWindow: Error, Equatable, CustomStringConvertible {
    /// The label the test used.
    public var label: String
    /// The labels of every session the run created, in creation order.
    public var known: [String]

    /// What went wrong, with the labels that exist.
    public var description: String {
        let sessions = known.isEmpty ? "no window has been opened yet" : "the sessions are " + known.joined(separator: ", ")
        return "no window is labelled \(label); \(sessions)"
    }
}
