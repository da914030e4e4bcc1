import ArgumentParser
import ByteText
import SceneSimScripting
#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
@preconcurrency import Darwin
#endif

/// The `scenesim` command line: a thin root over the run, test and repl subcommands.
package struct SceneSimCommand: ParsableCommand {
    package static let version = "0.1.0"

    package static let configuration = CommandConfiguration(
        commandName: "scenesim",
        abstract: "Simulate the SwiftUI multi-window app lifecycle, scripted in Lua 5.4.",
        // One line per paragraph: ArgumentParser wraps to the terminal width itself.
        discussion: """
            A scenario is a Lua file that declares an app with sim.launch{...}, then opens windows, \
            writes SceneStorage, sends the app to the background, terminates and relaunches it, and \
            asserts on what came back. The output is a trace, one line per lifecycle event on a \
            virtual clock, identical byte for byte on every run.

            Exit status: 0 success, 1 a scenario failed (or explore found a failure, or check-model a \
            difference between the model and the source), 2 usage error, \
            3 explore's shrunk run did not replay the same way twice. \
            The scenario API is documented in scenarios/README.md.
            """,
        version: version,
        subcommands: [RunCommand.self, TestCommand.self, REPLCommand.self, ExploreCommand.self, ScaffoldCommand.self, CheckModelCommand.self]
    )

    package init() {}

    /// Parses `arguments` (without the program name), runs the command, and returns the exit
    /// status: usage errors are 2 (not ArgumentParser's 64), help and version 0.
    package static func main(arguments: [String]) -> Int32 {
        main(arguments: arguments, models: ModelRegistry())
    }

    /// `main(arguments:)` of an executable whose scripts may name `models` in
    /// `sim.launch{ model = "..." }` (the SceneSimCLI library's entry point).
    package static func main(arguments: [String], models: ModelRegistry) -> Int32 {
        RegisteredModels.running(with: models) { run(arguments) }
    }

    private static func run(_ arguments: [String]) -> Int32 {
        let status = runCommand(arguments)
        // Output that never arrived makes no success: exit 2, as for a --timeline file that
        // cannot be written (a command's own failure status stays).
        if let reason = Output.finishStandard() {
            Output.error("scenesim: cannot write standard output: \(reason)\n")
            return status < 2 ? 2 : status
        }
        return status
    }

    private static func runCommand(_ arguments: [String]) -> Int32 {
        // A first word that is no subcommand (a typo, a command other tools have): say which
        // ones there are, the nearest first, where the parser said only "Unexpected argument".
        if let first = arguments.first, !first.hasPrefix("-"), !first.isEmpty {
            let names = configuration.subcommands.compactMap { $0.configuration.commandName }
            if !names.contains(first) && first != "help" {
                Output.error(unknownSubcommand(first, names: names))
                return 2
            }
        }
        do {
            // `run FILE` and `repl` with plain options skip ArgumentParser's costly walk
            // (PlainCommandLine says why); every other line, help and errors are its.
            if let command = DirectParse(arguments) {
                return command.run()
            }
            var command = try parseAsRoot(TestCommand.splittingAttachedJobs(arguments))
            if var status = command as? StatusCommand {
                return try status.runWithStatus()
            }
            try command.run()
            return 0
        } catch {
            let code = exitCode(for: error)
            let message = fullMessage(for: error)
            if code == .success {
                if !message.isEmpty { Output.standard(message + "\n") }
                return 0
            }
            if !message.isEmpty { Output.error(message + "\n") }
            return code == .validationFailure ? 2 : code.rawValue
        }
    }
}

extension SceneSimCommand {
    /// The message for `scenesim WORD` when WORD is no subcommand.
    static func unknownSubcommand(_ word: String, names: [String]) -> String {
        var message = "Error: scenesim has no subcommand '\(ByteString(word).escaped)'"
        if let nearest = EditDistance.closest(to: word, among: names, bound: { max(2, $0.count / 3) }) {
            message += "; did you mean '\(nearest)'?"
        }
        if word.hasSuffix(".lua") { message += "; to run a scenario: scenesim run \(ByteString(word).escaped)" }
        if word == "timeline" || word == "timelines" { message += "; timelines are drawn by scenesim run FILE --timeline OUT.svg and scenesim test --timeline DIR" }
        return message + "\nSubcommands: " + names.joined(separator: ", ") + " (scenesim --help says what each does)\n"
    }
}

/// A subcommand that reports its own exit status instead of throwing for failures.
protocol StatusCommand: ParsableCommand {
    mutating func runWithStatus() throws -> Int32
}

extension StatusCommand {
    mutating func run() throws {
        let status = try runWithStatus()
        if status != 0 { throw ExitCode(status) }
    }
}

/// Buffered writes to the process's standard streams (C stdio: one syscall per buffer, not per
/// line). Everything the commands print goes through here, into the C library's own `stdout`
/// and `stderr`. Lua's `io.stdout` (with --allow-io) writes through the scenario's output, as
/// `print` does (LuaState routes it), so the order is kept.
enum Output {
    nonisolated(unsafe) private static let out = stdout
    nonisolated(unsafe) private static let err = stderr

    static func standard(_ text: String) {
        standard(bytes: Array(text.utf8))
    }

    /// Why standard output could not be written (a full disk, a closed descriptor, a pipe
    /// whose reader left while SIGPIPE is ignored): the first failure's reason, nil while none.
    nonisolated(unsafe) private static var standardFailure: String?

    /// Writes `bytes` exactly: fwrite, not fputs, so a NUL byte does not end the output.
    static func standard(bytes: [UInt8]) {
        inStandard += 1
        defer { inStandard -= 1 }
        let written = bytes.withUnsafeBufferPointer { buffer in
            fwrite(buffer.baseAddress, 1, buffer.count, out)
        }
        if written < bytes.count { noteStandardFailure() }
    }

    /// Nonzero while this code is inside stdio on standard output (a signal handler must not
    /// flush it then: the buffer is being changed).
    nonisolated(unsafe) private static var inStandard: Int32 = 0

    /// Flushes what was printed, from a signal handler that is about to end the process (a
    /// second Ctrl-C): skipped when the signal came while standard output was being written,
    /// or when another thread holds the stream, so the handler never waits on a lock. Without
    /// it, the lines a hanging scenario had printed (buffered: standard output to a pipe or a
    /// file) were lost.
    static func flushFromSignalHandler() {
        guard inStandard == 0, ftrylockfile(out) == 0 else { return }
        fflush(out)
        funlockfile(out)
    }

    private static func noteStandardFailure() {
        if standardFailure == nil { standardFailure = String(cString: strerror(errno)) }
    }

    /// Flushes standard output and says why it could not all be written, if it could not: the
    /// output a command reports as written must have been (`scenesim run x.lua > trace.txt` on
    /// a full disk is no success).
    static func finishStandard() -> String? {
        inStandard += 1
        defer { inStandard -= 1 }
        if fflush(out) != 0 || ferror(out) != 0 { noteStandardFailure() }
        return standardFailure
    }

    static func error(_ text: String) {
        inStandard += 1
        defer { inStandard -= 1 }
        if fflush(out) != 0 { noteStandardFailure() }
        Array(text.utf8).withUnsafeBufferPointer { buffer in
            _ = fwrite(buffer.baseAddress, 1, buffer.count, err)
        }
        fflush(err)
    }

    static func flush() {
        inStandard += 1
        defer { inStandard -= 1 }
        if fflush(out) != 0 { noteStandardFailure() }
        fflush(err)
    }

    static var standardOutputIsTerminal: Bool { isatty(STDOUT_FILENO) != 0 }
}
