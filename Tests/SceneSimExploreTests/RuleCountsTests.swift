@testable import SceneSimExplore
@testable import SceneSimScripting
import SceneSimScriptTestSupport
import Testing

/// A run's rule counts travel from the engine to the host packed in two strings, the rules and
/// their counts (`ExplorationRunner.ruleCounts`): every rule, whatever bytes its name holds,
/// arrives once, with its own counts, sorted by name.
@Suite("A run's rule counts")
struct RuleCountsTests {
    @Test("Rules named with NUL, newline, invalid UTF-8 and the packing's own bytes keep their counts and their place in name order")
    func oddNames() throws {
        let folder = try ScenarioFolder([
            "odd.lua": #"""
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

            """#
        ])
        let runner = ExplorationRunner(file: folder.file("odd.lua"), options: ScenarioOptions())
        let outcome = try runner.run(seed: 4, run: 0, steps: 200)
        // In byte order, as the report shows them: escaped.
        let names = ["\\004\\000\\000\\000", "a\\000b", "a\\nb", "b", "settle", "z", "\\255\\254"]
        #expect(outcome.counts.map(\.name) == names)
        #expect(outcome.counts.map(\.own) == [true, true, true, true, false, true, true])
        #expect(outcome.counts.reduce(0) { $0 + $1.ran } == 200)
        #expect(outcome.counts.allSatisfy { $0.ran > 0 && $0.enabled == $0.ran && $0.tried == $0.ran })
    }

    @Test("A rule list or counts cut short end at the last whole rule")
    func truncated() {
        // "ab", the module's; "c", built-in; then a record cut in its name.
        let list = ExplorationRunner.RuleList([2, 0, 0, 0] + Array("ab".utf8) + [1] + [1, 0, 0, 0, UInt8(ascii: "c"), 0] + [5, 0, 0, 0, 1])
        #expect(list.rules.map(\.name) == ["ab", "c"])
        #expect(list.rules.map(\.own) == [true, false])
        // "ab" ran 3 times, was enabled 5 times and tried 8; "c"'s counts are cut short.
        let counts: [UInt8] = [3, 0, 0, 0, 0, 0, 0, 0] + [5, 0, 0, 0, 0, 0, 0, 0] + [8, 0, 0, 0, 0, 0, 0, 0] + [7, 0, 0]
        #expect(ExplorationRunner.ruleCounts(list, counts) == [RunOutcome.RuleCount(name: "ab", ran: 3, enabled: 5, tried: 8, own: true)])
        #expect(ExplorationRunner.RuleList([255, 255, 255, 127]).rules.isEmpty)
    }

    @Test("The rule list parsed for one run is used again only for the same bytes")
    func ruleListReused() {
        let runner = ExplorationRunner(file: "unused.lua", options: ScenarioOptions())
        let first: [UInt8] = [1, 0, 0, 0, UInt8(ascii: "a"), 1] + [1, 0, 0, 0, UInt8(ascii: "b"), 0]
        let second: [UInt8] = [1, 0, 0, 0, UInt8(ascii: "b"), 0] + [1, 0, 0, 0, UInt8(ascii: "c"), 1]
        #expect(runner.ruleList(first).rules.map(\.name) == ["a", "b"])
        #expect(runner.ruleList(first).rules.map(\.name) == ["a", "b"])
        #expect(runner.ruleList(second).rules.map(\.name) == ["b", "c"])
        #expect(runner.ruleList(second).rules.map(\.own) == [false, true])
        #expect(runner.ruleList(first).rules.map(\.name) == ["a", "b"])
        #expect(runner.ruleList([]).rules.isEmpty)
    }
}
