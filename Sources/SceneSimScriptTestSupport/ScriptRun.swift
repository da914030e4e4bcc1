import Foundation
import SceneSimExplore
import SceneSimScripting

// What the Scripting and Explore test targets share for running scripts (a test target cannot
// import another's): a script's run as a value, the cold launch's trace, a folder of files.

/// Everything one script produced: the output stream (trace and `print`), and the error it
/// ended with (message and script traceback), if any.
package struct ScriptRun: Equatable, CustomStringConvertible {
    package var output: String
    package var error: String?

    package init(output: String, error: String? = nil) {
        self.output = output
        self.error = error
    }

    package var description: String {
        output + (error.map { "--- error\n\($0)\n" } ?? "")
    }
}

/// What `sim.launch{}` traces at once on ipados: the first scene connects, then it and the app
/// become active. Many expected outputs start with it.
package let coldLaunchTrace = """
    [   0.000] app         launch #1 on ipados: nothing to restore
    [   0.000] main#1      connected (new session) -> inactive
    [   0.000] main#1      phase inactive -> active
    [   0.000] app         phase inactive -> active: validate session and refresh

    """

/// Runs `source` as `@test.lua` in a fresh host, as `scenesim run test.lua` would.
package func runScript(_ source: String, options: ScenarioOptions = ScenarioOptions()) -> ScriptRun {
    var output = ""
    let host = ScriptHost(options: options.installing(.explore), output: { output += String(decoding: $0, as: UTF8.self) })
    do {
        _ = try host.run(source, chunkName: "@test.lua")
        return ScriptRun(output: output, error: nil)
    } catch {
        return ScriptRun(output: output, error: error.description)
    }
}

/// A temporary folder of scenario files, removed when the value goes away.
package final class ScenarioFolder {
    package let path: String

    /// Writes `files` (relative path → contents) into a fresh folder.
    package init(_ files: [String: String]) throws {
        // Short on purpose: Lua shortens chunk names past 60 bytes ("...path"), and messages
        // are compared whole.
        path = "/tmp/scn-" + UUID().uuidString.prefix(8).lowercased()
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        for (name, contents) in files {
            try write(name, Data(contents.utf8))
        }
    }

    package func write(_ name: String, _ data: Data) throws {
        let url = URL(fileURLWithPath: path).appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
    }

    /// The absolute path of `name` inside the folder.
    package func file(_ name: String) -> String { path + "/" + name }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }
}
