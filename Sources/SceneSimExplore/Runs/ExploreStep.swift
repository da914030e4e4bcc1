/// One step of an exploration run: a rule, the raw choices its generators made (what shrinking
/// works on), and the statement a found scenario runs for it.
package struct ExploreStep: Equatable, Sendable {
    package var rule: String
    /// By argument name, sorted.
    package var choices: [Choice]
    /// E.g. `app:open_window("doc", "A")` or `explore.rule("unlock", { code = "0000" })`.
    package var code: String

    package init(rule: String, choices: [Choice] = [], code: String = "") {
        self.rule = rule
        self.choices = choices
        self.code = code
    }

    /// A generator's draw: an index for `one_of` and windows (1 is the first choice, the oldest
    /// window), the number for `int` and `float`, the boolean for `bool`; shrinking moves it
    /// toward `minimum`.
    package struct Choice: Equatable, Sendable {
        package var key: String
        package var value: Value
        package var minimum: Value

        package init(key: String, value: Value, minimum: Value) {
            self.key = key
            self.value = value
            self.minimum = minimum
        }
    }

    package enum Value: Equatable, Sendable {
        case integer(Int64)
        case number(Double)
        case boolean(Bool)
    }
}
