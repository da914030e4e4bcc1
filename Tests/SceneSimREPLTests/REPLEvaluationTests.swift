import LuaKit
import SceneSimREPL
import Testing

@Suite("Entries run as lua.c runs them")
struct REPLEvaluationTests {
    @Test("An expression prints its values: tables sorted and nested, several separated by tabs")
    func expressions() {
        let run = runSession(["1 + 1", "{b = 1, a = {2, 3}, 'x'}", "1, 'two', nil", "'text'", "math.type(2.0)", "nil"])
        #expect(
            run.transcript == """
                > 1 + 1
                2
                > {b = 1, a = {2, 3}, 'x'}
                {"x", a = {2, 3}, b = 1}
                > 1, 'two', nil
                1\ttwo\tnil
                > 'text'
                text
                > math.type(2.0)
                float
                > nil
                nil
                > \n
                """)
        #expect(run.status == 0)
    }

    @Test("An expression's table shows its __tostring, as print shows it, nested too; a __tostring that fails is reported and the session goes on")
    func tostringShown() {
        let run = runSession([
            "t = setmetatable({}, { __tostring = function() return 'custom' end })",
            "t", "{t, 1}", "print(t)",
            "setmetatable({}, { __tostring = function() error('bad', 0) end })", "'after'",
        ])
        #expect(
            run.transcript == """
                > t = setmetatable({}, { __tostring = function() return 'custom' end })
                > t
                custom
                > {t, 1}
                {custom, 1}
                > print(t)
                custom
                > setmetatable({}, { __tostring = function() error('bad', 0) end })
                bad
                > 'after'
                after
                > \n
                """)
    }

    @Test("Printed strings and results reach standard output as their bytes: NUL and invalid UTF-8 included")
    func bytesExact() {
        let run = runSession(["print('a\\0b', '\\255')", "'\\254'"], interactive: false)
        #expect(run.standardBytes == Array("a".utf8) + [0, UInt8(ascii: "b"), UInt8(ascii: "\t"), 0xff, 0x0a, 0xfe, 0x0a])
    }

    @Test("Statements run silently; a prompt's locals end with it, globals stay")
    func statements() {
        let run = runSession(["x = 5", "local y = 1", "x, y", "print('hi', x)", "function g() end", "g()"])
        #expect(
            run.transcript == """
                > x = 5
                > local y = 1
                > x, y
                5\tnil
                > print('hi', x)
                hi\t5
                > function g() end
                > g()
                > \n
                """)
    }

    @Test("An unfinished entry continues on >> lines and is one history entry")
    func multiLine() {
        let run = runSession(["function f(x)", "  return x * 2", "end", "f(21)", "t = {", "1,", "}", "#t"])
        #expect(
            run.transcript == """
                > function f(x)
                >>   return x * 2
                >> end
                > f(21)
                42
                > t = {
                >> 1,
                >> }
                > #t
                1
                > \n
                """)
        #expect(run.history == ["function f(x)\n  return x * 2\nend", "f(21)", "t = {\n1,\n}", "#t"])
    }

    @Test("Errors read stdin:N: with N the session's line; the session goes on")
    func errors() {
        let run = runSession([
            "error('boom')", "x = = 1", "function bad()", "  return nil + 1", "end", "x = bad()", "sim.advance(1)", "'still here'",
        ])
        #expect(
            run.transcript == """
                > error('boom')
                stdin:1: boom
                > x = = 1
                stdin:2: unexpected symbol near '='
                > function bad()
                >>   return nil + 1
                >> end
                > x = bad()
                stdin:4: attempt to perform arithmetic on a nil value
                stack traceback:
                \tstdin:4: in function 'bad'
                \tstdin:6: in main chunk
                > sim.advance(1)
                stdin:7: sim.advance needs the app: call sim.launch{ ... } first
                > 'still here'
                still here
                > \n
                """)
        #expect(run.status == 0)
    }

    @Test("Ctrl-C while typing drops the pending entry")
    func interruptWhileTyping() {
        let run = runSession([.line("function f()"), .interrupted, .line("f"), .interrupted, .line("1")])
        #expect(
            run.transcript == """
                > function f()
                >> ^C
                > f
                nil
                > ^C
                > 1
                1
                > \n
                """)
    }

    @Test("An interrupt while an entry runs stops it with 'interrupted' and the session goes on")
    func interruptWhileRunning() {
        // The pty test sends a real Ctrl-C; here the entry raises its own state's flag, so
        // parallel tests are not disturbed.
        let run = runSession([.line("stop_soon(); while true do end"), .line("'next'")]) { session in
            session.host.lua.register("stop_soon") { call in
                call.state.interrupt()
                return .values(0)
            }
        }
        #expect(
            run.transcript == """
                > stop_soon(); while true do end
                stdin:1: interrupted
                > 'next'
                next
                > \n
                """)
    }

    @Test("The instruction limit stops a runaway entry, not the session")
    func instructionLimit() {
        let run = runSession(["while true do end", "2"], options: .init(maxInstructions: 10_000))
        #expect(
            run.transcript == """
                > while true do end
                stdin:1: instruction limit exceeded (10000 instructions)
                > 2
                2
                > \n
                """)
    }

    @Test("A reader that is not a terminal shows no prompts; an entry that fails makes the exit status 1")
    func piped() {
        let ok = runSession(["x = 2", "x * 21"], interactive: false)
        #expect(ok.transcript == "42\n")
        #expect(ok.status == 0)
        let failed = runSession(["error('no')", "'after'"], interactive: false)
        #expect(failed.transcript == "stdin:1: no\nafter\n")
        #expect(failed.status == 1)
    }

    @Test("An interactive session starts with the banner")
    func banner() {
        let run = runSession([.line("1")], banner: "hello")
        #expect(run.transcript == "hello\n> 1\n1\n> \n")
    }
}
