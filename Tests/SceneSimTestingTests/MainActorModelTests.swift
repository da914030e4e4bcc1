import SceneSim
import SceneSimTesting
import Testing

/// An app's controller as SwiftUI apps write it: main-actor isolated, observed by the views.
@MainActor
final class InboxController {
    enum Phase: String { case starting, ready, syncing }
    private(set) var phase = Phase.starting
    private(set) var opened: [String] = []

    nonisolated init() {}

    func finishStarting() { phase = .ready }
    func beginSync() { phase = .syncing }
    func show(_ message: String) { opened.append(message) }
}

/// The model adapter a team would write around that controller: every closure touches it on
/// the main actor, with no `assumeIsolated` and no workaround for the simulator.
enum InboxModel {
    static let config = AppConfig(
        platform: .ipados,
        scenes: [SceneDeclaration(id: "inbox"), SceneDeclaration(id: "message", valueType: .string)]
    )

    static func make(_ controller: InboxController) throws -> AppModel {
        var model = try AppModel(
            states: [ModelState("starting"), ModelState("ready"), ModelState("syncing")],
            initial: "starting",
            transitions: ["starting": ["ready"], "ready": ["syncing"], "syncing": ["ready"]]
        )
        model.onLaunch = { sim in
            // A timer moves the state, then schedules another that opens a window.
            try sim.scheduleTask(after: 1) { sim in
                controller.finishStarting()
                try sim.transition(to: ModelState(controller.phase.rawValue))
                try sim.scheduleTask(after: 2) { sim in
                    try sim.openWindow("message", value: .string("welcome"))
                }
            }
        }
        model.onURL = { sim, url in
            guard url.hasPrefix("inbox://message/") else { return .refused("not an inbox link") }
            let id = String(url.dropFirst("inbox://message/".count))
            controller.show(id)
            // A window opened from the URL handler opens once the URL's action is over.
            try sim.openWindow("message", value: .string(id))
            return .handled
        }
        return model
    }
}

@Suite("A @MainActor Swift model under SceneSimTestStore")
struct MainActorModelTests {
    @MainActor
    @Test("timers with Swift bodies move the state and open a window; the URL handler opens the message's window itself")
    func mainActorModel() throws {
        let controller = InboxController()
        let store = try SceneSimTestStore(InboxModel.config, model: InboxModel.make(controller))
        try store.launch()
        store.expectState("starting")
        try store.advance(1)
        store.expectState("ready")
        try store.settle()
        #expect(store.windows == ["message#1", "inbox#1"])
        #expect(try store.openURL("inbox://message/m7"))
        #expect(controller.opened == ["m7"])
        // iPadOS shows two windows side by side: the third goes to the background.
        #expect(store.windows == ["message#2", "message#1", "inbox#1"])
        #expect(try !store.openURL("https://example.com"))
        store.expectTrace(
            """
            [   0.000] app         launch #1 on ipados: nothing to restore
            [   0.000] inbox#1     connected (new session) -> inactive
            [   0.000] inbox#1     phase inactive -> active
            [   0.000] app         phase inactive -> active
            [   1.000] app         state starting -> ready
            [   3.000] message#1   connected (new session, value "welcome") -> inactive
            [   3.000] message#1   phase inactive -> active
            [   3.000] app         open url inbox://message/m7: handled by the app
            [   3.000] message#2   connected (new session, value "m7") -> inactive
            [   3.000] message#2   phase inactive -> active
            [   3.000] inbox#1     phase active -> inactive
            [   3.000] inbox#1     phase inactive -> background
            [   3.000] app         open url https://example.com: not handled: not an inbox link
            """)
        store.finish()
    }

    @Test("the same model driven from a test that is not on the main actor runs its code there all the same")
    func offTheMainActor() async throws {
        let store = try SceneSimTestStore(InboxModel.config, model: InboxModel.make(InboxController()))
        store.exhaustivity = .off
        try store.launch()
        try store.settle()
        #expect(store.windows == ["message#1", "inbox#1"])
        store.expectState("ready")
    }

    @Test("an exhaustive store fails a test that leaves trace events unasserted, naming them")
    func exhaustiveStoreFails() throws {
        let store = try SceneSimTestStore(InboxModel.config, model: .builtin)
        try store.launch()
        _ = store.takeTrace()
        try store.background()
        withKnownIssue {
            store.finish()
        } matching: { issue in
            // The lines, and the built-in model's initialization still under way.
            let text = issue.comments.map(\.rawValue).joined()
            return text == """
                4 trace events were not asserted; assert them with expectTrace, take them with takeTrace, or set exhaustivity = .off:
                  [   0.000] inbox#1     phase active -> inactive
                  [   0.000] app         phase active -> inactive: prepare for background
                  [   0.000] inbox#1     phase inactive -> background
                  [   0.000] app         phase inactive -> background: release resources
                """
                || text == """
                    1 piece of work is still under way at the end of the test; let it run (advance, settle), cancel or finish it, or set exhaustivity = .off:
                      the model's own timer, due at 0.500 s
                    """
        }
    }

    @Test("with exhaustivity off the same test passes")
    func nonExhaustiveStorePasses() throws {
        let store = try SceneSimTestStore(InboxModel.config, model: .builtin)
        store.exhaustivity = .off
        try store.launch()
        try store.background()
        store.finish()
    }

    @Test("a store never finished is checked when it goes away")
    func unfinishedStoreIsChecked() throws {
        try withKnownIssue {
            let store = try SceneSimTestStore(InboxModel.config, model: .builtin)
            try store.launch()
        } matching: { issue in
            // The launch's lines, and the built-in model's initialization still under way.
            let text = issue.comments.map(\.rawValue).joined()
            return text.hasPrefix("4 trace events were not asserted")
                || text.hasPrefix("1 piece of work is still under way at the end of the test")
        }
    }
}
