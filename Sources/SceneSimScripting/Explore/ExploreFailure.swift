/// The first failure of a run: what failed (`invariant NAME`, `eventually NAME`, `rule NAME`),
/// its message, and the step after which it was found (0: right after setup).
public struct ExploreFailure: Equatable, Sendable {
    public var label: String
    public var message: String
    public var step: Int

    public init(label: String, message: String, step: Int) {
        self.label = label
        self.message = message
        self.step = step
    }

    /// What a user reads, and what the found scenario's error says after its `file:line:`.
    public var text: String { "\(label) failed: \(message)" }
}
