/// What one run did.
package struct RunOutcome: Sendable {
    /// The steps that ran (with a failure, up to the failing one); empty for a passing random
    /// run, which has no use for them.
    package var steps: [ExploreStep]
    package var failure: ExploreFailure?
    /// Every rule, by name: how often it ran, how often its precondition held when asked, and
    /// how often it was drawn (tried).
    package var counts: [RuleCount]
    package var stepCount: Int
    /// The trace and `print` output, when asked for.
    package var output: [UInt8]
    /// The eventually checks that say when they apply (`{ pre = ..., check = ... }`), by name:
    /// whether the precondition held after the run's last step (the check ran). Empty when the
    /// run failed before its end, where no eventually check is asked.
    package var eventuallyHeld: [String: Bool] = [:]

    package struct RuleCount: Equatable, Sendable {
        package var name: String
        package var ran: Int
        package var enabled: Int
        /// How often the rule was drawn: its precondition was asked, or would have been.
        package var tried: Int
        /// A rule of the module (not a built-in one).
        package var own: Bool
    }

    package init(steps: [ExploreStep] = [], failure: ExploreFailure? = nil, counts: [RuleCount] = [], stepCount: Int = 0, output: [UInt8] = []) {
        self.steps = steps
        self.failure = failure
        self.counts = counts
        self.stepCount = stepCount
        self.output = output
    }

    /// Whether this replay and `other` of the same steps did the same: the same trace and
    /// output bytes, the same failure, and that failure is still `label`. Anything else is
    /// nondeterminism (explore's exit status 3), never shrugged off as flaky.
    package func replaysTheSame(as other: RunOutcome, failing label: String) -> Bool {
        failure?.label == label && failure == other.failure && output == other.output && steps == other.steps
    }
}
