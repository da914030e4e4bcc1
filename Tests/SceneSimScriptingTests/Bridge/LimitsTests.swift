import SceneSimScripting
import Testing

@Suite("Memory and instruction limits")
struct LimitsTests {
    @Test("The instruction limit stops an endless loop with a clear error and exit status 1")
    func instructionLimit() throws {
        let folder = try ScenarioFolder(["spin.lua": "sim.launch{}\nwhile true do end\n"])

        let result = ScenarioRunner.capture(
            path: folder.file("spin.lua"), options: ScenarioOptions(maxInstructions: 100_000, trace: .off)
        )

        #expect(result.status == 1)
        #expect(String(decoding: result.stdout, as: UTF8.self) == "")
        #expect(String(decoding: result.stderr, as: UTF8.self) == """
            \(folder.path)/spin.lua:2: instruction limit exceeded (100000 instructions)
            stack traceback:
            \t\(folder.path)/spin.lua:2: in main chunk
            hint: the scenario ran too long (an endless loop?); if it really needs more, raise the limit with --max-instructions N (0 for none)

            """)
    }

    @Test("The memory limit stops a runaway table with a clear error and exit status 1")
    func memoryLimit() throws {
        let folder = try ScenarioFolder(["grow.lua": """
            sim.launch{}
            local t = {}
            for i = 1, 1e9 do t[i] = string.rep("x", 100) .. i end
            """])

        let result = ScenarioRunner.capture(
            path: folder.file("grow.lua"), options: ScenarioOptions(maxMemory: 4 << 20, trace: .off)
        )

        #expect(result.status == 1)
        #expect(String(decoding: result.stdout, as: UTF8.self) == "")
        #expect(String(decoding: result.stderr, as: UTF8.self) == """
            memory limit exceeded (4194304 bytes)
            hint: the scenario holds too much memory; if it really needs more, raise the limit with --max-memory MiB (0 for none)

            """)
    }
}
