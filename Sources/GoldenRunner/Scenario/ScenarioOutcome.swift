/// Everything one run of a scenario produced: both streams and the exit status.
public struct ScenarioOutcome: Sendable, Hashable {
    /// What the scenario wrote to standard output.
    public var stdout: String
    /// What the scenario wrote to standard error (error reports, tracebacks).
    public var stderr: String
    /// The status `scenesim run` would exit with for this scenario.
    public var exitStatus: Int32

    /// Makes an outcome from both streams and the exit status.
    public init(stdout: String, stderr: String = "", exitStatus: Int32 = 0) {
        self.stdout = stdout
        self.stderr = stderr
        self.exitStatus = exitStatus
    }
}
