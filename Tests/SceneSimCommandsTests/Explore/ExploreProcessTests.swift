import Foundation
import Testing

/// Issue 18: `scenesim explore` knows the process: its built-in rules wait for a suspended app
/// instead of failing, wait past the suspension, run background refreshes and (for an app that
/// uses them) background tasks; a watchdog termination is a failure unless the module allows it.
@Suite("scenesim explore and the process: suspension, background tasks, refresh, the watchdog")
struct ExploreProcessTests {
    /// An iPhone app whose background refresh never finishes its task, not even in its
    /// expiration handler (without one the system would complete the task: semantics 11.4).
    static let forgetfulRefresh = """
        return {
          setup = function()
            return sim.launch {
              platform = "iphone",
              model = {
                states = { ready = {} }, initial = "ready", transitions = { ready = {} },
                on_refresh = function(app) app.defaults.refreshed = true end,
                on_refresh_expired = function() end,
              },
            }
          end,
        }

        """

    /// The rule names of a --stats table.
    private func rules(_ stdout: String) -> Set<String> {
        let lines = stdout.split(separator: "\n").drop { !$0.hasPrefix("rule ") }.dropFirst()
        return Set(lines.compactMap { $0.split(separator: " ").first.map(String.init) })
    }

    @Test("A refresh that never finishes its task is found by the watchdog invariant, shrunk to the refresh, and replayed; watchdog_ok = true allows it")
    func watchdogIsFound() throws {
        let folder = try TempFolder([
            "refresh.lua": Self.forgetfulRefresh,
            "allowed.lua": Self.forgetfulRefresh.replacing("return {\n", with: "return {\n  watchdog_ok = true,\n"),
        ])

        let result = try BuiltBinary.run(["explore", "refresh.lua", "--seed", "1", "--runs", "200", "--steps", "60", "--out", "found"], in: folder.path)

        #expect(result.status == 1, "\(result)")
        let shrunk = try #require(result.stdout.split(separator: "\n").first { $0.hasPrefix("shrunk: ") })
        #expect(
            shrunk.hasSuffix(
                "replays): invariant watchdog failed: the watchdog ended the app at 30.000 s: background task 1 \"refresh\" was still running when the background time ran out; finish every task, in its expiration handler at the latest (or set watchdog_ok = true in the exploration if the app is meant to overrun)"
            ))
        #expect(result.stdout.contains("  app:schedule_refresh(0)\n"))
        #expect(result.stdout.contains("  sim.system.refresh(app)\n"))
        let written = try #require(result.stdout.split(separator: "\n").first { $0.hasPrefix("wrote ") }).dropFirst("wrote ".count)
        let scenario = try String(contentsOfFile: folder.path + "/" + written, encoding: .utf8)
        // sim.system.refresh(app) needs the app: the scenario names it.
        #expect(scenario.contains("\nlocal app = explore.setup()\n"))
        let replayed = try BuiltBinary.run(["run", "--trace", "off", String(written)], in: folder.path)
        #expect(replayed.status == 1)
        #expect(replayed.stderr.contains(": invariant watchdog failed: the watchdog ended the app at 30.000 s: background task 1 \"refresh\""), "\(replayed)")

        let allowed = try BuiltBinary.run(["explore", "allowed.lua", "--seed", "1", "--runs", "200", "--steps", "60"], in: folder.path)
        #expect(allowed.status == 0, "\(allowed)")
    }

    @Test("--stats: the process rules follow the app; task rules only for a model with on_refresh or background_tasks = true, and false leaves them out")
    func rulesFollowTheApp() throws {
        let folder = try TempFolder([
            "plain.lua": "return { setup = function() return sim.launch { platform = \"iphone\" } end }\n",
            "tasks.lua": "return { background_tasks = true, setup = function() return sim.launch { platform = \"iphone\" } end }\n",
            "refresh.lua": Self.forgetfulRefresh.replacing("return {\n", with: "return {\n  watchdog_ok = true,\n"),
            "without.lua": Self.forgetfulRefresh.replacing("return {\n", with: "return {\n  watchdog_ok = true, background_tasks = false,\n"),
            "mac.lua": "return { setup = function() return sim.launch { platform = \"macos\" } end }\n",
            "bad.lua": "return { watchdog_ok = 1, setup = function() return sim.launch {} end }\n",
            "ipad16.lua": "return { setup = function() return sim.launch { platform = \"ipados\", os = \"16\" } end }\n",
            "ipad15.lua": "return { setup = function() return sim.launch { platform = \"ipados\", os = \"15\" } end }\n",
        ])
        func stats(_ file: String) throws -> Set<String> {
            let result = try BuiltBinary.run(["explore", file, "--seed", "1", "--runs", "2", "--steps", "10", "--stats"], in: folder.path)
            #expect(result.status == 0, "\(file): \(result)")
            return rules(result.stdout)
        }
        let process: Set = ["advance_past_suspension", "schedule_refresh", "refresh"]
        let tasks: Set = ["begin_background_task", "finish_background_task"]

        let plain = try stats("plain.lua")
        #expect(plain.isSuperset(of: process) && plain.isDisjoint(with: tasks), "\(plain.sorted())")
        #expect(try stats("tasks.lua").isSuperset(of: process.union(tasks)))
        #expect(try stats("refresh.lua").isSuperset(of: process.union(tasks)))
        #expect(try stats("without.lua").isDisjoint(with: tasks))
        // A Mac app is never suspended and has no background refresh.
        #expect(try stats("mac.lua").isDisjoint(with: process.union(tasks)))
        // Window actions only where the OS has them (semantics 14.1): dismissWindow from
        // iPadOS 17, openWindow from 16; below, the call is an error explore must not draw.
        let ipad16 = try stats("ipad16.lua"), ipad15 = try stats("ipad15.lua")
        #expect(ipad16.contains("open_window") && !ipad16.contains("dismiss_window"), "\(ipad16.sorted())")
        #expect(!ipad15.contains("open_window") && !ipad15.contains("dismiss_window"), "\(ipad15.sorted())")

        let bad = try BuiltBinary.run(["explore", "bad.lua"], in: folder.path)
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("bad.lua: watchdog_ok is true or false (got 1)"), "\(bad)")
    }

    @Test("No built-in rule fails because the app is suspended, and well-behaved background tasks never meet the watchdog")
    func suspendedAppWaits() throws {
        let folder = try TempFolder([
            "phone.lua": "return { background_tasks = true, setup = function() return sim.launch { platform = \"iphone\" } end }\n",
            "pad.lua":
                "return { background_tasks = true, setup = function() return sim.launch { platform = \"ipados\", scenes = { { id = \"main\" }, { id = \"doc\", value = \"string\" } } } end }\n",
        ])
        for file in ["phone.lua", "pad.lua"] {
            let result = try BuiltBinary.run(["explore", file, "--seed", "4", "--runs", "150", "--steps", "60", "--stats"], in: folder.path)
            #expect(result.status == 0, "\(file): \(result)")
            // Each of these ran, so the suspension, the tasks and the refreshes were exercised.
            let table = result.stdout.split(separator: "\n")
            for rule in ["advance_past_suspension", "begin_background_task", "finish_background_task", "schedule_refresh", "refresh", "login"] {
                let row = try #require(table.first { $0.hasPrefix(rule + " ") }, "\(file): no row \(rule)")
                let ran = Int(row.split(separator: " ")[1]) ?? 0
                #expect(ran > 0, "\(file): \(row)")
            }
        }
    }
}
