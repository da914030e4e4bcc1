import SceneSimScripting
import Testing

@Suite("The bridge stays balanced over many calls")
struct StackBalanceTests {
    @Test("Ten thousand failing Swift calls under pcall leave the state working and its memory flat")
    func manyFailingCallsUnderPcall() throws {
        // Given a launched app
        var output = ""
        let host = ScriptHost(options: ScenarioOptions(trace: .off), output: { output += String(decoding: $0, as: UTF8.self) })
        _ = try host.run("app = sim.launch{} sim.settle()", chunkName: "@test.lua")
        _ = try host.run("collectgarbage() collectgarbage()", chunkName: "@test.lua")
        let before = host.lua.memoryUsed

        // When 10,000 calls into Swift raise errors that Lua catches
        let results = try host.run(
            """
            local failures = 0
            for i = 1, 10000 do
              if not pcall(function() app:open_window("nope" .. i) end) then failures = failures + 1 end
              if not pcall(function() app.front.storage.t = {} end) then failures = failures + 1 end
            end
            collectgarbage() collectgarbage()
            return failures, app.state, #app.windows
            """, chunkName: "@test.lua")

        // Then every call failed cleanly, the state still answers, and memory did not grow
        #expect(results == [20000, "unauthenticated", 1])
        #expect(host.lua.memoryUsed < before + 64 * 1024)
        #expect(output == "")
    }

    @Test("Ten thousand calls from Swift into Lua return their results and nothing piles up")
    func manyCallsFromSwift() throws {
        let host = ScriptHost(options: ScenarioOptions(trace: .off), output: { _ in })
        _ = try host.run("app = sim.launch{}", chunkName: "@test.lua")
        _ = try host.run("collectgarbage() collectgarbage()", chunkName: "@test.lua")
        let before = host.lua.memoryUsed

        for _ in 0..<10_000 {
            _ = try host.run("return app.phase, sim.now()", chunkName: "@test.lua")
            _ = try? host.run("app:open_window(1)", chunkName: "@test.lua")
        }

        _ = try host.run("collectgarbage() collectgarbage()", chunkName: "@test.lua")
        #expect(try host.run("return app.phase, sim.now()", chunkName: "@test.lua") == ["active", 0.0])
        #expect(host.lua.memoryUsed < before + 64 * 1024)
    }
}
