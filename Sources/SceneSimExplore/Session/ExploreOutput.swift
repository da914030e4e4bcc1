/// Where an exploration's words and the scenario it writes go: the process's streams and files
/// (`scenesim explore`), or a test's buffers (ExplorePinnedTests).
package struct ExploreOutput {
    /// Standard output: everything that depends only on the plan, never on timing or --jobs.
    package var standard: (String) -> Void
    /// Standard error: timings and progress.
    package var error: (String) -> Void
    /// Writes a found scenario's text to a path, whole or not at all: nil when written, else
    /// why not (which file, the system's reason).
    package var write: (_ text: String, _ path: String) -> String?
    /// Whether standard error is a terminal, where progress is one line redrawn in place.
    package var terminal: Bool

    package init(
        standard: @escaping (String) -> Void, error: @escaping (String) -> Void,
        write: @escaping (_ text: String, _ path: String) -> String?, terminal: Bool
    ) {
        self.standard = standard
        self.error = error
        self.write = write
        self.terminal = terminal
    }
}
