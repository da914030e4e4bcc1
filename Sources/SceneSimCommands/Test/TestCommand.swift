import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GoldenRunner

/// `scenesim test [PATH...]`: golden-output regression tests over scenario folders.
struct TestCommand: StatusCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Run scenarios and compare each whole output with its reviewed golden file.",
        discussion: """
            Finds **/*.lua under the paths (default scenarios/), skipping lib/ helper modules and \
            *.d.lua definition files, and runs each in its own Lua state and simulator, in parallel. \
            NAME.golden beside NAME.lua holds everything the run produced: the output stream, then \
            any error message (after a line '--- stderr'), then '--- exit N'.

            A mismatch prints a unified diff and writes NAME.golden.new for review; --update accepts \
            it. With the CI environment variable set, or --check, nothing is ever written and a \
            missing golden fails. A golden without its .lua is obsolete: a full run fails on it and \
            --update removes it. Run from the project root: paths in messages are relative to it.

            Exit status: 0 all passed, 1 any failed, 2 usage or internal error.
            """
    )

    @Argument(help: ArgumentHelp("Scenario folders or files (default: scenarios).", valueName: "path"))
    var paths: [String] = []

    // Optional, so --help shows no machine-dependent default.
    @Option(name: .shortAndLong, help: "Scenarios run at once (default: the number of cores).")
    var jobs: Int?

    @Flag(name: [.customShort("u"), .long], help: "Accept the current outputs: rewrite goldens, remove .new files and obsolete goldens.")
    var update = false

    @Flag(name: .long, help: "Never write anything; a missing golden fails (implied when CI is set).")
    var check = false

    @Option(name: .long, help: ArgumentHelp("Run only scenarios whose name matches this regular expression.", valueName: "regex"))
    var filter: String?

    @Option(name: .long, help: ArgumentHelp("Run shard K of N (e.g. 2/4); every scenario is in exactly one shard.", valueName: "K/N"))
    var shard: String?

    @Option(name: .long, help: ArgumentHelp("Also write a JUnit XML report to this file.", valueName: "file"))
    var junit: String?

    @Flag(name: .long, help: "List the scenarios and the first comment line of each, without running them.")
    var list = false

    mutating func runWithStatus() throws -> Int32 {
        let configuration = GoldenSuite.Configuration(
            paths: paths,
            baseDirectory: FileManager.default.currentDirectoryPath,
            jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount,
            update: update,
            check: check,
            filter: filter,
            shard: shard,
            junitPath: junit,
            list: list,
            colour: Output.standardOutputIsTerminal
        )
        let status = GoldenSuite.run(
            configuration,
            executor: LuaScenarioExecutor(),
            output: { Output.standard($0); Output.flush() },
            errorOutput: { Output.error($0) }
        )
        Output.flush()
        return status.rawValue
    }
}
