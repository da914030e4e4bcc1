import ByteText
extension ScenarioCheck {
    /// A scenario that ended in an error without declaring `-- expect: error`: it fails even if
    /// its output matches the golden, and nothing is written (so `--update` cannot record it).
    static func undeclaredError(_ scenario: Scenario, outcome: ScenarioOutcome, plan: RunPlan) -> ScenarioCheck {
        let stderr = ByteString.displayed(outcome.stderr, keepingNewlines: true)
        let firstLine =
            outcome.stderr.split(separator: UInt8(ascii: "\n")).first.map { ByteString.displayed($0) }
            ?? "exit \(outcome.exitStatus)"
        // A run stopped by --max-instructions or --max-memory says what to do in its hint line;
        // declaring the stop as the scenario's expected error is not it.
        let stoppedAtLimit = stderr.split(separator: "\n").contains { $0.hasPrefix("hint: the scenario ") }
        return ScenarioCheck(
            failing: scenario, .error, "error at \(firstLine)", colour: plan.configuration.colour,
            body: terminated(stderr),
            advice: stoppedAtLimit
                ? "not recorded: the scenario stopped at a limit (see the hint above)\n"
                : "not recorded: a scenario meant to end in an error says so with a line '-- expect: error' in its leading comments\n"
        )
    }

    /// A scenario stopped by `--timeout`: what it printed last and where it was stopped.
    static func timedOut(_ scenario: Scenario, outcome: ScenarioOutcome, plan: RunPlan) -> ScenarioCheck {
        var body = ""
        let lines = outcome.stdout.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        let last = (lines.last?.isEmpty == true ? lines.dropLast() : lines[...]).suffix(5)
        if !last.isEmpty {
            body += "last output:\n" + last.map { "  " + ByteString.displayed($0) + "\n" }.joined()
        }
        if !outcome.stderr.isEmpty {
            body += "stopped at:\n" + terminated(ByteString.displayed(outcome.stderr, keepingNewlines: true))
        }
        return ScenarioCheck(
            failing: scenario, .timeout, "timed out after \(describe(plan.configuration.timeout))",
            colour: plan.configuration.colour, body: body, advice: timeoutAdvice
        )
    }

    /// A scenario that did not return even after being asked to stop (stuck in C code, out of
    /// Lua's reach); its thread is left behind and the run carries on.
    static func abandoned(_ scenario: Scenario, plan: RunPlan) -> ScenarioCheck {
        ScenarioCheck(
            failing: scenario, .timeout,
            "timed out after \(describe(plan.configuration.timeout)) and did not stop when asked (stuck in a library call?)",
            colour: plan.configuration.colour, advice: timeoutAdvice
        )
    }

    private static let timeoutAdvice = "if it really needs longer, raise the limit with --timeout SECONDS (0 for none)\n"

    private static func terminated(_ text: String) -> String {
        text.isEmpty || text.hasSuffix("\n") ? text : text + "\n"
    }

    /// `2 s`, `0.25 s`: seconds without trailing zeros.
    static func describe(_ timeout: Duration?) -> String {
        guard let timeout else { return "no limit" }
        var text = JUnitReport.seconds(timeout)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text + " s"
    }
}
