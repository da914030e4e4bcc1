/// The bytes of a golden file: everything one run of a scenario produced.
///
/// The format is API — goldens are reviewed and committed — so it changes only deliberately:
///
/// ```text
/// <stdout, as written>
/// --- stderr
/// <stderr, as written>
/// --- exit <status>
/// ```
///
/// - The stdout part comes first, byte for byte. If it is non-empty and does not end with a
///   newline, one is added; an empty stdout contributes nothing (no blank line).
/// - The `--- stderr` line and the stderr text follow only if stderr is non-empty; a missing
///   final newline is added the same way.
/// - `--- exit N` is always the last line, with the decimal exit status (`--- exit 0`).
/// - Line endings are LF: CRLF in either stream becomes LF. The file ends with exactly one
///   newline, after the exit line. Every other byte (NUL, invalid UTF-8) is kept as printed.
///
/// Goldens are only ever compared whole, byte for byte, never parsed, so output that happens to
/// contain a line like `--- exit 0` cannot confuse the runner.
public enum GoldenFormat {
    /// Renders an outcome as golden bytes.
    public static func render(_ outcome: ScenarioOutcome) -> [UInt8] {
        var bytes = terminated(outcome.stdout)
        let stderr = terminated(outcome.stderr)
        if !stderr.isEmpty {
            bytes += Array("--- stderr\n".utf8) + stderr
        }
        bytes += Array("--- exit \(outcome.exitStatus)\n".utf8)
        return bytes
    }

    private static func terminated(_ stream: [UInt8]) -> [UInt8] {
        let cr: UInt8 = 13, lf: UInt8 = 10
        var bytes: [UInt8]
        if stream.contains(cr) {
            bytes = []
            bytes.reserveCapacity(stream.count + 1)
            for index in stream.indices where !(stream[index] == cr && stream.indices.contains(index + 1) && stream[index + 1] == lf) {
                bytes.append(stream[index])
            }
        } else {
            bytes = stream
        }
        if let last = bytes.last, last != lf { bytes.append(lf) }
        return bytes
    }
}
