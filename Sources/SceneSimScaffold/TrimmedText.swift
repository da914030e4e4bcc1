import SwiftSyntax

extension SyntaxProtocol {
    /// The node's source text without the leading trivia of its first token and the trailing
    /// trivia of its last, as `trimmedDescription`, read from the source bytes: swift-syntax's
    /// `trimmedDescription` detaches a copy of the node and instantiates two key paths at every
    /// call, which was 30% of scaffold's instructions (scripts/bench-scaffold.sh).
    var trimmedText: String {
        let start = positionAfterSkippingLeadingTrivia.utf8Offset - position.utf8Offset
        let end = endPositionBeforeTrailingTrivia.utf8Offset - position.utf8Offset
        guard start < end else { return "" }
        let bytes = syntaxTextBytes
        return String(decoding: bytes[start..<min(end, bytes.count)], as: UTF8.self)
    }
}
