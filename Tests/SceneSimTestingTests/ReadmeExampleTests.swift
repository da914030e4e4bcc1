// README.md's "Use from Swift" section and the DocC article "Test your app's lifecycle in
// Swift" show the code between the markers below verbatim (tests in SceneSimCommandsTests
// compare them), so the example always compiles and passes.
// It keeps the layout it is shown in: swift-format leaves this file alone (scripts/format.sh).
// swift-format-ignore-file
// README example begins
import SceneSim
import SceneSimTesting
import Testing

@Test("a draft typed in a note window survives a system kill")
func draftSurvivesSystemKill() throws {
    let store = try SceneSimTestStore(AppConfig(
        platform: .ipados,
        scenes: [SceneDeclaration(id: "main"), SceneDeclaration(id: "note", valueType: .string)]
    ))
    try store.launch()
    try store.openWindow("note", value: .string("n1"))
    try store.setStorage("note#1", "draft", .string("Hello"))
    try store.background()
    try store.terminate(.system)
    _ = store.takeTrace()

    try store.launch()
    store.expectTrace("""
        [   0.000] app         launch #2 on ipados: restoring note#1, main#1
        [   0.000] note#1      connected (restored, value "n1") -> inactive
        [   0.000] main#1      connected (restored) -> inactive
        [   0.000] note#1      phase inactive -> active
        [   0.000] app         phase inactive -> active: validate session and refresh
        [   0.000] main#1      phase inactive -> active
        """)
    try store.expectStorage("note#1", ["draft": .string("Hello")])
    store.expectState("loading")
    try store.settle()
    store.expectTrace("[   0.500] app         state loading -> unauthenticated")
}
// README example ends
