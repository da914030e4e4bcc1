/// One step of an exploration run: a rule, the raw choices its generators made (what shrinking
/// works on), and the statement a found scenario runs for it.
public struct ExploreStep: Equatable, Sendable {
    public var rule: String
    /// By argument name, sorted.
    public var choices: [Choice]
    /// E.g. `app:open_window("doc", "A")` or `explore.rule("unlock", { code = "0000" })`.
    public var code: String

    public init(rule: String, choices: [Choice] = [], code: String = "") {
        self.rule = rule
        self.choices = choices
        self.code = code
    }

    /// A generator's draw: an index for `one_of` and windows (1 is the first choice, the oldest
    /// window), the number for `int` and `float`, the boolean for `bool`; shrinking moves it
    /// toward `minimum`.
    public struct Choice: Equatable, Sendable {
        public var key: String
        public var value: Value
        public var minimum: Value

        public init(key: String, value: Value, minimum: Value) {
            self.key = key
            self.value = value
            self.minimum = minimum
        }
    }

    public enum Value: Equatable, Sendable {
        case integer(Int64)
        case number(Double)
        case boolean(Bool)
    }
}

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

/// What one run did.
public struct RunOutcome: Sendable {
    /// The steps that ran (with a failure, up to the failing one); empty for a passing random
    /// run, which has no use for them.
    public var steps: [ExploreStep]
    public var failure: ExploreFailure?
    /// Every rule, by name: how often it ran, and how often its precondition held when asked.
    public var counts: [RuleCount]
    public var stepCount: Int
    /// The trace and `print` output, when asked for.
    public var output: [UInt8]

    public struct RuleCount: Equatable, Sendable {
        public var name: String
        public var ran: Int
        public var enabled: Int
    }

    public init(steps: [ExploreStep] = [], failure: ExploreFailure? = nil, counts: [RuleCount] = [], stepCount: Int = 0, output: [UInt8] = []) {
        self.steps = steps
        self.failure = failure
        self.counts = counts
        self.stepCount = stepCount
        self.output = output
    }

    /// Whether this replay and `other` of the same steps did the same: the same trace and
    /// output bytes, the same failure, and that failure is still `label`. Anything else is
    /// nondeterminism (explore's exit status 3), never shrugged off as flaky.
    public func replaysTheSame(as other: RunOutcome, failing label: String) -> Bool {
        failure?.label == label && failure == other.failure && output == other.output && steps == other.steps
    }
}
