#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LuaKit
import SceneSimScripting

// Lua's REPL algorithm (lua.c 5.4): try `return <line>`; else the line as statements, reading
// more lines while the syntax error ends at `<eof>`. Every call is protected; every failure
// leaves through `report`.
extension REPLSession {
    /// The chunk name of typed entries, so messages read `stdin:N:`.
    static let chunkName = "=stdin"

    func evaluate(firstLine: String) {
        // Blank lines before the source make Lua count lines from the session's first one.
        let padding = String(repeating: "\n", count: linesRead - 1)
        if let function = try? host.lua.load(padding + "return " + firstLine, chunkName: Self.chunkName) {
            reader.addHistory(firstLine)
            execute(function, SavedEntry(source: firstLine, form: .expression))
            return
        }
        var source = firstLine
        while true {
            do throws(LuaError) {
                let function = try host.lua.load(padding + source, chunkName: Self.chunkName)
                reader.addHistory(source)
                execute(function, SavedEntry(source: source, form: .statements))
                return
            } catch {
                guard error.isIncompleteInput else {
                    reader.addHistory(source)
                    fail(error)
                    return
                }
                output.flush()
                switch reader.readLine(prompt: Self.continuationPrompt) {
                case .line(let next):
                    linesRead += 1
                    source += "\n" + next
                case .interrupted:
                    reader.addHistory(source)
                    return
                case .endOfInput:
                    reader.addHistory(source)
                    fail(error)
                    return
                }
            }
        }
    }

    /// Runs `\load`'s file (chunk `@path`, so messages read `path:line:`) as one entry.
    func load(_ path: String) {
        let function: LuaFunctionRef
        do throws(LuaError) {
            function = try host.lua.load(file: path)
            // Its helpers are beside it, not beside the working directory.
            let directory = ScenarioRunner.moduleDirectory(for: path)
            if directory != moduleDirectory {
                try host.lua.setModuleDirectory(directory)
                moduleDirectory = directory
            }
        } catch {
            fail(error)
            return
        }
        guard var text = try? String(contentsOfFile: path, encoding: .utf8) else {
            fail(LuaError(.file, "cannot read \(path) as UTF-8 text"))
            return
        }
        // Lua skips a first line starting with '#' (a shebang); inside the saved file it must
        // become a comment.
        if text.hasPrefix("#") { text = "--" + text }
        execute(function, SavedEntry(source: text, form: .statements, note: "\\load \(path)"))
    }

    /// Calls a compiled entry with Ctrl-C armed, prints its results, and keeps it for `\save`:
    /// every entry that ran is kept, a failed one too, since it may have changed Lua's state or
    /// the simulation before its error.
    func execute(_ function: LuaFunctionRef, _ entry: SavedEntry) {
        var entry = entry
        let results: (count: Int, texts: Result<[[UInt8]], LuaError>)
        do throws(LuaError) {
            // Described while they are Lua values: a table's __tostring shows, as print shows it.
            results = try InterruptGuard.whileRunning { () throws(LuaError) in try host.callDescribing(function) }
        } catch {
            fail(error)
            switch error.kind {
            case .interrupted, .instructionLimit, .memory: entry.outcome = .stopped(message: error.message)
            case .syntax, .runtime, .file: entry.outcome = .failed(message: error.message)
            }
            transcript.append(entry)
            return
        }
        if results.count > 0 {
            switch results.texts {
            case .success(let texts):
                host.writeOutput(Array(texts.joined(separator: [UInt8(ascii: "\t")])) + [UInt8(ascii: "\n")])
                entry.outcome = .finished(results: results.count)
            case .failure(let error):
                // The entry ran; only showing its results failed, so the replay must not print.
                report(error)
            }
        }
        transcript.append(entry)
    }

    /// Reports a failed entry; the session goes on.
    func fail(_ error: LuaError) {
        failures += 1
        report(error)
    }

    /// The message, and the traceback when it says more than "in main chunk".
    func report(_ error: LuaError) {
        var text = error.message
        if error.traceback.count > 1 { text += "\n" + error.formattedTraceback }
        output.error(text + "\n")
    }
}
