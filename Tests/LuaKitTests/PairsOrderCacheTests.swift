import LuaKit
import Testing

/// Issue 21, item 11: `pairs` keeps a table's sorted key order for its next call and checks it
/// with one pass instead of sorting again. The order kept must never show a key set that is no
/// longer the table's: after any change, pairs gives what it gives for a fresh copy.
@Suite("pairs' kept key order")
struct PairsOrderCacheTests {
    @Test("After random changes (keys of every kind added, removed, collected), pairs visits exactly the table's keys, in the order a fresh copy gets")
    func keptOrderFollowsChanges() throws {
        let (state, _) = makeState()

        let checked = try state.run(
            """
            local t, shadow = {}, {}
            local objects = { {}, {}, function() end }
            local seed = 7
            local function rnd(n) seed = (seed * 1103515245 + 12345) % 2147483648 return seed % n end
            local function key(i)
              local r = i % 5
              if r == 0 then return "k" .. (i % 23)
              elseif r == 1 then return i % 17
              elseif r == 2 then return (i % 7) + 0.5
              elseif r == 3 then return i % 2 == 0
              else return objects[i % 3 + 1] end
            end
            -- The keys pairs visits with their values, objects as their kind only: a copy orders
            -- them by its own slots, as documented.
            local function visit(tbl)
              local seen = {}
              for k, v in pairs(tbl) do
                local kind = type(k)
                seen[#seen + 1] = (kind == "table" or kind == "function") and kind or (kind .. ":" .. tostring(k) .. "=" .. v)
              end
              return seen
            end
            local checks = 0
            for step = 1, 4000 do
              local k = key(rnd(1000))
              if rnd(3) == 0 then t[k] = nil; shadow[k] = nil else local v = rnd(100); t[k] = v; shadow[k] = v end
              if rnd(50) == 0 then collectgarbage() end
              if rnd(2) == 0 then
                local copy = {}
                for ck, cv in next, shadow do copy[ck] = cv end
                local got, want = visit(t), visit(copy)
                local a, b = {}, {}
                for _, s in ipairs(got) do if s ~= "table" and s ~= "function" then a[#a + 1] = s end end
                for _, s in ipairs(want) do if s ~= "table" and s ~= "function" then b[#b + 1] = s end end
                if #got ~= #want or table.concat(a, " ") ~= table.concat(b, " ") then
                  error("step " .. step .. ":\\n" .. table.concat(got, " ") .. "\\n" .. table.concat(want, " "))
                end
                for pk, pv in pairs(t) do if shadow[pk] ~= pv then error("step " .. step .. ": wrong value") end end
                checks = checks + 1
              end
            end
            return checks
            """, chunkName: "=cache")

        #expect(checked.count == 1)
        #expect((checked.first.flatMap { if case .integer(let n) = $0 { n } else { nil } } ?? 0) > 1000)
    }

    @Test("A table of fewer than 8 keys (its keys held by the iterator, sorted at each call) is visited in the documented order, each key once, skipping keys removed on the way")
    func smallTables() throws {
        let (state, _) = makeState()

        let checked = try state.run(
            """
            local seed = 11
            local function rnd(n) seed = (seed * 1103515245 + 12345) % 2147483648 return seed % n end
            local pool = { 1, 2, 2.5, -3, 2 ^ 53, 0.25, "", "a", "a\\0", "ab", "b", "\\255", "Z", true, false }
            -- The documented order: numbers ascending, strings by bytes, then false, true.
            local function rank(k)
              local t = type(k)
              return t == "number" and 0 or t == "string" and 1 or 2
            end
            local function before(a, b)
              if rank(a) ~= rank(b) then return rank(a) < rank(b) end
              if type(a) == "boolean" then return a == false and b == true end
              return a < b
            end
            local checks = 0
            for round = 1, 3000 do
              local t, n = {}, rnd(8)
              for _ = 1, n do t[pool[rnd(#pool) + 1]] = round end
              local want = 0
              for _ in next, t do want = want + 1 end
              local seen, last = 0, nil
              local drop = rnd(2) == 0 and pool[rnd(#pool) + 1] or nil
              local dropped = false
              for k, v in pairs(t) do
                assert(v == round, "a value from another round")
                if last ~= nil and not before(last, k) then error("round " .. round .. ": " .. tostring(last) .. " before " .. tostring(k)) end
                if k == drop then dropped = true end
                last, seen = k, seen + 1
                -- A key removed ahead of the loop is skipped.
                if drop ~= nil and not dropped and t[drop] ~= nil then t[drop] = nil; want = want - 1 end
              end
              if seen ~= want then error("round " .. round .. ": " .. seen .. " keys visited of " .. want) end
              checks = checks + 1
            end
            return checks
            """, chunkName: "=small")

        #expect((checked.first.flatMap { if case .integer(let n) = $0 { n } else { nil } } ?? 0) == 3000)
    }

    @Test("A key whose value becomes nil during a loop is skipped, and the next loop over the table no longer has it")
    func removalDuringLoop() throws {
        let (state, output) = makeState()

        try state.run(
            """
            local t = {}
            for i = 1, 20 do t["k" .. string.format("%02d", i)] = i end
            for _ = 1, 2 do
              local seen = {}
              for k, v in pairs(t) do
                if v % 2 == 0 then t["k" .. string.format("%02d", v + 1)] = nil end
                seen[#seen + 1] = v
              end
              print(table.concat(seen, " "))
            end
            """, chunkName: "=loop")

        #expect(output.text == "1 2 4 6 8 10 12 14 16 18 20\n1 2 4 6 8 10 12 14 16 18 20\n")
    }
}
