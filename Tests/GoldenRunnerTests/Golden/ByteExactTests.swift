import Foundation
import GoldenRunner
import Testing

@Suite("Goldens are bytes: written, compared and shown exactly")
struct ByteExactTests {
    @Test("A golden that is canonically equivalent but not the same bytes fails")
    func canonicalEquivalentFails() throws {
        let sandbox = try Sandbox()
        try sandbox.write("scenarios/a.lua", "")
        try sandbox.write("scenarios/a.golden", "cafe\u{301}\n--- exit 0\n")
        let executor = FakeExecutor(outcomes: ["a": .init(stdout: "caf\u{E9}\n")])

        let run = runSuite(in: sandbox, executor: executor) { $0.check = true }

        #expect(run.status == .failed)
        #expect(run.output.contains("-cafe\u{301}\n+caf\u{E9}\n"))
    }

    @Test("NUL and invalid UTF-8 are recorded byte for byte, pass against themselves, and show escaped in a diff")
    func rawBytesRoundTrip() throws {
        let sandbox = try Sandbox()
        try sandbox.write("scenarios/a.lua", "")
        let bytes: [UInt8] = [0x61, 0x00, 0x62, 0xFF, 0x0A]
        let executor = FakeExecutor(outcomes: ["a": .init(stdout: bytes)])

        let update = runSuite(in: sandbox, executor: executor) { $0.update = true }
        let golden = FileManager.default.contents(atPath: sandbox.root + "/scenarios/a.golden").map(Array.init)
        let again = runSuite(in: sandbox, executor: executor) { $0.check = true }
        let changed = runSuite(in: sandbox, executor: FakeExecutor(outcomes: ["a": .init(stdout: [0x61, 0x0A])])) { $0.check = true }

        #expect(update.status == .passed)
        #expect(golden == bytes + Array("--- exit 0\n".utf8))
        #expect(again == SuiteRun(status: .passed, output: "PASS: a\n1 passed, 0 failed\n"))
        #expect(changed.output.contains("\n-a\\000b\\255\n+a\n"))
    }
}
