/// Reads standard input line by line without prompts or editing (a pipe or a file).
public final class PlainLineReader: LineReader {
    public init() {}

    public var isInteractive: Bool { false }

    public func readLine(prompt: String) -> LineInput {
        guard let line = Swift.readLine(strippingNewline: true) else { return .endOfInput }
        return .line(line)
    }

    public func addHistory(_ entry: String) {}
}
