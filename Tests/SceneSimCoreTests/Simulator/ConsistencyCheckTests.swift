import ByteText
import SceneSimBuiltin
@testable import SceneSimCore
import SceneSimTestSupport
import Testing

/// The core's self-check (`_checkInvariants`, explore's "consistency" invariant) and the
/// semantic invariants find a broken bookkeeping: each test breaks one part of a healthy
/// simulator by hand and expects the problem named. (Both checks run after every step of an
/// exploration, so they are written for speed; these keep the fast paths honest.)
@Suite("The consistency check finds what is broken")
struct ConsistencyCheckTests {
    /// iPadOS, two document windows on screen (visible limit 2) and the main one behind them.
    private func healthy() throws -> (Simulator, SessionID, SessionID, SessionID) {
        var config = AppConfig.testing(.ipados, scenes: [.group("main"), .group("doc", value: .string)])
        config.visibleLimit = 2
        let simulator = try Simulator(config: config)
        try simulator.launch()
        try simulator.settle()
        let main = simulator.windows[0]
        let a = try #require(try simulator.openWindow("doc", value: .string("A")).window)
        let b = try #require(try simulator.openWindow("doc", value: .string("B")).window)
        #expect(simulator._checkInvariants() == [])
        return (simulator, main, a, b)
    }

    @Test("The checks walk the live sessions only: after 500 windows opened and closed, the live list holds the three left, and a closed record is checked once")
    func liveSessionsOnly() throws {
        let (simulator, main, a, b) = try healthy()
        for n in 0..<500 {
            let window = try #require(try simulator.openWindow("doc", value: .string("C\(n)")).window)
            try simulator.close(window)
        }
        #expect(simulator.sessions.count == 503)
        #expect(simulator.liveIndices == [main.index, a.index, b.index])
        #expect(simulator.liveSessions == [main, a, b])
        #expect(simulator._checkInvariants() == [])
        var invariants = SemanticInvariants()
        #expect(invariants.check(simulator) == nil)
        // A record broken after it was discarded is found at the next check, and only then.
        let closed = try #require(try simulator.openWindow("doc", value: .string("D")).window)
        try simulator.close(closed)
        simulator.sessions[closed.index].saved = ["k": .int(1)]
        #expect(simulator._checkInvariants() == ["discarded doc#503 kept storage"])
        #expect(simulator._checkInvariants() == [])
    }

    @Test("A connected window missing from the window order")
    func orderMissesAWindow() throws {
        let (simulator, main, _, _) = try healthy()
        simulator.process!.order.remove(main.index)
        #expect(simulator._checkInvariants().contains { $0.hasPrefix("window order ") && $0.hasSuffix("is not the connected scenes [0, 1, 2]") })
    }

    @Test("A visible list out of front-to-back order, and one naming a window behind")
    func visibleListOrder() throws {
        let (simulator, main, a, _) = try healthy()
        simulator.process!.visible.pushBack(simulator.process!.visible.first!)
        #expect(simulator._checkInvariants().contains { $0.contains("is not in front-to-back order") })

        let (other, _, _, _) = try healthy()
        other.process!.visible.remove(a.index)
        other.process!.visible.pushBack(main.index)
        let problems = other._checkInvariants()
        #expect(problems.contains { $0.hasPrefix("visible list ") && $0.contains("is not the visible scenes") })
    }

    @Test("Phase counts that differ from the scenes'")
    func phaseCounts() throws {
        let (simulator, _, _, _) = try healthy()
        simulator.process!.counts = PhaseCounts()
        #expect(simulator._checkInvariants().contains { $0.hasPrefix("phase counts ") })
    }

    @Test("A dedup index that misses a window, or holds a stale entry")
    func dedupIndex() throws {
        let (simulator, _, a, _) = try healthy()
        let key = try #require(simulator.dedupKey(group: 1, value: .string("A")))
        simulator.dedup[key] = nil
        #expect(simulator._checkInvariants().contains("dedup index misses doc#1"))

        let (stale, _, _, _) = try healthy()
        stale.dedup[DedupKey(group: 1, value: .string("Z"))] = a
        #expect(stale._checkInvariants().contains("dedup index points at doc#1, which does not present that value"))

        // As many entries as windows, two of them swapped: only reading each entry tells.
        let (swapped, _, first, second) = try healthy()
        let keyA = try #require(swapped.dedupKey(group: 1, value: .string("A")))
        let keyB = try #require(swapped.dedupKey(group: 1, value: .string("B")))
        (swapped.dedup[keyA], swapped.dedup[keyB]) = (second, first)
        let problems = swapped._checkInvariants()
        #expect(problems.contains("dedup index misses doc#1"))
        #expect(problems.contains("dedup index misses doc#2"))
    }

    @Test("Two windows presenting the same value, among few windows and among many")
    func sameValueTwice() throws {
        let (simulator, _, a, b) = try healthy()
        simulator.sessions[b.index].value = simulator.sessions[a.index].value
        #expect(simulator._checkInvariants().contains("doc#1 and doc#2 present the same value"))
        var invariants = SemanticInvariants()
        #expect(invariants.check(simulator)?.message == "doc#1 and doc#2 both present the value \"A\"")

        // Past the linear scan's few dozen windows, the semantic invariant indexes them.
        let (many, _, _, _) = try healthy()
        var last = b
        for n in 0..<40 { last = try #require(try many.openWindow("doc", value: .string("V\(n)")).window) }
        many.sessions[last.index].value = .string("A")
        var fresh = SemanticInvariants()
        #expect(fresh.check(many)?.message == "doc#1 and doc#42 both present the value \"A\"")
    }

    @Test("A third window on screen under a visible limit of 2, counted over the window order")
    func overVisibleLimit() throws {
        let (simulator, main, _, _) = try healthy()
        var invariants = SemanticInvariants()
        #expect(invariants.check(simulator) == nil)
        simulator.sessions[main.index].scene?.phase = .inactive
        #expect(
            invariants.check(simulator)
                == SemanticInvariants.Violation(
                    name: "visible_limit", message: "3 windows on screen (doc#2, doc#1, main#1), over visible_limit 2"
                ))
    }

    @Test("Two windows of a single-instance Window scene, named by the scene's id")
    func singleInstanceTwice() throws {
        let simulator = try Simulator(config: .testing(.macos, scenes: [.group("main"), .window("about")]))
        try simulator.launch()
        try simulator.settle()
        let about = try #require(try simulator.openWindow("about").window)
        var invariants = SemanticInvariants()
        #expect(invariants.check(simulator) == nil)
        // A second live session of the about scene (by hand: the simulator brings the first to front).
        simulator.sessions.append(simulator.sessions[about.index])
        simulator.liveIndices.append(simulator.sessions.count - 1)
        #expect(invariants.check(simulator)?.message.hasSuffix("both present the single-instance Window \"about\"") == true)
    }

    @Test("The transition history is checked from where the last check found it allowed, and a new process starts again")
    func historyCheckedOnce() throws {
        let (simulator, _, _, _) = try healthy()
        let first = try #require(simulator.process)
        #expect(first.machine.history.count == 1)  // loading -> unauthenticated
        #expect(first.historyAllowed == 1)
        first.historyAllowed = 5  // past the history (by hand): the check clamps it
        #expect(simulator._checkInvariants() == [])
        #expect(first.historyAllowed == 1)

        try simulator.background()
        try simulator.terminate(.system)
        try simulator.launch()
        let second = try #require(simulator.process)
        #expect(second.historyAllowed == 0)
        try simulator.settle()
        #expect(simulator._checkInvariants() == [])
        #expect(second.historyAllowed == second.machine.history.count && second.historyAllowed > 0)
    }
}
