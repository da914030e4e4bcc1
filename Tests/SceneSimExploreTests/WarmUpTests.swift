@testable import SceneSimExplore
@testable import SceneSimScripting
import LuaKit
import SceneSimScriptTestSupport
import Testing

/// After its first run, an explore host opens the module and makes the declared app's rules,
/// then copies its state again, so later runs start past that work (`ScriptHost.warmUp`). It
/// must keep that only when the module's loading changed nothing outside Lua, and use the rules
/// only for the app they were made for.
@Suite("An explore host's warm-up after its first run")
struct WarmUpTests {
    static let documents = """
        return {
          setup = function()
            if variant == 2 then
              return sim.launch { scenes = { { id = "main" }, { id = "sheet", value = "integer" } } }
            end
            return sim.launch { scenes = { { id = "main" }, { id = "doc", value = "string" } } }
          end,
          builtin = { "open_window", "dismiss_window", "background", "foreground" },
        }

        """

    /// A host as explore prepares it, after its first run and its warm-up: what the warm-up did.
    func warmedHost(_ path: String) throws -> (ScriptHost, ScriptHost.WarmUp?) {
        let host = ScriptHost(options: ScenarioOptions().installing(.explore), output: { _ in })
        #expect(try host.prepareRuns(path: path))
        _ = try? host.drive(path: path, seed: 1, maxSteps: 20, replay: .nil, keepSteps: false)
        #expect(host.resetRun())
        return (host, host.warmUp(path: path))
    }

    /// The statements of a run's steps.
    func statements(_ result: LuaValue) -> [String] {
        guard case .table(let steps) = result.tableValue?[field: "steps"] ?? .nil else { return [] }
        return steps.sequence.compactMap { $0.tableValue?[field: "code"].bytesValue.map { String(decoding: $0.bytes, as: UTF8.self) } }
    }

    @Test("A module whose loading touches nothing outside Lua is kept, once; runs after it do what runs in a new host do")
    func kept() throws {
        let folder = try ScenarioFolder(["documents.lua": Self.documents])
        let path = folder.file("documents.lua")
        let (host, warmUp) = try warmedHost(path)
        #expect(warmUp == .kept)
        #expect(host.warmUp(path: path) == nil)
        for seed in Int64(1)...5 {
            let fresh = ScriptHost(options: ScenarioOptions().installing(.explore), output: { _ in })
            let expected = try fresh.drive(path: path, seed: seed, maxSteps: 30, replay: .nil, keepSteps: true)
            #expect(try host.drive(path: path, seed: seed, maxSteps: 30, replay: .nil, keepSteps: true) == expected)
            #expect(statements(expected).count == 30)
            #expect(host.resetRun())
        }
    }

    @Test("A run whose setup declares another app than the first run's gets rules made from its own app, not the warm-up's")
    func otherApp() throws {
        let folder = try ScenarioFolder(["documents.lua": Self.documents])
        let path = folder.file("documents.lua")
        let (host, warmUp) = try warmedHost(path)
        #expect(warmUp == .kept)
        _ = try host.run("variant = 2", chunkName: "=variant")
        let result = try host.drive(path: path, seed: 3, maxSteps: 40, replay: .nil, keepSteps: true)
        let fresh = ScriptHost(options: ScenarioOptions().installing(.explore), output: { _ in })
        _ = try fresh.run("variant = 2", chunkName: "=variant")
        #expect(try fresh.drive(path: path, seed: 3, maxSteps: 40, replay: .nil, keepSteps: true) == result)
        let windows = statements(result).filter { $0.contains("_window(") }
        #expect(!windows.isEmpty)
        #expect(windows.allSatisfy { !$0.contains("\"doc\"") }, "\(windows)")
        #expect(windows.contains { $0.contains("\"sheet\"") }, "\(windows)")
    }

    @Test("A module whose loading sets the network or the seed, or fails, is loaded by each run again")
    func undone() throws {
        let folder = try ScenarioFolder([
            "offline.lua": """
            sim.network(false)
            return {
              setup = function() return sim.launch { scenes = { { id = "main" } } } end,
              builtin = { "background", "foreground", "advance" },
              invariants = { offline = function() return sim.network() == false, "the network is up" end },
            }

            """,
            "seeded.lua": """
            sim.seed(11)
            return {
              setup = function() return sim.launch { scenes = { { id = "main" } } } end,
              builtin = { "background", "foreground" },
              invariants = { seeded = function() return sim.seed() == 11, "sim.seed() is " .. sim.seed() end },
            }

            """,
            "broken.lua": "error('not a module')\n",
        ])
        for name in ["offline.lua", "seeded.lua", "broken.lua"] {
            let path = folder.file(name)
            let (host, warmUp) = try warmedHost(path)
            #expect(warmUp == .undone, "\(name)")
            guard name != "broken.lua" else {
                #expect(throws: LuaError.self) { try host.drive(path: path, seed: 2, maxSteps: 10, replay: .nil, keepSteps: true) }
                continue
            }
            for seed in Int64(1)...3 {
                let result = try host.drive(path: path, seed: seed, maxSteps: 25, replay: .nil, keepSteps: true)
                #expect(result.tableValue?[field: "failure"] == .nil, "\(name): \(result)")
                #expect(host.resetRun())
            }
        }
    }

    /// A module that allocates a little at each step and fails when memory went down since the
    /// last step: a collection ran mid-run.
    static let grow = """
        local last
        return {
          setup = function()
            last = nil
            return sim.launch { scenes = { { id = "main" } } }
          end,
          builtin = false,
          rules = {
            grow = {
              run = function()
                local t = {}
                for i = 1, 20 do t[i] = { i } end
                local now = collectgarbage("count")
                if last and now < last then error(string.format("collected mid-run: %.1f KB after %.1f KB", now, last)) end
                last = now
              end,
            },
          },
        }

        """

    @Test("Runs start from a copy taken after a full collection: a short run's garbage waits for the restore, with no collection cycle mid-run")
    func collectedBeforeTheCopy() throws {
        let folder = try ScenarioFolder(["grow.lua": Self.grow])
        let runner = ExplorationRunner(file: folder.path + "/grow.lua")
        // Run 0 starts from the copy prepareRuns took; the later ones from the warm-up's.
        for run in 0..<4 {
            let outcome = try runner.run(seed: 1, run: run, steps: 40, keepSteps: false)
            #expect(outcome.failure == nil, "run \(run): \(String(describing: outcome.failure))")
        }
    }
}
