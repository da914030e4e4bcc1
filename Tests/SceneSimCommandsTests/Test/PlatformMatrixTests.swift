import Foundation
import Testing

// Issue 44 item 9: one scenario on several platforms, as Swift Testing's @Test(arguments:) runs
// one test per argument — a run, a name and a golden per platform.
@Suite("A scenario's platform matrix (-- platforms:)")
struct PlatformMatrixTests {
    static let scenario = """
        -- platforms: iphone ipados
        local app = sim.launch { scenes = { { id = "main" }, { id = "doc", value = "string" } } }
        print(app, app:open_window("doc", "a") ~= nil)

        """

    @Test("each listed platform is a run of its own, named NAME.PLATFORM, with NAME.PLATFORM.golden; sim.launch takes the platform")
    func oneRunPerPlatform() throws {
        let folder = try TempFolder(["scenarios/open.lua": Self.scenario])
        let update = try BuiltBinary.run(["test", "--update"], in: folder.path)
        #expect(update.stdout == "UPDATED: open.iphone (new golden)\nUPDATED: open.ipados (new golden)\n2 passed, 0 failed\n", "\(update)")
        let iphone = try String(contentsOfFile: folder.path + "/scenarios/open.iphone.golden", encoding: .utf8)
        let ipados = try String(contentsOfFile: folder.path + "/scenarios/open.ipados.golden", encoding: .utf8)
        #expect(iphone.contains("app(iphone, loading)\tfalse\n"))
        #expect(ipados.contains("app(ipados, loading)\ttrue\n"))
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/scenarios/open.golden"))

        let check = try BuiltBinary.run(["test", "--check"], in: folder.path)
        #expect(check.stdout == "PASS: open.iphone\nPASS: open.ipados\n2 passed, 0 failed\n", "\(check)")
        let one = try BuiltBinary.run(["test", "--check", "--platform", "ipados"], in: folder.path)
        #expect(one.stdout == "PASS: open.ipados\n1 passed, 0 failed\n", "\(one)")
    }

    @Test("a platform dropped from the list leaves its golden obsolete, and so is the golden from before the list")
    func droppedPlatformsGoldenIsObsolete() throws {
        let folder = try TempFolder(["scenarios/open.lua": Self.scenario])
        _ = try BuiltBinary.run(["test", "--update"], in: folder.path)
        try folder.write("scenarios/open.golden", "left from before\n")
        try folder.write("scenarios/open.lua", Self.scenario.replacingOccurrences(of: "iphone ipados", with: "ipados"))
        let run = try BuiltBinary.run(["test", "--check"], in: folder.path)
        #expect(run.status == 1)
        #expect(run.stdout.contains("open.iphone.golden"), "\(run)")
        #expect(run.stdout.contains("scenarios/open.golden"), "\(run)")
        #expect(run.stdout.contains("PASS: open.ipados\n"), "\(run)")
    }

    @Test("a misspelt platform fails the scenario at its line with did-you-mean; --platform with one is a usage error")
    func misspeltPlatforms() throws {
        let folder = try TempFolder(["scenarios/open.lua": Self.scenario.replacingOccurrences(of: "iphone ipados", with: "iphone ipdos")])
        let run = try BuiltBinary.run(["test", "--check"], in: folder.path)
        #expect(run.status == 1)
        #expect(
            run.stdout.hasPrefix(
                "FAIL: open (scenarios/open.lua:1: unknown platform 'ipdos' in '-- platforms:' (did you mean 'ipados'?); the platforms are iphone, ipados, macos, visionos)\n"),
            "\(run)")

        let usage = try BuiltBinary.run(["test", "--platform", "mac"], in: folder.path)
        #expect(usage.status == 2)
        #expect(usage.stderr.contains("invalid --platform 'mac' (did you mean 'macos'?): the platforms are iphone, ipados, macos, visionos"), "\(usage)")
    }

    @Test("sim.launch that names a platform in a matrix run says to leave it out")
    func launchNamingAPlatformIsRefused() throws {
        let folder = try TempFolder(["scenarios/fixed.lua": "-- platforms: iphone ipados\nsim.launch { platform = \"macos\" }\n"])
        let run = try BuiltBinary.run(["test", "--check", "--platform", "iphone"], in: folder.path)
        #expect(
            run.stdout.contains(
                "fixed.lua:2: sim.launch: platform = \"macos\", but this run is on iphone (a platform of the scenario's '-- platforms:' line, or --platform): leave platform out of sim.launch so each run takes its own"
            ), "\(run)")
    }

    @Test("scenesim run on a scenario whose platforms line is misspelt says so, exit 2")
    func runRefusesAMisspeltLine() throws {
        let folder = try TempFolder(["open.lua": Self.scenario.replacingOccurrences(of: "iphone ipados", with: "iphon")])
        let run = try BuiltBinary.run(["run", "open.lua"], in: folder.path)
        #expect(
            run
                == ProcessResult(
                    status: 2, stdout: "",
                    stderr: "scenesim: open.lua:1: unknown platform 'iphon' in '-- platforms:' (did you mean 'iphone'?); the platforms are iphone, ipados, macos, visionos\n"),
            "\(run)")
    }

    @Test("scenesim run takes the first listed platform, or --platform")
    func runTakesTheFirstOrTheNamed() throws {
        let folder = try TempFolder(["open.lua": Self.scenario])
        let first = try BuiltBinary.run(["run", "--trace", "off", "open.lua"], in: folder.path)
        #expect(first.stdout == "app(iphone, loading)\tfalse\n", "\(first)")
        let named = try BuiltBinary.run(["run", "--trace", "off", "--platform", "ipados", "open.lua"], in: folder.path)
        #expect(named.stdout == "app(ipados, loading)\ttrue\n", "\(named)")
    }
}
