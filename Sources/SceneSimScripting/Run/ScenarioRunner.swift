#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ByteText
import LuaKit

/// Runs one scenario file in a fresh host: the shared core of `scenesim run` and the golden
/// runner.
package enum ScenarioRunner {
    /// Exit statuses: 0 the scenario ran to its end, 1 it failed (an error or a failed assert).
    package static let success: Int32 = 0
    package static let failure: Int32 = 1

    /// Runs `path` (chunk name `@path`, so messages read `path:line:`); the output stream goes
    /// to `stdout` as it is produced, an error (message and script traceback) to `stderr`.
    /// `require` finds helper modules in `lib/` beside the scenario.
    ///
    /// - Parameters:
    ///   - displayName: the chunk name messages start with, when not `path` (the golden runner
    ///     names a scenario relative to its suite root, so goldens do not depend on the cwd).
    ///   - source: the file's bytes when the caller already read (and checked) them: these run,
    ///     under `displayName`, and the file is not opened again.
    ///   - started: receives, before the scenario runs, a function that interrupts it from any
    ///     thread (raising "interrupted" at its next hook step), e.g. for a timeout.
    ///   - recording: when given, keeps every event with its source line (for `--timeline`
    ///     and `--coverage`), whether the scenario ends well or in an error.
    package static func run(
        path: String,
        displayName: String? = nil,
        source: [UInt8]? = nil,
        options: ScenarioOptions = ScenarioOptions(),
        recording: RunRecording? = nil,
        started: (_ interrupt: @escaping @Sendable () -> Void) -> Void = { _ in },
        stdout: @escaping ([UInt8]) -> Void,
        stderr: (String) -> Void
    ) -> Int32 {
        run(path: path, displayName: displayName, source: source, options: options, recording: recording, started: started, flag: { _ in }, stdout: stdout, stderr: stderr)
    }

    /// `run`, handing `flag` the state's interrupt flag before the scenario runs.
    static func run(
        path: String, displayName: String?, source: [UInt8]? = nil, options: ScenarioOptions, recording: RunRecording?,
        started: (_ interrupt: @escaping @Sendable () -> Void) -> Void,
        flag interruptFlag: (LuaInterruptFlag) -> Void,
        stdout: @escaping ([UInt8]) -> Void,
        stderr: (String) -> Void
    ) -> Int32 {
        var options = options
        options.moduleRoot = options.moduleRoot ?? moduleRoot(path: path, displayName: displayName)
        let modules = moduleDirectory(for: path)
        let host = ScriptHost(options: options, moduleDirectory: modules, output: stdout)
        // Named from the suite's root, as the scenario is: an error in lib/m.lua reads the same
        // in a golden whatever directory `scenesim test` ran from.
        if let displayName, let root = suiteRoot(path: path, displayName: displayName) {
            try? host.lua.setModuleDisplayDirectory(ModulePath.relative(modules, from: root))
        }
        // A module in lib/ may be a link to another file of the suite, never out of it.
        if let root = options.moduleRoot { try? host.lua.setModuleRoot(root) }
        host.recording = recording
        defer { recording?.finish(host.simulator) }
        host.scenarioDirectory = directory(of: path)
        let flag = host.lua.interruptFlag
        started { flag.raise() }
        interruptFlag(flag)
        do {
            if let source {
                try host.run(source: source, displayName: displayName ?? path)
            } else if let displayName {
                try host.run(file: path, displayName: displayName)
            } else {
                try host.run(file: path)
            }
            return success
        } catch {
            // As the trace shows text: a message's control bytes read \ddd, so a script's
            // error cannot drive the terminal or forge a line of a report.
            stderr(ByteString.displayed(Array((error.description + "\n" + hint(for: error)).utf8), keepingNewlines: true))
            return failure
        }
    }

    /// What to do about a limit the scenario ran into; "" for other errors.
    package static func hint(for error: LuaError) -> String {
        // Output past what may be held: print's own refusal (runtime) or the hook's interrupt.
        if error.kind == .runtime || error.kind == .interrupted, error.message.contains("output limit exceeded (") { return outputHint }
        let memory = "hint: the scenario holds too much memory; if it really needs more, raise the limit with --max-memory MiB (0 for none)\n"
        switch error.kind {
        case .memory:
            return memory
        case .instructionLimit:
            return "hint: the scenario ran too long (an endless loop?); if it really needs more, raise the limit with --max-instructions N (0 for none)\n"
        case .runtime:
            // Lua's memory limit that a protected call caught and raised again (a found
            // scenario's explore.check()): still the scenario's memory. The simulator's own
            // limit says what to do in its message.
            if LuaError.isMemoryLimitMessage(error.message) { return memory }
            return sandboxHint(for: error.message)
        case .syntax, .interrupted, .file:
            return ""
        }
    }

    /// What to do about output past the memory limit, which a golden test holds whole.
    static let outputHint =
        "hint: the scenario printed more than the memory limit holds, and scenesim test keeps a scenario's whole output to compare it with its golden; print less (a summary, not every value), or raise the limit with --max-memory MiB (0 for none)\n"

    /// The libraries the sandbox leaves out, which `--allow-io` opens.
    static let sandboxedGlobals = ["io", "os", "debug", "package", "dofile", "loadfile"]

    /// For Lua's own error at a use of a global the sandbox leaves out (`attempt to index a nil
    /// value (global 'io')`): that it is left out on purpose, and the flag that opens it.
    static func sandboxHint(for message: String) -> String {
        guard message.contains("attempt to"),
            let name = sandboxedGlobals.first(where: { message.contains("(global '\($0)')") })
        else { return "" }
        return
            "hint: \(name) is not in scenesim's sandbox (a scenario reads no files, environment or wall clock, so every run prints the same bytes); if the scenario really needs it, run with --allow-io, which opens \(sandboxedGlobals.joined(separator: ", "))\n"
    }

    /// Runs `path` and returns everything it printed, as bytes (for golden tests): a string a
    /// scenario prints is its bytes, NUL and invalid UTF-8 included.
    package static func capture(
        path: String, displayName: String? = nil, source: [UInt8]? = nil, options: ScenarioOptions = ScenarioOptions(),
        recording: RunRecording? = nil,
        started: (_ interrupt: @escaping @Sendable () -> Void) -> Void = { _ in }
    ) -> (stdout: [UInt8], stderr: [UInt8], status: Int32) {
        let out = OutputBuffer()
        var err: [UInt8] = []
        // The output is held whole, so it is held within the memory limit: past it the rest is
        // dropped and the scenario stops at its next step with "output limit exceeded" (a
        // scenario printing a MiB string a thousand times held gigabytes).
        let limit = options.maxMemory ?? Int.max
        var flag: LuaInterruptFlag?
        let status = run(
            path: path, displayName: displayName, source: source, options: options, recording: recording, started: started,
            flag: { flag = $0 },
            stdout: { chunk in
                guard !out.full else { return }
                guard chunk.count <= limit - out.bytes.count else {
                    out.full = true
                    flag?.raiseOutputLimit()
                    return
                }
                out.bytes += chunk
            },
            stderr: { err += $0.utf8 }
        )
        return (out.bytes, err, status)
    }

    /// The folder `displayName` names `path` from (the golden runner's suite root), when it does.
    static func suiteRoot(path: String, displayName: String) -> String? {
        guard !displayName.hasPrefix("/"), path.hasSuffix("/" + displayName) else { return nil }
        let root = String(path.dropLast(displayName.utf8.count + 1))
        return root.isEmpty ? "/" : root
    }

    /// The suite a scenario belongs to, for `sim.explore.load`: the folder `displayName` is
    /// relative to (the golden runner names a scenario from its suite's root), else the current
    /// directory when `path` lies under it; nil otherwise (the scenario's folder and lib/ only).
    package static func moduleRoot(path: String, displayName: String?) -> String? {
        if let displayName, let root = suiteRoot(path: path, displayName: displayName) { return root }
        let current = FileManager.default.currentDirectoryPath
        return ModulePath.contains(current, ModulePath.absolute(path, currentDirectory: current)) ? current : nil
    }

    /// The folder part of `path` ("" for a bare file name), as given.
    package static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return path == "/" ? "/" : String(path[..<slash]).isEmpty ? "/" : String(path[..<slash])
    }

    /// The nearest `lib/` folder at or above the scenario's folder, within the path as given:
    /// for `scenarios/phases/x.lua`, `scenarios/phases/lib` if it exists, else `scenarios/lib`,
    /// else `lib`. Scenarios in topic folders share helpers this way; the path stays relative so
    /// messages from helpers read the same on every machine.
    package static func moduleDirectory(for path: String) -> String {
        let folders = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().map(String.init)
        // An absolute path keeps its leading "": the shallowest candidate is "/x/lib", never the
        // system's own /lib (a scenario under /tmp with no lib/ of its own found it).
        let shallowest = path.hasPrefix("/") ? 2 : 0
        for depth in stride(from: folders.count, through: shallowest, by: -1) {
            let candidate = libFolder(in: folders[..<depth])
            var isDirectory = false
            if FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory), isDirectory {
                return candidate
            }
        }
        return libFolder(in: folders[...])
    }

    /// `folders` and `lib`, joined by slashes. A loop, not `joined(separator:)`: that one is
    /// generic in the standard library, and resolving its types at run time looked up
    /// conformances, a scan of the binary's whole table each, on every `scenesim run`.
    private static func libFolder(in folders: ArraySlice<String>) -> String {
        var path = ""
        for folder in folders {
            path += folder
            path += "/"
        }
        return path + "lib"
    }
}

/// Accumulates output bytes; a class so escaping closures can append to it.
final class OutputBuffer {
    var bytes: [UInt8] = []
    /// Output reached the limit: what comes after is dropped.
    var full = false
}
