import SceneSim
import SceneSimTesting
import Testing

// The snippets of the article "Isolating models and tests" (SceneSimTesting.docc,
// IsolatingModelsAndTests.md), compiled and run here. Each block between "Isolation article:
// NAME begins" and "ends" is in the article verbatim (PublicDocumentationTests checks it).

// Isolation article: controller begins
/// The app's controller, isolated to the main actor as SwiftUI's state is.
@MainActor
final class LinkController {
    private(set) var opened: [String] = []
    private(set) var signedIn = false

    nonisolated init() {}

    func open(_ url: String) { opened.append(url) }

    /// Signs in after the splash, on whatever clock it is given.
    func start(clock: any Clock<Duration>) async {
        try? await clock.sleep(for: .seconds(1))
        signedIn = true
    }
}
// Isolation article: controller ends

// Isolation article: model begins
enum LinkModel {
    static let config = AppConfig(platform: .ipados, scenes: [SceneDeclaration(id: "main")])

    /// The model around the controller: every handler is a `@MainActor` closure, so it may
    /// call the controller directly. A `@MainActor` factory may build it.
    @MainActor
    static func make(_ controller: LinkController) throws -> AppModel {
        var model = try AppModel(states: [ModelState("ready")], initial: "ready", transitions: [:])
        model.onLaunch = { sim in
            let clock = sim.clock
            Task { @MainActor in await controller.start(clock: clock) }
        }
        model.onURL = { _, url in
            controller.open(url)
            return .handled
        }
        return model
    }
}
// Isolation article: model ends

@Suite("The isolation article's snippets")
struct IsolationArticleTests {
    // Isolation article: main actor test begins
    @MainActor
    @Test func opensLinksAndSignsIn() throws {
        let controller = LinkController()
        let store = try SceneSimTestStore(LinkModel.config, model: LinkModel.make(controller))
        try store.launch()
        try store.openURL("links://1")
        #expect(controller.opened == ["links://1"])
        #expect(!controller.signedIn)
        try store.advance(by: .seconds(1))
        #expect(controller.signedIn)
        _ = store.takeTrace()
        store.finish()
    }
    // Isolation article: main actor test ends

    // Isolation article: off the main actor begins
    @Test func opensLinksFromAnyThread() async throws {
        let controller = LinkController()
        let model = try await LinkModel.make(controller)
        let store = try SceneSimTestStore(LinkModel.config, model: model)
        try store.launch()
        try store.openURL("links://2")
        #expect(await controller.opened == ["links://2"])
        try store.advance(by: .seconds(1))
        #expect(await controller.signedIn)
        _ = store.takeTrace()
        store.finish()
    }
    // Isolation article: off the main actor ends
}
