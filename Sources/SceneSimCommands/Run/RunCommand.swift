import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ByteText
import GoldenRunner
import LuaKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SceneSimREPL
import SceneSimCore
import SceneSimScripting
import SceneSimTimeline

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

            A scenario whose leading comments say '-- trace: memory' has a trace line for every \
            write to app.memory and w.memory (as under scenesim test).

            --timeline FILE also draws the run, by the file's extension: .svg a picture (a lane per \
            window session, the app's phase and state, launches, terminations and restorations), \
            .json the Chrome trace event format for ui.perfetto.dev or chrome://tracing, .txt text \
            lanes (one column per event). --timeline - writes the text lanes to standard output \
            instead of the trace (print output stays). The file is written even when the scenario \
            fails; a file that cannot be written makes the exit status 2.
            """
    )

    @Argument(help: ArgumentHelp("The scenario to run.", valueName: "file"))
    var file: String

    @OptionGroup var flags: ScenarioFlags
    @OptionGroup var traceFlag: TraceFlag

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The platform sim.launch takes when its options name none (default: the first of the scenario's '-- platforms:' line, else ipados).", valueName: "platform"))
    var platform: Platform?

    @Option(
        name: .long,
        help: ArgumentHelp("Also draw the run into this file: .svg, .json (Perfetto) or .txt; - for text lanes on standard output instead of the trace.", valueName: "file"))
    var timeline: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The horizontal axis of an SVG or JSON timeline: time (virtual seconds) or steps (one column per event, as many share one instant); text lanes always have one column per event.",
            valueName: "axis"))
    var timelineAxis: TimelineAxis = RunInvocation.defaultTimelineAxis

    /// The command line's values.
    var invocation: RunInvocation {
        RunInvocation(file: file, settings: flags.settings, trace: traceFlag.trace, platform: platform, timeline: timeline, timelineAxis: timelineAxis)
    }

    func validate() throws {
        try invocation.validate()
    }

    mutating func runWithStatus() throws -> Int32 {
        invocation.run()
    }
}

/// What `scenesim run` was asked, as plain values, and the run: RunCommand's values, or a plain
/// command line's read without ArgumentParser (PlainCommandLine says why).
struct RunInvocation: Equatable {
    var file: String
    var settings: ScenarioSettings
    var trace: ScenarioOptions.TraceFormat
    var platform: Platform?
    var timeline: String?
    var timelineAxis: TimelineAxis

    static let defaultTimelineAxis: TimelineAxis = .time

    /// RunCommand's own checks (ScenarioFlags has its own).
    func validate() throws {
        var isDirectory = false
        guard FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory) else {
            if let bytes = RawArguments.invalidUTF8(matching: file) {
                throw ValidationError("cannot run \(ByteString.displayed(bytes)): its name is not valid UTF-8; rename it")
            }
            throw ValidationError("no such scenario file: \(ByteString(file).escaped)")
        }
        guard !isDirectory else {
            throw ValidationError("\(file) is a folder; run one .lua file, or test a folder with: scenesim test \(file)")
        }
        if let timeline, TimelineFormat(path: timeline) == nil {
            throw ValidationError("--timeline \(timeline): the extension says which picture to draw; give \(TimelineFormat.choices)")
        }
        // Standard output would mix text lanes with JSON lines: a JSON Lines reader needs every line JSON.
        if timeline == "-", trace == .jsonl {
            throw ValidationError(
                "--timeline - writes text lanes to standard output instead of the trace, so --trace jsonl would have no trace there; give --timeline FILE (.txt, .svg or .json) to keep the JSON Lines trace, or drop --trace jsonl"
            )
        }
    }

    func run() -> Int32 {
        var options = settings.options(trace: timeline == "-" ? .off : trace)
        // A scenario of a platform matrix runs on the platform asked for, else its first one.
        do throws(ScenarioHeaderError) {
            let head = Self.leadingBytes(of: file)
            let shown = ByteString.displayed(Array(file.utf8))
            if let platform { options.platform = platform } else { options.platform = try Self.firstListedPlatform(in: head, shown: shown) }
            options.tracesMemory = try ScenarioHeader.tracesMemory(in: head, path: shown)
        } catch {
            Output.error("scenesim: \(error.message)\n")
            Output.flush()
            return 2
        }
        let recording = timeline.map { _ in RunRecording(maxBytes: options.maxMemory) }
        // A name with control bytes (a newline) is named with them escaped, as scenesim test
        // names it: a raw newline in "file:line:" would split the message into two.
        let shownName = ByteString.displayed(Array(file.utf8))
        // Ctrl-C (or SIGTERM) stops the scenario at its next step with "file:line: interrupted",
        // and what it printed is flushed: killed outright, it lost buffered lines mid-line.
        RunInterrupt.install()
        defer { RunInterrupt.uninstall() }
        var status = ScenarioRunner.run(
            path: file,
            displayName: shownName == file ? nil : shownName,
            options: options,
            recording: recording,
            stdout: { Output.standard(bytes: $0) },
            stderr: { Output.error($0) }
        )
        if let timeline, let recording, let format = TimelineFormat(path: timeline) {
            let budget = RenderBudget(maxBytes: options.maxMemory)
            do throws(TimelinePictureError) {
                if timeline == "-" {
                    do throws(RenderError) {
                        Output.standard(bytes: try format.render(recording, axis: timelineAxis, budget: budget))
                    } catch {
                        throw .render(error)
                    }
                } else {
                    try format.write(recording, axis: timelineAxis, budget: budget, to: timeline)
                }
            } catch {
                switch error {
                case .render(let error): Output.error("scenesim: --timeline \(ByteString(timeline).escaped): \(error.message)\n")
                case .write(let error): Output.error("scenesim: \(error.message)\n")
                }
                Output.flush()
                return 2
            }
        }
        Output.flush()
        // 128 + the signal, as a shell reports a command a signal ended.
        if RunInterrupt.received != 0 { status = 128 + RunInterrupt.received }
        return status
    }
}

/// SIGINT and SIGTERM during `scenesim run`: the first stops the Lua code at its next hook
/// step, its next call into Swift, a charged C loop or the simulator's next event
/// (`LuaState.interruptAll()`, async-signal-safe), so the run ends through its usual error
/// path with its output flushed; a second ends the process as the default would, once what
/// was printed is flushed. A signal the parent set to be ignored (a background job) stays
/// ignored.
enum RunInterrupt {
    /// The first signal received, 0 while none.
    nonisolated(unsafe) static var received: Int32 = 0
    /// The dispositions install replaced, to put back (a list: a dictionary's generic metadata
    /// costs a conformance lookup, a scan of the binary's whole table, at each start).
    nonisolated(unsafe) private static var previous: [(signal: Int32, action: sigaction)] = []

    static func install() {
        for signal in [SIGINT, SIGTERM] {
            var old = sigaction()
            sigaction(signal, nil, &old)
            // SIG_IGN is 1 on Linux and macOS alike.
            if let ignored = old.handler, unsafeBitCast(ignored, to: UInt.self) == 1 { continue }
            var action = sigaction()
            action.handler = { signal in
                if RunInterrupt.received != 0 {
                    // A second one: the default, at once, after what the scenario printed
                    // (the first did not stop it: it hangs where no interrupt reaches, such as
                    // a read with --allow-io).
                    Output.flushFromSignalHandler()
                    raiseWithDefault(signal)
                    return
                }
                RunInterrupt.received = signal
                LuaState.interruptAll()
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(signal, &action, nil)
            previous.append((signal, old))
            // A parent may hand the signal down blocked (a thread of a test runner, util-linux
            // script): it must still arrive.
            var set = sigset_t()
            sigemptyset(&set)
            sigaddset(&set, signal)
            pthread_sigmask(SIG_UNBLOCK, &set, nil)
        }
    }

    static func uninstall() {
        for (signal, old) in previous {
            var old = old
            sigaction(signal, &old, nil)
        }
        previous = []
    }
}

/// Restores the default disposition of `signal` and raises it again (async-signal-safe calls only).
private func raiseWithDefault(_ signal: Int32) {
    var action = sigaction()
    sigemptyset(&action.sa_mask)
    action.handler = SIG_DFL
    sigaction(signal, &action, nil)
    raise(signal)
}

/// The command line as bytes: an argument that is not UTF-8 reaches Swift repaired (its bad
/// bytes become U+FFFD), so it names no file; its own bytes say what the user gave.
enum RawArguments {
    /// The bytes of the argument that reads as `text` once repaired, when they are not UTF-8.
    static func invalidUTF8(matching text: String) -> [UInt8]? {
        for index in 1..<Int(CommandLine.argc) {
            guard let pointer = CommandLine.unsafeArgv[index] else { continue }
            let bytes = Array(UnsafeBufferPointer(start: pointer, count: strlen(pointer))).map { UInt8(bitPattern: $0) }
            if String(validating: bytes, as: UTF8.self) == nil, String(decoding: bytes, as: UTF8.self) == text { return bytes }
        }
        return nil
    }
}

extension RunInvocation {
    /// The start of the file, where its leading comments are (read without blocking on a
    /// FIFO); empty when it cannot be opened (the run then says why).
    static func leadingBytes(of file: String) -> [UInt8] {
        let descriptor = open(file, O_RDONLY | O_NONBLOCK)
        guard descriptor >= 0 else { return [] }
        defer { close(descriptor) }
        var head = [UInt8](repeating: 0, count: ScenarioHeader.leadingBytes)
        let count = head.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        return Array(head.prefix(max(0, count)))
    }

    /// The first platform of the scenario's `-- platforms:` line; nil without one.
    static func firstListedPlatform(in head: [UInt8], shown: String) throws(ScenarioHeaderError) -> Platform? {
        let listed = try ScenarioHeader.platforms(in: head, path: shown, known: Platform.allCases.map(\.rawValue))
        return listed.first.flatMap(Platform.init(rawValue:))
    }
}
