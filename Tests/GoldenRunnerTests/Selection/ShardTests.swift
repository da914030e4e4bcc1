@testable import GoldenRunner
import Testing

@Suite("Shards")
struct ShardTests {
    @Test("K/N parses with 1 <= K <= N")
    func parsing() throws {
        let shard = try Shard(parsing: "2/4")
        #expect((shard.index, shard.count) == (2, 4))
        #expect(try Shard(parsing: "1/1").count == 1)
        for bad in ["", "1", "1/", "/2", "0/3", "4/3", "-1/3", "1/0", "a/b", "1/2/3", "１/2"] {
            #expect(throws: GoldenRunnerError.invalidShard(bad)) { try Shard(parsing: bad) }
        }
    }

    @Test("Every name lands in exactly one of N shards", arguments: 1...8)
    func partition(count: Int) throws {
        let names = (0..<200).map { "folder\($0 % 7)/scenario-\($0)" }
        for name in names {
            let owners = try (1...count).filter { try Shard(parsing: "\($0)/\(count)").contains(name: name) }
            #expect(owners.count == 1, "\(name) is in shards \(owners)")
        }
    }

    @Test("Assignment uses FNV-1a of the name, the same on every machine and run")
    func stableHash() {
        #expect(Shard.fnv1a("") == 0xcbf2_9ce4_8422_2325)
        #expect(Shard.fnv1a("a") == 0xaf63_dc4c_8601_ec8c)
        #expect(Shard.fnv1a("foobar") == 0x8594_4171_f739_67e8)
    }
}
