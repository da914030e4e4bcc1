import SceneSimCore
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

        #expect(run == ScriptRun(
            output: """
                [   0.000] note        before launch
                [   0.000] app          launch #1 on macos: nothing to restore
                [   0.000] MainWindow#1 connected (new session) -> inactive
                [   0.000] app          phase background -> inactive: prepare for background
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
}
