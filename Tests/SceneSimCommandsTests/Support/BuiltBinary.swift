import Foundation
import Testing

/// What one run of the built `scenesim` produced.
struct ProcessResult: Equatable, CustomStringConvertible {
    var status: Int32
    var stdout: String
    var stderr: String
    /// The run passed its time limit and was killed (`run(_:in:input:timeout:)`).
    var timedOut = false

    var description: String { "exit \(status)\n--- stdout\n\(stdout)--- stderr\n\(stderr)" }
}

/// The `scenesim` executable built beside this test bundle, run as a user would.
enum BuiltBinary {
    /// The build products folder holds the test bundle and the executable, whatever
    /// `--scratch-path` was; `CommandLine.arguments[0]` is the bundle (or a runner inside it).
    static var url: URL? {
        // On macOS the tests run inside a runner from the toolchain, and the products folder is
        // the one holding the loaded .xctest bundle.
        let bundles = Bundle.allBundles.map(\.bundlePath).filter { $0.hasSuffix(".xctest") }
        let candidates = ([CommandLine.arguments.first, Bundle.main.executablePath, Bundle.main.bundlePath].compactMap { $0 } + bundles)
            .map { URL(fileURLWithPath: $0).resolvingSymlinksInPath() }
        for start in candidates {
            var folder = start.deletingLastPathComponent()
            for _ in 0..<4 {
                let binary = folder.appendingPathComponent("scenesim")
                if FileManager.default.isExecutableFile(atPath: binary.path) { return binary }
                folder = folder.deletingLastPathComponent()
            }
        }
        return nil
    }

    /// Runs `scenesim arguments` in `directory` with a plain, fixed environment (80 columns,
    /// no CI) and returns its exit status and both whole streams. Standard input is `input`
    /// from a file (not a terminal, as a pipe), else empty. A run still going after `timeout`
    /// seconds is killed, and its result says so: for tests of what must never hang.
    static func run(_ arguments: [String], in directory: String, input: String? = nil, timeout: Double? = nil) throws -> ProcessResult {
        let binary = try #require(url, "the scenesim executable is not in the build products folder")
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.environment = ["COLUMNS": "80", "PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory()]
        // Both streams go to files: no pipe can fill up and block the child.
        let streams = FileManager.default.temporaryDirectory.appendingPathComponent("scenesim-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: streams, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: streams) }
        let outURL = streams.appendingPathComponent("stdout"), errURL = streams.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL), err = try FileHandle(forWritingTo: errURL)
        defer { try? out.close(); try? err.close() }
        process.standardOutput = out
        process.standardError = err
        if let input {
            let inURL = streams.appendingPathComponent("stdin")
            try Data(input.utf8).write(to: inURL)
            process.standardInput = try FileHandle(forReadingFrom: inURL)
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        try process.run()
        var timedOut = false
        if let timeout {
            let deadline = Date().addingTimeInterval(timeout)
            while process.isRunning && Date() < deadline { usleep(10_000) }
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                timedOut = true
            }
        }
        process.waitUntilExit()
        let outData = try Data(contentsOf: outURL), errData = try Data(contentsOf: errURL)
        return ProcessResult(
            status: process.terminationStatus,
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self),
            timedOut: timedOut
        )
    }
}

/// The package root (where `Package.swift` and `scenarios/` are), found from this file.
let packageRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
