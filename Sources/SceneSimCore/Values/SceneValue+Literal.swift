import ByteText

// A string value written in a Swift test as a literal: `openWindow("detail", value: "42")`,
// `["draft": "hello"]`.
extension SceneValue: ExpressibleByStringLiteral {
    /// The string value of `text`'s UTF-8 bytes, as `.string(text)`.
    public init(stringLiteral text: String) {
        self = .string(ByteString(text))
    }
}
