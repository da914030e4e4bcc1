import NotesApp
import SceneSim
import SceneSimTesting
import Testing

/// The notes app's controller driven through real lifecycles by SceneSimTestStore.
@Suite("The notes app locks and follows deep links across lifecycles")
struct NotesLifecycleTests {
    /// The model carries its scenes: the config says only the platform. These tests check
    /// states and windows, not the trace, so the store is not exhaustive.
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

    @Test("three wrong PINs lock the keypad out until the next launch")
    func lockOut() throws {
        let store = try makeStore()
        try store.launch()
        for code in ["1", "2", "3"] { _ = try store.simulator.perform(intent: "unlock", [.string(code)]) }
        #expect(try store.simulator.perform(intent: "locked_out") == .bool(true))
        #expect(try store.simulator.perform(intent: "unlock", [.string(NotesModel.pin)]) == .bool(false))
    }
}
