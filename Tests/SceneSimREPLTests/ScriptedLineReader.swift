import SceneSimREPL

/// Replays given inputs to a session and echoes each prompt and line into the transcript, as
/// a terminal would show them.
final class ScriptedLineReader: LineReader {
    private var inputs: [LineInput]
    private let echo: (String) -> Void
    private(set) var history: [String] = []
    let isInteractive: Bool

    init(_ inputs: [LineInput], interactive: Bool = true, echo: @escaping (String) -> Void) {
        self.inputs = inputs
        self.isInteractive = interactive
        self.echo = echo
    }

    func readLine(prompt: String) -> LineInput {
        guard !inputs.isEmpty else {
            if isInteractive { echo(prompt) }
            return .endOfInput
        }
        let input = inputs.removeFirst()
        if isInteractive {
            switch input {
            case .line(let line): echo(prompt + line + "\n")
            case .interrupted: echo(prompt + "^C\n")
            case .endOfInput: echo(prompt)
            }
        }
        return input
    }

    func addHistory(_ entry: String) {
        history.append(entry)
    }
}
