import ByteText

// A state written in a Swift test as the trace writes it: `"loading"`, `"signed_in(ada)"`,
// `"onboarding(2)"`.
extension ModelState: ExpressibleByStringLiteral {
    /// The state `name` or `name(argument)`: an argument of digits (with an optional `-`) is an
    /// integer, any other a text's exact UTF-8 (a text argument of digits needs
    /// `ModelState(name, .text(...))`). Nothing checks it against a model's declaration:
    /// `AppModel.parse(_:)` does, with an error.
    public init(stringLiteral text: String) {
        guard let open = text.firstIndex(of: "("), text.hasSuffix(")"), open < text.index(before: text.endIndex) else {
            self.init(text)
            return
        }
        let argument = String(text[text.index(after: open)..<text.index(before: text.endIndex)])
        self.init(String(text[..<open]), Int64(argument).map(Argument.integer) ?? .text(ByteString(argument)))
    }
}
