import Foundation
@testable import GoldenRunner
import Testing

@Suite("Names in reports are escaped as the trace escapes them")
struct ReportEscapingTests {
    @Test("A scenario whose name holds a newline and ESC cannot forge a report line or drive the terminal")
    func forgedName() throws {
        let sandbox = try Sandbox()
        let forged = "x\n3 passed, 0 failed\n\u{1B}[2J"
        try sandbox.write("scenarios/\(forged).lua", "")

        let run = runSuite(in: sandbox)

        #expect(run.status == .failed)
        #expect(
            run.output == """
                FAIL: x\\0103 passed, 0 failed\\010\\027[2J (no golden: scenarios/x\\0103 passed, 0 failed\\010\\027[2J.golden)
                --- scenarios/x\\0103 passed, 0 failed\\010\\027[2J.golden
                +++ actual
                @@ -0,0 +1,2 @@
                +ran x\\0103 passed, 0 failed\\010\\027[2J
                +--- exit 0
                wrote scenarios/x\\0103 passed, 0 failed\\010\\027[2J.golden.new for review
                accept with: scenesim test --update $'scenarios/x\\0123 passed, 0 failed\\012\\033[2J.lua'
                0 passed, 1 failed

                """)
        #expect(!run.output.contains("\u{1B}") && !run.errors.contains("\u{1B}"))
    }

    @Test("Control characters in a printed command are spelled $'\\ooo', bash's and zsh's quoting for them")
    func shellQuoting() {
        #expect(ShellQuoting.quote("a b") == "'a b'")
        #expect(ShellQuoting.quote("a\n'\u{1B}\\\u{9B}.lua") == "$'a\\012\\'\\033\\\\\\u009b.lua'")
    }
}
