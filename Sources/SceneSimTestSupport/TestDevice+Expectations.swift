import CustomDump
import SceneSimCore

extension TestDevice {
    /// Takes the trace and compares the whole of it with `expected`, line for line; a mismatch
    /// fails the current test with a −/+ diff at the caller's location.
    public func expectTrace(
        _ expected: [String],
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        expectNoDifference(takeTrace(), expected, fileID: fileID, filePath: filePath, line: line, column: column)
    }
}
