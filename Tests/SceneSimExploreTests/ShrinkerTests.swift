@testable import SceneSimExplore
@testable import SceneSimScripting
import Testing

/// Issue 11: the shrinker deletes chunks, then single steps, then lowers arguments, keeping
/// only candidates that fail the same way. A pure replay stands in for the Lua engine here.
@Suite("Shrinking a failing run")
struct ShrinkerTests {
    private func step(_ rule: String, _ n: Int64 = 1) -> ExploreStep {
        ExploreStep(rule: rule, choices: [.init(key: "n", value: .integer(n), minimum: .integer(1))])
    }

    /// Fails once a, b and c have run in that order (anything between), stopping there, as the
    /// engine stops at the failing step.
    private func abc(_ steps: [ExploreStep]) -> [ExploreStep]? {
        var want = ["a", "b", "c"][...]
        for (index, step) in steps.enumerated() where step.rule == want.first {
            want.removeFirst()
            if want.isEmpty { return Array(steps[...index]) }
        }
        return nil
    }

    @Test("Three steps that matter, buried in noise, shrink to exactly those three with minimal arguments")
    func buriedSequence() {
        var noise = (0..<60).map { step("noise", Int64($0 % 7 + 1)) }
        noise.insert(step("a", 5), at: 13)
        noise.insert(step("b", 9), at: 30)
        noise.insert(step("c", 3), at: 52)
        var shrinker = Shrinker(replay: abc)

        let shrunk = shrinker.shrink(noise)

        #expect(shrunk == [step("a"), step("b"), step("c")])
        #expect(shrinker.attempts < 200)
    }

    @Test("An integer drawn from the whole range (int(math.mininteger, math.maxinteger)) shrinks without overflow")
    func wholeIntegerRange() {
        let top = ExploreStep.Choice(key: "n", value: .integer(Int64.max), minimum: .integer(Int64.min))
        let fromTop: [ExploreStep.Value] = [.integer(Int64.min), .integer(-1), .integer(Int64.max - 1)]
        #expect(Shrinker.smaller(top) == fromTop)
        let low = ExploreStep.Choice(key: "n", value: .integer(Int64.min + 3), minimum: .integer(Int64.min))
        let fromLow: [ExploreStep.Value] = [.integer(Int64.min), .integer(Int64.min + 1), .integer(Int64.min + 2)]
        #expect(Shrinker.smaller(low) == fromLow)
    }

    @Test("An argument the failure needs stays at the smallest value that still fails")
    func argumentThreshold() {
        var shrinker = Shrinker { steps in
            steps.contains { $0.rule == "x" && $0.choices[0].value >= .integer(5) } ? steps : nil
        }

        #expect(shrinker.shrink([step("y", 3), step("x", 40), step("y", 8)]) == [step("x", 5)])
    }

    @Test("An integer argument far above the smallest value that still fails shrinks to exactly that value (issue 43: n >= 1000 stopped at 330,754)")
    func farThreshold() {
        var shrinker = Shrinker { steps in
            steps.contains { $0.rule == "x" && $0.choices[0].value >= .integer(1000) } ? steps : nil
        }

        #expect(shrinker.shrink([step("x", 987_654_321)]) == [step("x", 1000)])
        #expect(shrinker.attempts < 200)
        let wide = ExploreStep(rule: "x", choices: [.init(key: "n", value: .integer(Int64.max), minimum: .integer(Int64.min))])
        var whole = Shrinker { steps in (steps.first.map { $0.choices[0].value >= .integer(-5) } ?? false) ? steps : nil }
        #expect(whole.shrink([wide]).first?.choices.first?.value == .integer(-5))
    }

    @Test("A candidate that fails another way is not kept")
    func sameFailureOnly() {
        // Without b the run "fails" too, but another way: the replay reports that as no match.
        var shrinker = Shrinker { steps in
            steps.map(\.rule) == ["a", "b"] ? steps : nil
        }

        #expect(shrinker.shrink([step("a"), step("b")]) == [step("a"), step("b")])
    }

    @Test(
        "a failure is the same when its rule or invariant fails at the same place; the rest of its message may change",
        arguments: [
            ("lock.lua:16: opened after 5 presses", "lock.lua:16: opened after 4 presses", true),
            ("m.lua:3: a arrived", "m.lua:4: b arrived", false),
            ("the window is gone", "two windows", true),
            ("explore:812: w:focus(): main#1 is closed", "m.lua:2: x", false),
            ("a:b:c: no digits here", "a:b:c: none either", true),
            // Issue 44: the engine's own line differs between a run (the step begun in Swift) and
            // its replay (the rule's Lua call): a built-in rule's failure is compared by its name
            // and the place of the app's code, if its message has one.
            ("explore:1290: sim.settle(): did not settle after 100000 events", "explore:599: sim.settle(): did not settle after 100000 events", true),
            ("explore:1290: m.lua:4: boom", "explore:599: m.lua:4: boom", true),
            ("explore:1290: m.lua:4: boom", "explore:1290: m.lua:5: boom", false),
        ])
    func sameFailure(first: String, second: String, same: Bool) {
        let a = ExploreFailure(label: "rule r", message: first, step: 3)
        #expect(a.isSame(as: ExploreFailure(label: "rule r", message: second, step: 1)) == same)
        #expect(!a.isSame(as: ExploreFailure(label: "invariant i", message: first, step: 3)))
    }
}

/// Issue 11: before a shrunk run is written it is replayed twice; any difference is reported
/// as nondeterminism.
@Suite("Two replays of a shrunk run")
struct ReplayAgreementTests {
    private let failure = ExploreFailure(label: "invariant x", message: "broken", step: 2)

    @Test("Replays agree only with the same output, the same failure, and the failure shrunk")
    func agreement() {
        let replay = RunOutcome(steps: [ExploreStep(rule: "a")], failure: failure, output: Array("trace\n".utf8))
        var otherTrace = replay
        otherTrace.output = Array("trace!\n".utf8)
        var otherMessage = replay
        otherMessage.failure?.message = "broken twice"

        #expect(replay.replaysTheSame(as: replay, failing: "invariant x"))
        #expect(!replay.replaysTheSame(as: otherTrace, failing: "invariant x"))
        #expect(!replay.replaysTheSame(as: otherMessage, failing: "invariant x"))
        #expect(!replay.replaysTheSame(as: replay, failing: "invariant y"))
        #expect(!RunOutcome().replaysTheSame(as: RunOutcome(), failing: "invariant x"))
    }
}

private func >= (lhs: ExploreStep.Value, rhs: ExploreStep.Value) -> Bool {
    if case .integer(let l) = lhs, case .integer(let r) = rhs { return l >= r }
    return false
}
