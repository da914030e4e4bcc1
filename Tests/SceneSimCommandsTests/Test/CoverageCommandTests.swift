import Foundation
import Testing

/// `scenesim test --coverage` over small suites whose coverage is known.
@Suite("scenesim test --coverage")
struct CoverageCommandTests {
    static let suite = [
        "a/launch.lua": "sim.launch{}\nsim.settle()\n",
        "a/launch.golden":
            "[   0.000] app         launch #1 on ipados: nothing to restore\n[   0.000] main#1      connected (new session) -> inactive\n[   0.000] main#1      phase inactive -> active\n[   0.000] app         phase inactive -> active: validate session and refresh\n[   0.500] app         state loading -> unauthenticated\n--- exit 0\n",
    ]

    @Test("a gate the suite does not reach fails the run (exit 1), saying what is missing")
    func failingGate() throws {
        let folder = try TempFolder(Self.suite)
        let result = try BuiltBinary.run(["test", "--min-coverage", "states=100", "a"], in: folder.path)
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr == "coverage: states coverage is 2/5 (40%), under --min-coverage states=100; not covered: onboarding, authenticated, error\n")
        #expect(
            result.stdout.contains(
                "\nstates of the built-in AppStateController: 2/5 (40%)\n     1  loading          first: launch\n     1  unauthenticated  first: launch\n     0  onboarding       NOT COVERED\n"
            ))
    }

    @Test("a gate the suite reaches passes, and the report is the same with one job or many")
    func passingGate() throws {
        let folder = try TempFolder(Self.suite.merging(["b/launch.lua": "sim.launch{}\nsim.settle()\n", "b/launch.golden": Self.suite["a/launch.golden"]!]) { a, _ in a })
        let one = try BuiltBinary.run(["test", "-j1", "--coverage", "--min-coverage", "states=40", "--coverage-format", "json", "a", "b"], in: folder.path)
        let many = try BuiltBinary.run(["test", "-j4", "--coverage", "--min-coverage", "states=40", "--coverage-format", "json", "a", "b"], in: folder.path)
        #expect(one.status == 0, "\(one)")
        #expect(one.stdout.contains("{\"covered\":2,\"items\":[{\"first\":\"a/launch\",\"hits\":2,\"name\":\"loading\"}"))
        let report = { (r: ProcessResult) in r.stdout[r.stdout.range(of: "{\"models\"")!.lowerBound...] }
        #expect(report(one) == report(many))
    }

    @Test("a model shared with require and given a name is reported by that name, not after the first scenario that declared it")
    func namedSharedModel() throws {
        let folder = try TempFolder([
            "lib/notes.lua": "return { name = \"notes\", states = { ready = {}, busy = {} }, initial = \"ready\", transitions = { ready = { \"busy\" }, busy = { \"ready\" } } }\n",
            "a/one.lua": "local app = sim.launch{ model = require \"notes\" }\napp:transition(\"busy\")\n",
            "a/two.lua": "sim.launch{ model = require \"notes\" }\n",
        ])
        _ = try BuiltBinary.run(["test", "--update", "a"], in: folder.path)

        let result = try BuiltBinary.run(["test", "--coverage", "a"], in: folder.path)

        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("\nstates of model notes: 2/2 (100%)\n     1  busy   first: one\n     2  ready  first: one\n"), "\(result.stdout)")
        #expect(!result.stdout.contains("the model declared in"))
    }

    @Test("--coverage-out writes the report alone to a file a tool can read, and --coverage-format alone implies --coverage; an unwritable file exits 2")
    func coverageOut() throws {
        let folder = try TempFolder(Self.suite)

        let toFile = try BuiltBinary.run(["test", "--coverage-format", "json", "--coverage-out", "out/coverage.json", "a"], in: folder.path)
        let formatOnly = try BuiltBinary.run(["test", "--coverage-format", "mermaid", "a"], in: folder.path)
        let unwritable = try BuiltBinary.run(["test", "--coverage-out", "a/launch.lua/x.json", "a"], in: folder.path)

        // Before, JSON came after the PASS lines on standard output, which no JSON reader takes.
        #expect(toFile == ProcessResult(status: 0, stdout: "PASS: launch\n1 passed, 0 failed\n", stderr: ""))
        let json = try String(contentsOfFile: folder.path + "/out/coverage.json", encoding: .utf8)
        #expect(json.hasPrefix("{\"models\":[\"the built-in AppStateController\"]"), "\(json)")
        #expect(try JSONSerialization.jsonObject(with: Data(json.utf8)) is [String: Any])
        // Before, the format without --coverage printed no report at all.
        #expect(formatOnly.stdout.hasPrefix("PASS: launch\n1 passed, 0 failed\n\nflowchart LR\n"), "\(formatOnly)")
        #expect(unwritable.status == 2, "\(unwritable)")
        #expect(unwritable.stderr.hasPrefix("scenesim: cannot write a/launch.lua/x.json"), "\(unwritable)")
    }

    @Test("--min-coverage with an unknown metric is a usage error")
    func badSpec() throws {
        let folder = try TempFolder(Self.suite)
        let result = try BuiltBinary.run(["test", "--min-coverage", "edges=1", "a"], in: folder.path)
        #expect(result.status == 2)
        #expect(
            result.stderr.hasPrefix(
                "Error: --min-coverage: unknown metric 'edges'; give states, transitions or handlers with a percent, e.g. --min-coverage transitions=100,states=100\n"))
    }

    @Test("An empty --timeline, --junit or --coverage-out path is a usage error (it named the root folder)")
    func emptyPaths() throws {
        let folder = try TempFolder(Self.suite)
        let timeline = try BuiltBinary.run(["test", "--timeline", "", "a"], in: folder.path)
        #expect(timeline.status == 2)
        #expect(timeline.stderr.hasPrefix("Error: --timeline needs a folder for the pictures, e.g. --timeline timelines (got an empty path)\n"))
        let junit = try BuiltBinary.run(["test", "--junit", "", "a"], in: folder.path)
        #expect(junit.status == 2)
        #expect(junit.stderr.hasPrefix("Error: --junit needs a file for the report, e.g. --junit report.xml (got an empty path)\n"))
        let coverage = try BuiltBinary.run(["test", "--coverage-out", "", "a"], in: folder.path)
        #expect(coverage.status == 2)
        #expect(coverage.stderr.hasPrefix("Error: --coverage-out needs a file for the report, e.g. --coverage-out coverage.json (got an empty path)\n"))
    }

    @Test("--timeline DIR writes one picture per scenario, mirroring its path")
    func timelineFolder() throws {
        let folder = try TempFolder(Self.suite)
        let result = try BuiltBinary.run(["test", "--timeline", "out", "--timeline-format", "txt", "a"], in: folder.path)
        #expect(result.status == 0, "\(result)")
        let text = try String(contentsOfFile: folder.path + "/out/launch.txt", encoding: .utf8)
        #expect(text.hasPrefix("timeline: 5 events, 1 launch on ipados"))
    }
}
