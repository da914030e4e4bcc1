/// One of N slices of the suite, `--shard K/N`, for spreading a run over several machines.
package struct Shard: Sendable, Hashable {
    /// Which slice, 1-based.
    package var index: Int
    /// How many slices there are.
    package var count: Int

    /// Parses `K/N` with `1 <= K <= N`; anything else is a usage error.
    package init(parsing text: String) throws(GoldenRunnerError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2,
            parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let index = Int(parts[0]), let count = Int(parts[1]),
            count >= 1, (1...count).contains(index)
        else { throw .invalidShard(text) }
        self.index = index
        self.count = count
    }

    /// Whether the scenario with this name belongs to this shard.
    ///
    /// Assignment hashes the name rather than using its position in the sorted list, so adding
    /// or removing one scenario never moves the others between shards, and it uses FNV-1a
    /// because Swift's `Hasher` is seeded randomly per process.
    package func contains(name: String) -> Bool {
        Int(Shard.fnv1a(name) % UInt64(count)) == index - 1
    }

    static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return hash
    }
}
