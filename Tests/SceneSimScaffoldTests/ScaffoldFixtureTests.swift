import Foundation
@testable import SceneSimScaffold
import Testing

/// The fixture apps in Tests/ScaffoldFixtures: written for these tests, several files each.
let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("ScaffoldFixtures").path

func scaffold(_ app: String) throws -> ScaffoldFacts {
    try Scaffolder().scaffold(Scaffolder.sources(under: [fixtures + "/" + app]), lookedIn: app)
}

@Suite("scaffold on the NotesApp fixture (macOS: delegate adaptor, Window, Settings, MenuBarExtra)")
struct NotesAppScaffoldTests {
    @Test("the App: name, file:line, delegate adaptor, its own storage, memory and handlers")
    func app() throws {
        let facts = try scaffold("NotesApp")
        #expect(facts.app.name == "NotesApp")
        #expect(facts.app.file == "NotesApp.swift")
        #expect(facts.app.line == 3)
        #expect(facts.app.delegateAdaptor?.type == "AppDelegate")
        #expect(facts.app.delegateAdaptor?.wrapper == "NSApplicationDelegateAdaptor")
        let app = try #require(facts.view(named: "NotesApp"))
        #expect(app.isApp)
        #expect(app.appStorage.map(\.key) == ["launchCount"])
        #expect(app.appStorage.first?.type == "Int")
        #expect(app.memory.map(\.name) == ["store"])
        #expect(app.memory.first?.wrapper == "StateObject")
        #expect(app.memory.first?.type == "NoteStore")
        #expect(app.handlers.map(\.kind) == ["scene_phase"])
        #expect(app.handlers.first?.line == 16)
        #expect(app.openWindow.map(\.id) == ["activity"])
        #expect(facts.inferredPlatform == "macos")
    }

    @Test("the scenes in order: kinds, ids (declared or the root view's name), value types, root views, modifiers, #if")
    func scenes() throws {
        let facts = try scaffold("NotesApp")
        #expect(facts.scenes.map(\.kind) == ["window_group", "window_group", "window", "window_group", "settings", "menu_bar_extra"])
        #expect(facts.scenes.map(\.id) == ["main", "note", "activity", "InspectorView", "settings", "MenuContent"])
        #expect(facts.scenes.map(\.rootView) == ["ContentView", "NoteEditor", "ActivityLog", "InspectorView", "SettingsView", "MenuContent"])
        #expect(facts.scenes.map(\.valueType) == [nil, "Note.ID", nil, nil, nil, nil])
        #expect(facts.scenes.map(\.condition) == [nil, nil, nil, nil, "os(macOS)", "os(macOS)"])
        #expect(facts.scenes[0].matching == ["main", "open"])
        #expect(facts.scenes[1].launch == "suppressed")
        #expect(facts.scenes[2].restoration == "disabled")
        #expect(facts.scenes.map(\.line) == [12, 26, 31, 36, 41, 45])
        #expect(facts.scenes.allSatisfy { $0.file == "NotesApp.swift" })
    }

    @Test("a view's storage, memory, handlers and window calls, each with its line")
    func contentView() throws {
        let facts = try scaffold("NotesApp")
        let view = try #require(facts.view(named: "ContentView"))
        #expect(view.file == "Views/ContentView.swift")
        #expect(view.line == 3)
        #expect(view.sceneStorage.map(\.key) == ["selectedTab", "searchText"])
        #expect(view.sceneStorage.map(\.type) == ["Int", "String"])
        #expect(view.sceneStorage.map(\.defaultValue) == ["0", "\"\""])
        #expect(view.sceneStorage.map(\.line) == [4, 5])
        #expect(view.memory.map(\.name) == ["draft", "showingCompose", "searchFocused"])
        #expect(view.memory.map(\.wrapper) == ["State", "State", "FocusState"])
        #expect(view.memory.map(\.type) == ["String", "Bool", "Bool"])
        #expect(view.handlers.map(\.kind) == ["scene_phase", "open_url"])
        #expect(view.handlers.map(\.line) == [19, 22])
        #expect(view.openWindow.map(\.id) == ["note", nil])
        #expect(view.openWindow.map(\.byValue) == [true, true])
        let sidebar = try #require(facts.view(named: "SidebarView"))
        #expect(sidebar.appStorage.map(\.key) == ["sortOrder"])
        #expect(sidebar.handlers.map(\.kind) == ["continue_activity"])
        #expect(sidebar.handlers.first?.activityType == "com.example.notes.open")
        let editor = try #require(facts.view(named: "NoteEditor"))
        #expect(editor.handlers.map(\.kind) == ["handles_external_events"])
        #expect(editor.dismissWindow.map(\.id) == ["note"])
        #expect(editor.sceneStorage.map(\.type) == ["Double"])
    }

    @Test("reachability: body, @ViewBuilder properties, methods, closures, extensions; not previews; shared views under each scene")
    func reach() throws {
        let facts = try scaffold("NotesApp")
        #expect(facts.reached(from: "main") == ["ContentView", "SidebarView", "NoteRow", "ComposeSheet", "EmptyStateView"])
        #expect(facts.reached(from: "note") == ["NoteEditor", "NoteRow"])
        #expect(facts.reached(from: "InspectorView") == ["InspectorView", "InspectorHeader"])
        #expect(facts.reached(from: "activity") == ["ActivityLog"])
        #expect(!facts.views.contains { $0.name == "ContentView_Previews" })
        #expect(!(facts.reach.flatMap(\.views).contains("PreviewOnlyView")))
    }

    @Test("a file that does not parse is a warning with its line, and what parsed before it is kept")
    func brokenFile() throws {
        let facts = try scaffold("NotesApp")
        #expect(facts.warnings.count == 1)
        #expect(facts.warnings.first?.hasPrefix("Views/ActivityLog.swift:") == true)
        #expect(facts.view(named: "ActivityLog")?.memory.map(\.name) == ["filter"])
    }

    @Test("the JSON has the documented shape and is the same on every run")
    func json() throws {
        let first = try scaffold("NotesApp").json
        #expect(first == (try scaffold("NotesApp")).json)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["app", "scenes", "views", "reach", "project", "warnings", "untranslated"])
        let scenes = try #require(object["scenes"] as? [[String: Any]])
        #expect(scenes.first?["id"] as? String == "main")
        #expect(scenes.first?["value_type"] is NSNull)
        let reach = try #require(object["reach"] as? [String: [String]])
        #expect(reach["note"] == ["NoteEditor", "NoteRow"])
    }
}

@Suite("scaffold on the PhotoApp fixture (iPadOS: unnamed groups, value types, DocumentGroup, #if/#else)")
struct PhotoAppScaffoldTests {
    @Test("scenes: a second unnamed group of the same root gets _2; for: types; DocumentGroup; ImmersiveSpace under #if, its #else")
    func scenes() throws {
        let facts = try scaffold("PhotoApp")
        #expect(facts.scenes.map(\.id) == ["RootView", "viewer", "AlbumView", "RootView_2", "CaptionEditor", "space", "slideshow"])
        #expect(facts.scenes.map(\.kind) == ["window_group", "window_group", "window_group", "window_group", "document_group", "immersive_space", "window_group"])
        #expect(facts.scenes.map(\.valueType) == [nil, "Int", "Album", nil, nil, nil, nil])
        #expect(facts.scenes.map(\.condition) == [nil, nil, nil, nil, nil, "os(visionOS)", "!(os(visionOS))"])
        #expect(facts.app.delegateAdaptor?.wrapper == "UIApplicationDelegateAdaptor")
        #expect(facts.inferredPlatform == "ipados")
        #expect(facts.view(named: "PhotoApp")?.handlers.map(\.kind) == ["open_url"])
        #expect(facts.view(named: "PhotoApp")?.memory.map(\.type) == ["Library"])
    }

    @Test("a scenePhase bound under another name, with the closure form without parameters")
    func phaseUnderAnotherName() throws {
        let facts = try scaffold("PhotoApp")
        #expect(facts.view(named: "RootView")?.handlers.map(\.kind) == ["scene_phase"])
        #expect(facts.reached(from: "RootView") == ["RootView", "GridView", "Thumbnail", "AlbumsTab", "AlbumView"])
        #expect(facts.view(named: "GridView")?.openWindow.map(\.id) == ["viewer"])
        #expect(facts.view(named: "ViewerView")?.dismissWindow.map(\.id) == [nil])
        #expect(facts.view(named: "AlbumView")?.sceneStorage.first?.type == "Int")
    }

    @Test("the model on ipados: the visionOS-only space and kinds the platform lacks are comments; Album is a string with its type named")
    func model() throws {
        let facts = try scaffold("PhotoApp")
        let shape = facts.modelShape(platform: "ipados")
        #expect(shape.scenes.map(\.id) == ["RootView", "viewer", "AlbumView", "RootView_2", "CaptionEditor", "slideshow"])
        #expect(shape.scenes.map(\.value) == [nil, "integer", "string", nil, "string", nil])
        #expect(shape.skipped.map(\.text) == ["ImmersiveSpace \"space\" is under #if os(visionOS), not compiled for ipados"])
        #expect(shape.scenes[0].keys.map(\.name) == ["filter", "albumSort"])
        #expect(shape.scenes[0].handlers.map(\.name) == ["on_phase"])
        #expect(shape.handlers.map(\.name) == ["on_url"])
        #expect(shape.lua.contains("value = \"string\", -- Album"))
        let visionos = facts.modelShape(platform: "visionos")
        #expect(
            visionos.skipped.map(\.text) == [
                "ImmersiveSpace \"space\" is not a window scene here", "WindowGroup \"slideshow\" is under #if !(os(visionOS)), not compiled for visionos",
            ])
    }
}

@Suite("scaffold on the SplitBodyApp fixture (a body split into properties in an extension)")
struct SplitBodyScaffoldTests {
    @Test("scenes come from the properties body names, in order, with modifiers under #if after the chain and #if scenes inside a @SceneBuilder property")
    func scenes() throws {
        let facts = try scaffold("SplitBodyApp")
        #expect(facts.scenes.map(\.id) == ["reader", "ComposerView", "gallery"])
        #expect(facts.scenes.map(\.rootView) == ["FeedView", "ComposerView", "GalleryView"])
        #expect(facts.scenes.map(\.valueType) == [nil, "Draft.ID", nil])
        #expect(facts.scenes.map(\.condition) == [nil, nil, "os(visionOS)"])
        #expect(facts.scenes.map(\.file) == ["ReaderApp+Scenes.swift", "ReaderApp+Scenes.swift", "ReaderApp+Scenes.swift"])
        #expect(facts.scenes.map(\.line) == [5, 18, 22])
        #expect(facts.reached(from: "reader") == ["FeedView"])
    }
}

@Suite("scaffold on scene bodies as real apps write them")
struct SceneBodyShapesTests {
    @Test("views the scene's root presents from the scene's closure (.sheet, .overlay) are reached: their keys and memory are the scene's")
    func presentedFromSceneClosure() throws {
        let source = """
            @main struct SheetApp: App {
                @State var show = false
                var body: some Scene {
                    WindowGroup(id: "main") {
                        Root()
                            .sheet(isPresented: $show) { Composer() }
                            .overlay { Badge() }
                    }
                }
            }
            struct Root: View { @SceneStorage("tab") var tab = 0; var body: some View { Text("") } }
            struct Composer: View { @SceneStorage("draft") var draft = ""; @State var text = ""; var body: some View { Text("") } }
            struct Badge: View { @State var count = 0; var body: some View { Text("") } }
            """
        let facts = try Scaffolder().scaffold([.init(path: "App.swift", text: source)], lookedIn: "App.swift")

        // Before, only Root: w.storage.draft was an error in every scenario on the model.
        #expect(facts.reached(from: "main") == ["Root", "Composer", "Badge"])
        let scene = try #require(facts.modelShape(platform: "ipados").scenes.first)
        #expect(scene.keys.map(\.name) == ["tab", "draft"])
        #expect(scene.memory.map(\.name) == ["text", "count"])
    }

    @Test(
        "views a scene builds through a property or a method of the App are its own: their keys and memory are the scene's (Meshtastic's main window lost ContentView's tree, built in an App property)"
    )
    func viewsThroughAppMembers() throws {
        let source = """
            @main struct MeshApp: App {
                var demo = false
                var body: some Scene {
                    WindowGroup(id: "main") {
                        Group { if demo { Demo() } else { mainContent } }
                    }
                    WindowGroup(id: "second") { self.content(for: 1) }
                }
                @ViewBuilder var mainContent: some View { Content() }
                func content(for n: Int) -> some View { Other() }
            }
            struct Demo: View { @State var step = 0; var body: some View { Text("") } }
            struct Content: View { @SceneStorage("selected") var selected = ""; var body: some View { Text("") } }
            struct Other: View { @State var count = 0; var body: some View { Text("") } }
            """
        let facts = try Scaffolder().scaffold([.init(path: "App.swift", text: source)], lookedIn: "App.swift")

        #expect(facts.reached(from: "main") == ["Demo", "Content"])
        #expect(facts.reached(from: "second") == ["Other"])
        let scenes = facts.modelShape(platform: "ipados").scenes
        #expect(scenes.map(\.rootView) == ["Demo", "Other"])
        #expect(scenes.first?.keys.map(\.name) == ["selected"])
        #expect(scenes.last?.memory.map(\.name) == ["count"])
    }

    @Test("a scene whose views have several phase or URL handlers gets one Lua function that runs each of them, in order, each under its Swift file:line")
    func severalHandlers() throws {
        let source = """
            @main struct TwoApp: App { var body: some Scene { WindowGroup(id: "main") { Root() } } }
            struct Root: View {
                @Environment(\\.scenePhase) var phase
                var body: some View { Child().onChange(of: phase) { save() }.onOpenURL { _ in } }
                func save() {}
            }
            struct Child: View {
                @Environment(\\.scenePhase) var phase
                var body: some View { Text("").onChange(of: phase) { _, _ in }.onOpenURL { _ in } }
            }
            """
        let lua = try Scaffolder().scaffold([.init(path: "App.swift", text: source)], lookedIn: "App.swift").modelShape(platform: "ipados").lua

        // Before, only the first of each: a user filling the stub in missed Child's.
        #expect(
            lua.contains(
                """
                      on_url = function(w, url)
                        local app = sim.app
                        ;(function() -- App.swift:4 .onOpenURL
                          swift.ran("App.swift:4 .onOpenURL")
                        end)()
                        ;(function() -- App.swift:9 .onOpenURL
                          swift.ran("App.swift:9 .onOpenURL")
                        end)()
                        return true
                      end,
                      on_phase = function(w, old, new)
                        local app = sim.app
                        ;(function() -- App.swift:4 .onChange(of: phase)
                          if new == "disconnected" then return end
                          if old == "disconnected" then return end
                          swift.ran("App.swift:4 .onChange(of: phase)")
                          Root_save(w) -- App.swift:4
                        end)()
                        ;(function() -- App.swift:9 .onChange(of: phase)
                          if new == "disconnected" then return end
                          if old == "disconnected" then return end
                          swift.ran("App.swift:9 .onChange(of: phase)")
                        end)()
                      end,
                """), "\(lua)")
    }

    @Test(
        "an id from a String enum's rawValue is the case's raw value; an id or a storage key that is not a string literal otherwise is a warning that says what to write by hand, not dropped without a word"
    )
    func nonLiteralNames() throws {
        let source = """
            enum Keys { static let tab = "tab" }
            enum SceneID: String { case main, about = "info" }
            @main struct NonLitApp: App {
                var body: some Scene {
                    WindowGroup(id: SceneID.main.rawValue) { Root() }
                    WindowGroup(id: SceneID.about.rawValue) { Root() }
                    WindowGroup(id: Other.id) { Root() }
                }
            }
            struct Root: View { @SceneStorage(Keys.tab) var tab = 0; @SceneStorage("kept") var kept = 0; var body: some View { Text("") } }
            """
        let facts = try Scaffolder().scaffold([.init(path: "App.swift", text: source)], lookedIn: "App.swift")

        // A String enum's raw value is the case's literal, else its name (CodeEdit's SceneID).
        #expect(facts.scenes.map(\.id) == ["main", "info", "Other.id"])
        // Keys.tab is a constant the sources declare: read as its literal (spec behaviour-from-source §3).
        #expect(
            facts.warnings == [
                "App.swift:7: warning: WindowGroup's id Other.id is not a string literal; the model calls the scene Other.id: write its id in the model by hand"
            ])
        #expect(facts.modelShape(platform: "ipados").scenes.first?.keys.map(\.name) == ["tab", "kept"])
    }

    @Test("the App's own @State and @StateObject are the model's memory (app.memory), and check-model compares them both ways")
    func appMemory() throws {
        let source = """
            @main struct StoreApp: App {
                @StateObject var store = Store()
                @State private var tab = 0
                var body: some Scene { WindowGroup(id: "main") { Root() } }
            }
            struct Root: View { var body: some View { Text("") } }
            """
        let shape = try Scaffolder().scaffold([.init(path: "App.swift", text: source)], lookedIn: "App.swift").modelShape(platform: "ipados")
        var model = ModelShape(name: "", platform: "ipados")
        model.scenes = shape.scenes
        model.memory = [.init("store"), .init("selected")]

        // Before, the App's memory reached neither the module nor check-model.
        #expect(shape.memory.map(\.name) == ["store", "tab"])
        #expect(shape.lua.contains("    memory = {\n      \"store\", -- App.swift:2 @StateObject Store\n      \"tab\", -- App.swift:3 @State Int\n    },\n"), "\(shape.lua)")
        // The source's @State the model does not list is advice (a warning), not a difference.
        #expect(
            shape.differences(from: model).map(\.text) == [
                "App.swift:1: the model's memory has \"selected\", which is no @State or @StateObject of StoreApp; a property of an @Observable singleton is listed with its anchor: [\"Type.property\"] = \"File.swift:LINE\""
            ])
        #expect(
            shape.memoryAdvice(from: model).map(\.text) == [
                "App.swift:3: memory \"tab\" of StoreApp is not in the model's memory; list it if a scenario uses it"
            ])
        // A name only the model has passes when it carries its anchor (checked by FactAnchorCheck).
        model.memory[1].note = "Store.selected"
        #expect(shape.differences(from: model).isEmpty)
    }

    @Test("a second Settings scene compiled for the platform is modelled as a window, and the module says so")
    func secondSettings() throws {
        let source = """
            @main struct DbgApp: App {
                var body: some Scene {
                    WindowGroup(id: "main") { Root() }
                    Settings { DebugPrefs() }
                    #if DEBUG
                    Settings { Prefs() }
                    #endif
                }
            }
            struct Root: View { var body: some View { Text("") } }
            struct DebugPrefs: View { var body: some View { Text("") } }
            struct Prefs: View { var body: some View { Text("") } }
            """
        let shape = try Scaffolder().scaffold([.init(path: "App.swift", text: source)], lookedIn: "App.swift").modelShape(platform: "macos")

        #expect(shape.scenes.map(\.kind) == ["window_group", "settings", "window"])
        // Before, kind = "window" under a "-- Settings at" comment, with no word of why.
        // The one Settings scene is `settings` (spec behaviour-from-source §3); a second one `settings_2`.
        #expect(shape.scenes.map(\.id) == ["main", "settings", "settings_2"])
        #expect(shape.skipped.map(\.text) == ["Settings \"settings_2\" is a second Settings scene after \"settings\" (both compiled for macos): modelled as a window"])
    }

    @Test("a scene type the sources do not declare (a package's) is a warning, not dropped without a word")
    func undeclaredSceneType() throws {
        let source = """
            @main struct PkgApp: App {
                var body: some Scene {
                    WindowGroup(id: "main") { Root() }
                    WelcomeWindow(openDocument: { _ in })
                }
            }
            struct Root: View { var body: some View { Text("") } }
            """
        let facts = try Scaffolder().scaffold([.init(path: "App.swift", text: source)], lookedIn: "App.swift")

        #expect(facts.scenes.map(\.id) == ["main"])
        #expect(
            facts.warnings == [
                "App.swift:4: warning: WelcomeWindow in PkgApp's body is not declared in these sources (a package's Scene?), so its scenes are not in the model; add them by hand"
            ])
    }

    @Test("#if os branches with one scene id: each platform's model gets the keys of its own branch's views")
    func sameIdPerPlatform() throws {
        let source = """
            @main struct CrossApp: App {
                var body: some Scene {
                    #if os(macOS)
                    WindowGroup(id: "main") { MacRoot() }
                    #else
                    WindowGroup(id: "main") { PhoneRoot() }
                    #endif
                }
            }
            struct MacRoot: View { @SceneStorage("macKey") var macKey = ""; var body: some View { Text("") } }
            struct PhoneRoot: View { @SceneStorage("phoneKey") var phoneKey = ""; var body: some View { Text("") } }
            """
        let facts = try Scaffolder().scaffold([.init(path: "App.swift", text: source)], lookedIn: "App.swift")

        // Before, both platforms got macKey: the keys came from the first scene with the id.
        #expect(facts.modelShape(platform: "macos").scenes.map { $0.keys.map(\.name) } == [["macKey"]])
        #expect(facts.modelShape(platform: "ipados").scenes.map { $0.keys.map(\.name) } == [["phoneKey"]])
    }

    @Test(
        "scenes inside Group { }, returned by a method of the App (called as f() or self.f(), a @SceneBuilder one too), and under if #available (its first branch, the newest system's) are found"
    )
    func groupsMethodsAvailability() throws {
        let source = """
            @main struct ShapesApp: App {
                var body: some Scene {
                    Group {
                        WindowGroup(id: "main") { Root() }
                        Window("About", id: "about") { Root() }
                    }
                    mainScene()
                    self.tools().defaultSize(width: 1, height: 1)
                    if #available(macOS 15, iOS 18, *) {
                        WindowGroup(id: "newer") { Root() }
                    } else {
                        WindowGroup(id: "older") { Root() }
                    }
                }
                func mainScene() -> some Scene { WindowGroup(id: "helper") { Root() } }
                @SceneBuilder func tools() -> some Scene { WindowGroup(id: "tools") { Root() } }
            }
            struct Root: View { @SceneStorage("k") var k = 0; var body: some View { Text("") } }
            """
        let facts = try Scaffolder().scaffold([.init(path: "App.swift", text: source)], lookedIn: "App.swift")

        // Before: none from the Group (CodeEdit's body is one), nor helper, tools or newer.
        #expect(facts.warnings.isEmpty, "\(facts.warnings)")
        #expect(facts.scenes.map(\.id) == ["main", "about", "helper", "tools", "newer"])
        #expect(facts.scenes.map(\.line) == [4, 5, 15, 16, 10])
        #expect(facts.reached(from: "helper") == ["Root"])
    }
}

@Suite("scaffold's errors")
struct ScaffoldErrorTests {
    @Test("a folder without @main App is an error that says where it looked")
    func noApp() {
        #expect(throws: ScaffoldError.self) { try scaffold("NoApp") }
        do {
            _ = try scaffold("NoApp")
        } catch {
            #expect((error as? ScaffoldError)?.message == "no @main App found: looked at 1 Swift file in NoApp for a type marked @main that conforms to App")
        }
    }

    @Test(
        "a symlink loop in the sources is listed once (it gave 41 copies of each scene, and a tree with a loop to its parent grew without end); a file met twice is read once; a file that is not .swift is refused"
    )
    func symlinkLoopAndOtherFiles() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("scaffold-loop-\(UUID().uuidString.prefix(8))").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/a", withIntermediateDirectories: true)
        try "@main struct LoopApp: App { var body: some Scene { WindowGroup(id: \"main\") { Root() } } }\nstruct Root: View { var body: some View { Text(\"\") } }\n"
            .write(toFile: root + "/a/App.swift", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: root + "/a/up", withDestinationPath: "..")
        try FileManager.default.createSymbolicLink(atPath: root + "/a/Same.swift", withDestinationPath: "App.swift")
        try "not swift".write(toFile: root + "/notes.txt", atomically: true, encoding: .utf8)

        let sources = try Scaffolder.sources(under: [root])
        let facts = try Scaffolder().scaffold(sources, lookedIn: root)

        #expect(sources.map(\.path) == ["a/App.swift"])
        #expect(facts.scenes.map(\.id) == ["main"])
        #expect(throws: ScaffoldError.self) { try Scaffolder.sources(under: [root + "/notes.txt"]) }
        // A .swift name on what is no regular file (a FIFO) stops the scaffold with the reason.
        #expect(mkfifo(root + "/a/Pipe.swift", 0o644) == 0)
        do { _ = try Scaffolder.sources(under: [root]) } catch {
            #expect(error.message == "a/Pipe.swift: cannot be read: not a regular file")
        }
        #expect(throws: ScaffoldError.self) { try Scaffolder.sources(under: [root]) }
        do { _ = try Scaffolder.sources(under: [root + "/notes.txt"]) } catch {
            #expect(error.message == "\(root)/notes.txt: not a .swift file; give the app's source folders or .swift files")
        }
    }

    @Test("two @main Apps, or one declared twice, are a warning that says which App the model is of; a backticked name is read without its backticks")
    func twoApps() throws {
        let a =
            "@main struct AApp: App { var body: some Scene { WindowGroup(id: \"a\") { Root() } } }\nstruct Root: View { @State private var `func` = 1; var body: some View { Text(\"\") } }\n"
        let b = "@main struct BApp: App { var body: some Scene { WindowGroup(id: \"b\") { Root() } } }\n"
        let two = try Scaffolder().scaffold([.init(path: "A/AApp.swift", text: a), .init(path: "B/BApp.swift", text: b)], lookedIn: ".")
        let copied = try Scaffolder().scaffold([.init(path: "AApp.swift", text: a), .init(path: "copy/AApp.swift", text: a.components(separatedBy: "\n")[0])], lookedIn: ".")

        // Before: no word of BApp, and the copy's scenes twice with no word either.
        #expect(
            two.warnings == [
                "A/AApp.swift:1: warning: 2 @main Apps found; this model is of AApp, the first by path, not of BApp (B/BApp.swift:1); give the folder or files of one app"
            ])
        #expect(two.scenes.map(\.id) == ["a"])
        #expect(
            copied.warnings == [
                "copy/AApp.swift:1: warning: AApp is declared again (first at AApp.swift:1); its members are read as one type's, so its scenes appear twice: give the folder or files of one copy"
            ])
        #expect(two.views.first { $0.name == "Root" }?.memory.map(\.name) == ["func"])
    }

    @Test("a UIKit or AppKit delegate marked @main in each platform's target, or in both branches of an #if os, is no App declared again: only 'no @main App' is said")
    func delegatesPerPlatform() throws {
        let ios = "import UIKit\n@main class AppDelegate: UIResponder, UIApplicationDelegate {\n  var window: UIWindow?\n}\n"
        let mac = "import AppKit\n@main class AppDelegate: NSObject, NSApplicationDelegate {\n  func applicationDidFinishLaunching(_ n: Notification) {}\n}\n"
        let both =
            "#if os(iOS)\nimport UIKit\n@main class AppDelegate: UIResponder, UIApplicationDelegate {}\n#else\nimport AppKit\n@main class AppDelegate: NSObject, NSApplicationDelegate {}\n#endif\n"
        for sources in [
            [Scaffolder.Source(path: "iOS/AppDelegate.swift", text: ios), Scaffolder.Source(path: "macOS/AppDelegate.swift", text: mac)],
            [Scaffolder.Source(path: "Shared/AppDelegate.swift", text: both)],
        ] {
            do {
                _ = try Scaffolder().scaffold(sources, lookedIn: "App")
                Issue.record("a delegate with no App scaffolded")
            } catch {
                // Before: "… AppDelegate is declared again (first at …); its members are read as
                // one type's, so its scenes appear twice …" came first.
                #expect(
                    (error as? ScaffoldError)?.message
                        == "no @main App found: looked at \(sources.count) Swift file\(sources.count == 1 ? "" : "s") in App for a type marked @main that conforms to App")
            }
        }
    }

    @Test("the model's name is one sim.launch takes: other characters read _, at most 64, never empty")
    func reportName() {
        // Before, name = "CaféApp": the module did not load.
        #expect(ModelShape.reportName("CaféApp") == "Caf_App")
        #expect(ModelShape.reportName(String(repeating: "A", count: 70)) == String(repeating: "A", count: 64))
        #expect(ModelShape.reportName("NotesApp") == "NotesApp")
        #expect(ModelShape.reportName("  ") == "app")
    }

    @Test("generated ids and keys that are not Lua identifiers are quoted strings")
    func quoting() {
        #expect(luaString("a\"b\\c") == "\"a\\\"b\\\\c\"")
        #expect(luaString("héllo") == "\"héllo\"")
    }
}

@Suite("the translated handlers a generated module declares for coverage")
struct HandlerDeclarationTests {
    /// The labels `sim.swift_handlers` declares, and those of the `swift.ran` marks, in order.
    static func labels(_ lua: String) -> (declared: [String], marked: [String]) {
        var declared: [String] = [], marked: [String] = []
        var inside = false
        for line in lua.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            if line.hasPrefix("swift.ran = sim.swift_handlers(") { inside = true; continue }
            if inside, line == "})" { inside = false; continue }
            if inside { declared.append(String(line.dropLast())) }
            if line.hasPrefix("swift.ran(") { marked.append(String(line.dropFirst("swift.ran(".count).dropLast())) }
        }
        return (declared, marked)
    }

    @Test(
        "every handler declared has its mark in the module and every mark is declared, in file and line order, on each fixture",
        arguments: [
            ("LedgerApp", "ipados"), ("CourierApp", "ipados"), ("ClockApp", "ipados"), ("NotesApp", "ipados"), ("ReaderApp", "ipados"), ("TravelApp", "ipados"),
            ("ForumApp", "ipados"), ("CellarApp", "macos"),
        ])
    func declaredAreMarked(_ app: String, platform: String) throws {
        let lua = try scaffold(app).modelShape(platform: platform).lua
        let (declared, marked) = Self.labels(lua)
        #expect(!declared.isEmpty)
        #expect(Set(declared) == Set(marked), "\(lua)")
        #expect(declared.count == Set(declared).count)
        let places = declared.map { label -> (String, Int) in
            let location = label.dropFirst().prefix { $0 != " " }
            let parts = location.split(separator: ":")
            return (String(parts[0]), Int(parts[1]) ?? 0)
        }
        #expect(places.map { "\($0.0):\($0.1)" } == places.sorted { $0 < $1 }.map { "\($0.0):\($0.1)" })
    }

    @Test("the delegate's reopen and notification response, a .task(id:) and the App body's onAppear on a root view are declared handlers with their marks (ForumApp, CellarApp)")
    func gapHandlers() throws {
        let forum = Self.labels(try scaffold("ForumApp").modelShape(platform: "ipados").lua)
        for label in ["\"ForumApp/AppDelegate.swift:11 AppDelegate.userNotificationCenter(_:didReceive:)\"", "\"ForumApp/FeedView.swift:18 .task(id:)\""] {
            #expect(forum.declared.contains(label), "\(forum.declared)")
            #expect(forum.marked.filter { $0 == label }.count == 1, "\(forum.marked)")
        }
        let cellar = Self.labels(try scaffold("CellarApp").modelShape(platform: "macos").lua)
        for label in ["\"Cellar/AppDelegate.swift:11 AppDelegate.applicationShouldHandleReopen\"", "\"Cellar/CellarApp.swift:10 .onAppear\""] {
            #expect(cellar.declared.contains(label), "\(cellar.declared)")
            #expect(cellar.marked.filter { $0 == label }.count == 1, "\(cellar.marked)")
        }
        // The quit policy is a constant computed as the module loads, not a handler a scenario runs.
        #expect(!cellar.declared.contains { $0.contains("applicationShouldTerminateAfterLastWindowClosed") }, "\(cellar.declared)")
    }
}
