import Foundation
import GoldenRunner
import SceneSimCommands
import Testing

@Suite("The golden suite over scenarios/")
struct GoldenSuiteTests {
    /// Scenario paths and chunk names are relative to the package root, and the in-process
    /// executor opens them relative to the current directory: `swift test` runs from the root.
    static var runsFromPackageRoot: Bool {
        URL(fileURLWithPath: FileManager.default.currentDirectoryPath).resolvingSymlinksInPath().path
            == packageRoot.resolvingSymlinksInPath().path
    }

    @Test("Every committed scenario matches its golden in check mode")
    func scenariosPass() throws {
        try #require(Self.runsFromPackageRoot, "run swift test from the package root (\(packageRoot.path))")
        var report = ""

        let status = GoldenSuite.run(
            GoldenSuite.Configuration(paths: ["scenarios"], baseDirectory: packageRoot.path, jobs: 2, check: true),
            executor: LuaScenarioExecutor(),
            environment: [:],
            output: { report += $0 }
        )

        #expect(status == .passed, "\(report)")
        #expect(report.hasSuffix(" passed, 0 failed\n"), "\(report)")
    }

    @Test("A scenario whose output differs from its golden fails the suite with a diff")
    func mismatchFails() throws {
        let folder = try TempFolder([
            "hello.lua": "print(\"hello\")\n",
            "hello.golden": "bye\n--- exit 0\n",
        ])
        var report = ""

        let status = GoldenSuite.run(
            GoldenSuite.Configuration(paths: [folder.path], baseDirectory: packageRoot.path, jobs: 1, check: true),
            executor: LuaScenarioExecutor(),
            environment: [:],
            output: { report += $0 }
        )

        #expect(status == .failed)
        #expect(report.contains("-bye\n+hello\n"), "\(report)")
        #expect(report.hasSuffix("0 passed, 1 failed\n"), "\(report)")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/hello.golden.new"))
    }

    @Test("scenesim test --jobs 1 and --jobs 2 give identical output bytes")
    func jobsDeterminism() throws {
        let one = try BuiltBinary.run(["test", "--check", "--jobs", "1"], in: packageRoot.path)
        let two = try BuiltBinary.run(["test", "--check", "--jobs", "2"], in: packageRoot.path)

        #expect(one.status == 0, "\(one)")
        #expect(one == two)
    }
}
