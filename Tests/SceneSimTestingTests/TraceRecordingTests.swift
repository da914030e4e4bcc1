import Foundation
import SceneSim
import SceneSimTesting
import Testing

/// Issue 42, item 6: `expectTrace` with a record mode writes the trace that ran into the test's
/// source, as InlineSnapshotTesting's `record: .failed` does. The "tests" here are files in a
/// temporary folder; each call names its place there.
@Suite("SceneSimTestStore: recording expectTrace into the test's source")
struct TraceRecordingTests {
    static let source = #"""
        @Test func launch() throws {
            try store.launch()
            store.expectTrace("""
                [   0.000] app         launch #1 on iphone: nothing to restore
                """, record: .failed)
            try store.advance(1)
            store.expectTrace("", record: .missing)
            store.expectTrace("unchanged \"quoted\"")
        }
        """#

    /// A temporary folder holding `Recorded.swift` with `source`.
    static func file() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scenesim-record-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("Recorded.swift")
        try source.write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    static func at(_ file: URL, line: Int) -> Testing.SourceLocation {
        Testing.SourceLocation(fileID: "Tests/Recorded.swift", filePath: file.path, line: line, column: 9)
    }

    @Test("a trace that differs is written in place of the literal, a later call found where the first moved it; the folder holds nothing else")
    func recordsInPlace() throws {
        let file = try Self.file()
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let store = try SceneSimTestStore(AppConfig(platform: .ipados))
        store.exhaustivity = .off
        try store.launch()
        withKnownIssue {
            store.expectTrace("[   0.000] app         launch #1 on iphone: nothing to restore", record: .failed, sourceLocation: Self.at(file, line: 3))
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().hasPrefix("recorded the trace that ran into Tests/Recorded.swift:3 (record: .failed); run the test again to check it:")
        }
        try store.advance(1)
        withKnownIssue {
            store.expectTrace("", record: .missing, sourceLocation: Self.at(file, line: 7))
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().hasPrefix("recorded the trace that ran into Tests/Recorded.swift:10 (record: .missing)")
        }
        let written = try String(contentsOf: file, encoding: .utf8)
        #expect(
            written == #"""
                @Test func launch() throws {
                    try store.launch()
                    store.expectTrace("""
                        [   0.000] app         launch #1 on ipados: nothing to restore
                        [   0.000] main#1      connected (new session) -> inactive
                        [   0.000] main#1      phase inactive -> active
                        [   0.000] app         phase inactive -> active: validate session and refresh
                        """, record: .failed)
                    try store.advance(1)
                    store.expectTrace("[   0.500] app         state loading -> unauthenticated", record: .missing)
                    store.expectTrace("unchanged \"quoted\"")
                }
                """#)
        #expect(try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path) == ["Recorded.swift"])
    }

    @Test("a trace that matches is not written; without a record mode a mismatch only fails; .missing leaves a written expectation alone")
    func recordsOnlyWhenAsked() throws {
        let file = try Self.file()
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let store = try SceneSimTestStore(AppConfig(platform: .ipados))
        store.exhaustivity = .off
        try store.launch()
        withKnownIssue {
            store.expectTrace("wrong", sourceLocation: Self.at(file, line: 3))
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().hasPrefix("the trace differs")
        }
        try store.advance(1)
        store.traceRecording = .missing
        withKnownIssue {
            store.expectTrace("wrong", sourceLocation: Self.at(file, line: 7))
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().hasPrefix("the trace differs")
        }
        store.traceRecording = .failed
        store.expectTrace("", sourceLocation: Self.at(file, line: 8))
        #expect(try String(contentsOf: file, encoding: .utf8) == Self.source)
    }

    @Test("a call with no string literal is not recorded: the failure says why, and the file is untouched")
    func refusesWhatItCannotParse() throws {
        let file = try Self.file()
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let store = try SceneSimTestStore(AppConfig(platform: .ipados))
        store.exhaustivity = .off
        try store.launch()
        withKnownIssue {
            store.expectTrace("x", record: .failed, sourceLocation: Self.at(file, line: 2))
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text == "could not record the trace: no expectTrace( call on line 2" || text.hasPrefix("the trace differs")
        }
        #expect(try String(contentsOf: file, encoding: .utf8) == Self.source)
    }
}
