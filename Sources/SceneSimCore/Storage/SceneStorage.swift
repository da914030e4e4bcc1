/// One scene's SceneStorage: string keys to storable values, with its size kept up to date.
public struct SceneStorage: Equatable, Sendable {
    public private(set) var values: [String: SceneValue] = [:]
    /// UTF-8 bytes of keys plus value sizes (Bool 1, Int and Double 8, String its UTF-8 length).
    public private(set) var byteCount = 0

    public init() {}

    public init(_ values: [String: SceneValue]) {
        for (key, value) in values { self[key] = value }
    }

    public subscript(key: String) -> SceneValue? {
        get { values[key] }
        set { _ = set(key, newValue) }
    }

    /// Sets (or with nil removes) `key` with one hash lookup; returns the previous value.
    @discardableResult
    public mutating func set(_ key: String, _ value: SceneValue?) -> SceneValue? {
        let old = value.map { values.updateValue($0, forKey: key) } ?? values.removeValue(forKey: key)
        if let old { byteCount -= key.utf8.count + old.byteSize }
        if let value { byteCount += key.utf8.count + value.byteSize }
        return old
    }

    public var isEmpty: Bool { values.isEmpty }
    public var count: Int { values.count }

    /// Keys in byte order: the only order in which storage is ever shown.
    public var sortedKeys: [String] { values.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) }

    /// `{tab = 2, title = "x"}`: sorted, Lua-literal, stable.
    public var literal: String {
        let body = sortedKeys.map { "\($0) = \(values[$0]!.literal)" }.joined(separator: ", ")
        return "{" + body + "}"
    }
}
