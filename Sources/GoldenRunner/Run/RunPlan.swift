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

    init(_ configuration: GoldenSuite.Configuration, environment: [String: String]) throws(GoldenRunnerError) {
        guard configuration.jobs >= 1 else { throw .invalidJobs(configuration.jobs) }
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
        let discovery = try ScenarioDiscovery.discover(paths: paths, resolver: resolver)
        scenarios = discovery.scenarios.filter { scenario in
            let name = scenario.name
            return (shard?.contains(name: name) ?? true) && (filter.map { name.contains($0) } ?? true)
        }
        let isFullRun = shard == nil && filter == nil && discovery.coversWholeDirectories
        obsolete = isFullRun ? discovery.obsolete : []
    }

    private static func mode(
        _ configuration: GoldenSuite.Configuration, environment: [String: String]
    ) throws(GoldenRunnerError) -> GoldenMode {
        let ciIsSet = !(environment["CI"] ?? "").isEmpty
        guard configuration.check || ciIsSet else { return configuration.update ? .update : .review }
        if configuration.update {
            throw .updateInCheckMode(reason: configuration.check ? "--check" : "CI is set")
        }
        return .check
    }

    /// The command that accepts the given scenario file's actual output.
    func acceptCommand(for path: String) -> String {
        "\(configuration.commandName) --update \(ShellQuoting.quote(path))"
    }

    /// The command that accepts everything this run covers, obsolete goldens included.
    var acceptAllCommand: String {
        ([configuration.commandName, "--update"] + configuration.paths.map(ShellQuoting.quote)).joined(separator: " ")
    }
}
