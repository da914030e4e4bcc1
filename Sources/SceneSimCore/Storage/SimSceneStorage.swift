import ByteText

/// One scene's SceneStorage: keys (the script's bytes, exactly) to storable values, with its
/// size kept up to date.
public struct SimSceneStorage: Equatable, Sendable {
    /// The stored values, by key.
    public private(set) var values: [ByteString: SceneValue] = [:]
    /// Bytes of keys plus value sizes (Bool 1, Int and Double 8, String its length in bytes).
    public private(set) var byteCount = 0

    /// Empty storage.
    public init() {}

    /// Storage holding `values`.
    public init(_ values: [ByteString: SceneValue]) {
        for (key, value) in values { self[key] = value }
    }

    /// The value stored under `key`; setting nil removes the key.
    public subscript(key: ByteString) -> SceneValue? {
        get { values[key] }
        set { _ = set(key, newValue) }
    }

    /// Sets (or with nil removes) `key` with one hash lookup; returns the previous value.
    @discardableResult
    package mutating func set(_ key: ByteString, _ value: SceneValue?) -> SceneValue? {
        let old = value.map { values.updateValue($0, forKey: key) } ?? values.removeValue(forKey: key)
        if let old { byteCount -= key.count + old.byteSize }
        if let value { byteCount += key.count + value.byteSize }
        return old
    }

    /// Whether no key is stored.
    public var isEmpty: Bool { values.isEmpty }
    /// The number of keys stored.
    public var count: Int { values.count }

    /// Keys in byte order: the only order in which storage is ever shown.
    public var sortedKeys: [ByteString] { values.keys.sorted() }

    /// The storage as one line of text, sorted by key and stable, as the trace and scenarios show it.
    ///
    /// In a scenario script: `{tab = 2, title = "x", ["two words"] = true}`.
    public var literal: String {
        let body = sortedKeys.map { key in
            "\(Self.keyLiteral(key)) = \(values[key]!.literal)"
        }.joined(separator: ", ")
        return "{" + body + "}"
    }

    /// The most bytes `literal(maxBytes:)` writes by default: what `print` and `tostring` of a
    /// table write (1 MiB).
    package static let maxLiteralBytes = 1 << 20

    /// `literal`, cut short once it reaches `maxBytes`: the entries that fit, then `...}`, as
    /// `print` cuts a table. Costs time and memory in proportion to what it writes.
    package func literal(maxBytes: Int) -> String {
        var text = "{"
        for (index, key) in sortedKeys.enumerated() {
            if text.utf8.count >= maxBytes {
                text += ", ..."
                break
            }
            if index > 0 { text += ", " }
            text += "\(Self.keyLiteral(key)) = \(values[key]!.literal)"
        }
        return text + "}"
    }

    /// A key as a Lua table constructor writes it: `tab`, or `["two words"]`.
    package static func keyLiteral(_ key: ByteString) -> String {
        LuaSyntax.isIdentifier(key.bytes) ? key.escaped : "[\(key.quoted)]"
    }
}

extension SimSceneStorage: ExpressibleByDictionaryLiteral {
    /// Storage written as a literal, `["tab": .int(2)]`.
    public init(dictionaryLiteral elements: (ByteString, SceneValue)...) {
        self.init(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}
