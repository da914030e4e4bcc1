import SceneSimScripting
import Testing

/// Issue 9, item 2, in the REPL: an entry that catches the limit is stopped all the same, and
/// the next entry runs with a fresh budget.
@Suite("REPL entries cannot escape the limits")
struct REPLLimitTests {
    @Test("A pcall loop is stopped by the instruction limit, and the session goes on")
    func pcallLoop() {
        let run = runSession(
            ["while true do pcall(function() while true do end end) end", "local s = 0 for i = 1, 2000 do s = s + i end return s"],
            options: .init(maxInstructions: 10_000)
        )
        #expect(
            run.transcript == """
                > while true do pcall(function() while true do end end) end
                stdin:1: instruction limit exceeded (10000 instructions)
                stack traceback:
                \tstdin:1: in function <stdin:1>
                \tstdin:1: in main chunk
                > local s = 0 for i = 1, 2000 do s = s + i end return s
                2001000
                > \n
                """)
    }

    @Test("An interrupt of a pcall loop stops it, and the session goes on")
    func interruptedPcallLoop() {
        // The interrupt comes from inside the pcall (an interrupt is honoured as soon as the
        // Swift function that saw it returns).
        let run = runSession([.line("while true do pcall(function() stop_soon() while true do end end) end"), .line("'next'")]) { session in
            session.host.lua.register("stop_soon") { call in
                call.state.interrupt()
                return .values(0)
            }
        }
        #expect(
            run.transcript == """
                > while true do pcall(function() stop_soon() while true do end end) end
                stdin:1: interrupted
                stack traceback:
                \tstdin:1: in function <stdin:1>
                \tstdin:1: in main chunk
                > 'next'
                next
                > \n
                """)
    }
}
