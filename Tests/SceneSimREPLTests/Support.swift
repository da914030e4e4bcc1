import Foundation
import SceneSimREPL
import SceneSimScripting

/// Everything a terminal would show, in order: prompts and typed lines, output and errors.
final class Transcript {
    var text = ""
    /// Standard output alone (what a replay of `\save` must reproduce).
    var standard = ""
    /// Standard output as the bytes written.
    var bytes: [UInt8] = []
}

/// The outcome of one scripted session.
struct SessionRun {
    var transcript: String
    var standard: String
    var standardBytes: [UInt8]
    var status: Int32
    var history: [String]
    var session: REPLSession
}

/// Given these inputs typed (or piped when not `interactive`), runs a whole session.
func runSession(
    _ inputs: [LineInput], interactive: Bool = true, options: ScenarioOptions = ScenarioOptions(),
    file: String? = nil, banner: String? = nil, prepare: (REPLSession) -> Void = { _ in }
) -> SessionRun {
    let transcript = Transcript()
    let reader = ScriptedLineReader(inputs, interactive: interactive) { transcript.text += $0 }
    let output = REPLOutput(
        standard: { bytes in
            transcript.bytes += bytes
            let text = String(decoding: bytes, as: UTF8.self)
            transcript.text += text
            transcript.standard += text
        },
        error: { transcript.text += $0 }
    )
    let session = REPLSession(options: options, reader: reader, output: output, moduleDirectory: nil)
    prepare(session)
    let status = session.run(file: file, banner: banner)
    return SessionRun(transcript: transcript.text, standard: transcript.standard, standardBytes: transcript.bytes, status: status, history: reader.history, session: session)
}

/// Typed lines.
func runSession(_ lines: [String], interactive: Bool = true, options: ScenarioOptions = ScenarioOptions(), file: String? = nil) -> SessionRun {
    runSession(lines.map { .line($0) }, interactive: interactive, options: options, file: file)
}

/// A fresh path in a fresh temporary folder; short, as Lua shortens long chunk names in messages.
/// The folders live under one folder of this test process, removed when the process exits.
func temporaryPath(_ name: String) -> String {
    let directory = URL(fileURLWithPath: temporaryRoot + "/" + UUID().uuidString.prefix(8))
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory.appendingPathComponent(name).path
}

/// `/tmp/ssr-PID`, made on first use, with its removal registered for the process's exit.
private let temporaryRoot: String = {
    let root = "/tmp/ssr-\(ProcessInfo.processInfo.processIdentifier)"
    try? FileManager.default.removeItem(atPath: root)  // a folder an earlier process of this pid left
    atexit { try? FileManager.default.removeItem(atPath: temporaryRoot) }
    return root
}()
