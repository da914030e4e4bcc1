/// Everything one run of a scenario produced: both streams, as bytes, and the exit status.
///
/// Bytes, not `String`: Lua strings are bytes, and a golden must hold exactly what was printed
/// (invalid UTF-8 and NUL included), compared without Unicode canonical equivalence.
package struct ScenarioOutcome: Sendable, Hashable {
    /// What the scenario wrote to standard output.
    package var stdout: [UInt8]
    /// What the scenario wrote to standard error (error reports, tracebacks).
    package var stderr: [UInt8]
    /// The status `scenesim run` would exit with for this scenario.
    package var exitStatus: Int32

    /// Makes an outcome from both streams' bytes and the exit status.
    package init(stdout: [UInt8], stderr: [UInt8] = [], exitStatus: Int32 = 0) {
        self.stdout = stdout
        self.stderr = stderr
        self.exitStatus = exitStatus
    }

    /// Makes an outcome from text, stored as its UTF-8 bytes.
    package init(stdout: String, stderr: String = "", exitStatus: Int32 = 0) {
        self.init(stdout: Array(stdout.utf8), stderr: Array(stderr.utf8), exitStatus: exitStatus)
    }
}
