import Foundation
import Testing

/// Issue 44, items 1 to 3: explore on an app with a repeating timer, the built-in steps an app
/// can never take or that do nothing for it, and eventually checks that never applied.
@Suite("scenesim explore with repeating timers, only the steps that can happen, and vacuous eventually checks")
struct ExploreTimersAndDrawTests {
    /// A feed app whose model refreshes every 30 s (a repeating app:after), with a bug planted
    /// in the refresh: it fails once three windows are open.
    static let feed = """
        local function refresh(app)
          if #app.windows >= 3 then error("refresh with " .. #app.windows .. " windows open") end
          app:after(30, refresh)
        end

        return {
          setup = function()
            return sim.launch {
              scenes = { { id = "main" }, { id = "doc", value = "string" } },
              model = { states = { feed = {} }, initial = "feed", transitions = { feed = {} }, on_launch = refresh },
            }
          end,
        }

        """

    @Test("A model with a 30 s repeating timer explores without failing on settle, and a bug planted in the timer shrinks to its three steps")
    func repeatingTimerShrinks() throws {
        let folder = try TempFolder(["feed.lua": Self.feed])

        let result = try BuiltBinary.run(["explore", "feed.lua", "--seed", "1", "--runs", "100", "--steps", "50", "--out", "found"], in: folder.path)

        #expect(result.status == 1, "\(result)")
        #expect(
            result.stdout == """
                explore: seed=1 runs=100 steps=50 jobs=\(ProcessInfo.processInfo.activeProcessorCount)
                run 4, step 31: rule advance failed: feed.lua:2: refresh with 3 windows open
                replay: scenesim explore feed.lua --steps 50 --replay 1:4
                shrunk: 31 steps -> 3 (26 replays): rule advance failed: feed.lua:2: refresh with 3 windows open
                  1  app:open_window("main")
                  2  app:open_window("main")
                  3  sim.advance(3600)
                wrote found/feed-1-4.lua
                explore: 5 runs, 231 steps, 1 failure (run 4)

                """)
        #expect(
            try String(contentsOfFile: folder.path + "/found/feed-1-4.lua", encoding: .utf8) == """
                -- Found by scenesim explore: rule advance failed: feed.lua:2: refresh with 3 windows open
                -- command (in .. from here): scenesim explore feed.lua --seed 1 --runs 100 --steps 50
                -- replay (in .. from here):  scenesim explore feed.lua --steps 50 --replay 1:4
                -- seed 1, run 4, steps 31 -> 3
                -- luacheck: no max line length
                local explore = sim.explore.load "../feed.lua"
                local app = explore.setup()
                explore.check()
                app:open_window("main"); explore.check()
                app:open_window("main"); explore.check()
                sim.advance(3600); explore.check()
                explore.finish()

                """)
        let replayed = try BuiltBinary.run(["run", "--trace", "off", "found/feed-1-4.lua"], in: folder.path)
        #expect(replayed.status == 1)
        #expect(replayed.stderr.hasPrefix("feed.lua:2: refresh with 3 windows open\n"), "\(replayed)")
    }

    @Test(
        "A built-in rule's failure shrinks by the rule's name: settle that cannot settle (a repeating timer arming longer work) goes down to the one step, and its message names the timers"
    )
    func builtinFailureShrinksByName() throws {
        let folder = try TempFolder([
            "slow.lua": """
            local function answer() end
            local function refresh(app)
              app:after(60, answer)
              app:after(30, refresh)
            end
            return {
              setup = function()
                return sim.launch {
                  scenes = { { id = "main" } },
                  model = { states = { feed = {} }, initial = "feed", transitions = { feed = {} }, on_launch = refresh },
                }
              end,
            }

            """
        ])

        let result = try BuiltBinary.run(["explore", "slow.lua", "--seed", "1", "--runs", "1", "--steps", "30", "--out", "found"], in: folder.path)

        // Before issue 44 the run's step (begun in Swift) and its replay (the rule's Lua call)
        // named two lines of the engine, so no candidate failed "the same way": 21 -> 21 steps.
        #expect(result.status == 1, "\(result)")
        let shrunk = try #require(result.stdout.split(separator: "\n").first { $0.hasPrefix("shrunk: ") })
        #expect(shrunk.hasPrefix("shrunk: 21 steps -> 1 ("), "\(result.stdout)")
        #expect(
            shrunk.hasSuffix(
                "sim.settle(): did not settle after 100000 events; something keeps scheduling work; timers still pending: app:after at slow.lua:3 and app:after at slow.lua:4 (repeating: a timer of its own chain arms it again). Settling stops once only repeating timers are left: a repeating timer that arms other work each time, due after its own next run, keeps it going"
            ), "\(shrunk)")
        #expect(result.stdout.contains("\n  1  sim.settle()\nwrote found/slow-1-0.lua\n"), "\(result.stdout)")
    }

    /// The rule rows of `--stats` (each rule the run's draw holds), by name.
    private func statsRules(_ stdout: String) -> [String] {
        let lines = stdout.split(separator: "\n").map(String.init)
        guard let header = lines.firstIndex(where: { $0.hasPrefix("rule ") }) else { return [] }
        return lines[(header + 1)...].prefix { !$0.hasPrefix("eventually") && !$0.hasPrefix("warning") }.compactMap { $0.split(separator: " ").first.map(String.init) }
    }

    private func explore(_ module: String, _ arguments: [String] = []) throws -> (status: Int32, rules: [String], stdout: String) {
        let folder = try TempFolder(["m.lua": module])
        let result = try BuiltBinary.run(["explore", "m.lua", "--seed", "1", "--runs", "20", "--steps", "50", "--stats"] + arguments, in: folder.path)
        return (result.status, statsRules(result.stdout), result.stdout)
    }

    @Test("disconnect is never drawn on macOS, where AppKit never reclaims a window's scene; it is on iPadOS")
    func noDisconnectOnTheMac() throws {
        let mac = try explore("return { setup = function() return sim.launch { platform = \"macos\" } end }\n")
        let ipad = try explore("return { setup = function() return sim.launch { platform = \"ipados\" } end }\n")

        #expect(mac.status == 0 && ipad.status == 0)
        #expect(mac.rules.contains("minimize") && !mac.rules.contains("disconnect"), "\(mac.stdout)")
        #expect(ipad.rules.contains("disconnect"), "\(ipad.stdout)")
    }

    @Test("network and revoke are never drawn for a declared model whose code never asks the server; they are for the built-in model and for a model that validates")
    func noServerStepsWithoutTheServer() throws {
        let model = "states = { on = {} }, initial = \"on\", transitions = { on = {} }"
        let quiet = try explore("return { setup = function() return sim.launch { model = { \(model), on_phase = function() end } } end }\n")
        // The call is in a helper the handler reaches through an upvalue.
        let asking = try explore(
            """
            local function check(app) if app.keychain then sim.server.validate(app.keychain, function() end) end end
            return { setup = function() return sim.launch { model = { \(model), on_phase = function(app) check(app) end } } end }

            """)
        let builtin = try explore("return { setup = function() return sim.launch {} end }\n")

        #expect(quiet.status == 0 && asking.status == 0 && builtin.status == 0)
        #expect(!quiet.rules.contains("network") && !quiet.rules.contains("revoke") && quiet.rules.contains("advance"), "\(quiet.stdout)")
        #expect(asking.rules.contains("network") && asking.rules.contains("revoke"), "\(asking.stdout)")
        #expect(builtin.rules.contains("network") && builtin.rules.contains("revoke"), "\(builtin.stdout)")
    }

    @Test("storage_write is never drawn when every scene declares keys = {}; it is when one scene takes a key")
    func noStorageWriteWithoutKeys() throws {
        let none = try explore(
            "return { setup = function() return sim.launch { scenes = { { id = \"main\", keys = {} }, { id = \"doc\", value = \"string\", keys = {} } } } end }\n")
        let one = try explore(
            "return { setup = function() return sim.launch { scenes = { { id = \"main\", keys = {} }, { id = \"doc\", value = \"string\", keys = { \"draft\" } } } } end }\n")

        #expect(none.status == 0 && one.status == 0)
        #expect(!none.rules.contains("storage_write") && none.rules.contains("open_window"), "\(none.stdout)")
        #expect(one.rules.contains("storage_write"), "\(one.stdout)")
        #expect(!none.stdout.contains("-- storage_write"))
    }

    @Test("An eventually check whose pre never held after any run's last step is reported as vacuous: in --stats, in a warning and in the summary line")
    func vacuousEventually() throws {
        let result = try explore(
            """
            return {
              setup = function() return sim.launch { scenes = { { id = "main" } } } end,
              eventually = {
                never_applies = { pre = function(app) return app.running and app.state == "nowhere" end, check = function() return false end },
                applies = { pre = function(app) return app.running end, check = function(app) return app.state ~= "loading" or app.suspended end },
                plain = function() end,
              },
            }

            """, ["-j", "1"])

        #expect(result.status == 0)
        #expect(result.stdout.contains("\nexplore: 20 runs, 1000 steps, no failure, but eventually never_applies was vacuous in every run\n"), "\(result.stdout)")
        #expect(
            result.stdout.contains(
                """

                eventually     pre held
                applies        17 of 20 runs
                never_applies  0 of 20 runs
                warning: eventually never_applies was vacuous in every run: its pre never held after the last step (20 runs reached it), so it checked nothing; explore more steps, or loosen its pre

                """), "\(result.stdout)")

        // A check that applied is no warning, and a check without pre is not counted.
        let applied = try explore(
            """
            return {
              setup = function() return sim.launch { scenes = { { id = "main" } } } end,
              eventually = { applies = { pre = function(app) return app.running end, check = function() end } },
            }

            """)
        #expect(applied.status == 0)
        #expect(applied.stdout.contains("\nexplore: 20 runs, 1000 steps, no failure\n"))
        #expect(!applied.stdout.contains("vacuous"))
    }

    @Test("An eventually check whose pre holds fails as a plain one does; a malformed one is a module error naming the key")
    func eventuallyWithPre() throws {
        let failing = try explore(
            """
            return {
              setup = function() return sim.launch { scenes = { { id = "main" } } } end,
              eventually = { loaded = { pre = function(app) return app.running end, check = function() return false, "never loaded" end } },
            }

            """, ["--no-shrink"])
        #expect(failing.status == 1)
        #expect(failing.stdout.contains(": eventually loaded failed: never loaded\n"), "\(failing.stdout)")

        let folder = try TempFolder([
            "bad.lua": """
            return {
              setup = function() return sim.launch {} end,
              eventually = { loaded = { pre = function() return true end, chek = function() end } },
            }

            """
        ])
        let bad = try BuiltBinary.run(["explore", "bad.lua", "--seed", "1", "--runs", "1"], in: folder.path)
        #expect(bad.status == 2)
        #expect(
            bad.stderr.contains(
                "bad.lua: unknown key \"chek\" in eventually.loaded (did you mean \"check\"?); an eventually check is a function(app), or { pre = function(app) ... end, check = function(app) ... end }"
            ), "\(bad)")
    }
}
