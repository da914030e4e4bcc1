#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SceneSimScripting

// The `\` commands. What the user asked to see (`\help`, `\state`) goes to standard output;
// confirmations and usage errors go to the error stream, like the session's other notices.
extension REPLSession {
    func runMeta(_ line: String) {
        let (name, argument) = MetaCommand.split(line)
        if name == "save!" {
            guard !argument.isEmpty else { return output.error("usage: \\save! FILE\n") }
            return save(to: argument, replacing: true)
        }
        guard let command = MetaCommand(rawValue: name) else {
            let hint = MetaCommand.suggestion(for: name).map { "; did you mean \\\($0.rawValue)?" } ?? ""
            output.error("unknown command \\\(name)\(hint) (\\help lists the commands)\n")
            return
        }
        switch command {
        case .help:
            output.standard(MetaCommand.helpText)
        case .trace:
            trace(argument)
        case .state:
            guard let simulator = host.simulator else { return output.standard(StateReport.noApp) }
            output.standard(StateReport.render(simulator.snapshot(), platform: simulator.config.platform.rawValue))
        case .save:
            guard !argument.isEmpty else { return output.error("usage: \\save FILE\n") }
            save(to: argument)
        case .load:
            guard !argument.isEmpty else { return output.error("usage: \\load FILE\n") }
            load(argument)
        case .reset:
            reset()
            output.error("a fresh Lua state and simulator; \\save starts from here\n")
        case .quit:
            quitRequested = true
        }
    }

    private func trace(_ argument: String) {
        switch argument {
        case "on": traceShown = true
        case "off": traceShown = false
        case "": break
        default: return output.error("usage: \\trace on|off\n")
        }
        host.traceEnabled = traceShown
        if options.trace == .off {
            output.error("trace is off for this session (--trace off)\n")
        } else {
            output.error("trace \(traceShown ? "on" : "off")\n")
        }
    }

    /// The header of a saved scenario, and the command that replays it.
    func saveHeader(path: String) -> [String] {
        var flags: [String] = []
        if options.allowIO { flags.append("--allow-io") }
        if options.trace == .jsonl { flags.append("--trace jsonl") }
        return [
            "Saved from a scenesim repl session. Replay: scenesim run \((flags + [path]).joined(separator: " "))",
            "Entries are in the order they were typed; values the session printed are printed here too.",
            // As at the prompt: globals carry values between entries (set and never read again:
            // 131), each entry's locals and labels end with it (521), and lines stay as typed.
            "luacheck: allow defined, no unused, no max line length, ignore 113 131 521 61",
        ]
    }

    /// Whether two folder paths, relative to the current directory or absolute, name the same
    /// folder (by their components; nothing is read).
    static func sameFolder(_ a: String, _ b: String) -> Bool {
        let current = FileManager.default.currentDirectoryPath
        func absolute(_ path: String) -> String {
            URL(fileURLWithPath: path.hasPrefix("/") ? path : current + "/" + path).standardized.path
        }
        return absolute(a) == absolute(b)
    }

    private func save(to path: String, replacing: Bool = false) {
        // The replay starts with the default seed; the session's own comes first.
        let prelude = options.seed != 0 ? ["sim.seed(\(options.seed))"] : []
        // A folder (sub/ as much as sub) is no file to save to: Foundation's atomic write says
        // "Not a directory" for the one with a slash.
        var isFolder = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
        // A file the session did not write is someone's work: replaced only when asked (\save!).
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        if exists, !isFolder, !replacing, !savedPaths.contains(absolute) {
            return output.error("\(path) exists, and this session did not write it: \\save! \(path) replaces it, or give another name\n")
        }
        if exists, isFolder {
            return output.error("cannot write \(path): Is a directory; give a file name, e.g. \\save \(path.hasSuffix("/") ? path : path + "/")session.lua\n")
        }
        let text = transcript.render(header: saveHeader(path: path), prelude: prelude) { [host] source in
            (try? host.lua.load(source, chunkName: "=save")) != nil
        }
        do {
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        } catch {
            // The C library's wording of the POSIX error Foundation wraps ("No such file or directory").
            let posix = (error as? CocoaError)?.underlying as? POSIXError
            let reason = posix.map { String(cString: strerror($0.code.rawValue)) } ?? "\(error)"
            return output.error("cannot write \(path): \(reason)\n")
        }
        savedPaths.insert(absolute)
        let count = transcript.entries.count
        var notice = "saved \(count) \(count == 1 ? "entry" : "entries") to \(path)"
        // require finds modules in the lib/ folder nearest the scenario: when the session's is
        // another folder (a \load-ed file's), a replay of the saved file would not find them.
        let savedLibrary = ScenarioRunner.moduleDirectory(for: path)
        if let library = moduleDirectory, Self.sameFolder(library, savedLibrary) == false,
            FileManager.default.fileExists(atPath: library)
        {
            notice +=
                "; require in this session finds modules in \(library), but the saved file's would look in \(savedLibrary): save it beside the file you loaded, or its require calls may fail"
        }
        let stopped = transcript.stoppedCount
        if stopped > 0 {
            notice +=
                "; \(stopped == 1 ? "1 entry" : "\(stopped) entries") stopped by Ctrl-C or a limit \(stopped == 1 ? "is kept as a comment" : "are kept as comments"), not replayed, so the replay may differ from there"
        }
        output.error(notice + "\n")
    }
}
