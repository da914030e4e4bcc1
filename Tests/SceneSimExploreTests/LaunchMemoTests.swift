@testable import SceneSimExplore
@testable import SceneSimScripting
import Testing

/// sim.launch keeps what it made of its options for the next run in the same host
/// (`ScriptHost.launchMemo`): explore launches the same app at every run. A run given other
/// options must launch what they say, and options that cannot be compared cheaply, or that
/// hold code, are never kept.
@Suite("sim.launch's memo across explore's runs")
struct LaunchMemoTests {
    /// A host as explore prepares it (a snapshot to go back to), and what each script printed.
    func launches(_ scripts: [String]) throws -> [String] {
        var printed: [UInt8] = []
        let host = ScriptHost(options: ScenarioOptions().installing(.explore), output: { printed += $0 })
        #expect(try host.prepareRuns(path: "no-module.lua"))
        var lines: [String] = []
        for script in scripts {
            printed = []
            _ = try host.run(script, chunkName: "=launch")
            lines.append(String(decoding: printed, as: UTF8.self).split(separator: "\n").last.map(String.init) ?? "")
            #expect(host.resetRun())
        }
        return lines
    }

    @Test("Each run launches the app its own options declare, whether the run before had the same options or others")
    func otherOptionsAreParsed() throws {
        let mac = "local app = sim.launch { platform = 'macos', scenes = { { id = 'main' } } }; print(tostring(app), #sim.app.windows)"
        let pad =
            "local app = sim.launch { platform = 'ipados', scenes = { { id = 'main' }, { id = 'doc', value = 'string' } } }; app:open_window('doc', 'A'); print(tostring(app), #sim.app.windows)"
        let lines = try launches([mac, mac, pad, pad, mac])
        #expect(
            lines.map { $0.split(separator: "\t").first.map(String.init) ?? "" } == [
                "app(macos, loading)", "app(macos, loading)", "app(ipados, loading)", "app(ipados, loading)", "app(macos, loading)",
            ])
        #expect(lines.map { $0.split(separator: "\t").last.map(String.init) ?? "" } == ["1", "1", "2", "2", "1"])
    }

    @Test("Options holding a function, or a table reached more than a few hundred times, are not kept")
    func onlySmallData() throws {
        let host = ScriptHost(options: ScenarioOptions().installing(.explore), output: { _ in })
        #expect(try host.prepareRuns(path: "no-module.lua"))
        _ = try host.run("sim.launch { scenes = { { id = 'main' } } }", chunkName: "=plain")
        #expect(host.launchMemo != nil)
        #expect(host.resetRun())
        _ = try host.run("sim.launch { scenes = { { id = 'main', on_phase = function() end } } }", chunkName: "=code")
        #expect(host.launchMemo == nil)
        #expect(host.resetRun())
        // 300 scenes: more values than the memo compares.
        _ = try host.run("local s = {} for i = 1, 300 do s[i] = { id = 'w' .. i } end sim.launch { scenes = s }", chunkName: "=large")
        #expect(host.launchMemo == nil)
        #expect(host.resetRun())
    }
}
