extension SimError {
    /// A message's text with the calls it names kept as values, so each front end spells
    /// them its own way. Written as a string literal: `"call \(APICall.focus) to bring it back"`
    /// (an `APICall` interpolates as a call; anything else as its description).
    public struct Message: Equatable, Sendable, ExpressibleByStringInterpolation {
        /// One piece of a message.
        public enum Part: Equatable, Sendable {
            /// Text every audience reads the same.
            case text(String)
            /// A call, spelled for each audience.
            case call(APICall)
            /// Words that differ between audiences beyond a call's spelling (what a Swift model calls a
            /// handler, a script names otherwise).
            case phrase(script: String, swift: String)
        }

        /// The pieces, in order.
        public var parts: [Part]

        /// Plain text.
        public init(_ text: String) { parts = [.text(text)] }

        /// Plain text made elsewhere (a message of another layer), the same for every audience.
        public static func text(_ text: String) -> Message { Message(text) }

        /// A message of the literal's text.
        public init(stringLiteral value: String) { self.init(value) }

        /// A message of an interpolated literal's pieces.
        public init(stringInterpolation: StringInterpolation) { parts = stringInterpolation.parts }

        /// The message for `dialect`.
        public func rendered(for dialect: Dialect) -> String {
            var text = ""
            for part in parts {
                switch part {
                case .text(let words): text += words
                case .call(let call): text += call.spelled(for: dialect)
                case .phrase(let script, let swift): text += dialect == .script ? script : swift
                }
            }
            return text
        }

        /// Builds a message from a string literal's pieces.
        public struct StringInterpolation: StringInterpolationProtocol {
            var parts: [Part] = []

            /// An empty message, with room for the literal's pieces.
            public init(literalCapacity: Int, interpolationCount: Int) {
                parts.reserveCapacity(2 * interpolationCount + 1)
            }

            /// Text of the literal itself.
            public mutating func appendLiteral(_ literal: String) {
                guard !literal.isEmpty else { return }
                appendText(literal)
            }

            /// A call, spelled for each audience.
            public mutating func appendInterpolation(_ call: APICall) {
                parts.append(.call(call))
            }

            /// Words that differ between a script's author and a Swift caller.
            public mutating func appendInterpolation(script: String, swift: String) {
                parts.append(.phrase(script: script, swift: swift))
            }

            /// A call with the arguments a script writes after it (`(seconds, fn)`), which
            /// the Swift spelling already names (`scheduleTask(after:_:)`).
            public mutating func appendInterpolation(_ call: APICall, scriptArguments: String) {
                parts.append(.call(call))
                parts.append(.phrase(script: scriptArguments, swift: ""))
            }

            /// Another message's pieces, in place.
            public mutating func appendInterpolation(_ message: Message) {
                for part in message.parts {
                    if case .text(let text) = part { appendText(text) } else { parts.append(part) }
                }
            }

            /// Any other value, as `String(describing:)` shows it.
            public mutating func appendInterpolation<T>(_ value: T) {
                appendText(String(describing: value))
            }

            private mutating func appendText(_ text: String) {
                if case .text(let before)? = parts.last {
                    parts[parts.count - 1] = .text(before + text)
                } else {
                    parts.append(.text(text))
                }
            }
        }
    }
}
