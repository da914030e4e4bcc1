import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SceneSimScripting

/// `scenesim run FILE`: runs one scenario; the trace and `print` output go to stdout.
struct RunCommand: StatusCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run one scenario file.",
        discussion: """
            Standard output carries the trace interleaved, in order, with the script's print. \
            Errors go to standard error as file:line: message, then the scenario's stack traceback.

            Exit status: 0 the scenario ran to its end, 1 it failed (an error or a failed assert), \
            2 usage error.

            Helper modules load with require from the nearest lib/ folder at or above the \
            scenario's folder.
            """
    )

    @Argument(help: ArgumentHelp("The scenario to run.", valueName: "file"))
    var file: String

    @OptionGroup var flags: ScenarioFlags
    @OptionGroup var traceFlag: TraceFlag

    func validate() throws {
        var isDirectory = false
        guard FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory) else {
            throw ValidationError("no such scenario file: \(file)")
        }
        guard !isDirectory else {
            throw ValidationError("\(file) is a folder; run one .lua file, or test a folder with: scenesim test \(file)")
        }
    }

    mutating func runWithStatus() throws -> Int32 {
        let status = ScenarioRunner.run(
            path: file,
            options: flags.options(trace: traceFlag.trace),
            stdout: { Output.standard(bytes: $0) },
            stderr: { Output.error($0) }
        )
        Output.flush()
        return status
    }
}
