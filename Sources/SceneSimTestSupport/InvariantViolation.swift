import SceneSimCore

/// The simulator's model broke one of its invariants: thrown by the harness so the test fails
/// with every violation listed and the operation that caused them.
public struct InvariantViolation: Error, Equatable, CustomStringConvertible {
    /// What ran last, e.g. `openWindow("detail", "42")`.
    public var operation: String
    public var violations: [String]

    public var description: String {
        "invariants broken after \(operation):\n" + violations.map { "  - \($0)" }.joined(separator: "\n")
    }

    /// Runs `simulator._checkInvariants()` and throws when it reports anything.
    public static func check(_ simulator: Simulator, after operation: String) throws(InvariantViolation) {
        let violations = simulator._checkInvariants()
        guard violations.isEmpty else {
            throw InvariantViolation(operation: operation, violations: violations)
        }
    }
}
