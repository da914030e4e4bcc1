#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The text of a golden file: everything one run of a scenario produced.
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
///   newline, after the exit line.
///
/// Goldens are only ever compared whole, never parsed, so output that happens to contain a
/// line like `--- exit 0` cannot confuse the runner.
public enum GoldenFormat {
    /// Renders an outcome as golden text.
    public static func render(_ outcome: ScenarioOutcome) -> String {
        var text = terminated(outcome.stdout)
        let stderr = terminated(outcome.stderr)
        if !stderr.isEmpty {
            text += "--- stderr\n" + stderr
        }
        text += "--- exit \(outcome.exitStatus)\n"
        return text
    }

    private static func terminated(_ stream: String) -> String {
        // String.replacing is slow; most outputs have no CR at all.
        let text = stream.utf8.contains(13) ? stream.replacing("\r\n", with: "\n") : stream
        return text.isEmpty || text.hasSuffix("\n") ? text : text + "\n"
    }
}
