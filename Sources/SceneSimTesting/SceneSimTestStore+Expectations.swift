import CustomDump
import SceneSim

// Assertions report through swift-custom-dump, so a mismatch fails the running test (Swift
// Testing or XCTest) at the caller's line with a diff of the whole value, not the first
// difference only.
extension SceneSimTestStore {
    /// Takes the trace since the last take and compares all of it with `expected`, one line per
    /// event as `scenesim run` prints it; a mismatch shows a −/+ diff of the lines.
    public func expectTrace(
        _ expected: String,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        let actual = takeTrace().joined(separator: "\n")
        expectNoDifference(expected, actual, "the trace differs (−: expected, +: what ran)", fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// The app's state, as the trace writes it: `"authenticated(\"ada\")"`, `"not running"`.
    public func expectState(
        _ expected: String,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        expectNoDifference(
            expected, simulator.snapshot().state?.text ?? "not running", "the app's state differs (−: expected, +: what ran)", fileID: fileID, filePath: filePath, line: line,
            column: column)
    }

    /// A connected window's live `@SceneStorage`, all of it.
    public func expectStorage(
        _ window: String, _ expected: [ByteString: SceneValue],
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) throws {
        let actual = try simulator.liveStorage(self.window(window)).values
        expectNoDifference(expected, actual, "the storage of \(window) differs (−: expected, +: what ran)", fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// What changed in the snapshot since the last `expectSnapshot` (or since the store was
    /// made): `update` edits the previous snapshot into the expected one, as TCA's `send` does.
    public func expectSnapshot(
        _ update: (inout Simulator.Snapshot) throws -> Void,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) rethrows {
        var expected = lastSnapshot
        try update(&expected)
        let actual = simulator.snapshot()
        expectNoDifference(expected, actual, "the snapshot differs (−: expected, +: what ran)", fileID: fileID, filePath: filePath, line: line, column: column)
        lastSnapshot = actual
    }
}
