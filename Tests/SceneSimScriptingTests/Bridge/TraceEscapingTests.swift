import SceneSimScriptTestSupport
import SceneSimScripting
import Testing

@Suite("Text a script supplies cannot forge a trace line")
struct TraceEscapingTests {
    @Test("Line breaks and control bytes in users, URLs and notes are escaped on their own line")
    func userTextIsEscaped() {
        let run = runScript(
            #"""
            local app = sim.launch{}
            sim.settle()
            app:login{ user = "ada\n[   9.999] app         state forged" }
            print(pcall(function() return app:open_url("app://x\r\27[2J/1") end))
            sim.log("note\nline", "\xff")
            """#)
        #expect(run.error == nil)
        #expect(
            run.output.split(separator: "\n").filter { $0.contains("forged") } == [
                #"[   0.500] auth        session of ada\n[   9.999] app         state forged stored in the keychain (expires at 3600.500)"#,
                #"[   0.500] app         state unauthenticated -> authenticated(ada\n[   9.999] app         state forged)"#,
            ])
        // A URL with control bytes never reaches the app (sim.url refuses it too); the refusal
        // shows them escaped, on its own line.
        #expect(
            run.output.contains(#"false"# + "\t" + #"test.lua:4: app:open_url: "app://x\r\027[2J/1" is not a URL: byte 8 is the control byte \r; percent-encode it as %0D"# + "\n"))
        #expect(run.output.contains(#"[   0.500] note        note\nline \255"#))
    }

    @Test("The state a script reads back keeps the user's bytes exactly")
    func stateKeepsBytes() {
        let run = runScript(
            #"""
            local app = sim.launch{}
            sim.settle()
            app:login{ user = "a\nb" }
            assert(app.state == "authenticated(a\nb)", app.state)
            assert(app.history[#app.history].to == "authenticated(a\nb)")
            """#, options: ScenarioOptions(trace: .off))
        #expect(run.error == nil)
    }
}
