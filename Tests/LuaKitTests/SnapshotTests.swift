import LuaKit
import Testing

/// `LuaState.takeSnapshot` / `restoreSnapshot` (CLuaShim snapshots.c): explore runs each of its runs
/// in a state restored from one snapshot, so a run must not be able to leave anything behind for
/// the next. These try to.
@Suite("Snapshots of a state")
struct SnapshotTests {
    /// What a script can see of its world, as one string.
    static let observe = """
        local names = {}
        for k in pairs(_G) do names[#names + 1] = tostring(k) end
        local loaded = {}
        for k in pairs(package.loaded) do loaded[#loaded + 1] = tostring(k) end
        return table.concat(names, ",") .. "|" .. table.concat(loaded, ",") .. "|" .. tostring(getmetatable("").__index == string)
          .. "|" .. tostring(string.rep) .. "|" .. collectgarbage("count") .. "|" .. math.random(1, 1 << 40) .. "|" .. tostring(counter)
        """

    @Test("A restore undoes globals, library tables, metatables, loaded modules, the random generator and memory")
    func restoreUndoesEverything() throws {
        let (state, _) = makeState(LuaOptions(libraries: .all))
        _ = try state.run("counter = 0; package.loaded.helper = { n = 1 }", chunkName: "=setup")
        #expect(state.takeSnapshot() != nil)
        let memory = state.memoryUsed
        let before = try state.run(Self.observe, chunkName: "=observe")
        #expect(state.restoreSnapshot())
        for round in 1...50 {
            // Each round vandalises the state, differently, and allocates a good deal.
            _ = try state.run(
                """
                counter = counter + \(round)
                newglobal\(round) = string.rep("x", 100000)
                package.loaded["m\(round)"] = {}
                string.rep = nil
                getmetatable("").__index = { upper = function() return "pwned" end }
                setmetatable(_G, { __index = function() return 42 end })
                for i = 1, \(round * 3) do math.random() end
                local t = {}; for i = 1, 5000 do t[i] = { i } end
                collectgarbage("stop")
                """, chunkName: "=vandal")
            #expect(state.restoreSnapshot())
            #expect(state.memoryUsed == memory)
            #expect(try state.run(Self.observe, chunkName: "=observe") == before, "round \(round)")
            #expect(state.restoreSnapshot())
        }
    }

    @Test("References made before the snapshot live on; those made after are gone at the restore, harmlessly")
    func references() throws {
        let (state, _) = makeState()
        guard case .function(let kept)? = try state.run("return function() return 'kept' end", chunkName: "=a").first else {
            Issue.record("no function")
            return
        }
        #expect(state.takeSnapshot() != nil)
        guard case .function(let later)? = try state.run("return function() return 'later' end", chunkName: "=b").first else {
            Issue.record("no function")
            return
        }
        let swift = state.makeFunction { call in call.results(.string("swift")) }
        #expect(try state.call(later) == ["later"])
        #expect(try state.call(swift) == ["swift"])
        #expect(state.restoreSnapshot())
        #expect(try state.call(kept) == ["kept"])
        #expect(throws: LuaError.self) { try state.call(later) }
        #expect(throws: LuaError.self) { try state.call(swift) }
        // Dropping them after the restore must not touch the restored registry: new references
        // made now still call what they hold, again and again.
        for round in 0..<200 {
            guard case .function(let fresh)? = try state.run("return function() return \(round) end", chunkName: "=c").first else {
                Issue.record("no function")
                return
            }
            #expect(try state.call(fresh) == [.integer(Int64(round))])
            #expect(try state.call(kept) == ["kept"])
            #expect(state.restoreSnapshot())
        }
        withExtendedLifetime((later, swift)) {}
    }

    @Test("A coroutine suspended in the snapshot resumes from the same point after every restore")
    func suspendedCoroutine() throws {
        let (state, _) = makeState()
        _ = try state.run("co = coroutine.wrap(function() for i = 1, 10 do coroutine.yield(i) end end); co()", chunkName: "=co")
        #expect(state.takeSnapshot() != nil)
        for _ in 0..<20 {
            #expect(try state.run("return co(), co(), co()", chunkName: "=resume") == [2, 3, 4])
            #expect(state.restoreSnapshot())
        }
    }

    @Test("Many runs and restores keep memory flat: what a run allocated is freed at the restore")
    func noGrowth() throws {
        let (state, _) = makeState()
        #expect(state.takeSnapshot() != nil)
        let pooled = state.pooledBytes
        for round in 0..<100 {
            // Small blocks in new slabs, large strings and tables, a coroutine, a closure.
            _ = try state.run(
                """
                local keep = {}
                for i = 1, 3000 do keep[i] = { i, tostring(i) .. "\(round)" } end
                big = string.rep("y", 1 << 20) .. \(round)
                local list = {}; for i = 1, 100000 do list[i] = i end
                held = coroutine.create(function() coroutine.yield(keep) end); coroutine.resume(held)
                """, chunkName: "=grow")
            #expect(state.restoreSnapshot())
            #expect(state.pooledBytes == pooled)
        }
    }

    @Test("A snapshot taken again after a restore and more work is what later restores bring back; the large blocks the work dropped or moved are let go")
    func retake() throws {
        let (state, _) = makeState(LuaOptions(libraries: .all))
        // Large blocks in the first snapshot: one the work drops, one it grows (so moves), one
        // it keeps.
        _ = try state.run(
            """
            dropped = string.rep("d", 1 << 20)
            grown = {}; for i = 1, 100000 do grown[i] = i end
            kept = string.rep("k", 1 << 20)
            """, chunkName: "=first")
        #expect(state.takeSnapshot() != nil)
        _ = try state.run("dropped = nil; grown = nil; kept = nil; collectgarbage(); collectgarbage(); run = 1", chunkName: "=run")
        #expect(state.restoreSnapshot())
        #expect(try state.run("return #dropped, #grown, run", chunkName: "=check") == [.integer(1 << 20), 100_000, .nil])
        // The work done once, then copied for every later run.
        _ = try state.run(
            """
            dropped = nil; collectgarbage(); collectgarbage()
            for i = 100001, 300000 do grown[i] = i end
            warm = string.rep("w", 1 << 20) .. "!"
            counter = 0
            """, chunkName: "=warm")
        let memory = state.memoryUsed
        #expect(state.retakeSnapshot() != nil)
        let before = try state.run(Self.observe, chunkName: "=observe")
        #expect(state.restoreSnapshot())
        for round in 1...30 {
            // Each run drops, grows and replaces the blocks of both snapshots.
            _ = try state.run(
                """
                counter = counter + \(round)
                for i = 300001, 300000 + \(round) * 1000 do grown[i] = i end
                warm = nil; kept = string.rep("r", \(round) << 16); dropped = string.rep("x", 1 << 21)
                collectgarbage(); collectgarbage()
                """, chunkName: "=run")
            #expect(state.restoreSnapshot())
            #expect(state.memoryUsed == memory)
            #expect(
                try state.run("return counter, #grown, #warm, kept == string.rep('k', 1 << 20), dropped", chunkName: "=check")
                    == [0, 300_000, .integer((1 << 20) + 1), true, .nil], "round \(round)")
            #expect(state.restoreSnapshot())
            #expect(try state.run(Self.observe, chunkName: "=observe") == before, "round \(round)")
            #expect(state.restoreSnapshot())
        }
        // Again, from the second copy: a third one holds.
        _ = try state.run("counter = 100", chunkName: "=again")
        #expect(state.retakeSnapshot() != nil)
        _ = try state.run("counter = 5", chunkName: "=run")
        #expect(state.restoreSnapshot())
        #expect(try state.run("return counter, #warm", chunkName: "=check") == [100, .integer((1 << 20) + 1)])
    }

    @Test("Taking a snapshot again is refused without one and from inside a call, changing nothing")
    func retakeRefusals() throws {
        let (state, _) = makeState()
        #expect(state.retakeSnapshot() == nil)
        #expect(!state.restoreSnapshot())
        _ = try state.run("x = 1", chunkName: "=x")
        #expect(state.takeSnapshot() != nil)
        var inside: Int??
        state.register("retake") { call in
            inside = call.state.retakeSnapshot()
            return .values(0)
        }
        _ = try state.run("x = 2; retake()", chunkName: "=inside")
        #expect(inside == .some(nil))
        // The first snapshot still stands.
        #expect(state.restoreSnapshot())
        #expect(try state.run("return x", chunkName: "=x") == [1])
    }

    @Test("No snapshot, a second snapshot, a restore from inside a call: refused, nothing changed")
    func refusals() throws {
        let (state, _) = makeState()
        #expect(!state.restoreSnapshot())
        #expect(state.takeSnapshot() != nil)
        #expect(state.takeSnapshot() == nil)
        _ = try state.run("x = 1", chunkName: "=x")
        var inside: Bool?
        state.register("restore") { call in
            inside = call.state.restoreSnapshot()
            return .values(0)
        }
        _ = try state.run("restore(); x = 2", chunkName: "=inside")
        #expect(inside == false)
        #expect(try state.run("return x", chunkName: "=x") == [2])
        #expect(state.restoreSnapshot())
        #expect(try state.run("return x, restore", chunkName: "=x") == [.nil, .nil])
    }

    @Test("Once a run took the pool past its cap the state cannot be restored, and closes cleanly")
    func overflowRefusesRestore() throws {
        let (state, _) = makeState(LuaOptions(maxMemory: 4 << 20))
        #expect(state.takeSnapshot() != nil)
        // Small blocks of one size after another, each dropped: freed blocks serve only their
        // own size, so the slabs pass 4 MiB (the cap under this limit) and later blocks come
        // from malloc, which a restore could not find.
        _ = try state.run(
            """
            for class = 1, 32 do
              local keep = {}
              for i = 1, 1000000 // (class * 16) do keep[i] = string.rep("x", class * 16 - 30) .. i end
              keep = nil
              collectgarbage()
            end
            """, chunkName: "=fill")
        #expect(!state.restoreSnapshot())
        #expect(try state.run("return 1 + 1", chunkName: "=after") == [2])
    }
}
