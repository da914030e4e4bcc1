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
