/// The first failure of a run: what failed (`invariant NAME`, `eventually NAME`, `rule NAME`),
/// its message, and the step after which it was found (0: right after setup).
package struct ExploreFailure: Equatable, Sendable {
    package var label: String
    package var message: String
    package var step: Int

    package init(label: String, message: String, step: Int) {
        self.label = label
        self.message = Self.capped(message)
        self.step = step
    }

    /// The most bytes of a message kept: past it the message is cut (at a character) and ends
    /// with `...(N bytes)`, N its whole size. A 10 MB message was printed twice and written into
    /// the found scenario; its start (where it failed and why) is what a user reads.
    package static let maxMessageBytes = 4096

    /// `message` within `maxMessageBytes`, marked when cut.
    static func capped(_ message: String) -> String {
        let size = message.utf8.count
        guard size > maxMessageBytes else { return message }
        // Whole characters only: a cut never splits one.
        var end = message.startIndex, kept = 0
        while end < message.endIndex {
            let next = message.index(after: end)
            let bytes = message.utf8.distance(from: end, to: next)
            guard kept + bytes <= maxMessageBytes else { break }
            kept += bytes
            end = next
        }
        return String(message[..<end]) + "...(\(size) bytes)"
    }

    /// What a user reads, and what the found scenario's error says after its `file:line:`.
    package var text: String { "\(label) failed: \(message)" }

    /// Whether `other` is this failure again, as shrinking keeps it: the same rule or invariant,
    /// failing at the same place (`lock.lua:16`, where the message starts with one). The rest of
    /// the message may change (`after 5 presses`, then `after 4`); a failure at another line of
    /// the same rule is another bug, and a scenario that shows it would lose the one found.
    /// The engine's own place (`explore:604:`, where a built-in rule's call raised) is no
    /// place of the app's: it differs between a run (the step Swift began) and its replay (the
    /// rule's Lua call), so a built-in rule's failure is compared by its name and the place of
    /// the app's code in its message, if any.
    package func isSame(as other: ExploreFailure) -> Bool {
        label == other.label && Self.place(of: message) == Self.place(of: other.message)
    }

    /// The `chunk:line` a message begins with, if it begins with one (Lua's position of an
    /// error): up to the first `:DIGITS:` of its first line. Positions in the engine's own
    /// chunk (`explore:NNN: `) are passed over: the place is the one after them, if any.
    static func place(of message: String) -> Substring? {
        var rest = Substring(message)
        while let place = firstPlace(of: rest) {
            guard place.hasPrefix(Self.enginePrefix), place.dropFirst(Self.enginePrefix.count).allSatisfy({ $0.isASCII && $0.isNumber }) else {
                return place
            }
            rest = rest[place.endIndex...].dropFirst().drop { $0 == " " }
        }
        return nil
    }

    /// How the engine's own chunk (`=explore`) starts a position.
    static let enginePrefix = "explore:"

    /// The first `chunk:line` of `message`'s first line, if any.
    private static func firstPlace(of message: Substring) -> Substring? {
        let line = message.prefix { $0 != "\n" }
        var index = line.startIndex
        while let colon = line[index...].firstIndex(of: ":") {
            let digits = line[line.index(after: colon)...].prefix { $0.isASCII && $0.isNumber }
            if !digits.isEmpty, digits.endIndex < line.endIndex, line[digits.endIndex] == ":" {
                return line[..<digits.endIndex]
            }
            index = line.index(after: colon)
        }
        return nil
    }
}
