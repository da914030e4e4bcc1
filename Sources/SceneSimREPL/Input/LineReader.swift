/// Where the REPL's lines come from: a terminal with editing, a pipe, or a test's script.
package protocol LineReader: AnyObject {
    /// Reads one line after showing `prompt` (readers without a terminal show nothing).
    func readLine(prompt: String) -> LineInput
    /// Remembers a complete entry (several lines joined by newlines) for recall.
    func addHistory(_ entry: String)
    /// True when a person is typing: prompts, a banner and history make sense.
    var isInteractive: Bool { get }
}

/// What one read gave.
package enum LineInput: Equatable, Sendable {
    /// A line without its newline.
    case line(String)
    /// Ctrl-C while typing: drop the pending entry and prompt again.
    case interrupted
    /// Ctrl-D or the end of the input.
    case endOfInput
}
