import ByteText

// Canonical state text (semantics 10.3): `name` or `name(argument)`, checked against the
// declaration of `name`. The built-in model's words make its messages read as they always have.
extension AppModel {
    /// The state `text` names, its argument keeping the exact bytes (a script's string); the
    /// error says what was wrong and what would be right.
    public func parse(_ text: ByteString) throws(SimError) -> ModelState {
        let shown = text.escaped
        let name: String
        var argument: ByteString?
        if let open = text.bytes.firstIndex(of: UInt8(ascii: "(")) {
            guard text.bytes.last == UInt8(ascii: ")"), open < text.count - 1 else {
                throw SimError(.invalidValue, "app state \"\(shown)\" is missing its closing \")\"; write it like \"\(exampleWithArgument)\"")
            }
            name = ByteString(text.bytes[..<open]).escaped
            argument = ByteString(text.bytes[(open + 1)..<(text.count - 1)])
        } else {
            name = shown
        }
        guard let declaration = declaration(of: name) else {
            throw SimError(.invalidValue, "unknown app state \"\(shown)\"\(suggestion(for: name, among: stateNames)); states are \(statesText)")
        }
        let wording = declaration.wording
        switch declaration.argument {
        case .none:
            if let argument {
                throw SimError(.invalidValue, "app state \"\(name)\" takes no argument (got \"\(argument.escaped)\"); write \"\(name)\"")
            }
            return ModelState(name)
        case .string:
            guard let argument, !argument.isEmpty else {
                throw SimError(.invalidValue, "app state \"\(shown)\" needs \(wording.noun), e.g. \"\(name)(\(wording.example))\"")
            }
            return ModelState(name, .text(argument))
        case .integer:
            guard let argument, let number = argument.string.flatMap({ Int64($0) }) else {
                throw SimError(.invalidValue, "app state \"\(shown)\" needs \(wording.noun), e.g. \"\(name)(\(wording.example))\"")
            }
            return ModelState(name, .integer(number))
        case .oneOf(let words):
            guard let argument, let word = argument.string, words.contains(word) else {
                let given = argument?.escaped ?? ""
                throw SimError(
                    .invalidValue,
                    "app state \"\(shown)\" needs \(wording.noun)\(suggestion(for: given, among: words)); \(wording.plural) are \(words.joined(separator: ", ")), e.g. \"\(name)(\(wording.example))\""
                )
            }
            return ModelState(name, .text(argument))
        }
    }

    /// The state `text` names (`signedIn(ada)`); the error says what was wrong and what would be right.
    public func parse(_ text: String) throws(SimError) -> ModelState {
        try parse(ByteString(text))
    }

    /// "loading, onboarding(<step>), ...": every state, as messages list them.
    package var statesText: String {
        states.map { $0.argument == .none ? $0.name : "\($0.name)(<\($0.wording.placeholder)>)" }.joined(separator: ", ")
    }

    /// A state with its argument, for "write it like ...": the first string state, else the
    /// first with any argument.
    private var exampleWithArgument: String {
        let state = states.first { $0.argument == .string } ?? states.first { $0.argument != .none }
        guard let state else { return "\(stateNames.first ?? "state")" }
        return "\(state.name)(\(state.wording.example))"
    }
}
