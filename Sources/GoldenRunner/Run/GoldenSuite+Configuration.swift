#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension GoldenSuite {
    /// Everything `scenesim test [PATH...]` can be asked, as the CLI parsed it.
    ///
    /// Option values stay text (`shard`, `filter`) so the runner validates them and reports
    /// every usage error the same way, with exit status 2.
    package struct Configuration: Sendable, Hashable {
        /// Files or directories to search; empty means `scenarios`.
        package var paths: [String]
        /// Where relative paths start and what displayed paths are relative to.
        package var baseDirectory: String
        /// How many scenarios run at once; at least 1.
        package var jobs: Int
        /// `--update`/`-u`: accept actual output as the new goldens.
        package var update: Bool
        /// `--check`: write nothing, as when `CI` is set.
        package var check: Bool
        /// `--filter REGEX`: run only scenarios whose name contains a match.
        package var filter: String?
        /// `--shard K/N`: run only the K-th of N stable slices of the suite.
        package var shard: String?
        /// `--junit FILE`: also write a JUnit XML report there (relative to `baseDirectory`).
        package var junitPath: String?
        /// `--list`: print names and descriptions, run nothing.
        package var list: Bool
        /// Colour the diff with ANSI codes; the CLI sets it when stdout is a terminal.
        package var colour: Bool
        /// How printed accept commands start.
        package var commandName: String
        /// `--timeout SECONDS`: a scenario running longer is stopped and fails; nil for none.
        package var timeout: Duration?
        /// Remove the temporary files of golden writes in progress on SIGINT/SIGTERM. The CLI
        /// sets it; it blocks those signals in the calling thread while the run lasts.
        package var cleansUpOnSignals: Bool
        /// The platforms a scenario's `-- platforms:` line may name (the executor's), in order.
        package var knownPlatforms: [String] = []
        /// `--platform P`: of a scenario that runs on several platforms, only its run on P.
        package var platform: String?

        /// The default `--timeout`: far beyond any honest scenario (the whole suite takes
        /// seconds), short enough that a runaway one does not hold CI for hours.
        package static let defaultTimeout: Duration = .seconds(300)

        /// Makes a configuration; the defaults are those of a bare `scenesim test`.
        package init(
            paths: [String] = [],
            baseDirectory: String = FileManager.default.currentDirectoryPath,
            jobs: Int = ProcessInfo.processInfo.activeProcessorCount,
            update: Bool = false,
            check: Bool = false,
            filter: String? = nil,
            shard: String? = nil,
            junitPath: String? = nil,
            list: Bool = false,
            colour: Bool = false,
            commandName: String = "scenesim test",
            timeout: Duration? = Configuration.defaultTimeout,
            cleansUpOnSignals: Bool = false
        ) {
            self.paths = paths
            self.baseDirectory = baseDirectory
            self.jobs = jobs
            self.update = update
            self.check = check
            self.filter = filter
            self.shard = shard
            self.junitPath = junitPath
            self.list = list
            self.colour = colour
            self.commandName = commandName
            self.timeout = timeout
            self.cleansUpOnSignals = cleansUpOnSignals
        }
    }
}
