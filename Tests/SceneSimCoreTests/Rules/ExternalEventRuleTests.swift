import ByteText
import SceneSimBuiltin
import SceneSimTestSupport
import SceneSimTesting
import Testing

@testable import SceneSimCore

/// docs/semantics.md §12.0, 12.4 and 12.10 (platform v5 §1.1, §2.4): what an event is matched
/// on, how `matching` compares, the fallback scene, and notifications and shortcuts routed to a
/// scene by their target.
@Suite("§12 Matching an event; notifications and shortcuts to a scene")
struct ExternalEventRuleTests {
    /// A model of three scenes: `library` (no matching, views that allow "library" only),
    /// `doc` (matching "doc", preferring the target its window shows), `never` (matching "").
    /// `asked` collects what prefers and allows were given; `got` what the windows' handlers got.
    @MainActor
    final class Log {
        var asked: [String] = []
        var got: [String] = []
    }

    @MainActor
    static func device(_ platform: Platform = .macos, log: Log) throws -> SceneSimTestStore {
        var model = AppModel.builtin
        try model.addScene(
            SceneDeclaration(id: "library"),
            AppModel.SceneCode(
                allows: { _, _, text in
                    log.asked.append("allows \(text)")
                    return text == "library"
                }))
        var doc = SceneDeclaration(id: "doc")
        doc.matching = ["Doc"]
        try model.addScene(
            doc,
            AppModel.SceneCode(
                prefers: { sim, window, text in
                    log.asked.append("prefers \(text)")
                    return (try? sim.storageValue(window, key: ByteString("shows"))) == .string(text)
                },
                onActivity: { sim, window, type, _ in
                    log.got.append("\(sim.label(of: window)) activity \(type)")
                    return true
                },
                onNotification: { sim, window, info in log.got.append("\(sim.label(of: window)) notification \(info.literal)") },
                onShortcut: { sim, window, type in log.got.append("\(sim.label(of: window)) shortcut \(type)") }
            ))
        var never = SceneDeclaration(id: "never")
        never.matching = [""]
        try model.addScene(never)
        model.onNotification = { _, info in log.got.append("app notification \(info.literal)") }
        model.onShortcut = { _, type in log.got.append("app shortcut \(type)") }
        return try SceneSimTestStore.ready(.testing(platform), model: model)
    }

    @Test("12.0 an activity is matched on its target, else its webpage URL, never its type")
    @MainActor
    func activityTarget() throws {
        let log = Log()
        let device = try Self.device(log: log)
        // The type contains "doc"; nothing else does: compared with nothing, the first scene
        // without matching (library) takes it, and neither prefers nor allows is asked.
        #expect(try !device.continueActivity("com.example.doc"))
        #expect(device.simulator.frontWindow.map(device.simulator.label(of:)) == "library#2")
        #expect(log.asked.isEmpty)
        // The target: a doc window.
        #expect(try device.continueActivity("com.example.open", target: "doc-3"))
        let doc = try #require(device.simulator.frontWindow)
        #expect(device.simulator.label(of: doc) == "doc#1")
        // The webpage, when there is no target; the target wins over it.
        #expect(try device.continueActivity("com.example.open", webpage: "https://example.com/DOC/4"))
        #expect(device.simulator.frontWindow.map(device.simulator.label(of:)) == "doc#2")
        #expect(try !device.continueActivity("com.example.open", target: "library-5", webpage: "https://example.com/doc/5"))
        #expect(device.simulator.frontWindow.map(device.simulator.label(of:)) == "library#3")
        #expect(log.asked.contains("prefers https://example.com/DOC/4"))
        #expect(!log.asked.contains { $0.hasSuffix("com.example.open") })
    }

    @Test("12.4 matching compares without case or diacritics; \"\" never matches; the fallback is the first scene without matching, whatever its views allow")
    @MainActor
    func matchingRules() throws {
        let log = Log()
        let device = try Self.device(log: log)
        #expect(try device.continueActivity("t", target: "dóc-1"))  // "Doc" matches "dóc": no case, no diacritics
        #expect(device.simulator.frontWindow.map(device.simulator.label(of:)) == "doc#1")
        // "" in never's matching matches nothing; library allows only "library" but is the
        // fallback all the same (before: skipped, and the event was dropped).
        #expect(try !device.continueActivity("t", target: "other"))
        #expect(device.simulator.frontWindow.map(device.simulator.label(of:)) == "library#2")
        #expect(ExternalEvent.matches("*", Array("x".utf8)))
        #expect(!ExternalEvent.matches("", Array("x".utf8)))
        #expect(ExternalEvent.matches("CAFÉ", ExternalEvent.fold(ByteString("https://x/cafe"))))
    }

    @Test("12.10 a notification with a target reaches the model's handler, then the window that prefers the target; without one the model's only")
    @MainActor
    func notificationTarget() throws {
        let log = Log()
        let device = try Self.device(.ipados, log: log)
        try device.openNotification(["n": .int(1)])
        #expect(log.got == ["app notification {n = 1}"])
        try device.openNotification(["n": .int(2)], target: "doc-7")
        #expect(log.got.suffix(2) == ["app notification {n = 2}", "doc#1 notification {n = 2}"])
        let doc = try #require(device.simulator.frontWindow)
        try device.perform("shows") { try $0.setStorage(doc, key: "shows", value: .string("doc-7")) }
        try device.openWindow("doc")
        try device.openNotification(["n": .int(3)], target: "doc-7")
        #expect(log.got.last == "doc#1 notification {n = 3}")
        #expect(device.simulator.frontWindow == doc)
    }

    @Test("12.10 a shortcut launches the app, runs on_shortcut, then its target's window; on macos it is an error")
    @MainActor
    func shortcut() throws {
        let log = Log()
        let device = try Self.device(.iphone, log: log)
        try device.terminate(.user)
        _ = device.takeTrace()
        try device.openShortcut("com.example.new", target: "doc-1")
        // iPhone has one scene: the launch window gets the shortcut, whose scene has no on_shortcut.
        #expect(log.got == ["app shortcut com.example.new"])
        let trace = device.takeTrace()
        #expect(trace.first?.hasSuffix("launch #2 on iphone (shortcut com.example.new): nothing to restore") == true)
        #expect(trace.contains { $0.hasSuffix("open shortcut com.example.new: on_shortcut responds") })
        #expect(trace.last?.hasSuffix("shortcut com.example.new for \"doc-1\": not handled: library#2 has no on_shortcut") == true)

        let mac = try Self.device(.macos, log: Log())
        #expect(
            throws: SimError(
                .forbidden,
                "app:open_shortcut: home-screen quick actions (UIApplicationShortcutItem) exist on iphone, ipad and visionos, not on macos; use app:open_url or app:continue_activity for a Mac app"
            )
        ) {
            try mac.openShortcut("com.example.new")
        }
    }

    @Test("12.0 a webpage that is not http or https is an error")
    @MainActor
    func webpageScheme() throws {
        let device = try Self.device(log: Log())
        #expect(
            throws: SimError(
                .invalidValue,
                "app:continue_activity: the webpage \"recipes://42\" is not an http or https URL (NSUserActivity.webpageURL takes only those); pass one like \"https://example.com/doc/3\", or a target"
            )
        ) {
            try device.continueActivity("t", webpage: "recipes://42")
        }
    }
}
