extension GoldenSuite {
    /// How a run ended; `rawValue` is the process exit status.
    package enum ExitStatus: Int32, Sendable, Hashable {
        /// Every selected scenario passed (or was updated): exit 0.
        case passed = 0
        /// At least one scenario failed or an obsolete golden was found: exit 1.
        case failed = 1
        /// Invalid usage, or a file the runner needed could not be read or written: exit 2.
        case error = 2
    }
}
