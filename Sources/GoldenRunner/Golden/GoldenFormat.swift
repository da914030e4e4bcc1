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
/// - Every byte is kept as printed: CR and CRLF too (NUL, invalid UTF-8). The file ends with
///   exactly one newline, after the exit line. (CRLF once became LF, so a golden could not tell
///   `print("a\r\nb")` from `print("a\nb")`; `.gitattributes` keeps git from converting goldens.)
///
/// Goldens are only ever compared whole, byte for byte, never parsed, so output that happens to
/// contain a line like `--- exit 0` cannot confuse the runner.
package enum GoldenFormat {
    /// Renders an outcome as golden bytes.
    package static func render(_ outcome: ScenarioOutcome) -> [UInt8] {
        var bytes = terminated(outcome.stdout)
        let stderr = terminated(outcome.stderr)
        if !stderr.isEmpty {
            bytes += Array("--- stderr\n".utf8) + stderr
        }
        bytes += Array("--- exit \(outcome.exitStatus)\n".utf8)
        return bytes
    }

    private static func terminated(_ stream: [UInt8]) -> [UInt8] {
        let lf: UInt8 = 10
        var bytes = stream
        if let last = bytes.last, last != lf { bytes.append(lf) }
        return bytes
    }
}
