import Foundation
@testable import GoldenRunner
import Testing

@Suite("JUnit XML report")
struct JUnitReportTests {
    /// A clock that moves a quarter second at each reading: with one job, each scenario is read
    /// twice in a row, so every case takes 0.250 s on every run.
    static func steppingClock() -> RunClock {
        let readings = LockedCounter()
        return RunClock { .milliseconds(250 * readings.next()) }
    }

    @Test("A small run's report is written whole: file, time, failure type, first difference, escaped text")
    func smallRunReport() throws {
        let sandbox = try Sandbox()
        try sandbox.write("scenarios/phases/cold-launch.lua", "")
        try sandbox.write("scenarios/phases/cold-launch.golden", FakeExecutor.golden("phases/cold-launch"))
        try sandbox.write("scenarios/smoke.lua", "")
        try sandbox.write("scenarios/smoke.golden", "<a & \"b\">\n--- exit 0\n")
        try sandbox.write("scenarios/boom.lua", "")
        let executor = FakeExecutor(outcomes: [
            "boom": .init(stdout: "", stderr: "boom.lua:3: expected bob\nstack traceback:\n", exitStatus: 1)
        ])
        var configuration = GoldenSuite.Configuration(baseDirectory: sandbox.root, jobs: 1, check: true, junitPath: "out/../report.xml")
        configuration.timeout = nil

        let status = GoldenSuite.run(
            configuration, executor: executor, environment: [:], clock: Self.steppingClock(), output: { _ in }
        )

        #expect(status == .failed)
        #expect(
            sandbox.read("report.xml") == """
                <?xml version="1.0" encoding="UTF-8"?>
                <testsuites name="scenesim" tests="3" failures="2" errors="0" time="0.750">
                  <testsuite name="scenesim test" tests="3" failures="2" errors="0" skipped="0" time="0.750">
                    <testcase classname="scenesim" name="boom" file="scenarios/boom.lua" time="0.250">
                      <failure type="error" message="error at boom.lua:3: expected bob">boom.lua:3: expected bob
                stack traceback:
                not recorded: a scenario meant to end in an error says so with a line &apos;-- expect: error&apos; in its leading comments
                </failure>
                    </testcase>
                    <testcase classname="scenesim.phases" name="phases/cold-launch" file="scenarios/phases/cold-launch.lua" time="0.250"/>
                    <testcase classname="scenesim" name="smoke" file="scenarios/smoke.lua" time="0.250">
                      <failure type="mismatch" message="output differs from scenarios/smoke.golden, first at line 1: expected &quot;&lt;a &amp; &quot;b&quot;&gt;&quot;, got &quot;ran smoke&quot;">--- scenarios/smoke.golden
                +++ actual
                @@ -1,2 +1,2 @@
                -&lt;a &amp; &quot;b&quot;&gt;
                +ran smoke
                 --- exit 0
                accept with: scenesim test --update scenarios/smoke.lua
                </failure>
                    </testcase>
                  </testsuite>
                </testsuites>

                """)
    }

    @Test("Times are seconds with three decimals")
    func secondsFormat() {
        #expect(JUnitReport.seconds(.milliseconds(1500)) == "1.500")
        #expect(JUnitReport.seconds(.milliseconds(7)) == "0.007")
        #expect(JUnitReport.seconds(.seconds(62)) == "62.000")
    }

    @Test("Characters XML forbids show as \\ddd; tabs and newlines stay, as references inside an attribute")
    func escapesControlCharacters() {
        #expect(JUnitReport.escape("a\u{1B}[31mb\tc'\n\u{FFFF}", attribute: false) == "a\\027[31mb\tc&apos;\n\u{FFFD}")
        #expect(JUnitReport.escape("a\u{1B}b\tc\n") == "a\\027b&#9;c&#10;")
    }
}

/// A counter safe to read from the runner's worker threads.
final class LockedCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    func next() -> Int {
        lock.withLock {
            defer { value += 1 }
            return value
        }
    }
}
