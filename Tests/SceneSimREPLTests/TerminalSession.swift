import Foundation
import Testing

/// The built `scenesim` running in a real pseudo-terminal (through util-linux `script`, which
/// makes the pty the controlling terminal, so Ctrl-C is a signal), driven by typed bytes.
final class TerminalSession: @unchecked Sendable {
    // @unchecked: `received` is guarded by its lock; the rest is set once in init.
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let received = LockedData()

    /// The scenesim executable beside this test bundle (one build puts both in the bin folder).
    static var binary: String? {
        #if os(Linux)
        let bundle = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        let path = bundle.appendingPathComponent("scenesim").path
        return FileManager.default.isExecutableFile(atPath: path) && FileManager.default.isExecutableFile(atPath: "/usr/bin/script") ? path : nil
        #else
        // macOS has no /proc, and its BSD script(1) takes neither -e nor -c: Linux only.
        return nil
        #endif
    }

    /// Starts `scenesim` with `arguments` in a pty; history goes to a temporary state folder.
    init(_ arguments: [String], directory: String, environmentChanges: [String: String?] = [:]) throws {
        // `exec`, so the shell script(1) starts is replaced by scenesim: a shell left waiting
        // (dash, when SHELL is unset, as on CI) would exit 130 after any Ctrl-C in the session.
        let command = "exec " + ([TerminalSession.binary ?? "scenesim"] + arguments).map { "'\($0)'" }.joined(separator: " ")
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-q", "-e", "-c", command, "/dev/null"]
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = "xterm"
        environment["XDG_STATE_HOME"] = directory
        environment["HOME"] = directory
        environment["SHELL"] = "/bin/sh"
        for (name, value) in environmentChanges { environment[name] = value }
        process.environment = environment
        process.standardInput = input
        process.standardOutput = output
        process.standardError = output
        output.fileHandleForReading.readabilityHandler = { [received] handle in
            let data = handle.availableData
            received.append(data)
        }
        try process.run()
    }

    /// Everything the terminal showed so far, carriage returns removed.
    var screen: String {
        String(decoding: received.data, as: UTF8.self).replacingOccurrences(of: "\r", with: "")
    }

    /// Types `text` (use "\r" for Enter, "\u{03}" for Ctrl-C, "\t" for Tab).
    func type(_ text: String) {
        input.fileHandleForWriting.write(Data(text.utf8))
    }

    /// Waits until the screen shows `needle` `count` times; false after `timeout` seconds.
    @discardableResult
    func waitFor(_ needle: String, count: Int = 1, timeout: Double = 10) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if screen.components(separatedBy: needle).count - 1 >= count { return true }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return false
    }

    /// Expects the screen to show `needle` within `timeout` seconds; a failure shows the screen's end.
    func expectToShow(_ needle: String, timeout: Double = 10, sourceLocation: SourceLocation = #_sourceLocation) {
        guard !waitFor(needle, timeout: timeout) else { return }
        Issue.record("the terminal did not show \(needle.debugDescription); it shows, at its end:\n\(screen.suffix(1500))", sourceLocation: sourceLocation)
    }

    /// Expects the process to exit with `status`; a failure shows the screen's end.
    func expectExit(_ status: Int32, sourceLocation: SourceLocation = #_sourceLocation) {
        let actual = waitForExit()
        guard actual != status else { return }
        Issue.record(
            "scenesim exited with \(actual.map(String.init) ?? "nothing (still running after 10 s)"), not \(status); the terminal shows, at its end:\n\(screen.suffix(1500))",
            sourceLocation: sourceLocation)
    }

    /// Waits for the process to end and returns its status (script passes the child's on, -e).
    func waitForExit(timeout: Double = 10) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        guard !process.isRunning else {
            process.terminate()
            return nil
        }
        return process.terminationStatus
    }
}

/// Bytes appended from the reading thread and read from the test's.
private final class LockedData: @unchecked Sendable {
    private let lock = NSLock()
    private var bytes = Data()

    func append(_ data: Data) { lock.withLock { bytes.append(data) } }

    var data: Data { lock.withLock { bytes } }
}
