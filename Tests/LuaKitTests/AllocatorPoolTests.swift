import LuaKit
import Testing

/// Lua's small blocks come from the state's own pool (CLuaShim allocator.c): blocks grow and shrink
/// across its size classes and past its largest, and come back to be used again. These try to
/// make it lose a byte or a block.
@Suite("The state's block pool")
struct AllocatorPoolTests {
    @Test(
        "Strings and tables of every size around the pool's classes keep their contents through growth and shrinking",
        arguments: [nil, 3 << 20])
    func contentsSurvive(limit: Int?) throws {
        // Under a 3 MiB limit the pool reaches its cap midway, and later small blocks come from
        // malloc beside the pool's: both kinds move, shrink and are freed.
        let (state, _) = makeState(LuaOptions(maxMemory: limit))
        // Strings of 1...1,100 bytes (pool classes up to 512, then malloc), each a distinct
        // pattern; tables grown one element at a time to 300 (array parts cross 512 bytes,
        // moving between pool and malloc), then emptied from the end (shrinking at rehash).
        let source = """
            local strings, tables = {}, {}
            for n = 1, 1100 do strings[n] = string.rep(string.char(65 + n % 26), n) .. n end
            for t = 1, 40 do
              local list = {}
              for i = 1, 300 do list[i] = t * 1000 + i; list["k" .. i] = i end
              for i = 300, 150, -1 do list[i] = nil; list["k" .. i] = nil end
              collectgarbage()
              tables[t] = list
            end
            for n = 1, 1100 do
              local s = strings[n]
              if #s ~= n + #tostring(n) or s:sub(1, 1) ~= string.char(65 + n % 26) or s:sub(n + 1) ~= tostring(n) then
                return "string " .. n .. " changed"
              end
            end
            for t = 1, 40 do
              for i = 1, 149 do
                if tables[t][i] ~= t * 1000 + i or tables[t]["k" .. i] ~= i then return "table " .. t .. " lost " .. i end
              end
              if tables[t][150] ~= nil then return "table " .. t .. " kept 150" end
            end
            return "ok"
            """
        #expect(try state.run(source, chunkName: "=pool") == ["ok"])
        if let limit { #expect(state.pooledBytes <= limit) }
    }

    @Test("Memory freed into the pool is counted as freed and used again: a churning loop stays under a small limit")
    func freedBlocksCountAndReturn() throws {
        let (state, _) = makeState(LuaOptions(maxMemory: 4 << 20))
        let before = state.memoryUsed
        // About 400 MB of small tables and strings made and dropped under a 4 MiB limit.
        let source = """
            for round = 1, 2000 do
              local t = {}
              for i = 1, 200 do t[i] = { i, tostring(i) .. round } end
            end
            collectgarbage()
            return collectgarbage("count")
            """
        _ = try state.run(source, chunkName: "=churn")
        _ = try state.run("collectgarbage()", chunkName: "=gc")
        #expect(state.memoryUsed < before + (256 << 10))
    }
}

extension AllocatorPoolTests {
    @Test("Cycling through every block size keeps the pool within the memory limit (freed blocks of one size cannot serve another)")
    func cyclingSizesIsBounded() throws {
        let (state, _) = makeState(LuaOptions(maxMemory: 16 << 20))
        // For each of the pool's 32 size classes, about 2.5 MB of strings of that size, made
        // and dropped: without a cap the pool would keep ~80 MB of free blocks for a 16 MiB limit.
        let source = """
            local total = 0
            for class = 1, 32 do
              local length = class * 16 - 24
              if length < 1 then length = 1 end
              local keep = {}
              for i = 1, (2500000 // (length + 24)) do keep[i] = string.rep("x", length - #tostring(i)) .. i end
              total = total + #keep
              keep = nil
              collectgarbage()
            end
            return total
            """
        let results = try state.run(source, chunkName: "=cycle")
        #expect((results.first?.intValue ?? 0) > 100_000)
        #expect(state.pooledBytes <= 16 << 20)
        #expect(state.pooledBytes > 0)
    }
}
