import Foundation
import SceneSimScriptTestSupport
import SceneSimScripting
import Testing

@Suite("The sandbox")
struct SandboxTests {
    @Test("Scripts get no io, os, debug, package, dofile or loadfile")
    func noDangerousLibraries() {
        let run = runScript("print(io, os, debug, package, dofile, loadfile)")

        #expect(run == ScriptRun(output: "nil\tnil\tnil\tnil\tnil\tnil\n", error: nil))
    }

    @Test("load refuses the bytecode of string.dump")
    func loadRefusesBytecode() {
        let run = runScript("print(load(string.dump(function() return 1 end)))")

        #expect(run == ScriptRun(output: "nil\tattempt to load a binary chunk (scenesim loads Lua source text only)\n", error: nil))
    }

    @Test("A precompiled file is refused as a scenario with exit status 1")
    func binaryScenarioRefused() throws {
        let folder = try ScenarioFolder([:])
        try folder.write("compiled.lua", Data([0x1B, 0x4C, 0x75, 0x61, 0x54, 0x00, 0x19, 0x93]))

        let result = ScenarioRunner.capture(path: folder.file("compiled.lua"))

        #expect(result.status == 1)
        #expect(String(decoding: result.stdout, as: UTF8.self) == "")
        #expect(String(decoding: result.stderr, as: UTF8.self) == "\(folder.path)/compiled.lua: is a precompiled (binary) chunk; only Lua source text can be loaded\n")
    }
}
