import Foundation
import LuaKit
@testable import SceneSimExplore
import SceneSimScriptTestSupport
import SceneSimScripting
import Testing

/// Issue 11: misuse of sim.gen and of an exploration module is an error that says where, what
/// and what to do; a module's runs depend on the seed and run index only.
@Suite("Exploration modules and generators")
struct ExploreModuleTests {
    @Test("Generators refuse bad arguments at the caller's line")
    func generatorMisuse() {
        #expect(runScript("sim.gen.int(3, 1)").error?.hasPrefix("test.lua:1: sim.gen.int(lo, hi) takes two integers with lo <= hi, e.g. sim.gen.int(1, 10) (got 3, 1)") == true)
        #expect(
            runScript("sim.gen.one_of {}").error?.hasPrefix("test.lua:1: sim.gen.one_of takes a non-empty list of values, e.g. sim.gen.one_of { \"A\", \"B\" } (got table)") == true
        )
        #expect(
            runScript("\nsim.gen.one_of { {} }").error?.hasPrefix(
                "test.lua:2: sim.gen.one_of: choice 1 is a table; choices are strings, numbers or booleans, so a found scenario can spell them") == true)
        #expect(
            runScript("sim.gen.window(\"open\")").error?.hasPrefix(
                "test.lua:1: sim.gen.window(app, kind): kind is \"live\", \"connected\", \"visible\" or \"background\" (got \"open\")") == true)
        #expect(
            runScript("sim.gen.float(1, 0/0)").error?.hasPrefix("test.lua:1: sim.gen.float(lo, hi) takes two finite numbers with lo <= hi, e.g. sim.gen.float(0, 1) (got 1, (0/0))")
                == true)
        #expect(
            runScript("print(sim.gen.one_of { \"a\\n\", 2, 2.5, true }, sim.gen.bool(), sim.gen.window())").output
                == "generator one_of {\"a\\010\", 2, 2.5, true}\tgenerator bool()\tgenerator window(\"live\")\n")
    }

    @Test("sim.gen.float takes any two finite numbers, even when their distance overflows, and draws within them (issue 43)")
    func floatOverWholeRange() throws {
        #expect(runScript("print(sim.gen.float(-1e308, 1e308))").output == "generator float(-1e+308, 1e+308)\n")
        #expect(runScript("sim.gen.float(-math.huge, 0)").error?.hasPrefix("test.lua:1: sim.gen.float(lo, hi) takes two finite numbers with lo <= hi") == true)
        let folder = try ScenarioFolder([
            "wide.lua": """
            local seen = 0
            return {
              setup = function() return sim.launch {} end,
              builtin = false,
              rules = { draw = { args = { x = sim.gen.float(-1e308, 1e308), y = sim.gen.float(-1.5, 2) },
                run = function(_, a) seen = seen + 1; assert(a.x >= -1e308 and a.x <= 1e308 and a.y >= -1.5 and a.y <= 2, tostring(a.x)) end } },
              invariants = { spread = function() return true end },
            }

            """
        ])
        let run = try ExplorationRunner(file: folder.path + "/wide.lua").run(seed: 3, run: 0, steps: 40, keepSteps: true)
        #expect(run.failure == nil, "\(String(describing: run.failure))")
        #expect(run.steps.count == 40)
        let xs = run.steps.compactMap { step -> Double? in
            if case .number(let x)? = step.choices.first(where: { $0.key == "x" })?.value { return x }
            return nil
        }
        #expect(xs.count == 40 && xs.allSatisfy(\.isFinite))
        #expect(xs.contains { $0 < -1e300 } && xs.contains { $0 > 1e300 }, "\(xs)")
    }

    @Test("A failure's message is capped with a mark of its size: a 10 MB message is not printed whole nor written into the found scenario (issue 43)")
    func longFailureMessage() throws {
        let folder = try ScenarioFolder([
            "long.lua": """
            return {
              setup = function() return sim.launch {} end,
              builtin = false,
              rules = { noop = { run = function() end } },
              invariants = { huge = function() return false, "x" .. string.rep("y", 10 * 1024 * 1024) end },
            }

            """
        ])
        let run = try ExplorationRunner(file: folder.path + "/long.lua").run(seed: 1, run: 0, steps: 3)
        let message = try #require(run.failure?.message)
        #expect(message.utf8.count < 5000)
        #expect(message.hasPrefix("xyyy"))
        #expect(message.hasSuffix("...(10485761 bytes)"))
    }

    @Test("A module with a mistake is refused before any run, naming the module and the key")
    func moduleMistakes() throws {
        let folder = try ScenarioFolder([
            "weight.lua": "return { setup = function() end, rules = { r = { weight = 0, run = function() end } } }\n",
            "args.lua": "return { setup = function() end, rules = { r = { args = { n = 3 }, run = function() end } } }\n",
            // One generator for the whole args table: the run got the generator, and drew nothing.
            "onegen.lua": "return { setup = function() end, rules = { r = { args = sim.gen.int(1, 3), run = function() end } } }\n",
            "rulekey.lua": "return { setup = function() end, rules = { r = { arg = {}, run = function() end } } }\n",
            "typo.lua": "return { setup = function() end, builtin = { \"terminate_sytem\" } }\n",
            "key.lua": "return { setup = function() end, invariant = {} }\n",
            "clash.lua": "return { setup = function() end, rules = { focus = { run = function() end } } }\n",
            "builtin.lua": "return { setup = function() end, builtin = { \"focus\", \"teleport\" } }\n",
            "noapp.lua": "return { setup = function() end }\n",
            "number.lua": "return { setup = function() sim.launch {} return 42 end }\n",
            // Keys of mixed types cannot be compared: they crashed the engine's sort.
            "mixed.lua": "return { setup = function() end, rules = { r = { args = { sim.gen.int(1, 3), name = sim.gen.bool() }, run = function() end } } }\n",
            "mixedtop.lua": "return { setup = function() end, [1] = true, [false] = 0 }\n",
        ])
        func message(_ file: String) -> String {
            do {
                _ = try ExplorationRunner(file: folder.path + "/" + file).run(seed: 1, run: 0, steps: 5)
                return "no error"
            } catch {
                return error.message.replacing(folder.path + "/", with: "")
            }
        }

        #expect(message("weight.lua") == "weight.lua: rules.r.weight must be a positive number (got 0); to leave the rule out, remove it from rules (or comment it out)")
        #expect(
            message("onegen.lua")
                == "onegen.lua: rules.r.args is one generator; args names each argument's generator, e.g. args = { n = sim.gen.int(1, 3) }, and run gets them as a table: run = function(app, a) ... a.n ... end"
        )
        #expect(message("rulekey.lua") == "rulekey.lua: unknown key \"arg\" in rules.r (did you mean \"args\"?); a rule has weight, pre, args and run")
        #expect(message("typo.lua").hasPrefix("typo.lua: builtin[1] is \"terminate_sytem\", not a built-in rule (did you mean \"terminate_system\"?); they are advance, "))
        #expect(message("args.lua") == "args.lua: rules.r.args.n must be a generator such as sim.gen.one_of { ... } or sim.gen.int(lo, hi) (got 3)")
        #expect(
            message("key.lua")
                == "key.lua: unknown key \"invariant\" in the exploration (did you mean \"invariants\"?); its keys are setup, rules, builtin, background_tasks, watchdog_ok, invariants, eventually"
        )
        #expect(message("clash.lua") == "clash.lua: rules.focus has the name of a built-in rule; rename it, or leave the built-in out with builtin = { ... }")
        #expect(message("builtin.lua").hasPrefix("builtin.lua: builtin[2] is \"teleport\", not a built-in rule; they are advance, advance_past_suspension, background, "))
        #expect(message("noapp.lua") == "noapp.lua: setup must launch the app with sim.launch { ... } and return it")
        #expect(message("number.lua") == "number.lua: setup must launch the app with sim.launch { ... } and return it (it returned a number)")
        #expect(message("mixed.lua") == "mixed.lua: rules.r.args keys are names (got a number key)")
        #expect(message("mixedtop.lua") == "mixedtop.lua: the exploration's keys are names (got a boolean key)")
    }

    @Test("A run depends on the seed and its index only: the same pair gives the same steps, another index others")
    func runsArePureFunctions() throws {
        let folder = try ScenarioFolder(["plain.lua": "return { setup = function() return sim.launch {} end }\n"])
        let runner = ExplorationRunner(file: folder.path + "/plain.lua")

        let first = try runner.run(seed: 9, run: 4, steps: 30, keepSteps: true)
        let again = try runner.run(seed: 9, run: 4, steps: 30, keepSteps: true)
        let other = try runner.run(seed: 9, run: 5, steps: 30, keepSteps: true)

        #expect(first.steps.count == 30 && first.failure == nil)
        #expect(first.steps == again.steps)
        #expect(first.steps != other.steps)
        #expect(try runner.replay(first.steps).steps == first.steps)
    }

    @Test(
        "A failing run's steps spell the arguments each rule was drawn with, even when the module's run changed its arguments table; the same whether the run's steps were kept or not"
    )
    func stepsSpellTheDrawnArguments() throws {
        // The run rewrites, removes and adds arguments; the invariant fails after a few steps,
        // so the failing run's steps are spelled after their runs changed the tables.
        let folder = try ScenarioFolder([
            "change.lua": """
            local ran = 0
            return {
              setup = function() return sim.launch { scenes = { { id = "main" }, { id = "doc", value = "string" } } } end,
              builtin = { "open_window" },
              rules = {
                change = {
                  args = { name = sim.gen.one_of { "A", "B" }, n = sim.gen.int(1, 9), window = sim.gen.window("live") },
                  run = function(_, a) ran = ran + 1; a.name = "changed"; a.n = nil; a.window = nil; a.extra = true end,
                },
              },
              invariants = { few = function() return ran < 3, "ran " .. ran .. " times" end },
            }

            """
        ])
        let runner = ExplorationRunner(file: folder.path + "/change.lua")

        let failing = try runner.run(seed: 1, run: 0, steps: 60)
        let kept = try runner.run(seed: 1, run: 0, steps: 60, keepSteps: true)

        #expect(failing.failure?.label == "invariant few")
        let changes = failing.steps.filter { $0.rule == "change" }
        #expect(changes.count == 3)
        for step in changes {
            #expect(step.code.hasPrefix("explore.rule(\"change\", { n = "), "\(step.code)")
            #expect(step.code.contains("name = \"A\"") || step.code.contains("name = \"B\""), "\(step.code)")
            #expect(step.code.contains("window = explore.window(\""), "\(step.code)")
            #expect(!step.code.contains("changed") && !step.code.contains("extra"), "\(step.code)")
        }
        // Spelled as it ran (kept) or from the copy made before it ran (not kept): the same.
        #expect(failing.steps == kept.steps)
    }

    @Test("A found scenario's misuse of sim.explore is an error at its line that says what to do")
    func loaderMisuse() throws {
        let folder = try ScenarioFolder([
            "lock.lua": "return { setup = function() return sim.launch {} end, rules = { press = { run = function() end } } }\n",
            "number.lua": "local x = 1\nsim.explore.load(42)\n",
            "missing.lua": "\nsim.explore.load(\"nope.lua\")\n",
            "early.lua": "local e = sim.explore.load(\"lock.lua\")\ne.rule(\"press\")\n",
            "typo.lua": "local e = sim.explore.load(\"lock.lua\")\ne.setup()\ne.rule(\"pres\", {})\n",
            "argument.lua": "local e = sim.explore.load(\"code.lua\")\ne.setup()\ne.rule(\"unlock\", { cod = \"0000\", [1] = 2 })\n",
            "noargs.lua": "local e = sim.explore.load(\"lock.lua\")\ne.setup()\ne.rule(\"press\", { times = 2 })\n",
            "notable.lua": "local e = sim.explore.load(\"lock.lua\")\ne.setup()\ne.rule(\"press\", 2)\n",
            "checker.lua": "local e = sim.explore.load(\"lock.lua\")\ne.setup()\ne.chek()\n",
            "code.lua": "return { setup = function() return sim.launch {} end, rules = { unlock = { args = { code = sim.gen.one_of { \"0000\" } }, run = function() end } } }\n",
        ])
        func firstLine(_ name: String) -> String {
            let run = ScenarioRunner.capture(path: folder.path + "/" + name, displayName: name, options: ScenarioOptions().installing(.explore))
            return String(decoding: run.stderr, as: UTF8.self).split(separator: "\n").first.map(String.init)?.replacing(folder.path + "/", with: "") ?? ""
        }

        #expect(firstLine("number.lua") == "number.lua:2: sim.explore.load(path) takes the path of an exploration module (got number)")
        #expect(
            firstLine("missing.lua")
                == "missing.lua:2: sim.explore.load: cannot read the exploration module nope.lua (given as \"nope.lua\"); the path is relative to the scenario's folder")
        #expect(firstLine("early.lua") == "early.lua:2: explore.rule: call explore.setup() first; it launches the app the rules act on")
        #expect(
            firstLine("typo.lua")
                == "typo.lua:3: explore.rule: no rule named \"pres\" in lock.lua (did you mean \"press\"?); its rules are press (built-in rules are the API calls themselves)")
        #expect(firstLine("argument.lua") == "argument.lua:3: explore.rule: rule \"unlock\" has no argument \"cod\" (did you mean \"code\"?); its arguments are code")
        #expect(firstLine("noargs.lua") == "noargs.lua:3: explore.rule: rule \"press\" has no argument \"times\"; it takes no arguments")
        #expect(
            firstLine("notable.lua")
                == "notable.lua:3: explore.rule: the arguments of rule \"press\" are a table keyed by argument name, e.g. explore.rule(\"press\", { ... }) (got 2)")
        #expect(firstLine("checker.lua") == "checker.lua:3: explore has no field \"chek\" (did you mean \"check\"?); fields are check, finish, rule, setup, task, window")
    }

    @Test("A found scenario finishes a task the steps began with explore.task(n); a number no step began is an error at its line")
    func exploreTask() throws {
        let folder = try ScenarioFolder([
            "phone.lua": "return { background_tasks = true, setup = function() return sim.launch { platform = \"iphone\" } end }\n",
            "found.lua": """
            local explore = sim.explore.load "phone.lua"
            local app = explore.setup()
            app:begin_background_task("explore", function(_, task) task:finish() end); explore.check()
            sim.log(explore.task(1):finish(), explore.task(1).status); explore.check()
            explore.task(2):finish()

            """,
        ])
        let run = ScenarioRunner.capture(path: folder.path + "/found.lua", displayName: "found.lua", options: ScenarioOptions().installing(.explore))
        let stdout = String(decoding: run.stdout, as: UTF8.self)
        let stderr = String(decoding: run.stderr, as: UTF8.self)

        #expect(stdout.contains("background task 1 \"explore\" finished"), "\(stdout)")
        #expect(stdout.contains("true finished"), "\(stdout)")
        #expect(stderr.hasPrefix("found.lua:5: explore.task: no background task 2 (the steps above did not begin it)"), "\(stderr)")
    }

    @Test("sim.explore.load follows require's rules: a .lua module in the scenario's folder, its lib/ or its suite; elsewhere refused without a word about the file")
    func loaderSandbox() throws {
        let folder = try ScenarioFolder([
            "secret.lua": "password = hunter2 is not lua\n",
            "suite/explore/lock.lua": "return { setup = function() return sim.launch {} end }\n",
            "suite/lib/helper.lua": "return { setup = function() return sim.launch {} end }\n",
            "suite/found/ok.lua": "sim.explore.load(\"../explore/lock.lua\").setup()\n",
            "suite/found/lib.lua": "sim.explore.load(\"../lib/helper.lua\").setup()\n",
            "suite/found/up.lua": "sim.explore.load(\"../../secret.lua\")\n",
            "suite/found/absolute.lua": "sim.explore.load(\"\(FileManager.default.currentDirectoryPath)/Package.swift\")\n",
            "suite/found/shadow.lua": "sim.explore.load(\"/etc/shadow\")\n",
            "suite/found/missing.lua": "sim.explore.load(\"/no/such/file.lua\")\n",
            "suite/found/text.lua": "sim.explore.load(\"../explore/notes.txt\")\n",
        ])
        func stderr(_ name: String, allowIO: Bool = false) -> String {
            let run = ScenarioRunner.capture(
                path: folder.path + "/suite/" + name, displayName: name, options: ScenarioOptions(allowIO: allowIO).installing(.explore)
            )
            return String(decoding: run.stderr, as: UTF8.self)
        }
        let refused =
            "sim.explore.load: a scenario loads exploration modules (.lua files) only from its own folder, its lib/ folder and its suite (the folder scenesim test runs, or the current directory), as require does; this path is outside them. Move the module there, or run with --allow-io to load one from anywhere"

        #expect(stderr("found/ok.lua") == "")
        #expect(stderr("found/lib.lua") == "")
        for name in ["up", "absolute", "shadow", "missing", "text"] {
            let message = stderr("found/\(name).lua")
            #expect(message.hasPrefix("found/\(name).lua:1: " + refused + "\n"), "\(message)")
            #expect(!message.contains("hunter2") && !message.contains("secret") && !message.contains("/etc") && !message.contains("Package"))
        }
        // With --allow-io a script reads what it likes, as io.open would let it.
        #expect(stderr("found/up.lua", allowIO: true).hasPrefix("\(folder.path)/secret.lua:1: syntax error near 'not'"))
    }

    @Test("An error message keeps every byte visible: control bytes and bytes that are not UTF-8 read \\ddd, never U+FFFD, under scenesim run")
    func errorMessagesShowTheirBytes() throws {
        let folder = try ScenarioFolder(["bad.lua": "error(\"\\27[2Jgone \\255 and \\0\")\n"])

        let run = ScenarioRunner.capture(path: folder.path + "/bad.lua", displayName: "bad.lua", options: ScenarioOptions().installing(.explore))

        #expect(run.status == 1)
        #expect(String(decoding: run.stderr, as: UTF8.self) == "bad.lua:1: \\027[2Jgone \\255 and \\000\nstack traceback:\n\tbad.lua:1: in main chunk\n")
    }

    @Test("sim.gen.int draws from any range of integers, the whole 64 bits included, and a run still replays")
    func wideIntegerRanges() throws {
        let folder = try ScenarioFolder([
            "wide.lua": """
            local seen = {}
            return {
              setup = function() return sim.launch {} end,
              builtin = {},
              rules = {
                all = { args = { n = sim.gen.int(math.mininteger, math.maxinteger) }, run = function(_, a) seen[#seen + 1] = a.n end },
                low = { args = { n = sim.gen.int(math.mininteger, -1) }, run = function(_, a) assert(a.n < 0) end },
              },
              invariants = { integers = function() for _, n in ipairs(seen) do assert(math.type(n) == "integer") end end },
            }

            """
        ])
        let runner = ExplorationRunner(file: folder.path + "/wide.lua")

        let run = try runner.run(seed: 3, run: 0, steps: 40, keepSteps: true)

        #expect(run.failure == nil)
        #expect(run.steps.count == 40)
        #expect(Set(run.steps.flatMap(\.choices).map { "\($0.value)" }).count > 30, "wide draws repeat rarely")
        #expect(try runner.replay(run.steps).steps == run.steps)
    }
}
