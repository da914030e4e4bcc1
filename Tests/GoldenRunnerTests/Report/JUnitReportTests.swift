@testable import GoldenRunner
import Testing

@Suite("JUnit XML report")
struct JUnitReportTests {
    @Test("A small run's report is written whole: counts, classnames, escaped failure text")
    func smallRunReport() throws {
        let sandbox = try Sandbox()
        try sandbox.write("scenarios/phases/cold-launch.lua", "")
        try sandbox.write("scenarios/phases/cold-launch.golden", FakeExecutor.golden("phases/cold-launch"))
        try sandbox.write("scenarios/smoke.lua", "")
        try sandbox.write("scenarios/smoke.golden", "<a & \"b\">\n--- exit 0\n")

        let run = runSuite(in: sandbox) { $0.junitPath = "out/../report.xml"; $0.check = true }

        #expect(run.status == .failed)
        #expect(sandbox.read("report.xml") == """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites name="scenesim" tests="2" failures="1" errors="0">
              <testsuite name="scenesim test" tests="2" failures="1" errors="0" skipped="0">
                <testcase classname="scenesim.phases" name="phases/cold-launch"/>
                <testcase classname="scenesim" name="smoke">
                  <failure message="output differs from scenarios/smoke.golden">--- scenarios/smoke.golden
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

    @Test("Characters XML forbids become U+FFFD; tabs and newlines stay")
    func escapesControlCharacters() {
        #expect(JUnitReport.escape("a\u{1B}[31mb\tc'\n") == "a\u{FFFD}[31mb\tc&apos;\n")
    }
}
