import GoldenRunner
import Testing

@Suite("The golden file format")
struct GoldenFormatTests {
    static let cases: [(outcome: ScenarioOutcome, golden: String)] = [
        (.init(stdout: "a\nb\n"), "a\nb\n--- exit 0\n"),
        (.init(stdout: "no newline"), "no newline\n--- exit 0\n"),
        (.init(stdout: ""), "--- exit 0\n"),
        (
            .init(stdout: "out\n", stderr: "x.lua:3: boom\ntraceback", exitStatus: 1),
            "out\n--- stderr\nx.lua:3: boom\ntraceback\n--- exit 1\n"
        ),
        (.init(stdout: "", stderr: "err\n", exitStatus: 2), "--- stderr\nerr\n--- exit 2\n"),
        // Byte for byte: CR and CRLF are kept (a golden tells print("a\r\nb") from print("a\nb")).
        (.init(stdout: "a\r\nb\r\n", stderr: "c\r\n"), "a\r\nb\r\n--- stderr\nc\r\n--- exit 0\n"),
        (.init(stdout: "c\r\r\n"), "c\r\r\n--- exit 0\n"),
        (.init(stdout: "trailing blank\n\n"), "trailing blank\n\n--- exit 0\n"),
    ]

    @Test(
        "Stdout, then a stderr section only if non-empty, then the exit line, LF, one final newline",
        arguments: cases)
    func render(outcome: ScenarioOutcome, golden: String) {
        #expect(GoldenFormat.render(outcome) == Array(golden.utf8))
    }
}
