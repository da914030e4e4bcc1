import LuaKit
import SceneSimCore
import SceneSimExplore
import SceneSimScripting

/// An interactive session: reads entries from a `LineReader`, runs them in a `ScriptHost` the
/// way Lua's own `lua.c` does, prints results, and keeps the entries for `\save`.
///
/// Error messages read `stdin:N:` where N counts every line read in the session (meta commands
/// and blank lines too), so piping a file gives the file's own line numbers, and a function
/// typed earlier reports the line where it was typed.
package final class REPLSession {
    /// The prompt of a new entry and of its continuation lines (as lua.c).
    package static let prompt = "> "
    package static let continuationPrompt = ">> "

    /// The options the session's hosts are made with.
    package let options: ScenarioOptions
    /// The current world; `\reset` replaces it.
    package private(set) var host: ScriptHost
    let reader: LineReader
    let output: REPLOutput
    /// Where `require` looks: given at the start, then the nearest `lib/` of the last file
    /// `\load` ran (as `scenesim run` would look for that file).
    var moduleDirectory: String?
    var transcript = ScenarioTranscript()
    /// The files `\save` wrote in this session (absolute paths): saving to one again replaces
    /// it; any other file that exists is replaced only by `\save!`.
    var savedPaths: Set<String> = []
    /// Lines read so far: the line number of the last one.
    var linesRead = 0
    /// Entries that failed, for the exit status of non-interactive sessions.
    var failures = 0
    /// Whether the trace is shown (`\trace on|off`); survives `\reset`.
    var traceShown = true
    var quitRequested = false

    /// A session over a fresh host; `moduleDirectory` is where `require` looks.
    package init(options: ScenarioOptions = ScenarioOptions(), reader: LineReader, output: REPLOutput, moduleDirectory: String? = "lib") {
        // The REPL's scripts have sim.gen and sim.explore, as scenesim run's do.
        self.options = options.installing(.explore)
        self.reader = reader
        self.output = output
        self.moduleDirectory = moduleDirectory
        host = ScriptHost(options: self.options, moduleDirectory: moduleDirectory, output: { [output] in output.standardBytes($0) })
    }

    /// Runs `file` first when given, then entries until `\quit` or the end of input. Returns the
    /// exit status: 0, or 1 when the input was not a terminal and an entry failed (as a script).
    package func run(file: String? = nil, banner: String? = nil) -> Int32 {
        if let banner, reader.isInteractive { output.standard(banner + "\n") }
        if let file { load(file) }
        while !quitRequested {
            output.flush()
            switch reader.readLine(prompt: Self.prompt) {
            case .endOfInput:
                // As lua.c: Ctrl-D leaves the cursor after the prompt; end that line.
                if reader.isInteractive { output.standard("\n") }
                quitRequested = true
            case .interrupted:
                continue
            case .line(let line):
                linesRead += 1
                handle(line)
            }
        }
        output.flush()
        return !reader.isInteractive && failures > 0 ? 1 : 0
    }

    /// One first line: a meta command, nothing, or the start of a Lua entry.
    private func handle(_ line: String) {
        let trimmed = Substring(line).trimmingSpaces
        if trimmed.isEmpty { return }
        if trimmed.hasPrefix("\\") {
            reader.addHistory(line)
            runMeta(line)
            return
        }
        evaluate(firstLine: line)
    }

    /// A fresh world: new Lua state and simulator, no entries to save.
    func reset() {
        host = ScriptHost(options: options, moduleDirectory: moduleDirectory, output: { [output] in output.standardBytes($0) })
        host.traceEnabled = traceShown
        transcript.removeAll()
    }
}

extension REPLSession {
    /// Tab completion for the text before the cursor, from the current world.
    package func complete(_ textBeforeCursor: String) -> Completion {
        Completion.complete(textBeforeCursor, in: host)
    }
}
