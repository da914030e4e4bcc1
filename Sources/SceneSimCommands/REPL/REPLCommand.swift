import ArgumentParser
import ByteText
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SceneSimREPL
import SceneSimScripting
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `scenesim repl [FILE]`: the interactive explorer.
struct REPLCommand: StatusCommand {
    static let configuration = CommandConfiguration(
        commandName: "repl",
        abstract: "Explore interactively: a Lua prompt with the scenario API.",
        discussion: """
            Each line is Lua, run as Lua's own REPL does: first as an expression (its values are printed, tables with sorted keys), else as statements; an unfinished entry continues on a '>>' line. The trace of what an entry caused is shown after it. Errors read stdin:N: message, N counting the lines of the session, and the session goes on. Tab completes globals and the fields and methods of sim, the app and windows. Ctrl-C stops a running entry or clears the line; Ctrl-D quits.

            Commands start with a backslash:
              \\help           the commands
              \\trace on|off   show or hide the trace
              \\state          the app, its windows, phases and storage at a glance
              \\save FILE      the entries so far as a scenario that scenesim run replays
              \\load FILE      run a scenario file in this session (\\save includes it)
              \\reset          a fresh state and simulator (\\save starts there)
              \\quit           leave

            With FILE, it runs first, as \\load would; its app is then sim.app, even if FILE kept it in a local, and require looks in the nearest lib/ at or above FILE's folder, as scenesim run does. History is kept in $XDG_STATE_HOME/scenesim/history (default ~/.local/state/scenesim/history).

            Piped input (standard input is not a terminal) is a script, as lua5.4 < file runs it: one chunk named stdin, after FILE if given, e.g. scenesim repl < steps.lua. Its output is what scenesim run shows; the first error stops it and reads stdin:LINE: message on standard error. Exit status then as scenesim run: 0, or 1 after an error. \\commands work only at a terminal.

            When only standard output is not a terminal, entries run one by one as typed, without prompts. Exit status: 0, or 1 when any entry failed.
            """
    )

    @Argument(help: ArgumentHelp("A scenario to run first.", valueName: "file"))
    var file: String?

    @OptionGroup var flags: ScenarioFlags
    @OptionGroup var traceFlag: TraceFlag

    /// The command line's values.
    var invocation: REPLInvocation {
        REPLInvocation(file: file, settings: flags.settings, trace: traceFlag.trace)
    }

    func validate() throws {
        try invocation.validate()
    }

    mutating func runWithStatus() throws -> Int32 {
        invocation.run()
    }
}

/// What `scenesim repl` was asked, as plain values, and the session: REPLCommand's values, or a
/// plain command line's read without ArgumentParser (PlainCommandLine says why).
struct REPLInvocation: Equatable {
    var file: String?
    var settings: ScenarioSettings
    var trace: ScenarioOptions.TraceFormat

    /// FILE must be a file that exists, as for scenesim run: a typo opened an empty session.
    func validate() throws {
        guard let file else { return }
        var isDirectory = false
        guard FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory) else {
            if let bytes = RawArguments.invalidUTF8(matching: file) {
                throw ValidationError("cannot run \(ByteString.displayed(bytes)): its name is not valid UTF-8; rename it")
            }
            throw ValidationError("no such scenario file: \(ByteString(file).escaped)")
        }
        guard !isDirectory else { throw ValidationError("\(file) is a folder; give one .lua file to run first") }
    }

    func run() -> Int32 {
        let output = REPLOutput(
            standard: { Output.standard(bytes: $0) },
            error: { Output.error($0) },
            flush: { Output.flush() }
        )
        // As lua.c: input that is not a terminal is a script, run whole.
        if isatty(STDIN_FILENO) == 0 {
            let session = REPLSession(options: settings.options(trace: trace), reader: PlainLineReader(), output: output, moduleDirectory: moduleDirectory)
            return session.runStandardInput(file: file)
        }
        let interactive = isatty(STDOUT_FILENO) != 0
        let history = HistoryFile.path()
        let editor = interactive ? EditLineReader(historyPath: history) : nil
        if let editor, let history, !editor.keepsHistory {
            // Said once, not discovered at the next session's empty history.
            Output.error("scenesim repl: history is not kept: its folder for \(history) cannot be made; set XDG_STATE_HOME to a folder you can write\n")
        }
        let reader: LineReader = editor ?? PlainLineReader()
        let session = REPLSession(options: settings.options(trace: trace), reader: reader, output: output, moduleDirectory: moduleDirectory)
        editor?.complete = { [unowned session] in session.complete($0) }
        let banner = "scenesim \(SceneSimCommand.version) — Lua 5.4 with the scenario API. \\help lists commands, Ctrl-D quits."
        return session.run(file: file, banner: banner)
    }

    /// The nearest `lib/` at or above FILE's folder, as `scenesim run` finds it; else `lib/` here.
    private var moduleDirectory: String {
        file.map { ScenarioRunner.moduleDirectory(for: $0) } ?? "lib"
    }
}
