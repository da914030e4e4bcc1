/// The bytes of one rendering, with a cap on how many it may hold.
///
/// A table shared by many others is rendered wherever it appears (a rendering shows values, not
/// identities), so a small structure of shared tables can stand for an exponentially large text.
/// Past `limit` bytes, each open table ends with `...` and no further table is visited, which
/// bounds both the text and the work.
struct LuaRenderBuffer {
    private(set) var bytes: [UInt8] = []
    let limit: Int

    init(limit: Int) { self.limit = limit }

    /// True once the rendering reached its cap: whatever is left is written as `...`.
    var isFull: Bool { bytes.count >= limit }

    mutating func append(_ text: String) { bytes.append(contentsOf: text.utf8) }

    mutating func append(bytes more: some Collection<UInt8>) { bytes.append(contentsOf: more) }
}
