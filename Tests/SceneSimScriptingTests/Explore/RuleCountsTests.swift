@testable import SceneSimScripting
import Testing

/// A run's rule counts travel from the engine to the host packed in one string
/// (`ExplorationRunner.ruleCounts`): every rule, whatever bytes its name holds, arrives once, with
/// its own counts, sorted by name.
@Suite("A run's rule counts")
struct RuleCountsTests {
    @Test("Rules named with NUL, newline, invalid UTF-8 and the packing's own bytes keep their counts and their place in name order")
    func oddNames() throws {
        let folder = try ScenarioFolder(["odd.lua": #"""
            local ran = {}
            local function rule(name, weight)
              return { weight = weight, run = function() ran[name] = (ran[name] or 0) + 1 end }
            end
            local names = { "a\0b", "a\nb", "\255\254", "z", "\4\0\0\0", "b" }
            local rules = {}
            for i, name in ipairs(names) do rules[name] = rule(name, i) end
            return {
              setup = function() return sim.launch { scenes = { { id = "main" } } } end,
              builtin = { "settle" },
              rules = rules,
            }

            """#])
        let runner = ExplorationRunner(file: folder.file("odd.lua"), options: ScenarioOptions())
        let outcome = try runner.run(seed: 4, run: 0, steps: 200)
        // In byte order, as the report shows them: escaped.
        let names = ["\\004\\000\\000\\000", "a\\000b", "a\\nb", "b", "settle", "z", "\\255\\254"]
        #expect(outcome.counts.map(\.name) == names)
        #expect(outcome.counts.map(\.own) == [true, true, true, true, false, true, true])
        #expect(outcome.counts.reduce(0) { $0 + $1.ran } == 200)
        #expect(outcome.counts.allSatisfy { $0.ran > 0 && $0.enabled == $0.ran })
    }

    @Test("A packed list cut short ends at the last whole rule")
    func truncated() {
        // "ab": ran 3, enabled 5, own; then a record cut in its counts.
        var packed: [UInt8] = [2, 0, 0, 0] + Array("ab".utf8) + [3, 0, 0, 0, 0, 0, 0, 0] + [5, 0, 0, 0, 0, 0, 0, 0] + [1]
        packed += [1, 0, 0, 0, UInt8(ascii: "c"), 9, 0]
        #expect(ExplorationRunner.ruleCounts(packed) == [RunOutcome.RuleCount(name: "ab", ran: 3, enabled: 5, own: true)])
        #expect(ExplorationRunner.ruleCounts([255, 255, 255, 127]).isEmpty)
    }
}
