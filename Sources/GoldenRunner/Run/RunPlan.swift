#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A configuration checked for usage errors, with the scenarios it selects.
struct RunPlan {
    var configuration: GoldenSuite.Configuration
    var mode: GoldenMode
    var resolver: PathResolver
    /// The selected scenarios, in report order.
    var scenarios: [Scenario]
    /// Obsolete goldens to report; empty unless this is a full run, since a golden outside a
    /// filter, shard or named file may well have its scenario elsewhere.
    var obsolete: [ObsoleteGolden]
    /// Unfinished temporary files of golden writes found under the searched folders.
    var strays: [(path: String, absolutePath: String)]
    /// Folders and entries discovery could not read; each makes the run exit 2.
    var problems: [GoldenRunnerError]
    var clock: RunClock

    init(
        _ configuration: GoldenSuite.Configuration, environment: [String: String],
        clock: RunClock = .monotonic, listDirectory: DirectoryListing = .system
    ) throws(GoldenRunnerError) {
        guard configuration.jobs >= 1 else { throw .invalidJobs(configuration.jobs) }
        if let timeout = configuration.timeout, timeout <= .zero {
            throw .invalidTimeout(Double(timeout.components.seconds))
        }
        self.clock = clock
        let shard = try configuration.shard.map { text throws(GoldenRunnerError) in try Shard(parsing: text) }
        let filter = try configuration.filter.map { pattern throws(GoldenRunnerError) in
            do { return try Regex(pattern) } catch { throw .invalidFilter(pattern) }
        }
        mode = try RunPlan.mode(configuration, environment: environment)

        self.configuration = configuration
        resolver = PathResolver(baseDirectory: configuration.baseDirectory)
        let paths = configuration.paths.isEmpty ? ["scenarios"] : configuration.paths
        if configuration.paths.isEmpty, !FileManager.default.fileExists(atPath: resolver.absolute("scenarios")) {
            throw .noScenariosFolder(configuration.baseDirectory)
        }
        // Nobody typed the default scenarios/: it is the project's, and a link there (a pull
        // request can carry one) must not lead the run out of the project.
        if configuration.paths.isEmpty {
            let project = SuiteBoundary.enclosing(resolver.base, root: resolver.base, resolver: resolver)
            guard let real = SuiteBoundary.realPath(of: resolver.absolute("scenarios")), project.contains(real) else {
                throw .defaultSuiteOutsideProject
            }
        }
        if let platform = configuration.platform, !configuration.knownPlatforms.contains(platform) {
            throw .unknownPlatform(platform, known: configuration.knownPlatforms)
        }
        let discovery = try ScenarioDiscovery.discover(
            paths: paths, resolver: resolver, listDirectory: listDirectory, knownPlatforms: configuration.knownPlatforms
        )
        // --platform P: of a scenario that runs on several platforms, its run on P only.
        let onPlatform = discovery.scenarios.filter { scenario in
            configuration.platform.map { scenario.platform == nil || scenario.platform == $0 } ?? true
        }
        let matching = onPlatform.filter { scenario in filter.map { scenario.name.contains($0) } ?? true }
        // A typo in CI must not pass by testing nothing. (An empty shard is fine: a small suite
        // spread over many machines leaves some with nothing to do.)
        if let pattern = configuration.filter, matching.isEmpty {
            throw .filterMatchesNothing(pattern, nearest: NearestNames.nearest(to: pattern, in: discovery.scenarios.map(\.name)))
        }
        scenarios = matching.filter { shard?.contains(name: $0.name) ?? true }
        problems = discovery.problems
        let isFullRun = shard == nil && filter == nil && discovery.coversWholeDirectories
        // A run that selects scenarios touches only their files: the temporary files of other
        // scenarios' goldens are neither reported nor removed.
        let selected = Set(scenarios.map { Scenario.stem(of: $0.fileURL.path) })
        strays = isFullRun ? discovery.strays : discovery.strays.filter { selected.contains(RunPlan.scenarioStem(ofStray: $0.absolutePath)) }
        obsolete = isFullRun ? discovery.obsolete : []
    }

    /// The scenario path without `.lua` that a golden's temporary file belongs to:
    /// `a/x.golden.tmp-…` and `a/x.golden.new.tmp-…` belong to `a/x`.
    static func scenarioStem(ofStray path: String) -> String {
        guard let range = path.ranges(of: ".golden").last else { return path }
        return String(path[..<range.lowerBound])
    }

    private static func mode(
        _ configuration: GoldenSuite.Configuration, environment: [String: String]
    ) throws(GoldenRunnerError) -> GoldenMode {
        let ciIsSet = isSet(environment["CI"])
        guard configuration.check || ciIsSet else { return configuration.update ? .update : .review }
        if configuration.update {
            throw .updateInCheckMode(reason: configuration.check ? "--check" : "CI is set")
        }
        return .check
    }

    /// Whether an environment variable such as CI says yes: set, and not empty, 0, false or no
    /// (in any case), which some CI tools export to say they are not one.
    static func isSet(_ value: String?) -> Bool {
        guard let value else { return false }
        return !["", "0", "false", "no"].contains(value.lowercased())
    }

    /// The command that accepts the given scenario file's actual output.
    func acceptCommand(for path: String) -> String {
        "\(configuration.commandName) --update \(ShellQuoting.quote(path))" + whereToAccept
    }

    /// The command that accepts everything this run covers, obsolete goldens included.
    var acceptAllCommand: String {
        ([configuration.commandName, "--update"] + configuration.paths.map(ShellQuoting.quote)).joined(separator: " ") + whereToAccept
    }

    /// Under CI the accepting command is refused (check mode): it is for a machine without CI.
    private var whereToAccept: String {
        mode == .check && !configuration.check ? " (where CI is not set)" : ""
    }
}
