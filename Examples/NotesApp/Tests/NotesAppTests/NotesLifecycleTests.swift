import NotesApp
import SceneSim
import SceneSimTesting
import Testing

/// The notes app's controller driven through real lifecycles by SceneSimTestStore.
@Suite("The notes app locks and follows deep links across lifecycles")
struct NotesLifecycleTests {
    /// The model carries its scenes: the config says only the platform. These tests check
    /// states and windows, not the trace, so the store is not exhaustive (the exhaustive test
    /// below asserts every event).
    private func makeStore() throws -> SceneSimTestStore {
        let store = try SceneSimTestStore(AppConfig(platform: .ipados), model: NotesModel.make())
        store.exhaustivity = .off
        return store
    }

    @Test("launch shows the lock screen; the right PIN unlocks; the background locks again")
    func lockCycle() throws {
        let store = try makeStore()
        try store.launch()
        store.expectState("locked")
        #expect(try store.simulator.perform(intent: "unlock", [.string("0000")]) == .bool(false))
        store.expectState("locked")
        #expect(try store.simulator.perform(intent: "unlock", [.string(NotesModel.pin)]) == .bool(true))
        store.expectState("unlocked")
        try store.background()
        store.expectState("locked")
    }

    @Test("a deep link while locked opens its note once the app is unlocked, and a relaunch starts locked")
    func deferredDeepLink() throws {
        let store = try makeStore()
        try store.launch()
        _ = try store.openURL("app://note/groceries")
        #expect(store.windows == ["main#1"])
        _ = try store.simulator.perform(intent: "unlock", [.string(NotesModel.pin)])
        #expect(store.windows.contains("note#1"))
        try store.background()
        try store.terminate(.system)
        try store.launch()
        store.expectState("locked")
    }

    /// Exhaustive (the store's default): every trace event is asserted, in order, and
    /// `finish()` fails the test for any event left unasserted or any work still under way.
    @Test("exhaustively: a locked launch, a deep link that waits for the unlock, the unlock that opens it, the lock in the background")
    func exhaustiveDeferredDeepLink() throws {
        let store = try SceneSimTestStore(AppConfig(platform: .ipados), model: NotesModel.make())
        try store.launch()
        store.expectTrace(
            """
            [   0.000] app         launch #1 on ipados: nothing to restore
            [   0.000] app         state loading -> locked
            [   0.000] main#1      connected (new session) -> inactive
            [   0.000] main#1      phase inactive -> active
            [   0.000] app         phase inactive -> active
            """)
        #expect(try store.openURL("app://note/groceries"))
        store.expectTrace("[   0.000] app         open url app://note/groceries: handled by the app")
        #expect(store.windows == ["main#1"])

        #expect(try store.perform(intent: "unlock", [.string("0000")]) == .bool(false))
        #expect(try store.perform(intent: "unlock", [.string(NotesModel.pin)]) == .bool(true))
        store.expectTrace(
            """
            [   0.000] app         state locked -> unlocked
            [   0.000] note#1      connected (new session, value "groceries") -> inactive
            [   0.000] note#1      phase inactive -> active
            """)

        try store.background()
        store.expectTrace(
            """
            [   0.000] note#1      phase active -> inactive
            [   0.000] main#1      phase active -> inactive
            [   0.000] app         phase active -> inactive
            [   0.000] note#1      phase inactive -> background
            [   0.000] main#1      phase inactive -> background
            [   0.000] app         phase inactive -> background: lock the notes
            [   0.000] app         state unlocked -> locked
            """)
        store.expectState("locked")
        store.finish()
    }

    @Test("three wrong PINs lock the keypad out until the next launch")
    func lockOut() throws {
        let store = try makeStore()
        try store.launch()
        for code in ["1", "2", "3"] { _ = try store.simulator.perform(intent: "unlock", [.string(code)]) }
        #expect(try store.simulator.perform(intent: "locked_out") == .bool(true))
        #expect(try store.simulator.perform(intent: "unlock", [.string(NotesModel.pin)]) == .bool(false))
    }
}
