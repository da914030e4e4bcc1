import Foundation
import SceneSimREPL
import Testing

/// A saved session is a scenario like any other: the project's luacheck config passes it.
@Suite("\\save writes a scenario that lints clean")
struct SavedScenarioLintTests {
    /// luacheck, from the PATH the tests run with; scripts/bootstrap.sh installs it (lua-check).
    static var luacheck: String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { $0 + "/luacheck" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    @Test("A session of globals, prompt locals, failures, returns and long lines passes luacheck with the project's config")
    func lintsClean() throws {
        // Not a silent skip: without luacheck this promise is untested, so the test fails.
        let luacheck = try #require(Self.luacheck, "luacheck is not installed: run scripts/bootstrap.sh (it installs lua-check)")
        let setup = temporaryPath("setup.lua")
        try "local app = sim.launch{ scenes = { { id = \"main\" }, { id = \"doc\", value = \"integer\" } } }\nhelper = 1\n"
            .write(toFile: setup, atomically: true, encoding: .utf8)
        let path = temporaryPath("saved.lua")
        let session = runSession(
            [
                "\\load \(setup)",
                "app = sim.app",
                "local w = app:open_window('doc', 1)",
                "w = app:open_window('doc', 2)   ",
                "w.storage.scroll = 120",
                "x = 1; y = x + helper",
                "y",
                "function bump(n)", "  local unused = 2", "  return n + 1", "end",
                "bump(y)",
                "do return bump(1) end",
                "print(undefined_name)",
                "nope(); error('boom')",
                "for i = 1, 3 do local k = i end",
                "print('" + String(repeating: "a long line ", count: 12) + "')",
                "app:background(); sim.advance(10); print(app.phase)",
                // A global the session set and never read again, and a label no goto uses (each
                // failed luacheck: W131, W521).
                "kept_for_later = 1",
                "do ::skip:: end",
                "\\save \(path)",
            ], interactive: false)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: luacheck)
        process.arguments = ["--config", packageRoot + "/.luacheckrc", "--no-color", "--formatter", "plain", "--codes", path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let report = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()

        let saved = (try? String(contentsOfFile: path, encoding: .utf8)) ?? session.transcript
        #expect(process.terminationStatus == 0, "luacheck:\n\(report)--- saved:\n\(saved)")
        #expect(report == "", "luacheck:\n\(report)--- saved:\n\(saved)")
    }
}

/// The package root (where `.luacheckrc` is), found from this file.
private let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().path
