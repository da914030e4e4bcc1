import SceneSimScriptTestSupport
import SceneSimScripting
import Testing

@Suite("Why sessions were discarded, as the trace says it")
struct DiscardReasonTests {
    @Test("the Settings window lost at a Quit is said to be never restored, not a restoration the model disabled; a scene with restoration = false says that")
    func settingsAndDisabledScenesSayWhy() {
        let run = runScript(
            """
            local app = sim.launch {
              platform = "macos",
              scenes = {
                { id = "main", kind = "window" },
                { id = "inspector", restoration = false },
                { id = "settings", kind = "settings" },
              },
            }
            app:open_window("inspector")
            app:open_settings()
            app:terminate("user", { keep_windows = true })
            """)

        let discards = run.output.split(separator: "\n").filter { $0.contains("sessions discarded") }
        #expect(
            discards == [
                "[   0.000] app         sessions discarded (restoration disabled for the scene): inspector#1; the app is told at its next launch",
                "[   0.000] app         sessions discarded (the Settings window is never restored): settings#1; the app is told at its next launch",
            ])
        #expect(run.error == nil)
    }
}
