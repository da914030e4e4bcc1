#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `scenesim test`: runs every scenario and compares its whole output with its golden file.
///
/// Shared by the CLI and `swift test`; it knows no Lua, running scenarios through a
/// `ScenarioExecutor`, and writes only through the injected output closures.
package enum GoldenSuite {
    /// Runs (or lists) the configured scenarios and returns the status to exit with.
    ///
    /// - Parameters:
    ///   - environment: read for `CI`; non-empty means check mode.
    ///   - output: receives the report in chunks that each end in a newline, in order, always
    ///     on the calling thread; flush after each chunk for progressive output.
    ///   - errorOutput: receives `error: …` lines for usage and file system errors.
    package static func run(
        _ configuration: Configuration,
        executor: some ScenarioExecutor,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        clock: RunClock = .monotonic,
        output: (String) -> Void,
        errorOutput: (String) -> Void
    ) -> ExitStatus {
        run(
            configuration, executor: executor, environment: environment, clock: clock, listDirectory: .system,
            output: output, errorOutput: errorOutput)
    }

    /// The run with discovery's folder listing replaceable, for tests of unreadable folders.
    static func run(
        _ configuration: Configuration,
        executor: some ScenarioExecutor,
        environment: [String: String],
        clock: RunClock,
        listDirectory: DirectoryListing,
        output: (String) -> Void,
        errorOutput: (String) -> Void
    ) -> ExitStatus {
        let plan: RunPlan
        var configuration = configuration
        if configuration.knownPlatforms.isEmpty { configuration.knownPlatforms = executor.platforms }
        do {
            plan = try RunPlan(configuration, environment: environment, clock: clock, listDirectory: listDirectory)
        } catch {
            errorOutput(error.description + "\n")
            return .error
        }
        if configuration.list {
            return list(plan, output: output, errorOutput: errorOutput)
        }
        guard configuration.cleansUpOnSignals else {
            return RunSession.run(plan, executor: executor, output: output, errorOutput: errorOutput)
        }
        return SignalCleanup.during {
            RunSession.run(plan, executor: executor, output: output, errorOutput: errorOutput)
        }
    }

    /// Runs with the report and errors going to one writer, as tests usually want.
    package static func run(
        _ configuration: Configuration,
        executor: some ScenarioExecutor,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        clock: RunClock = .monotonic,
        output: (String) -> Void
    ) -> ExitStatus {
        run(configuration, executor: executor, environment: environment, clock: clock, output: output, errorOutput: output)
    }

    private static func list(_ plan: RunPlan, output: (String) -> Void, errorOutput: (String) -> Void) -> ExitStatus {
        var entries: [(name: String, description: String?)] = []
        for scenario in plan.scenarios {
            do {
                let source = try GoldenFiles.read(scenario.fileURL.path, displayedAs: scenario.shownPath, within: scenario.sourceBoundary) ?? []
                entries.append((scenario.name, ScenarioListing.firstComment(in: String(decoding: source, as: UTF8.self))))
            } catch {
                errorOutput(error.description + "\n")
                return .error
            }
        }
        output(ScenarioListing.render(entries))
        return .passed
    }
}
