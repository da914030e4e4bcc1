import Foundation
import GoldenRunner
import Testing

@Suite("Selecting scenarios and shaping the report")
struct SelectionAndOutputTests {
    /// Twelve scenarios in three folders; every third one's golden is out of date.
    func mixedSuite() throws -> Sandbox {
        let sandbox = try Sandbox()
        for index in 0..<12 {
            let name = ["phases", "windows", "auth"][index % 3] + "/s\(index)"
            try sandbox.write("scenarios/\(name).lua", "-- scenario \(index)\n")
            try sandbox.write("scenarios/\(name).golden", index % 3 == 0 ? "stale\n--- exit 0\n" : FakeExecutor.golden(name))
        }
        return sandbox
    }

    @Test("--jobs 1 and --jobs 4 print identical bytes, even when later scenarios finish first")
    func outputIsIndependentOfJobs() throws {
        // Uneven sleeps make scenarios complete out of order under 4 jobs.
        let executor = FakeExecutor { scenario in
            let number = Int(scenario.name.split(separator: "/").last?.dropFirst() ?? "") ?? 0
            return 0.01 * Double((number * 7) % 5)
        }
        let serial = runSuite(in: try mixedSuite(), executor: executor) {
            $0.jobs = 1; $0.check = true
        }
        let parallel = runSuite(in: try mixedSuite(), executor: executor) {
            $0.jobs = 4; $0.check = true
        }

        #expect(Array(parallel.output.utf8) == Array(serial.output.utf8))
        #expect(
            serial.output.split(separator: "\n").filter { $0.hasPrefix("PASS") || $0.hasPrefix("FAIL") } == [
                "PASS: auth/s11", "PASS: auth/s2", "PASS: auth/s5", "PASS: auth/s8",
                "FAIL: phases/s0", "FAIL: phases/s3", "FAIL: phases/s6", "FAIL: phases/s9",
                "PASS: windows/s1", "PASS: windows/s10", "PASS: windows/s4", "PASS: windows/s7",
            ])
    }

    @Test("The closing line is exactly 'N passed, N failed', alone on the last line")
    func closingLine() throws {
        let run = runSuite(in: try mixedSuite()) { $0.check = true }

        let lines = run.output.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.suffix(2) == ["8 passed, 4 failed", ""])
        #expect(run.status == .failed)
    }

    @Test("Scenarios are reported in byte order of their paths")
    func reportOrder() throws {
        let sandbox = try Sandbox()
        for name in ["b", "B", "a/z", "a-b", "_x"] {
            try sandbox.write("scenarios/\(name).lua", "")
            try sandbox.write("scenarios/\(name).golden", FakeExecutor.golden(name))
        }

        let run = runSuite(in: sandbox)

        #expect(run.output == "PASS: B\nPASS: _x\nPASS: a-b\nPASS: a/z\nPASS: b\n5 passed, 0 failed\n")
    }

    @Test("--filter runs only scenarios whose name matches the regular expression")
    func filterSelectsByName() throws {
        let run = runSuite(in: try mixedSuite()) {
            $0.filter = "^windows/s(1|7)$"; $0.check = true
        }

        #expect(run == SuiteRun(status: .passed, output: "PASS: windows/s1\nPASS: windows/s7\n2 passed, 0 failed\n"))
    }

    @Test("A filter that matches nothing is a usage error naming the nearest scenarios, and runs nothing")
    func emptySelection() throws {
        let executor = CountingExecutor()
        let run = runSuite(in: try mixedSuite(), executor: executor) { $0.filter = "windows/s11" }

        #expect(
            run
                == SuiteRun(
                    status: .error, output: "",
                    errors: """
                        error: --filter 'windows/s11' matches no scenario name; nearest names: windows/s1, windows/s10, windows/s4 (scenesim test --list shows them all)

                        """))
        #expect(executor.runCount == 0)
    }

    @Test("An empty shard is not an error: a small suite spread over many machines leaves some idle")
    func emptyShardPasses() throws {
        let sandbox = try Sandbox()
        try sandbox.write("scenarios/only.lua", "")
        try sandbox.write("scenarios/only.golden", FakeExecutor.golden("only"))
        let owner = try #require((1...2).first { try! Shard(parsing: "\($0)/2").contains(name: "only") })

        let run = runSuite(in: sandbox) { $0.shard = "\(3 - owner)/2" }

        #expect(run == SuiteRun(status: .passed, output: "no scenarios to run\n0 passed, 0 failed\n"))
    }

    @Test("Shards partition the suite: every scenario runs in exactly one of N shards", arguments: [1, 2, 3, 5])
    func shardsPartitionTheSuite(count: Int) throws {
        let sandbox = try mixedSuite()
        var seen: [Substring] = []
        for index in 1...count {
            let run = runSuite(in: sandbox) {
                $0.shard = "\(index)/\(count)"; $0.check = true
            }
            seen += run.output.split(separator: "\n").compactMap { line in
                line.hasPrefix("PASS: ") || line.hasPrefix("FAIL: ") ? line.dropFirst(6) : nil
            }
        }
        let all = (0..<12).map { ["phases", "windows", "auth"][$0 % 3] + "/s\($0)" }
        #expect(seen.map(String.init).sorted() == all.sorted())
    }

    @Test("--list prints each name and its first comment line, and runs nothing")
    func listShowsDescriptions() throws {
        let sandbox = try Sandbox()
        try sandbox.write("scenarios/phases/cold-launch.lua", "---@meta\n\n--  Cold launch opens one window  \nlocal x = 1\n")
        try sandbox.write("scenarios/quiet.lua", "print('no comment')\n")
        try sandbox.write("scenarios/lib/helpers.lua", "-- not a scenario\n")

        let executor = CountingExecutor()
        let run = runSuite(in: sandbox, executor: executor) { $0.list = true }

        #expect(
            run
                == SuiteRun(
                    status: .passed,
                    output: """
                        phases/cold-launch  Cold launch opens one window
                        quiet

                        """))
        #expect(executor.runCount == 0)
    }
}
