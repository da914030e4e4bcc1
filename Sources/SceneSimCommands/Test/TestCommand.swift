import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GoldenRunner
import SceneSimCore
import SceneSimCoverage
import SceneSimTimeline
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `scenesim test [PATH...]`: golden-output regression tests over scenario folders.
struct TestCommand: StatusCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Run scenarios and compare each whole output with its reviewed golden file.",
        discussion: """
            Finds **/*.lua under the paths (default scenarios/), skipping lib/ helper modules, \
            explore/ exploration modules (run by scenesim explore) and *.d.lua definition files, and runs each in its own Lua state and simulator, in parallel. \
            NAME.golden beside NAME.lua holds everything the run produced, byte for byte: the output \
            stream, then any error message (after a line '--- stderr'), then '--- exit N'.

            A mismatch prints a unified diff (control bytes shown escaped, e.g. \\027 for ESC) and writes \
            NAME.golden.new for review; --update accepts it. With the CI environment variable set (to \
            anything but 0, false or no), or --check, nothing is ever written and a missing golden fails. A golden without its .lua is \
            obsolete: a full run fails on it and --update removes it. A NAME.golden.tmp-* file left by \
            an interrupted write is reported; --update removes it.

            --review walks the NAME.golden.new files a run left (for the paths, --filter and \
            --platform given), showing each one's diff against its golden and asking accept, \
            reject or skip, one answer a line on standard input (q stops): accepted, it becomes the \
            golden; rejected, it is removed; skipped, it stays. --accept accepts them all without \
            asking. Neither runs a scenario, and neither writes in check mode. Goldens need no \
            filters for changing parts: every run prints the same bytes.

            A scenario that ends in an error fails, even if its output matches its golden, unless a \
            line '-- expect: error' in its leading comments says it is meant to; one that says so \
            and runs to its end fails too. --update never records a failing scenario.

            Scenarios are named relative to the suite root: the nearest folder named scenarios at \
            or above them, else the folder given on the command line. Error messages (so goldens), \
            --filter, --shard, the report, JUnit and --timeline's files use that name, the same \
            from any directory; the same file in two suites of one run is named by its path.

            The scenario flags are those of scenesim run, with the same defaults (goldens are \
            recorded with them); --trace does not apply: goldens hold the text trace. A scenario \
            whose leading comments say '-- trace: memory' has a trace line for every write to \
            app.memory and w.memory, so its golden pins them.

            --timeline DIR draws each scenario's run into DIR, mirroring its path (phases/x.lua \
            becomes DIR/phases/x.svg), in --timeline-format svg, json (Chrome trace for \
            ui.perfetto.dev) or txt. A golden holds the text timeline instead of the trace when the \
            scenario's leading comments say '-- golden: timeline'.

            A scenario whose leading comments list platforms ('-- platforms: iphone ipados') runs \
            once on each, as Swift Testing's @Test(arguments:) does: sim.launch takes the platform \
            when its options name none (naming one is an error), each run is named NAME.PLATFORM \
            (phases/launch.iphone) and has its own golden (launch.iphone.golden). --platform P runs \
            only the runs on P.

            --coverage prints, after the report, what the scenarios that ran covered, computed from \
            the events that actually happened: every state and transition of the app model's table, \
            rejected transitions tried, scene and app phase transitions, connections, disconnects and \
            discards, terminations by platform and restoration, process memory lost by cause, \
            suspension and background time, deep-link outcomes, warnings, and each Swift handler \
            a generated module translated (by file:line), each with its hits and the first scenario (by name) that hit it; items nobody hit read NOT \
            COVERED. --min-coverage transitions=100,states=100 fails the run (exit 1) below the bar, \
            saying what is missing (handlers=N holds the translated handlers to it). --coverage-format mermaid draws the model's states with \
            uncovered transitions dashed. --coverage-out FILE writes the report to FILE alone (e.g. \
            --coverage-format json --coverage-out coverage.json for a tool) instead of after the \
            run's report; --min-coverage, --coverage-format and --coverage-out each imply --coverage.

            Exit status: 0 all passed, 1 any failed (or coverage under --min-coverage), 2 usage \
            error, an unreadable file or folder, or a file not written.
            """
    )

    @Argument(help: ArgumentHelp("Scenario folders or files (default: scenarios).", valueName: "path"))
    var paths: [String] = []

    // Optional, so --help shows no machine-dependent default.
    @Option(name: .shortAndLong, parsing: .unconditional, help: "Scenarios run at once, -j 4 or -j4 (default: the number of cores).")
    var jobs: Int?

    @Flag(name: [.customShort("u"), .long], help: "Accept the current outputs: rewrite goldens, remove .new files and obsolete goldens.")
    var update = false

    @Flag(name: .long, help: "Never write anything; a missing golden fails (implied when CI is set).")
    var check = false

    @Option(name: .long, help: ArgumentHelp("Run only scenarios whose name matches this regular expression; matching none is an error.", valueName: "regex"))
    var filter: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Of a scenario whose leading comments list platforms ('-- platforms: iphone ipados'), run only its run on this platform (others run as usual).", valueName: "platform"))
    var platform: String?

    @Option(name: .long, help: ArgumentHelp("Run shard K of N (e.g. 2/4); every scenario is in exactly one shard.", valueName: "K/N"))
    var shard: String?

    @Option(name: .long, help: ArgumentHelp("Also write a JUnit XML report to this file: each case with its file, time and failure type.", valueName: "file"))
    var junit: String?

    @Flag(name: .long, help: "Walk the .golden.new files a run left, one diff at a time, answering accept, reject or skip (a line each on standard input); runs nothing.")
    var review = false

    @Flag(name: .long, help: "Accept the .golden.new files a run left for the scenarios selected (paths, --filter, --platform), without running them.")
    var accept = false

    @Flag(name: .long, help: "List the scenarios and the first comment line of each, without running them.")
    var list = false

    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp("Stop and fail a scenario that runs longer than this, in wall-clock seconds; 0 for no limit.", valueName: "seconds"))
    var timeout: Double = Double(GoldenSuite.Configuration.defaultTimeout.components.seconds)

    @Option(name: .long, help: ArgumentHelp("Also draw each scenario's run into this folder, mirroring the scenario paths.", valueName: "dir"))
    var timeline: String?

    @Option(name: .long, help: ArgumentHelp("The pictures --timeline draws: svg, json (Perfetto) or txt.", valueName: "format"))
    var timelineFormat: TimelineFormat = .svg

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The horizontal axis of SVG and JSON timelines: time (virtual seconds) or steps (one column per event); text lanes always have one column per event.", valueName: "axis"
        ))
    var timelineAxis: TimelineAxis = .time

    @Flag(name: .long, help: "Print what the scenarios covered of the app model and the lifecycle, from the events that ran.")
    var coverage = false

    @Option(name: .long, help: ArgumentHelp("Fail when coverage is under these percents, e.g. transitions=100,states=100 (implies --coverage).", valueName: "spec"))
    var minCoverage: String?

    @Option(
        name: .long,
        help: ArgumentHelp("How --coverage prints: text (the default), json or mermaid (the state diagram, uncovered transitions dashed); implies --coverage.", valueName: "format")
    )
    var coverageFormat: CoverageFormat?

    @Option(name: .long, help: ArgumentHelp("Write the coverage report to this file alone, not after the run's report (implies --coverage).", valueName: "file"))
    var coverageOut: String?

    @OptionGroup var flags: ScenarioFlags

    func validate() throws {
        // An empty path would resolve to the root folder: timelines were written into /.
        if timeline?.isEmpty == true { throw ValidationError("--timeline needs a folder for the pictures, e.g. --timeline timelines (got an empty path)") }
        if junit?.isEmpty == true { throw ValidationError("--junit needs a file for the report, e.g. --junit report.xml (got an empty path)") }
        if coverageOut?.isEmpty == true { throw ValidationError("--coverage-out needs a file for the report, e.g. --coverage-out coverage.json (got an empty path)") }
        guard timeout >= 0, timeout.isFinite else { throw ValidationError("--timeout must be 0 (no limit) or more seconds, not \(timeout)") }
        if let minCoverage {
            do throws(CoverageGateError) {
                _ = try CoverageGate(parsing: minCoverage)
            } catch {
                throw ValidationError(error.message)
            }
        }
    }

    mutating func runWithStatus() throws -> Int32 {
        var configuration = GoldenSuite.Configuration(
            paths: paths,
            baseDirectory: FileManager.default.currentDirectoryPath,
            jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount,
            update: update,
            check: check,
            filter: filter,
            shard: shard,
            junitPath: junit,
            list: list,
            colour: Output.standardOutputIsTerminal,
            timeout: timeout == 0 ? nil : .milliseconds(Int64((min(timeout, 1e12) * 1000).rounded(.up))),
            cleansUpOnSignals: true
        )
        configuration.platform = platform
        if review || accept {
            guard !(review && accept), !update, !list else {
                Output.error("error: --review, --accept, --update and --list each say what to do with the goldens: give one\n")
                return 2
            }
            configuration.knownPlatforms = LuaScenarioExecutor().platforms
            let typed = isatty(STDIN_FILENO) != 0
            let answer: (String) -> String? = { prompt in
                Output.standard(prompt)
                Output.flush()
                let reply = readLine(strippingNewline: true)
                // Answers read from a file or a pipe are echoed, so the transcript reads as typed.
                if !typed { Output.standard((reply ?? "") + "\n") }
                return reply
            }
            return GoldenSuite.review(
                configuration, interactive: review ? answer : nil,
                output: {
                    Output.standard($0); Output.flush()
                }, errorOutput: { Output.error($0) }
            ).rawValue
        }
        let gate = try minCoverage.map { spec throws in try CoverageGate(parsing: spec) }
        let timelines = timeline.map { TimelineRequest(folder: $0, format: timelineFormat, axis: timelineAxis) }
        let sink = coverage || gate != nil || coverageFormat != nil || coverageOut != nil ? CoverageSink() : nil
        let status = GoldenSuite.run(
            configuration,
            executor: LuaScenarioExecutor(options: flags.options(), timeline: list ? nil : timelines, coverage: list ? nil : sink),
            output: {
                Output.standard($0); Output.flush()
            },
            errorOutput: { Output.error($0) }
        )
        var exit = status.rawValue
        for failure in timelines?.failures.sorted ?? [] {
            Output.error("scenesim: \(failure)\n")
            exit = 2
        }
        if let sink, !list {
            let report = sink.report
            let rendered = (coverageFormat ?? .text).render(report)
            if let coverageOut {
                do throws(FileWriteError) {
                    try FileWriter.write(rendered, to: coverageOut)
                } catch {
                    Output.error("scenesim: \(error.message)\n")
                    exit = 2
                }
            } else {
                Output.standard("\n" + rendered)
            }
            let shortfalls = gate?.shortfalls(in: report) ?? []
            for shortfall in shortfalls { Output.error("coverage: \(shortfall)\n") }
            if !shortfalls.isEmpty, exit == 0 { exit = 1 }
        }
        Output.flush()
        return exit
    }
}
