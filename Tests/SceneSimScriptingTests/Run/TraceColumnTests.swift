import SceneSimCore
import SceneSimScriptTestSupport
import SceneSimScripting
import Testing

/// Issue 21, item 5: real apps name scenes `MainWindow`; the trace's subject column widens to
/// fit the declared ids, and stays 12 wide (the goldens' width) when every id is short.
@Suite("The trace's subject column fits the declared scene ids")
struct TraceColumnTests {
    @Test("a long scene id widens the column for every line of the run, so messages stay aligned")
    func longIdsStayAligned() {
        let source = """
            sim.log("before launch")
            local app = sim.launch{ platform = "macos", scenes = { { id = "MainWindow" }, { id = "Settings", kind = "window" } } }
            app:open_window("Settings")
            sim.log("done")
            """

        let run = runScript(source)

        #expect(
            run
                == ScriptRun(
                    output: """
                        [   0.000] note        before launch
                        [   0.000] app          launch #1 on macos: nothing to restore
                        [   0.000] MainWindow#1 connected (new session) -> inactive
                        [   0.000] MainWindow#1 phase inactive -> active
                        [   0.000] app          phase inactive -> active: validate session and refresh
                        [   0.000] Settings#1   connected (new session) -> inactive
                        [   0.000] Settings#1   phase inactive -> active
                        [   0.000] note         done

                        """,
                    error: nil
                ))
    }

    @Test("the width is 12 for ids of up to 9 characters, and id + 3 (room for #9 and a space) beyond")
    func widthFromTheDeclaration() {
        func width(_ ids: [String]) -> Int { TraceRenderer.subjectWidth(scenes: ids.map { SceneDeclaration(id: $0) }) }

        #expect(width([]) == 12)
        #expect(width(["main", "doc"]) == 12)
        #expect(width(["inspector"]) == 12)
        #expect(width(["main", "MainWindow"]) == 13)
        #expect(width(["PreferencesWindow", "main"]) == 20)
        // As the trace shows it: an escaped byte takes its escape's columns.
        #expect(width(["a\u{1}bcdefgh"]) == 15)
    }

    // Issue 44, item 7c: the time column was padded to 8 for every line, so a long run's lines
    // after 9999.999 s (and any after an instant with microseconds) stood one or more columns
    // right of the lines around them, in turn.
    @Test("the time column widens once, at the first time that needs more than 8 columns, and stays wide; lines before it keep their bytes")
    func timeColumnWidensOnce() {
        let source = """
            local app = sim.launch{ platform = "macos", scenes = { { id = "main" } } }
            sim.log("a")
            sim.advance(9999.5)
            sim.log("b")
            sim.advance(0.5)
            sim.log("c")
            sim.advance(0.000250)
            sim.log("d")
            sim.advance(0.99975)
            sim.log("e")
            """

        let run = runScript(source)

        #expect(
            run.output.split(separator: "\n").filter { $0.contains("note") }.joined(separator: "\n") == """
                [   0.000] note        a
                [9999.500] note        b
                [10000.000] note        c
                [10000.000250] note        d
                [   10001.000] note        e
                """)
        #expect(run.error == nil)
    }

    @Test("timeWidth never narrows: 8 for times that fit, the time's own width past them")
    func timeWidths() {
        #expect(TraceRenderer.timeWidth(VirtualTime(seconds: 12), after: 8) == 8)
        #expect(TraceRenderer.timeWidth(VirtualTime(seconds: 10_000), after: 8) == 9)
        #expect(TraceRenderer.timeWidth(VirtualTime(seconds: 12), after: 10) == 10)
        #expect(TraceRenderer.timeWidth(VirtualTime(microseconds: 12_000_250), after: 8) == 9)
    }
}
