import Foundation
import Testing

/// Explore's loop runs without the count hook (the engine's "Counted and uncounted code"): the
/// instruction limit counts only the module's code. These modules change everything a script
/// can reach (strings' metatable, the libraries, the globals, `sim`'s functions, generators) and
/// put an endless loop behind each: only script code may run into one, so an exploration ends,
/// and where it loops it stops at the limit naming the module's line. Each run is killed
/// after two minutes, a hang (the engine running script code uncounted) failing the test.
@Suite("scenesim explore's uncounted loop runs no script code")
struct ExploreUncountedTests {
    static let timeLimit = 120.0

    /// A module that vandalises at load (`atLoad`) and in a precondition, a rule, an invariant
    /// and an eventually check; `failAfter` checks, its invariant fails.
    static func vandal(atLoad: Bool, failAfter: Int? = nil) -> String {
        """
        local getmetatable, setmetatable, rawset, pairs, ipairs = getmetatable, setmetatable, rawset, pairs, ipairs
        local string, table, math, sim, G = string, table, math, sim, _G
        local function loop() while true do end end
        local function vandalize()
          local strings = getmetatable("")
          strings.__index, strings.__tostring, strings.__name = loop, loop, nil
          for _, lib in ipairs { string, table, math } do
            for k in pairs(lib) do lib[k] = loop end
          end
          for _, k in ipairs { "tostring", "tonumber", "pairs", "ipairs", "type", "pcall", "error", "select", "next",
                               "rawget", "rawset", "setmetatable", "getmetatable", "load" } do
            G[k] = loop
          end
          setmetatable(G, { __index = loop, __newindex = loop })
          for _, k in ipairs { "settle", "advance", "network" } do rawset(sim, k, loop) end
          rawset(sim.server, "revoke", loop)
          rawset(sim.system, "refresh", loop)
        end
        local word = sim.gen.one_of { "a", "b" }
        for _, k in ipairs { "draw", "resolve", "take", "spell", "text", "minimum" } do rawset(word, k, loop) end
        local generators = getmetatable(word)
        generators.__index, generators.__tostring = loop, loop
        local checks = 0
        local module = {
          setup = function()
            return sim.launch {
              platform = "macos",
              scenes = { { id = "main" }, { id = "doc", value = "string" }, { id = "prefs", kind = "settings" } },
              routes = { doc = "doc" },
            }
          end,
          background_tasks = true,
          rules = {
            mine = {
              args = { word = word, window = sim.gen.window("live") },
              pre = function(app) vandalize() return app.running end,
              run = function(_, a) vandalize() a.extra = setmetatable({}, { __index = loop }) end,
            },
          },
          invariants = {
            vandal = function()
              vandalize()
              checks = checks + 1
              if checks > \(failAfter ?? Int.max) then return false, "planted" end
            end,
          },
          eventually = { vandal = function() vandalize() end },
        }
        \(atLoad ? "vandalize()" : "")
        return module
        """
    }

    @Test("With everything vandalised, at load or only during the runs, every built-in rule and the module's run to the end", arguments: [true, false])
    func vandalised(atLoad: Bool) throws {
        let folder = try TempFolder(["vandal.lua": Self.vandal(atLoad: atLoad)])

        let result = try BuiltBinary.run(["explore", "vandal.lua", "--seed", "1", "--runs", "30", "--steps", "60"], in: folder.path, timeout: Self.timeLimit)

        #expect(!result.timedOut, "explore hung: the engine ran script code uncounted")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.hasSuffix("explore: 30 runs, 1800 steps, no failure\n"))
    }

    @Test("With everything vandalised, a failure is spelled, shrunk and written")
    func vandalisedFailure() throws {
        let folder = try TempFolder(["vandal.lua": Self.vandal(atLoad: false, failAfter: 30)])

        let result = try BuiltBinary.run(["explore", "vandal.lua", "--seed", "1", "--runs", "5", "--steps", "50", "--out", "found"], in: folder.path, timeout: Self.timeLimit)

        #expect(!result.timedOut, "explore hung: the engine ran script code uncounted")
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout.contains("run 0, step 30: invariant vandal failed: planted\n"))
        #expect(result.stdout.contains("\nwrote found/vandal-1-0.lua\n"))
        let scenario = try String(contentsOfFile: folder.path + "/found/vandal-1-0.lua", encoding: .utf8)
        #expect(scenario.split(separator: "\n").filter { $0.hasSuffix("; explore.check()") }.count == 30)
    }

    @Test(
        "A module's table that answers differently when read again is checked again, with the message of the first check",
        arguments: [
            // A weight that becomes a string once setup ran (the loop adds weights up).
            (
                """
                local launched = false
                local rule = setmetatable({ run = function() end }, { __index = function(_, k) if k == "weight" then return launched and "heavy" or 1 end end })
                return { setup = function() launched = true return sim.launch {} end, builtin = false, rules = { r = rule } }
                """, "m.lua: rules.r.weight must be a positive number (got \"heavy\")"
            ),
            // A generator that becomes a number once setup ran.
            (
                """
                local launched = false
                local word = sim.gen.one_of { "a" }
                local args = setmetatable({}, { __pairs = function() return next, { x = true }, nil end, __index = function() return launched and 42 or word end })
                return { setup = function() launched = true return sim.launch {} end, builtin = false, rules = { r = { args = args, run = function() end } } }
                """, "m.lua: rules.r.args.x must be a generator such as sim.gen.one_of { ... } or sim.gen.int(lo, hi) (got 42)"
            ),
            // Invariants whose names become numbers at the second pass (the loop joins names to text).
            (
                """
                local reads = 0
                local invariants = setmetatable({}, {
                  __pairs = function() reads = reads + 1 return next, reads == 1 and { ok = true } or { [1] = true }, nil end,
                  __index = function() return function() end end,
                })
                return { setup = function() return sim.launch {} end, builtin = false, rules = { r = { run = function() end } }, invariants = invariants }
                """, "m.lua: invariants.1 must be a function(app) that errors or returns false when broken (got function)"
            ),
        ])
    func readAgain(module: String, message: String) throws {
        let folder = try TempFolder(["m.lua": module])

        let result = try BuiltBinary.run(["explore", "m.lua", "--seed", "1", "--runs", "2"], in: folder.path, timeout: Self.timeLimit)

        #expect(!result.timedOut, "explore hung")
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.hasPrefix("explore: run 0 of m.lua could not run:\n" + message + "\n"), "\(result)")
    }

    @Test(
        "Script code the loop reaches is counted: an endless loop there stops at the limit, naming what ran and the module's line",
        arguments: [
            (
                "invariants = { inv = function() return false, setmetatable({}, { __tostring = function()\nwhile true do end end }) end }",
                "while checking invariant inv: m.lua:2: instruction limit exceeded (1000000 instructions)"
            ),
            (
                "eventually = { ev = function() return false, setmetatable({}, { __tostring = function()\nwhile true do end end }) end }",
                "while checking eventually ev: m.lua:2: instruction limit exceeded (1000000 instructions)"
            ),
            (
                "rules = { r = { run = function() error(setmetatable({}, { __tostring = function()\nwhile true do end end })) end } }",
                "while running rule r: m.lua:2: instruction limit exceeded (1000000 instructions)"
            ),
            (
                "rules = { r = { pre = function()\nwhile true do end end, run = function() end } }",
                "while checking the precondition of rule r: m.lua:2: instruction limit exceeded (1000000 instructions)"
            ),
            // The text of a string error is made by tostring too, which a script can change.
            (
                "rules = { r = { run = function() getmetatable('').__tostring = function()\nwhile true do end end; error('x') end } }",
                "while running rule r: m.lua:2: instruction limit exceeded (1000000 instructions)"
            ),
        ])
    func countedLoops(module: String, message: String) throws {
        let source = "return { setup = function() return sim.launch {} end, builtin = false, \(module) }\n"
        let folder = try TempFolder(["m.lua": source])

        let result = try BuiltBinary.run(["explore", "m.lua", "--seed", "1", "--runs", "3", "--max-instructions", "1000000"], in: folder.path, timeout: Self.timeLimit)

        #expect(!result.timedOut, "explore hung")
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("\n" + message + "\n"), "\(result)")
    }

    @Test(
        "A built-in rule Swift runs whole (native.step) whose input runs app code: a limit there names the rule, an error fails it",
        arguments: [
            (
                "function()\nwhile true do end end",
                "explore: run 0 of m.lua could not run:\nwhile running rule background: m.lua:5: instruction limit exceeded (1000000 instructions)\n", 2
            ),
            // Strings of 4 KiB made by the loop's own concatenation (so the trip has its line): the
            // memory limit trips after about 2,000 turns, far from the instruction limit (with
            // 64-byte strings the two raced, and a few more bytes of engine moved the winner).
            (
                "function() local t, x = {}, string.rep('x', 4096)\nfor i = 1, 1e8 do t[i] = x .. i end end",
                "explore: run 0 of m.lua could not run:\nwhile running rule background: m.lua:5: memory limit exceeded (8388608 bytes)\n", 2
            ),
            ("function()\nerror('lost the draft') end", "rule background failed: m.lua:5: lost the draft", 1),
            ("function()\nerror({ code = 1 }) end", "rule background failed: {code = 1}", 1),
        ])
    func nativeStepAppCode(hook: String, message: String, status: Int32) throws {
        let source = """
            return {
              setup = function()
                local app = sim.launch { scenes = { { id = "main" } } }
                app:on("phase", function(_, new) if new == "background" then (\(hook))() end end)
                return app
              end,
              builtin = { "background", "foreground" },
            }
            """
        let folder = try TempFolder(["m.lua": source])

        let result = try BuiltBinary.run(
            [
                "explore", "m.lua", "--seed", "1", "--runs", "3", "--max-instructions", "1000000", "--max-memory", "8",
                "--out", "found",
            ], in: folder.path, timeout: Self.timeLimit)

        #expect(!result.timedOut, "explore hung")
        #expect(result.status == status, "\(result)")
        #expect((result.stdout + result.stderr).contains(message), "\(result)")
    }

    @Test(
        "The engine's own set-up is not charged to a run: a module of a few hundred instructions explores under --max-instructions 3000, and a smaller budget trips in the module's own code"
    )
    func engineLoadUncounted() throws {
        let folder = try TempFolder([
            "m.lua": """
            local n = 0
            return {
              setup = function() n = 0; return sim.launch { scenes = { { id = "main" } } } end,
              rules = { bump = { run = function() n = n + 1 end } },
              invariants = { small = function() return n < 1000 end },
            }

            """
        ])
        let roomy = try BuiltBinary.run(["explore", "m.lua", "--seed", "1", "--runs", "3", "--max-instructions", "3000"], in: folder.path, timeout: Self.timeLimit)
        #expect(roomy.status == 0, "\(roomy)")
        let tight = try BuiltBinary.run(["explore", "m.lua", "--seed", "1", "--runs", "3", "--max-instructions", "300"], in: folder.path, timeout: Self.timeLimit)
        #expect(tight.status == 2)
        #expect(tight.stderr.contains("\nwhile checking invariant small: m.lua:5: instruction limit exceeded (300 instructions)\n"), "\(tight)")
    }

    @Test("A scenario that replaces sim's tables before it first uses sim.gen loads the engine counted: a loop behind them stops at the limit")
    func engineLoadAfterScriptCode() throws {
        let folder = try TempFolder([
            "v.lua": """
            sim.server = setmetatable({}, { __index = function() while true do end end })
            local g = sim.gen.bool()

            """
        ])
        let result = try BuiltBinary.run(["run", "--trace", "off", "--max-instructions", "100000", "v.lua"], in: folder.path, timeout: Self.timeLimit)
        #expect(!result.timedOut, "the engine ran the script's __index uncounted")
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("v.lua:1: instruction limit exceeded (100000 instructions)\n"), "\(result)")
    }
}
