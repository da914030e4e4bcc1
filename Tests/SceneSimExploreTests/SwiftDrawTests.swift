@testable import SceneSimExplore
@testable import SceneSimScripting
import LuaKit
import SceneSimScriptTestSupport
import Testing

/// Every random step is drawn in Swift (`native.pick`, `native.step`), whatever the module's
/// weights: engine.lua has no draw of its own.
@Suite("The draw of a step is Swift's")
struct SwiftDrawTests {
    @Test("A module whose integer weights pass 2^32 is drawn in Swift, as any other")
    func hugeWeights() throws {
        let folder = try ScenarioFolder([
            "weights.lua": """
            return {
              setup = function() return sim.launch { scenes = { { id = "main" } } } end,
              builtin = { "advance", "background", "foreground" },
              rules = {
                heavy = { weight = (1 << 62) + 1, args = { n = sim.gen.int(1, 3) }, run = function() end },
                light = { weight = 1 << 61, run = function() sim.advance(1) end },
              },
            }

            """
        ])
        let host = ScriptHost(options: ScenarioOptions().installing(.explore), output: { _ in })
        _ = try host.drive(path: folder.file("weights.lua"), seed: 1, maxSteps: 20, replay: .nil, keepSteps: false)
        // The counts Swift keeps of the rules it drew: nil had the run drawn in Lua.
        let counts = try #require(host.swiftDrawCounts)
        #expect(counts.tried.reduce(0, +) >= 20)
    }
}
