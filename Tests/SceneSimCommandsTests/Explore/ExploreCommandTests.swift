import Foundation
import Testing

/// Issue 11: `scenesim explore` finds planted bugs, shrinks them to (nearly) their shortest run,
/// and writes a scenario that `scenesim run` fails with the same message; its output depends on
/// the seed only.
@Suite("scenesim explore, as a user runs it")
struct ExploreCommandTests {
    /// What explore printed after "shrunk: ... replays): ", the failure the scenario must repeat.
    private func shrunkFailure(_ stdout: String) throws -> String {
        let line = try #require(stdout.split(separator: "\n").first { $0.hasPrefix("shrunk: ") })
        return String(try #require(line.firstRange(of: "replays): ").map { line[$0.upperBound...] }))
    }

    private func stepLines(_ scenario: String) -> Int {
        scenario.split(separator: "\n").filter { $0.hasSuffix("; explore.check()") }.count
    }

    @Test(
        "Each planted bug is found, shrunk to at most one step over its minimum, and the scenario fails under scenesim run with the same message",
        arguments: [PlantedBug.lock, PlantedBug.draft, PlantedBug.docs])
    func plantedBugs(bug: (name: String, minimum: Int, source: String)) throws {
        let folder = try TempFolder(["explore/" + bug.name: bug.source])

        let explored = try BuiltBinary.run(["explore", "explore/" + bug.name, "--seed", "3", "--runs", "300", "--steps", "60", "--out", "found"], in: folder.path)

        #expect(explored.status == 1, "\(explored)")
        let failure = try shrunkFailure(explored.stdout)
        let written = try #require(explored.stdout.split(separator: "\n").first { $0.hasPrefix("wrote ") }).dropFirst("wrote ".count)
        let scenario = try String(contentsOfFile: folder.path + "/" + written, encoding: .utf8)
        #expect(stepLines(scenario) >= bug.minimum && stepLines(scenario) <= bug.minimum + 1, "\(scenario)")
        let replayed = try BuiltBinary.run(["run", "--trace", "off", String(written)], in: folder.path)
        #expect(replayed.status == 1)
        let firstLine = replayed.stderr.split(separator: "\n").first.map(String.init) ?? ""
        #expect(firstLine.hasPrefix(written + ":") && firstLine.hasSuffix(": " + failure), "\(replayed)")
    }

    @Test("A scenario written outside the suite (--out elsewhere) replays with --allow-io with the same failure from any folder: the module's require finds its lib/")
    func outOutsideTheSuite() throws {
        let suite = try TempFolder([
            "explore/lib/limits.lua": "return { max_presses = 3 }\n",
            "explore/lock.lua": """
            local limits = require "limits"
            local presses = 0
            return {
              setup = function() presses = 0; return sim.launch {} end,
              builtin = false,
              rules = { press = { run = function() presses = presses + 1 end } },
              invariants = { locked = function() return presses <= limits.max_presses, "opened after " .. presses .. " presses" end },
            }

            """,
        ])
        let out = try TempFolder()

        let explored = try BuiltBinary.run(["explore", "explore/lock.lua", "--seed", "1", "--runs", "5", "--steps", "10", "--out", out.path], in: suite.path)

        #expect(explored.status == 1, "\(explored)")
        let failure = try shrunkFailure(explored.stdout)
        #expect(failure == "invariant locked failed: opened after 4 presses")
        // The report says at once that the replay needs --allow-io.
        #expect(
            explored.stdout.contains(
                "wrote \(out.path)/lock-1-0.lua\nnote: the scenario loads its module from outside its folder and suite; replay it with: scenesim run --allow-io \(out.path)/lock-1-0.lua\n"
            ), "\(explored)")
        let relativeFromRoot = String(out.path.dropFirst()) + "/lock-1-0.lua"
        // The module lies outside the scenario's folder and suite: the sandbox lets a scenario
        // load it only with --allow-io (issue 20), and then from any folder.
        for (folder, file) in [(out.path, "lock-1-0.lua"), (suite.path, out.path + "/lock-1-0.lua"), ("/", relativeFromRoot)] {
            let replayed = try BuiltBinary.run(["run", "--trace", "off", "--allow-io", file], in: folder)
            #expect(replayed.status == 1)
            #expect(replayed.stderr.split(separator: "\n").first.map(String.init) == "\(file):12: \(failure)", "\(replayed)")
        }
        let sandboxed = try BuiltBinary.run(["run", "--trace", "off", "lock-1-0.lua"], in: out.path)
        #expect(sandboxed.stderr.hasPrefix("lock-1-0.lua:6: sim.explore.load: a scenario loads exploration modules (.lua files) only from its own folder"))
    }

    @Test(
        "The draw of a rule among rules of unequal weights whose preconditions fail often is fixed: these counts, for this seed (recorded with the engine that scanned the rules left after each refusal from the first)"
    )
    func drawsAfterRefusals() throws {
        let folder = try TempFolder([
            "picks.lua": """
            -- Rules of unequal weights whose preconditions fail often: each draw sets rules aside.
            local ticks = 0
            local rules = {}
            local weights = { 0.3, 1, 2.5, 0.7, 1.1, 3, 0.2, 1.9, 0.5, 2.2, 0.9, 1.4 }
            for k, w in ipairs(weights) do
              rules["r" .. string.format("%02d", k)] = {
                weight = w,
                pre = function() return (ticks + k) % (k % 4 + 2) == 0 end,
                run = function() ticks = ticks + k end,
              }
            end
            return {
              setup = function() return sim.launch { scenes = { { id = "main" } } } end,
              builtin = false,
              rules = rules,
            }

            """
        ])

        let result = try BuiltBinary.run(["explore", "picks.lua", "--seed", "4", "--runs", "50", "--steps", "30", "--jobs", "2", "--stats"], in: folder.path)

        #expect(result.status == 0)
        #expect(
            result.stdout == """
                explore: seed=4 runs=50 steps=30 jobs=2
                explore: 50 runs, 1500 steps, no failure
                rule  ran  precondition held
                r01    61  61
                r02    12  12
                r03    89  89
                r04   151  151
                r05    86  86
                r06    35  35
                r07    12  12
                r08   451  451
                r09   192  192
                r10    27  27
                r11    49  49
                r12   335  335

                """)
    }

    @Test("A failure's whole report: the run and step, the replay command, the shrunk steps and the file written")
    func wholeReport() throws {
        let folder = try TempFolder(["lock.lua": PlantedBug.lock.source])

        let result = try BuiltBinary.run(["explore", "lock.lua", "--seed", "3", "--runs", "300", "--steps", "60", "--jobs", "2", "--out", "found"], in: folder.path)

        #expect(result.status == 1)
        #expect(
            result.stdout == """
                explore: seed=3 runs=300 steps=60 jobs=2
                run 12, step 30: invariant stays_locked failed: lock.lua:16: the lock opened after 10 presses
                replay: scenesim explore lock.lua --steps 60 --replay 3:12
                shrunk: 30 steps -> 4 (34 replays): invariant stays_locked failed: lock.lua:16: the lock opened after 4 presses
                  1  explore.rule("press", { digit = 4 })
                  2  explore.rule("press", { digit = 3 })
                  3  explore.rule("press", { digit = 2 })
                  4  explore.rule("press", { digit = 1 })
                wrote found/lock-3-12.lua
                explore: 13 runs, 750 steps, 1 failure (run 12)

                """)
        #expect(
            try String(contentsOfFile: folder.path + "/found/lock-3-12.lua", encoding: .utf8) == """
                -- Found by scenesim explore: invariant stays_locked failed: lock.lua:16: the lock opened after 4 presses
                -- command (in .. from here): scenesim explore lock.lua --seed 3 --runs 300 --steps 60
                -- replay (in .. from here):  scenesim explore lock.lua --steps 60 --replay 3:12
                -- seed 3, run 12, steps 30 -> 4
                -- luacheck: no max line length
                local explore = sim.explore.load "../lock.lua"
                explore.setup()
                explore.check()
                explore.rule("press", { digit = 4 }); explore.check()
                explore.rule("press", { digit = 3 }); explore.check()
                explore.rule("press", { digit = 2 }); explore.check()
                explore.rule("press", { digit = 1 }); explore.check()
                explore.finish()

                """)
        let replayed = try BuiltBinary.run(["run", "found/lock-3-12.lua"], in: folder.path)
        #expect(replayed.stderr.hasPrefix("found/lock-3-12.lua:12: invariant stays_locked failed: lock.lua:16: the lock opened after 4 presses\n"))
    }

    @Test(
        "With declared SceneStorage keys, storage_write writes only those (round the scene's list; a and b where a scene declares none), spelled as a user would, and the found scenario replays"
    )
    func declaredStorageKeys() throws {
        let scenes =
            "{ { id = \"main\", keys = { \"tab\" } }, { id = \"doc\", value = \"string\", keys = { \"scroll\", \"draft-text\", \"end\" } }, { id = \"empty\", keys = {} }, { id = \"free\" } }"
        let folder = try TempFolder([
            "keys.lua": "return { setup = function() return sim.launch { scenes = \(scenes) } end }\n",
            "draft.lua": """
            return {
              setup = function() return sim.launch { scenes = \(scenes) } end,
              invariants = {
                no_true_draft = function(app)
                  for _, w in ipairs(app.windows) do
                    if w.group == "doc" and w.storage["draft-text"] == true then return false, "draft-text is true in " .. w.id end
                  end
                end,
              },
            }

            """,
        ])
        let clean = try BuiltBinary.run(["explore", "keys.lua", "--seed", "1", "--runs", "200", "--stats"], in: folder.path)
        #expect(clean.status == 0, "\(clean)")
        #expect(clean.stdout.contains("explore: 200 runs, 10000 steps, no failure\n"))
        let row = clean.stdout.split(separator: "\n").first { $0.hasPrefix("storage_write ") }
        let ran = row.flatMap { Int($0.split(separator: " ")[1]) } ?? 0
        #expect(ran > 100, "storage_write ran \(ran) times")

        let found = try BuiltBinary.run(["explore", "draft.lua", "--seed", "1", "--runs", "300", "--out", "found"], in: folder.path)
        #expect(found.status == 1, "\(found)")
        #expect(found.stdout.contains(".storage[\"draft-text\"] = true\n"), "\(found)")
        let written = try #require(found.stdout.split(separator: "\n").first { $0.hasPrefix("wrote ") }?.dropFirst(6))
        let replayed = try BuiltBinary.run(["run", "--trace", "off", String(written)], in: folder.path)
        #expect(replayed.status == 1)
        #expect(replayed.stderr.contains("invariant no_true_draft failed: draft-text is true in doc#"), "\(replayed)")
    }

    @Test("A rule or an invariant that raises a table is reported as scenesim run reports it, the same bytes every run, and shrinks (no false nondeterminism)")
    func tableErrorObjects() throws {
        let setup = "setup = function() return sim.launch { scenes = { { id = \"main\" } } } end, builtin = false"
        let folder = try TempFolder([
            "rule.lua": "return { \(setup), rules = { r = { run = function() error({ code = 1 }) end } } }\n",
            "invariant.lua": "return { \(setup), rules = { r = { run = function() end } }, invariants = { bad = function() error({}) end } }\n",
        ])
        for (module, failure) in [("rule.lua", "rule r failed"), ("invariant.lua", "invariant bad failed")] {
            var reports: [String] = []
            for _ in 1...2 {
                let result = try BuiltBinary.run(["explore", module, "--seed", "1", "--runs", "2", "--jobs", "1", "--out", "found"], in: folder.path)
                #expect(result.status == 1, "\(result)")
                #expect(result.stdout.contains(": \(failure): (error object is a table value)\n"), "\(result)")
                #expect(!result.stdout.contains("0x"))
                reports.append(result.stdout)
            }
            #expect(reports[0] == reports[1])
        }
    }

    @Test("The same seed prints the same report and writes the same scenario whatever --jobs; only the header's jobs= differs")
    func sameSeedSameBytes() throws {
        var reports: [String] = []
        var scenarios: [String] = []
        for jobs in ["1", "2", "4"] {
            let folder = try TempFolder(["draft.lua": PlantedBug.draft.source])
            let result = try BuiltBinary.run(["explore", "draft.lua", "--seed", "11", "--runs", "200", "--steps", "40", "--jobs", jobs, "--out", "found"], in: folder.path)
            #expect(result.status == 1)
            #expect(result.stdout.hasPrefix("explore: seed=11 runs=200 steps=40 jobs=\(jobs)\n"))
            reports.append(String(result.stdout.drop { $0 != "\n" }))
            scenarios.append(try String(contentsOfFile: folder.path + "/found/draft-11-10.lua", encoding: .utf8))
        }
        #expect(Set(reports).count == 1, "\(reports)")
        #expect(Set(scenarios).count == 1, "\(scenarios)")
    }

    @Test("Shards partition the runs: together they do every run once, and with the same seed each shard's report is its own every time")
    func shardsPartitionRuns() throws {
        let folder = try TempFolder(["plain.lua": "return { setup = function() return sim.launch {} end }\n"])
        var total = 0
        for shard in ["1/3", "2/3", "3/3"] {
            let first = try BuiltBinary.run(["explore", "plain.lua", "--seed", "5", "--runs", "10", "--steps", "20", "--shard", shard], in: folder.path)
            let again = try BuiltBinary.run(["explore", "plain.lua", "--seed", "5", "--runs", "10", "--steps", "20", "--shard", shard, "-j", "1"], in: folder.path)
            #expect(first.status == 0)
            let summary = try #require(first.stdout.split(separator: "\n").last)
            total += Int(summary.split(separator: " ")[1]) ?? 0
            #expect(first.stdout.split(separator: "\n").dropFirst() == again.stdout.split(separator: "\n").dropFirst())
        }
        #expect(total == 10)
    }

    @Test("--replay runs one run and prints its steps; --no-shrink reports without writing")
    func replayAndNoShrink() throws {
        let folder = try TempFolder(["lock.lua": PlantedBug.lock.source])

        let replayed = try BuiltBinary.run(["explore", "lock.lua", "--steps", "60", "--replay", "3:12", "--no-shrink"], in: folder.path)

        #expect(replayed.status == 1)
        let lines = replayed.stdout.split(separator: "\n")
        #expect(lines.first == "explore: seed=3 replay=3:12 steps=60 jobs=1")
        #expect(lines.filter { $0.hasPrefix("  ") }.count == 30)
        #expect(
            lines.suffix(3) == [
                "run 12, step 30: invariant stays_locked failed: lock.lua:16: the lock opened after 10 presses",
                "replay: scenesim explore lock.lua --steps 60 --replay 3:12",
                "explore: 1 run, 30 steps, 1 failure (run 12)",
            ])
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/scenarios/found"))
    }

    @Test("--stats counts each rule and warns about rules that never ran")
    func stats() throws {
        let folder = try TempFolder([
            "narrow.lua": """
            return {
              setup = function() return sim.launch {} end,
              builtin = { "advance", "retry" },
              rules = { never = { pre = function() return false end, run = function() end } },
            }

            """
        ])

        let result = try BuiltBinary.run(["explore", "narrow.lua", "--seed", "1", "--runs", "2", "--steps", "5", "--stats"], in: folder.path)

        #expect(result.status == 0)
        #expect(
            result.stdout == """
                explore: seed=1 runs=2 steps=5 jobs=\(ProcessInfo.processInfo.activeProcessorCount)
                explore: 2 runs, 10 steps, no failure
                rule     ran  precondition held
                advance   10  10
                never      0  0
                retry      0  0
                warning: rule never never ran: its precondition never held when it was tried; a rule that never runs tests nothing
                warning: rule retry never ran: its precondition never held when it was tried; a rule that never runs tests nothing

                """)
        #expect(result.stderr.hasPrefix("explore: 10 steps in "))
    }

    @Test(
        "--stats lists only the built-in rules the app can take: no intents its declared model lacks, no overlays and no disconnect on macOS, no network or revoke for a model that never asks the server, so no warnings about them"
    )
    func statsFollowModelAndPlatform() throws {
        let folder = try TempFolder([
            "mac.lua": """
            return {
              setup = function()
                return sim.launch {
                  platform = "macos",
                  model = { states = { ready = {}, busy = {} }, initial = "ready", transitions = { ready = { "busy" }, busy = { "ready" } },
                    intents = { work = function(app) app:transition("busy") end } },
                }
              end,
            }

            """
        ])

        // 40 steps a run: with the Mac's own rules (semantics 13) among them, every rule runs.
        let result = try BuiltBinary.run(["explore", "mac.lua", "--seed", "1", "--runs", "3", "--steps", "40", "--stats", "-j", "1"], in: folder.path)

        #expect(result.status == 0)
        #expect(
            result.stdout == """
                explore: seed=1 runs=3 steps=40 jobs=1
                explore: 3 runs, 120 steps, no failure
                rule                    ran  precondition held
                advance                  15  15
                background                7  7
                background_window         3  13
                close                     8  11
                dismiss_window           12  12
                focus                    11  14
                foreground                3  3
                hide                      5  5
                launch                    1  1
                minimize                  5  8
                open_window               5  5
                reopen                   21  21
                settle                    5  5
                storage_write             8  13
                terminate_crash           4  4
                terminate_force           1  1
                terminate_keep_windows    1  1
                terminate_system          2  2
                terminate_user            3  3

                """)
    }

    @Test("A builtin list naming a rule whose call the app can never make is a module error (exit 2), not a failure found in the app")
    func builtinListTheAppCannotTake() throws {
        let launch = "setup = function() return sim.launch { scenes = { { id = \"main\" } } } end"
        let folder = try TempFolder([
            "minimize.lua": "return { \(launch), builtin = { \"minimize\", \"advance\" } }\n",
            "settings.lua": "return { \(launch), builtin = { \"open_settings\" } }\n",
            "url.lua": "return { \(launch), builtin = { \"open_url\" } }\n",
            "switcher.lua":
                "return { setup = function() return sim.launch { platform = \"macos\", scenes = { { id = \"main\" } } } end, builtin = { \"switcher\", \"advance\" } }\n",
        ])
        for (module, why) in [
            ("minimize.lua", "builtin lists \"minimize\", which this app cannot take: w:minimize() exists only on macos; this app runs on ipados; leave it out of the list"),
            (
                "settings.lua",
                "builtin lists \"open_settings\", which this app cannot take: app:open_settings() exists only on macos; this app runs on ipados; leave it out of the list"
            ),
            ("url.lua", "builtin lists \"open_url\", which this app cannot take: it declares no routes (sim.launch { routes = ... }); leave it out of the list"),
        ] {
            let result = try BuiltBinary.run(["explore", module, "--seed", "1", "--runs", "5", "--out", "found"], in: folder.path)
            #expect(result.status == 2, "\(result)")
            #expect(result.stderr.contains("\(module): \(why)\n"), "\(result)")
            #expect(!FileManager.default.fileExists(atPath: folder.path + "/found"))
        }
        // A call the app only refuses (the switcher on macOS) is taken as written and never runs.
        let refused = try BuiltBinary.run(["explore", "switcher.lua", "--seed", "1", "--runs", "5"], in: folder.path)
        #expect(refused.status == 0, "\(refused)")
    }

    @Test("A module rule's precondition that raises is a module error (exit 2) naming the rule, the step and what to do, not a failure whose replay cannot show it")
    func preconditionThatRaises() throws {
        let folder = try TempFolder([
            "pre.lua": """
            return {
              setup = function() return sim.launch { platform = "iphone" } end,
              rules = { r = { pre = function(app) return app.defaults.n.x end, run = function() end } },
              builtin = { "advance" },
            }
            """
        ])

        let result = try BuiltBinary.run(["explore", "pre.lua", "--seed", "1", "--runs", "5", "--out", "found"], in: folder.path)

        // Before: "rule r failed" at the step before, then "nondeterminism: the shrunk run did
        // not replay the same way twice" and exit 3, as the draw it failed in was no step.
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.hasPrefix("explore: run 0 of pre.lua could not run:\npre.lua: the precondition of rule r raised an error before step "), "\(result)")
        #expect(
            result.stderr.contains(
                ": pre.lua:3: attempt to index a nil value (field 'n'); a precondition says whether the rule can run now: make it return false where it cannot\n"), "\(result)")
        #expect(!result.stdout.contains("nondeterminism"))
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/found"))
    }

    @Test("A module that cannot run, and bad flags, are exit status 2 with a message that says what to do")
    func brokenModuleAndUsage() throws {
        let folder = try TempFolder(["nosetup.lua": "return { rules = {} }\n"])

        let broken = try BuiltBinary.run(["explore", "nosetup.lua", "--seed", "1", "--runs", "1"], in: folder.path)
        let replay = try BuiltBinary.run(["explore", "nosetup.lua", "--replay", "7"], in: folder.path)
        let both = try BuiltBinary.run(["explore", "nosetup.lua", "--runs", "3", "--time", "1"], in: folder.path)
        let emptyOut = try BuiltBinary.run(["explore", "nosetup.lua", "--out", ""], in: folder.path)
        // A negative number is the option's value, not another option: its own message.
        let negative = try BuiltBinary.run(["explore", "nosetup.lua", "--runs", "-1"], in: folder.path)
        let hugeTime = try BuiltBinary.run(["explore", "nosetup.lua", "--time", "1e300"], in: folder.path)
        let replayAndSeed = try BuiltBinary.run(["explore", "nosetup.lua", "--replay", "5:0", "--seed", "7"], in: folder.path)

        #expect(broken.status == 2)
        #expect(broken.stdout == "explore: seed=1 runs=1 steps=50 jobs=\(ProcessInfo.processInfo.activeProcessorCount)\n")
        // The message alone: the engine's frames (explore:397: in local 'fail', ...) name no
        // line of the module.
        #expect(
            broken.stderr
                == "explore: run 0 of nosetup.lua could not run:\nnosetup.lua: setup must be a function that launches the app, e.g. setup = function() return sim.launch {} end (got nil)\n"
        )
        #expect(replay.status == 2)
        #expect(replay.stderr.hasPrefix("Error: invalid --replay '7': expected SEED:RUN as a failure report prints it, e.g. --replay 7:12\n"))
        #expect(both.status == 2)
        #expect(both.stderr.hasPrefix("Error: give --runs or --time, not both\n"))
        // An empty path named the root folder: found scenarios were written into /.
        #expect(emptyOut.status == 2)
        #expect(emptyOut.stderr.hasPrefix("Error: --out needs a folder for the scenarios found, e.g. --out scenarios/found (got an empty path)\n"))
        #expect(negative.status == 2)
        #expect(negative.stderr.hasPrefix("Error: --runs must be 1 or more, not -1\n"), "\(negative)")
        #expect(hugeTime.status == 2)
        #expect(hugeTime.stderr.hasPrefix("Error: --time must be a number of seconds above 0 and at most 1000000, e.g. --time 30\n"))
        #expect(replayAndSeed.status == 2)
        #expect(replayAndSeed.stderr.hasPrefix("Error: --replay 5:0 replays a run of seed 5, not of --seed 7; drop --seed or give --replay 7:RUN\n"), "\(replayAndSeed)")
    }

    @Test("--time explores until the time is up; the header says so instead of runs=")
    func timeBudget() throws {
        let folder = try TempFolder(["plain.lua": "return { setup = function() return sim.launch {} end }\n"])

        let result = try BuiltBinary.run(["explore", "plain.lua", "--seed", "2", "--time", "0.3", "--steps", "10", "-j", "1"], in: folder.path)

        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.first == "explore: seed=2 time=0.3s steps=10 jobs=1")
        let runs = try #require(lines.last.flatMap { Int($0.split(separator: " ")[1]) })
        #expect(runs > 0 && lines.last == "explore: \(runs) runs, \(runs * 10) steps, no failure")
    }

    @Test("A built-in rule whose call fails in the module's hook is a failure of that rule; its scenario fails with the hook's error")
    func builtinRuleFailure() throws {
        let folder = try TempFolder([
            "hook.lua": """
            return {
              setup = function()
                local app = sim.launch { scenes = { { id = "main" }, { id = "doc", value = "string" } } }
                app:on("scene_phase", function(w, _, new)
                  if new == "disconnected" and w.group == "doc" then error("a doc was disconnected") end
                end)
                return app
              end,
            }

            """
        ])

        let result = try BuiltBinary.run(["explore", "hook.lua", "--seed", "1", "--runs", "100", "--steps", "60", "--out", "found"], in: folder.path)
        let replayed = try BuiltBinary.run(["run", "--trace", "off", "found/hook-1-2.lua"], in: folder.path)

        // Dismissing a window closes it, and a closed window's handlers hear it disconnect
        // (semantics 2.3), which the hook refuses for a doc.
        #expect(result.status == 1)
        #expect(result.stdout.contains("\nshrunk: 38 steps -> 2 (19 replays): rule dismiss_window failed: hook.lua:5: a doc was disconnected\n"))
        #expect(result.stdout.contains("\n  1  app:open_window(\"doc\", \"A\")\n  2  app:dismiss_window(\"doc\", \"A\")\nwrote found/hook-1-2.lua\n"))
        #expect(replayed.status == 1)
        #expect(replayed.stderr.hasPrefix("hook.lua:5: a doc was disconnected\n"))
    }

    @Test(
        "A module whose file name holds a quote and a newline: the found scenario's load line is a valid Lua string, it replays with the failure, and the report shows the name escaped"
    )
    func oddModuleName() throws {
        let name = "we\"ird\nname.lua"
        let folder = try TempFolder([
            name: "return { setup = function() return sim.launch {} end, builtin = false,\n  rules = { boom = { run = function() error(\"boom\") end } } }\n"
        ])

        let result = try BuiltBinary.run(["explore", name, "--seed", "1", "--runs", "1", "--steps", "2", "--out", "found"], in: folder.path)
        let written = try #require(try FileManager.default.contentsOfDirectory(atPath: folder.path + "/found").first)
        let replayed = try BuiltBinary.run(["run", "--trace", "off", "found/" + written], in: folder.path)

        #expect(result.status == 1)
        #expect(result.stdout.contains("\nwrote found/we\"ird\\010name-1-0.lua\n"), "\(result)")
        #expect(try String(contentsOfFile: folder.path + "/found/" + written, encoding: .utf8).contains("local explore = sim.explore.load \"../we\\\"ird\\nname.lua\"\n"))
        #expect(replayed.status == 1)
        #expect(replayed.stderr.hasPrefix("found/we\"ird\\010name-1-0.lua:9: rule boom failed: we\"ird\nname.lua:2: boom\n"), "\(replayed)")
    }

    @Test("Shrinking keeps the failure found: a smaller argument that fails the same rule at another line is another bug, and is not taken")
    func shrinkKeepsThePlace() throws {
        let folder = try TempFolder([
            "two.lua": """
            return { setup = function() return sim.launch { scenes = { { id = "main" } } } end, builtin = false,
              rules = { pick = { args = { s = sim.gen.one_of { "a", "b" } }, run = function(_, a)
                if a.s == "a" then error("a arrived") end
                error("b arrived")
              end } } }

            """
        ])

        // Seed 4 draws "b" first; "a", the smaller choice, fails at line 3 instead of 4.
        let result = try BuiltBinary.run(["explore", "two.lua", "--seed", "4", "--runs", "1", "--steps", "3", "--out", "found"], in: folder.path)
        let replayed = try BuiltBinary.run(["run", "--trace", "off", "found/two-4-0.lua"], in: folder.path)

        #expect(result.status == 1)
        #expect(result.stdout.contains("\nrun 0, step 1: rule pick failed: two.lua:4: b arrived\n"), "\(result)")
        #expect(result.stdout.contains("\nshrunk: 1 steps -> 1 (2 replays): rule pick failed: two.lua:4: b arrived\n"), "\(result)")
        #expect(replayed.stderr.hasPrefix("found/two-4-0.lua:9: rule pick failed: two.lua:4: b arrived\n"), "\(replayed)")
    }

    @Test("A failure's message shows control bytes and invalid UTF-8 escaped, so it cannot drive the terminal; --replay ignores --shard")
    func displayedMessage() throws {
        let folder = try TempFolder([
            "ctl.lua": """
            return { setup = function() return sim.launch {} end, builtin = { "advance" },
              invariants = { bell = function() error("bad\\7bytes \\255", 0) end } }

            """
        ])

        let result = try BuiltBinary.run(["explore", "ctl.lua", "--replay", "1:3", "--shard", "1/2", "--no-shrink"], in: folder.path)

        #expect(result.status == 1)
        #expect(
            result.stdout == """
                explore: seed=1 replay=1:3 steps=50 jobs=1
                run 3, step 0: invariant bell failed: bad\\007bytes \\255
                replay: scenesim explore ctl.lua --steps 50 --replay 1:3
                explore: 1 run, 0 steps, 1 failure (run 3)

                """)
    }

    @Test("Each run has the limits of scenesim run: an endless invariant stops at --max-instructions, exit 2, saying which invariant and its line, with the hint")
    func limits() throws {
        let folder = try TempFolder(["loop.lua": "return { setup = function() return sim.launch {} end, invariants = { spin = function() while true do end end } }\n"])

        let result = try BuiltBinary.run(["explore", "loop.lua", "--seed", "1", "--runs", "3", "--max-instructions", "100000"], in: folder.path)

        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("explore: run 0 of loop.lua could not run:\n"))
        #expect(result.stderr.contains("\nwhile checking invariant spin: loop.lua:1: instruction limit exceeded (100000 instructions)\n"))
        #expect(result.stderr.hasSuffix("hint: the scenario ran too long (an endless loop?); if it really needs more, raise the limit with --max-instructions N (0 for none)\n"))
    }

    @Test(
        "A memory limit a protected call caught, in an invariant or a rule, stops the exploration with exit 2 and the hint, not a failure to shrink",
        arguments: [
            (
                "invariants = { hog = function() local t = {} for i = 1, 1e8 do t[i] = string.rep('x', 64) .. i end end }",
                "while checking invariant hog: hog.lua:1: memory limit exceeded (8388608 bytes)\n"
            ),
            (
                "rules = { hog = { run = function() local t = {} for i = 1, 1e8 do t[i] = string.rep('x', 64) .. i end end } }",
                "while running rule hog: hog.lua:1: memory limit exceeded (8388608 bytes)\n"
            ),
        ])
    func memoryLimitInsideTheEngine(body: String, message: String) throws {
        let folder = try TempFolder(["hog.lua": "return { setup = function() return sim.launch {} end, \(body) }\n"])

        let result = try BuiltBinary.run(["explore", "hog.lua", "--seed", "1", "--runs", "2", "--max-memory", "8", "-j", "1"], in: folder.path)

        #expect(result.status == 2)
        // With the traceback of where it tripped, as the instruction limit's (the trip is sticky).
        #expect(result.stderr.hasPrefix("explore: run 0 of hog.lua could not run:\n" + message + "stack traceback:\n\thog.lua:1: in function <hog.lua:1>\n"), "\(result)")
        #expect(result.stderr.hasSuffix("hint: the scenario holds too much memory; if it really needs more, raise the limit with --max-memory MiB (0 for none)\n"))
        #expect(!result.stdout.contains("shrunk"))
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/scenarios/found"))
    }

    @Test("A found scenario replayed by scenesim run: a memory limit inside explore.check() is the run's memory limit with its hint, not an invariant failure")
    func memoryLimitInAFoundScenario() throws {
        let folder = try TempFolder([
            "hog.lua":
                "return { setup = function() return sim.launch {} end, builtin = {}, invariants = { hog = function() local t = {} for i = 1, 1e8 do t[i] = string.rep('x', 64) .. i end end } }\n",
            "found.lua": "local explore = sim.explore.load(\"hog.lua\")\nexplore.setup()\nexplore.check()\n",
        ])

        let result = try BuiltBinary.run(["run", "--trace", "off", "--max-memory", "8", "found.lua"], in: folder.path)

        #expect(result.status == 1)
        #expect(!result.stderr.contains("invariant hog failed"), "\(result)")
        #expect(result.stderr.hasSuffix("hint: the scenario holds too much memory; if it really needs more, raise the limit with --max-memory MiB (0 for none)\n"), "\(result)")
    }

    @Test("The simulator's own records passing --max-memory inside a rule stop the exploration with exit 2 too")
    func simulatorMemoryLimitInsideARule() throws {
        let folder = try TempFolder([
            "windows.lua": """
            return {
              setup = function() return sim.launch { scenes = { { id = "doc", kind = "window_group", value = "integer" } } } end,
              builtin = {},
              rules = { many = { run = function(app) for i = 1, 1e7 do app:open_window("doc", i) end end } },
            }

            """
        ])

        let result = try BuiltBinary.run(["explore", "windows.lua", "--seed", "1", "--runs", "1", "--max-memory", "1", "-j", "1"], in: folder.path)

        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("explore: run 0 of windows.lua could not run:\nwhile running rule many: windows.lua:4: "))
        #expect(result.stderr.contains("would pass the memory limit (1048576 bytes)"))
        #expect(!result.stdout.contains("shrunk"))
    }

    @Test("Background tasks with long names passing --max-memory inside a rule stop the exploration with exit 2 (issue 43: 3 GB under --max-memory 16)")
    func backgroundTasksMemoryLimitInsideARule() throws {
        let folder = try TempFolder([
            "tasks.lua": """
            return {
              setup = function() return sim.launch {} end,
              builtin = {},
              rules = { many = { run = function(app) local name = string.rep("n", 100000) for i = 1, 30000 do app:begin_background_task(name) end end } },
            }

            """
        ])

        let result = try BuiltBinary.run(["explore", "tasks.lua", "--seed", "1", "--runs", "1", "--max-memory", "16", "-j", "1"], in: folder.path)

        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("explore: run 0 of tasks.lua could not run:\nwhile running rule many: tasks.lua:4: "), "\(result.stderr)")
        #expect(result.stderr.contains("would pass the memory limit (16777216 bytes)"))
    }

    @Test("A found scenario that cannot be written is exit 2 with the system's reason, not a Foundation error value")
    func unwritableOut() throws {
        let folder = try TempFolder([
            "fails.lua": "return { setup = function() return sim.launch {} end, builtin = {}, invariants = { no = function() return false end } }\n",
            "file": "",
        ])

        let result = try BuiltBinary.run(["explore", "fails.lua", "--seed", "1", "--runs", "1", "--out", "file/found"], in: folder.path)

        #expect(result.status == 2)
        #expect(result.stderr.contains("explore: cannot write file/found/fails-1-0.lua: Not a directory\n"))
        #expect(!result.stderr.contains("CocoaError"))
    }

    @Test("A rule that was never drawn is warned about as such, not as one whose precondition never held")
    func neverDrawnWarned() throws {
        // `never` is drawn at almost every try and refused; `rare` almost never drawn.
        let folder = try TempFolder([
            "rare.lua": """
            return {
              setup = function() return sim.launch {} end,
              builtin = { "advance", "settle" },
              rules = {
                rare = { weight = 1e-12, run = function() end },
                never = { weight = 1e12, pre = function() return false end, run = function() end },
              },
            }

            """
        ])

        let result = try BuiltBinary.run(["explore", "rare.lua", "--seed", "1", "--runs", "2", "--steps", "5", "--stats", "-j", "1"], in: folder.path)

        #expect(result.status == 0)
        #expect(
            result.stdout == """
                explore: seed=1 runs=2 steps=5 jobs=1
                explore: 2 runs, 10 steps, no failure
                rule     ran  precondition held
                advance    9  9
                never      0  0
                rare       0  0
                settle     1  1
                warning: rule never never ran: its precondition never held when it was tried; a rule that never runs tests nothing
                warning: rule rare never ran: it was never drawn in 10 steps (rules are drawn by weight); explore more steps or give it more weight; a rule that never runs tests nothing

                """)
    }

    @Test("Without --stats, only the module's own rules that never ran are warned about")
    func ownRulesWarned() throws {
        let folder = try TempFolder([
            "narrow.lua": """
            return {
              setup = function() return sim.launch {} end,
              builtin = { "advance", "retry" },
              rules = { never = { pre = function() return false end, run = function() end } },
            }

            """
        ])

        let result = try BuiltBinary.run(["explore", "narrow.lua", "--seed", "1", "--runs", "2", "--steps", "5", "-j", "1"], in: folder.path)

        #expect(result.status == 0)
        #expect(
            result.stdout == """
                explore: seed=1 runs=2 steps=5 jobs=1
                explore: 2 runs, 10 steps, no failure
                warning: rule never never ran: its precondition never held when it was tried; a rule that never runs tests nothing

                """)
    }
}
