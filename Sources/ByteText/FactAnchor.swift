/// Where a fact an overlay adds to a generated model is declared in the app's Swift source
/// (behaviour-from-source §1, §4): `"Path/File.swift:LINE"` or a qualified Swift name
/// `"Type.property"`. `sim.extend` and the model parser take only these forms;
/// `scenesim check-model` checks that the anchor still names the fact's declaration.
package enum FactAnchor: Equatable, Sendable {
    /// `"Mlem/App/ReadQueue.swift:31"`: a line of a Swift file, relative to the first
    /// `--source` path as scaffold prints it.
    case line(file: String, line: Int)
    /// `"ReadQueue.pending"`: a property of a type the sources declare.
    case name(type: String, member: String)

    /// The anchor `text` spells, or nil when it is neither form.
    package init?(_ text: String) {
        if let colon = text.lastIndex(of: ":") {
            let file = String(text[..<colon]), digits = text[text.index(after: colon)...]
            guard file.hasSuffix(".swift"), file.count > 6, !digits.isEmpty, digits.first != "0",
                digits.allSatisfy({ $0.isASCII && $0.isNumber }), let line = Int(digits)
            else { return nil }
            self = .line(file: file, line: line)
            return
        }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 2, parts.allSatisfy(Self.isIdentifier) else { return nil }
        self = .name(type: parts.dropLast().joined(separator: "."), member: String(parts.last!))
    }

    /// What a message shows: the anchor as written.
    package var text: String {
        switch self {
        case let .line(file, line): "\(file):\(line)"
        case let .name(type, member): "\(type).\(member)"
        }
    }

    /// The two forms, for messages.
    package static let forms = "\"Path/File.swift:LINE\" or \"Type.property\""

    private static func isIdentifier(_ part: Substring) -> Bool {
        guard let first = part.first, first == "_" || (first.isASCII && first.isLetter) else { return false }
        return part.allSatisfy { $0 == "_" || ($0.isASCII && ($0.isLetter || $0.isNumber)) }
    }
}
