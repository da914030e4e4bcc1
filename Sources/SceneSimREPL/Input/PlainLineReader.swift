/// Reads standard input line by line without prompts or editing (a pipe or a file).
package final class PlainLineReader: LineReader {
    package init() {}

    package var isInteractive: Bool { false }

    package func readLine(prompt: String) -> LineInput {
        guard let line = Swift.readLine(strippingNewline: true) else { return .endOfInput }
        return .line(line)
    }

    package func addHistory(_ entry: String) {}
}
