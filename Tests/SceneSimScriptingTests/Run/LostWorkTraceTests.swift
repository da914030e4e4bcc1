import SceneSimScriptTestSupport
import SceneSimScripting
import Testing

// Semantics 11.7: work under way dies with the process, and the trace says what was lost.
@Suite("Work a termination ends unfinished is traced")
struct LostWorkTraceTests {
    @Test("a crash ends a running background task, a pending timer and an unanswered request, each named, before the terminated line")
    func crashNamesWhatItEnded() {
        let run = runScript(
            """
            local app = sim.launch { model = { states = { ready = {} }, initial = "ready" } }
            local upload = app:begin_background_task("upload")
            local done = app:begin_background_task("done")
            done:finish()
            local fired = app:after(1, function() end)
            app:after(30, function() end)
            sim.advance(2)
            sim.server.validate(sim.server.create_session("ada", 3600), function() end)
            app:terminate("crash")
            print(upload.status, fired.status)
            """)

        let lines = run.output.split(separator: "\n").filter { $0.contains("ended (terminated)") || $0.contains("terminated (crash)") }
        #expect(
            lines == [
                "[   2.000] app         background task 1 \"upload\" ended (terminated): it was running",
                "[   2.000] app         task 2 ended (terminated): it was due at 30.000",
                "[   2.000] app         server request 1 ended (terminated): no answer came",
                "[   2.000] app         terminated (crash): restoration data kept",
            ])
        #expect(run.output.hasSuffix("ended\tdone\n"))
        #expect(run.error == nil)
    }

    @Test("the watchdog's own line names the tasks it found running; they are not listed again")
    func watchdogListsTasksOnce() {
        let run = runScript(
            """
            local app = sim.launch { platform = "iphone", model = { states = { ready = {} }, initial = "ready" } }
            app:begin_background_task("upload")
            app:background()
            sim.advance(60)
            """)

        #expect(!run.output.contains("ended (terminated)"))
        #expect(run.output.contains("terminated (watchdog): background task 1 \"upload\" still running"))
    }

    @Test("an app with nothing under way ends without such lines")
    func nothingUnderWay() {
        let run = runScript(
            """
            local app = sim.launch {}
            sim.settle()
            app:terminate("crash")
            """)
        #expect(!run.output.contains("ended (terminated)"))
    }
}
