import ByteText
import SceneSimScripting

/// What tab completion offers for the text before the cursor: the partial name being typed
/// and the full names it may become.
package struct Completion: Equatable, Sendable {
    /// The partial name at the end of the text (`op` in `app:op`).
    package var partial: String
    /// The names starting with `partial`, sorted.
    package var candidates: [String]

    /// A completion of `partial` to `candidates`.
    package init(partial: String, candidates: [String]) {
        self.partial = partial
        self.candidates = candidates
    }

    /// The longest text every candidate starts with (at least `partial` when any match).
    package var commonPrefix: String {
        guard var prefix = candidates.first else { return partial }
        for candidate in candidates.dropFirst() {
            while !candidate.hasPrefix(prefix) { prefix.removeLast() }
        }
        return prefix
    }

    /// Completes the name at the end of `text` from `host`'s live state: globals and keywords,
    /// or after `a.b.` / `a.b:` the fields / methods of what `a.b` is now.
    package static func complete(_ text: String, in host: ScriptHost) -> Completion {
        let word = String(text.reversed().prefix { isNameCharacter($0) || $0 == "." || $0 == ":" }.reversed())
        guard let separator = word.lastIndex(where: { $0 == "." || $0 == ":" }) else {
            return Completion(partial: word, candidates: matching(word, among: host.globalNames() + keywords))
        }
        let partial = String(word[word.index(after: separator)...])
        let path = word[..<separator].split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard !path.contains(where: { $0.isEmpty || $0.contains(":") || $0.first!.isNumber }) else {
            return Completion(partial: partial, candidates: [])
        }
        let names = host.completions(after: path, methodCall: word[separator] == ":")
        return Completion(partial: partial, candidates: matching(partial, among: names))
    }

    static let keywords = LuaSyntax.keywords.sorted()

    private static func isNameCharacter(_ character: Character) -> Bool {
        character == "_" || (character.isASCII && (character.isLetter || character.isNumber))
    }

    private static func matching(_ partial: String, among names: [String]) -> [String] {
        Set(names.filter { $0.hasPrefix(partial) }).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }
}
