import Foundation
@testable import SceneSimExplore
import SceneSimScriptTestSupport
import SceneSimScripting
import Testing

/// Explore runs each run in a host whose Lua state is restored from a snapshot
/// (ExplorationRunner). A run must do exactly what it would in a new host, whatever the runs
/// before it did.
@Suite("Explore runs in restored states")
struct StateReuseTests {
    /// What a run did, minus the output (not kept for random runs).
    struct Summary: Equatable {
        var steps: [ExploreStep]
        var failure: ExploreFailure?
        var counts: [RunOutcome.RuleCount]
        var stepCount: Int

        init(_ outcome: RunOutcome) {
            steps = outcome.steps
            failure = outcome.failure
            counts = outcome.counts
            stepCount = outcome.stepCount
        }
    }

    /// A module that tries to leave something behind for the next run: it changes globals, the
    /// string library and metatable, `sim.gen`'s table and the collector's mode, at load time
    /// and in its rules, and fails if it ever sees a change an earlier run made.
    static let vandal = """
        loads = (loads or 0) + 1
        local first_upper = string.upper
        return {
          setup = function() return sim.launch { scenes = { { id = "main" }, { id = "doc", value = "string" } } } end,
          rules = {
            scribble = { args = { n = sim.gen.int(1, 3) }, run = function(_, a)
              scribbled = (scribbled or 0) + a.n
              string.upper = function() return "changed" end
              getmetatable("").__index = setmetatable({ extra = true }, { __index = string })
              rawset(sim.gen, "stolen", true)
              collectgarbage("generational")
              weak = weak or setmetatable({}, { __mode = "k" })
              weak[{}] = true
            end },
          },
          invariants = {
            pristine = function()
              if loads ~= 1 then return false, "the module was loaded " .. tostring(loads) .. " times in this state" end
              if rawget(sim.gen, "stolen") and not scribbled then
                return false, "sim.gen kept a field from an earlier run"
              end
            end,
            counts_only_this_run = function()
              return (scribbled or 0) <= 3 * 40, "scribbled " .. tostring(scribbled)
            end,
          },
        }

        """

    static var bundledModules: [String] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("scenarios/explore")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        return names.filter { $0.hasSuffix(".lua") }.sorted().map { root.appendingPathComponent($0).path }
    }

    @Test("Every bundled module and a module that vandalises its state: runs in restored states equal runs in new ones, in any order")
    func sameAsNewStates() throws {
        let folder = try ScenarioFolder(["vandal.lua": Self.vandal])
        let modules = Self.bundledModules + [folder.file("vandal.lua")]
        #expect(modules.count >= 5)
        for module in modules {
            let fresh = ExplorationRunner(file: module, options: ScenarioOptions(), reusingStates: false)
            let reused = ExplorationRunner(file: module, options: ScenarioOptions(), reusingStates: true)
            let runs = 0..<24
            let expected = try runs.map { Summary(try fresh.run(seed: 5, run: $0, steps: 40, keepSteps: true)) }
            // Forwards, then backwards: each run follows different ones in the same state.
            let forwards = try runs.map { Summary(try reused.run(seed: 5, run: $0, steps: 40, keepSteps: true)) }
            let backwards = try runs.reversed().map { Summary(try reused.run(seed: 5, run: $0, steps: 40, keepSteps: true)) }
            #expect(forwards == expected, "\(module)")
            #expect(Array(backwards.reversed()) == expected, "\(module)")
            if module.hasSuffix("vandal.lua") {
                #expect(expected.allSatisfy { $0.failure == nil }, "\(expected.compactMap(\.failure))")
                #expect(expected.contains { $0.counts.contains { $0.name == "scribble" && $0.ran > 0 } })
            }
        }
    }

    @Test("A failing run's replay, shrinking included, finds the same in restored states")
    func failuresAndReplays() throws {
        let folder = try ScenarioFolder([
            "lock.lua": """
            local pressed = {}
            return {
              setup = function() return sim.launch { scenes = { { id = "main" } } } end,
              rules = {
                press = { weight = 8, args = { digit = sim.gen.one_of { 1, 2, 3, 4 } },
                          run = function(_, a) pressed[#pressed + 1] = a.digit end },
              },
              invariants = {
                stays_locked = function()
                  local n = #pressed
                  return not (n >= 3 and pressed[n - 2] == 3 and pressed[n - 1] == 2 and pressed[n] == 1), "opened"
                end,
              },
            }

            """
        ])
        let fresh = ExplorationRunner(file: folder.file("lock.lua"), options: ScenarioOptions(), reusingStates: false)
        let reused = ExplorationRunner(file: folder.file("lock.lua"), options: ScenarioOptions(), reusingStates: true)
        var failed = 0
        for run in 0..<30 {
            let expected = try fresh.run(seed: 9, run: run, steps: 60)
            let outcome = try reused.run(seed: 9, run: run, steps: 60)
            #expect(Summary(outcome) == Summary(expected))
            guard expected.failure != nil else { continue }
            failed += 1
            #expect(Summary(try reused.replay(expected.steps)) == Summary(try fresh.replay(expected.steps)))
            #expect(Summary(try reused.replay(Array(expected.steps.suffix(3)))) == Summary(try fresh.replay(Array(expected.steps.suffix(3)))))
        }
        #expect(failed > 0)
    }

    @Test("A run stopped by the instruction or the memory limit leaves the host it ran in fit for the next run")
    func limitsInTheMiddle() throws {
        // Some runs loop forever or grow a table past the limit in the middle of a step; the
        // runs after them, in the same restored host, must do what they do in new states.
        let folder = try ScenarioFolder([
            "limits.lua": """
            return {
              setup = function() return sim.launch { scenes = { { id = "main" } } } end,
              rules = {
                risky = { weight = 10, args = { n = sim.gen.int(1, 12) }, run = function(_, a)
                  if a.n == 12 then while true do end end
                  if a.n == 11 then local t = {} for i = 1, 1e8 do t[i] = { i, i, i, i } end end
                  held = (held or 0) + a.n
                end },
              },
              invariants = { small = function() return (held or 0) < 10000, "held " .. tostring(held) end },
            }

            """
        ])
        let options = ScenarioOptions(maxInstructions: 5_000_000, maxMemory: 8 << 20)
        let fresh = ExplorationRunner(file: folder.file("limits.lua"), options: options, reusingStates: false)
        let reused = ExplorationRunner(file: folder.file("limits.lua"), options: options, reusingStates: true)
        func outcome(_ runner: ExplorationRunner, _ run: Int) -> String {
            do {
                let result = try runner.run(seed: 3, run: run, steps: 8, keepSteps: true)
                return "\(Summary(result))"
            } catch {
                return "stopped: \(error.message)"
            }
        }
        let expected = (0..<30).map { outcome(fresh, $0) }
        #expect(expected.contains { $0.contains("instruction limit") }, "no run hit the instruction limit")
        #expect(expected.contains { $0.contains("memory limit") }, "no run hit the memory limit")
        #expect(expected.contains { !$0.hasPrefix("stopped") }, "every run stopped")
        #expect((0..<30).map { outcome(reused, $0) } == expected)
    }

    @Test("Every stored property of ScriptHost is reset between runs or set once when it is made")
    func everyFieldIsAccountedFor() {
        let host = ScriptHost(options: ScenarioOptions().installing(.explore), output: { _ in })
        let labels = Mirror(reflecting: host).children.compactMap(\.label).sorted()
        // Set once by init (or by whoever made the host) and kept across runs:
        // (launchMemo is kept on purpose: what sim.launch made of options equal to the next run's;
        // LaunchMemoTests. installed: what the host's installers returned, explore's
        // ExploreHostState with the engine's entry points, set once, and the draw's rules,
        // registered again by every run that draws.)
        let kept = ["lua", "options", "write", "classes", "setSimApp", "scenarioDirectory", "launchMemo", "launchMemos", "installed"]
        // Reset by ScriptHost.resetRun() (ScriptHost+Reuse.swift): a new field must go in one
        // of the two lists, and in resetRun() if a run can change it.
        let reset = [
            "simulator", "traceEnabled", "traceTimeWidth", "hooks", "appCode", "swiftModelName", "intentFunctions", "effectFunctions", "extensions",
            "hookErrorFrames", "networkBeforeLaunch", "seed", "cachedStorage", "appFieldsCached",
            "recording", "currentSource", "semanticInvariants",
        ]
        #expect(labels == (kept + reset).sorted())
    }
}
