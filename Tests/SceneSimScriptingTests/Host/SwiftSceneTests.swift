import SceneSimCore
import SceneSimScriptTestSupport
import SceneSimScripting
import Testing

/// What a documents app's views record, on the main actor like the app's own state.
@MainActor
final class DocumentsLog {
    var lines: [String] = []
    nonisolated init() {}
}

/// A documents app in Swift that carries its body: a browser and a document window per file,
/// whose views react to their phases, take `docs://` links, and refuse to restore a file that
/// was deleted meanwhile. `onTransitionRequest` lets a script ask to go read-only.
func documentsModel(_ log: DocumentsLog, acceptsTransitions: Bool? = nil) throws(SimError) -> AppModel {
    var model = try AppModel(states: ["editing", "read_only"], initial: "editing", transitions: ["editing": ["read_only"], "read_only": ["editing"]])
    try model.addScene(SceneDeclaration(id: "browser"))
    try model.addScene(
        SceneDeclaration(id: "document", valueType: .string),
        AppModel.SceneCode(
            onPhase: { sim, window, old, new in log.lines.append("\(sim.label(of: window)) \(old.text) -> \(new.text)") },
            onURL: { sim, window, url in
                log.lines.append("\(sim.label(of: window)) took \(url)")
                return url.hasSuffix("/open")
            },
            handles: { url in url.hasPrefix("docs://") },
            restore: { sim, window in sim.value(of: window) != .string("deleted") }
        ))
    if let acceptsTransitions {
        model.onTransitionRequest = { sim, target in
            log.lines.append("asked for \(target.text)")
            guard acceptsTransitions else { return false }
            try sim.transition(to: target)
            return true
        }
    }
    return model
}

@Suite("A Swift model carries its scenes and the code of their views")
struct SwiftSceneTests {
    static func options(_ log: DocumentsLog, acceptsTransitions: Bool? = nil) -> ScenarioOptions {
        ScenarioOptions(trace: .off, models: try! ModelRegistry(["docs": { () throws(SimError) in try documentsModel(log, acceptsTransitions: acceptsTransitions) }]))
    }

    @Test("sim.launch{ model = \"docs\" } declares no scenes: the model's body opens, and its views' code runs at their events")
    func scenesComeFromTheModel() async {
        let log = DocumentsLog()
        let run = runScript(
            """
            local app = sim.launch { model = "docs" }
            local doc = app:open_window("document", "notes.txt")
            print(app.windows[2], doc)
            print(app:open_url("docs://notes.txt/open"), app:open_url("https://example.com"))
            """, options: Self.options(log))
        #expect(run == ScriptRun(output: "browser#1\tdocument#1(\"notes.txt\")\ntrue\tfalse\n", error: nil))
        #expect(
            await log.lines == [
                "document#1 disconnected -> inactive",
                "document#1 inactive -> active",
                "document#1 took docs://notes.txt/open",
            ])
    }

    @Test("a scene's own onPhase runs before the scene_phase hooks of the same change, in Swift as in Lua (semantics 10.4)")
    func scenePhaseCodeBeforeHooks() {
        let options = ScenarioOptions(
            trace: .off,
            models: try! ModelRegistry([
                "phases": { () throws(SimError) in
                    var model = try AppModel(states: ["ready"], initial: "ready", transitions: [:])
                    try model.addScene(
                        SceneDeclaration(id: "main"),
                        AppModel.SceneCode(onPhase: { sim, _, _, new in
                            try sim.setDefault("seen", .string(new.text))
                        }))
                    return model
                }
            ]))
        let run = runScript(
            """
            local app = sim.launch { model = "phases" }
            app:on("scene_phase", function(w, old, new) print(old, new, app.defaults.seen) end)
            app:background()
            """, options: options)
        // Before issue 40 the hooks ran first and saw the phase before: "active", then "inactive".
        #expect(run == ScriptRun(output: "active\tinactive\tinactive\ninactive\tbackground\tbackground\n", error: nil))
    }

    @Test("a window the model's restore refuses starts empty after a relaunch")
    func restoreRefused() {
        let run = runScript(
            """
            local app = sim.launch { model = "docs" }
            local kept = app:open_window("document", "kept")
            local gone = app:open_window("document", "deleted")
            kept.storage.line = 3
            gone.storage.line = 7
            app:background()
            app:terminate("system")
            app:launch()
            print(kept.storage.line, gone.storage.line)
            """, options: Self.options(DocumentsLog()))
        #expect(run == ScriptRun(output: "3\tnil\n", error: nil))
    }

    @Test("a scenario that gives scenes with a model that carries its own is an error naming both")
    func scenesTwice() {
        let run = runScript("local app = sim.launch { model = \"docs\", scenes = { { id = \"main\" } } }", options: Self.options(DocumentsLog()))
        #expect(
            run.error?.hasPrefix(#"test.lua:1: sim.launch: model "docs" declares the app's scenes itself (browser, document); remove scenes from sim.launch"#) == true, "\(run)")
    }

    @Test("app:transition on a Swift model goes through the model: refused without onTransitionRequest, refused or accepted by it")
    func transitionThroughTheModel() async {
        let none = runScript(
            """
            local app = sim.launch { model = "docs" }
            print(pcall(function() return app:transition("read_only") end))
            """, options: Self.options(DocumentsLog()))
        #expect(
            none.output == """
                false\ttest.lua:2: app:transition: model "docs" is a Swift model, whose state follows its own code; \
                call one of its intents, or give the model an onTransitionRequest that moves its controller

                """)

        let refusingLog = DocumentsLog()
        let refused = runScript(
            """
            local app = sim.launch { model = "docs" }
            print(app:transition("read_only"))
            print(app.state)
            """, options: ScenarioOptions(models: try! ModelRegistry(["docs": { () throws(SimError) in try documentsModel(refusingLog, acceptsTransitions: false) }])))
        #expect(
            refused.output.hasSuffix(
                """
                [   0.000] app         state editing -> read_only rejected: the model refused it
                false\tthe model refused it
                editing

                """), "\(refused)")
        #expect(await refusingLog.lines == ["asked for read_only"])

        let accepted = runScript(
            """
            local app = sim.launch { model = "docs" }
            print(app:transition("read_only"), app.state)
            print(app:transition("read_only"))
            """, options: Self.options(DocumentsLog(), acceptsTransitions: true))
        // The model asks for it and the table refuses: the table's reason is the answer.
        #expect(accepted == ScriptRun(output: "true\tread_only\nfalse\tread_only cannot go to read_only; from read_only the app may go to editing\n", error: nil))
    }
}
