// What a model declaration must satisfy (semantics 10.1); each failure names the part of the
// declaration and what would be right.
extension AppModel {
    /// Whether `name` can be a state name: a word of letters, digits and `_`, not starting
    /// with a digit (it is written into canonical state text and Lua code).
    static func isWord(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return name.unicodeScalars.allSatisfy { $0 == "_" || ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) }
    }

    func checkStates() throws(SimError) {
        guard !states.isEmpty else {
            throw SimError(
                .invalidConfig,
                "\(script: "model.states", swift: "states") is empty; declare each state of the app, e.g. \(script: "states = { idle = {}, signed_in = { arg = \"string\" } }", swift: "states: [StateDeclaration(\"idle\"), StateDeclaration(\"signedIn\", .string)]")"
            )
        }
        var seen: Set<String> = []
        for state in states {
            guard Self.isWord(state.name) else {
                throw SimError(
                    .invalidConfig,
                    "\(script: "model.states", swift: "states"): \"\(state.name)\" cannot be a state name; use a word of letters, digits and _, e.g. \(script: "signed_in", swift: "signedIn")"
                )
            }
            guard seen.insert(state.name).inserted else {
                throw SimError(.invalidConfig, "\(script: "model.states", swift: "states") declares \"\(state.name)\" twice")
            }
            if case .oneOf(let words) = state.argument {
                guard !words.isEmpty else {
                    throw SimError(
                        .invalidConfig,
                        "\(script: "model.states.\(state.name).arg", swift: "state \"\(state.name)\"'s .oneOf") is an empty list; list the arguments it allows, e.g. \(script: "arg = { \"offline\", \"expired\" }", swift: ".oneOf([\"offline\", \"expired\"])")"
                    )
                }
                var seenWords: Set<String> = []
                for word in words {
                    guard !word.isEmpty, !word.contains("("), !word.contains(")") else {
                        throw SimError(
                            .invalidConfig,
                            "\(script: "model.states.\(state.name).arg", swift: "state \"\(state.name)\"'s .oneOf"): \"\(word)\" cannot be an argument; use a non-empty word without parentheses"
                        )
                    }
                    guard seenWords.insert(word).inserted else {
                        throw SimError(.invalidConfig, "\(script: "model.states.\(state.name).arg", swift: "state \"\(state.name)\"'s .oneOf") lists \"\(word)\" twice")
                    }
                }
            }
        }
    }

    func checkTransitions(_ table: [String: [String]]) throws(SimError) {
        for from in table.keys.sorted() {
            guard declaration(of: from) != nil else {
                throw SimError(
                    .invalidConfig,
                    "\(script: "model.transitions.\(from)", swift: "transitions[\"\(from)\"]"): \"\(from)\" is not a declared state\(suggestion(for: from, among: stateNames)); states are \(stateNames.joined(separator: ", "))"
                )
            }
            for to in table[from] ?? [] where declaration(of: to) == nil {
                throw SimError(
                    .invalidConfig,
                    "\(script: "model.transitions.\(from)", swift: "transitions[\"\(from)\"]") names \"\(to)\", which is not a declared state\(suggestion(for: to, among: stateNames)); states are \(stateNames.joined(separator: ", "))"
                )
            }
        }
    }
}

extension AppModel {
    /// Whether `name` can name an intent (it becomes a method: `app:<name>(...)`).
    package static func isIntentName(_ name: String) -> Bool { isWord(name) }
}
