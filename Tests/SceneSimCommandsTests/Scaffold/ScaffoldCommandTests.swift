import Foundation
import Testing

/// `scenesim scaffold` and `scenesim check-model` as a user runs them, on the fixture apps of
/// Tests/ScaffoldFixtures (written for these tests).
@Suite("scenesim scaffold and check-model")
struct ScaffoldCommandTests {
    static let fixtures = packageRoot.appendingPathComponent("Tests/ScaffoldFixtures").path

    /// A copy of a fixture app in a temporary folder, under `Sources/`.
    static func copy(_ app: String, into folder: TempFolder) throws {
        let source = URL(fileURLWithPath: fixtures).appendingPathComponent(app)
        for case let file as URL in FileManager.default.enumerator(at: source, includingPropertiesForKeys: nil)! where file.pathExtension == "swift" {
            let relative = String(file.standardizedFileURL.path.dropFirst(source.standardizedFileURL.path.count + 1))
            try folder.write("Sources/" + relative, try String(contentsOf: file, encoding: .utf8))
        }
    }

    @Test("--format json validates against docs/scaffold.schema.json; the file that does not parse is a warning on stderr")
    func jsonValidates() throws {
        let folder = try TempFolder()
        let result = try BuiltBinary.run(["scaffold", Self.fixtures + "/NotesApp", "--format", "json"], in: folder.path)
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.hasPrefix("Views/ActivityLog.swift:"), "\(result)")
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
        let line = String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
        let validator = Process()
        validator.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        validator.arguments = ["python3", packageRoot.appendingPathComponent("scripts/lib/validate-jsonl.py").path,
                               packageRoot.appendingPathComponent("docs/scaffold.schema.json").path]
        let input = Pipe(), output = Pipe()
        validator.standardInput = input
        validator.standardOutput = output
        validator.standardError = output
        try validator.run()
        input.fileHandleForWriting.write(Data((line + "\n").utf8))
        try input.fileHandleForWriting.close()
        let report = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        validator.waitUntilExit()
        #expect(!report.contains("No module named 'jsonschema'"), "install python3-jsonschema: run scripts/bootstrap.sh (on macOS: pip install jsonschema)")
        #expect(validator.terminationStatus == 0, "\(report)")
    }

    @Test("the generated module loads with require and a bare scenario that launches it passes", arguments: ["NotesApp", "LedgerApp"])
    func generatedModuleLaunches(app: String) throws {
        try Self.launches(app)
    }

    @Test("the generated module of an app whose handlers reach effects launches (needs app:effect, EFFECT-CONTRACT.md)", .enabled(if: effectsAvailable, "needs app:effect and w:effect from the runtime branch (h-ext)"),
          arguments: ["PhotoApp", "CourierApp"])
    func generatedModuleWithEffectsLaunches(app: String) throws {
        try Self.launches(app)
    }

    static func launches(_ app: String) throws {
        let folder = try TempFolder(["launch.lua": "local myapp = require \"myapp\"\nlocal app = sim.launch(myapp)\nsim.settle()\n"])
        try folder.write("lib/.keep", "")
        let scaffold = try BuiltBinary.run(["scaffold", Self.fixtures + "/" + app, "-o", "lib/myapp.lua"], in: folder.path)
        #expect(scaffold.status == 0, "\(scaffold)")
        #expect(scaffold.stdout.isEmpty)
        let run = try BuiltBinary.run(["run", "launch.lua"], in: folder.path)
        #expect(run.status == 0, "\(run)")
        let check = try BuiltBinary.run(["check-model", "lib/myapp.lua", "--source", Self.fixtures + "/" + app], in: folder.path)
        #expect(check == ProcessResult(status: 0, stdout: "", stderr: check.stderr), "\(check)")
    }

    @Test("Source that broke the module: a multi-line default in a comment, and matching: [] (both from real apps), give a module that loads and passes check-model; an app with no window scene is exit 2 saying why, not a module that cannot load")
    func sourceThatBrokeTheModule() throws {
        let folder = try TempFolder([
            "launch.lua": "local app = sim.launch(require \"myapp\")\nsim.settle()\nprint(app:open_url(\"myapp://x\"))\n",
            "lib/.keep": "",
            // (No import line: the package's import check reads one in a literal as the test's.)
            "App/App.swift": #"""
                @main
                struct MyApp: App {
                    var body: some Scene {
                        WindowGroup {
                            ContentView()
                        }
                        .handlesExternalEvents(matching: [])
                    }
                }

                struct ContentView: View {
                    @SceneStorage("draft") private var draft = """
                        first line
                        second line
                        """
                    var body: some View { Text(draft) }
                }
                """#,
            "Menu/App.swift": """
                @main
                struct MenuApp: App {
                    var body: some Scene {
                        MenuBarExtra("Menu") { Text("hi") }
                    }
                }
                """,
        ])

        let scaffold = try BuiltBinary.run(["scaffold", "App", "-o", "lib/myapp.lua"], in: folder.path)
        let module = try String(contentsOfFile: folder.path + "/lib/myapp.lua", encoding: .utf8)
        let run = try BuiltBinary.run(["run", "--trace", "off", "launch.lua"], in: folder.path)
        let check = try BuiltBinary.run(["check-model", "lib/myapp.lua", "--source", "App"], in: folder.path)
        let menu = try BuiltBinary.run(["scaffold", "Menu", "-o", "lib/menu.lua"], in: folder.path)

        #expect(scaffold.status == 0, "\(scaffold)")
        #expect(module.contains("      matching = {  },\n"), "\(module)")
        #expect(module.contains("\"draft\", -- App.swift:12 @SceneStorage String = \"\"\" first line second line \"\"\"\n"), "\(module)")
        // matching: [] declares that no event opens a window of the scene.
        #expect(run == ProcessResult(status: 0, stdout: "false\n", stderr: ""), "\(run)")
        #expect(check.status == 0, "\(check)")
        #expect(menu.status == 2)
        #expect(menu.stderr == "scenesim scaffold: MenuApp has no WindowGroup or Window scene on macos, and scenesim simulates windows, so there is no model to write (its scenes: App.swift:4: MenuBarExtra \"MenuBarExtra\" is not a window scene here); if another platform compiles one, give --platform, or model the app by hand with a window that stands for it\n", "\(menu)")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/lib/menu.lua"))
    }

    @Test("the Lua module has each scene's keys and memory and its handlers translated from the Swift ones")
    func luaModule() throws {
        let folder = try TempFolder()
        let result = try BuiltBinary.run(["scaffold", Self.fixtures + "/NotesApp"], in: folder.path)
        #expect(result.status == 0)
        let lua = result.stdout
        #expect(lua.contains("  platform = \"macos\","))
        #expect(lua.contains("      id = \"main\","))
        #expect(lua.contains("        \"selectedTab\", -- Views/ContentView.swift:4 @SceneStorage Int = 0"))
        #expect(lua.contains("""
                  on_phase = function(w, old, new)
                    local app = sim.app
                    -- Views/ContentView.swift:19 .onChange(of: scenePhase)
                    if new == "disconnected" then return end
                    if old == "disconnected" then return end
                    if ((new) == ("inactive")) then -- Views/ContentView.swift:20
                      NoteStore_save(w) -- Views/ContentView.swift:20
                    end
                  end,
            """), "\(lua)")
        #expect(lua.contains("""
                on_phase = function(app, old, new)
                  -- NotesApp.swift:16 .onChange(of: phase)
                  if ((new) == ("background")) then -- NotesApp.swift:17
                    NoteStore_save(nil) -- NotesApp.swift:17
                  end
                end,
            """), "\(lua)")
        #expect(lua.contains("      kind = \"settings\","))
        #expect(lua.contains("-- NotesApp.swift:45: MenuBarExtra \"MenuContent\" is not a window scene here"))
        #expect(lua.contains("\"launchCount\""))
    }

    @Test("-o never writes over a file without --force")
    func noOverwrite() throws {
        let folder = try TempFolder(["myapp.lua": "-- mine\n"])
        let refused = try BuiltBinary.run(["scaffold", Self.fixtures + "/PhotoApp", "-o", "myapp.lua"], in: folder.path)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("myapp.lua exists; pass --force to overwrite it"), "\(refused)")
        #expect(try String(contentsOfFile: folder.path + "/myapp.lua", encoding: .utf8) == "-- mine\n")
        let forced = try BuiltBinary.run(["scaffold", Self.fixtures + "/PhotoApp", "-o", "myapp.lua", "--force"], in: folder.path)
        #expect(forced.status == 0)
        #expect(try String(contentsOfFile: folder.path + "/myapp.lua", encoding: .utf8).contains("PhotoApp"))
    }

    @Test("check-model: 0 on the generated pair, 1 naming a SceneStorage key added to the source afterwards")
    func checkModelFindsANewKey() throws {
        let folder = try TempFolder()
        try Self.copy("NotesApp", into: folder)
        let scaffold = try BuiltBinary.run(["scaffold", "Sources", "-o", "notesapp.lua"], in: folder.path)
        #expect(scaffold.status == 0, "\(scaffold)")
        let clean = try BuiltBinary.run(["check-model", "notesapp.lua", "--source", "Sources"], in: folder.path)
        #expect(clean.status == 0, "\(clean)")
        #expect(clean.stdout == "")

        let path = folder.path + "/Sources/Views/SidebarView.swift"
        let edited = try String(contentsOfFile: path, encoding: .utf8).replacingOccurrences(
            of: "    @State private var expanded = true\n",
            with: "    @State private var expanded = true\n    @SceneStorage(\"scrollPosition\") private var scrollPosition: Double = 0\n")
        try edited.write(toFile: path, atomically: true, encoding: .utf8)
        let drifted = try BuiltBinary.run(["check-model", "notesapp.lua", "--source", "Sources"], in: folder.path)
        #expect(drifted.status == 1, "\(drifted)")
        #expect(drifted.stdout == "Views/SidebarView.swift:6: SceneStorage key \"scrollPosition\" (scene \"main\") is not in the model's keys\n")

        let json = try BuiltBinary.run(["check-model", "notesapp.lua", "--source", "Sources", "--format", "json"], in: folder.path)
        #expect(json.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let differences = try #require(object["differences"] as? [[String: Any]])
        #expect(differences.first?["file"] as? String == "Views/SidebarView.swift")
        #expect(differences.first?["line"] as? Int == 6)
    }

    @Test("check-model reports a scene, a handler and an AppStorage key the model lacks")
    func checkModelOtherDifferences() throws {
        let folder = try TempFolder(["model.lua": """
            return { platform = "ipados", scenes = { { id = "RootView", keys = { "filter", "albumSort", "stale" } } },
              model = { states = { running = {} }, initial = "running" } }
            """])
        let result = try BuiltBinary.run(["check-model", "model.lua", "--source", Self.fixtures + "/PhotoApp"], in: folder.path)
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        // What only the model has is placed at the module's line (it was the Swift scene's line).
        #expect(lines.contains("model.lua:1: the model's scene \"RootView\" lists SceneStorage key \"stale\" in keys, which no view of the scene has"), "\(result)")
        #expect(lines.contains("Views.swift:13: .onChange(of: current) in scene \"RootView\" has no on_phase in the model's scene"), "\(result)")
        #expect(lines.contains("PhotoApp.swift:14: scene \"viewer\" (WindowGroup) is not in the model"), "\(result)")
        #expect(lines.contains("PhotoApp.swift:11: .onOpenURL on PhotoApp has no model.on_url"), "\(result)")
    }

    @Test("check-model places what only the model has at the module's line that names it: a scene, a scene's key, a defaults key and a memory name")
    func checkModelPlacesModelSide() throws {
        let folder = try TempFolder([
            "x.lua": """
                return {
                  platform = "ipados",
                  scenes = {
                    { id = "main", keys = { "kept", "extra_key" } },
                    { id = "extra" },
                  },
                  model = { name = "X", states = { r = {} }, initial = "r", defaults_keys = { "old" }, memory = { "gone" } },
                }
                """,
            "X.swift": "@main struct XApp: App { var body: some Scene { WindowGroup(id: \"main\") { Root() } } }\nstruct Root: View { @SceneStorage(\"kept\") var kept = 0; var body: some View { Text(\"\") } }\n",
        ])

        let result = try BuiltBinary.run(["check-model", "x.lua", "--source", "X.swift"], in: folder.path)

        // Before, each was placed at X.swift:1, the @main line, though the fix is in x.lua.
        #expect(result == ProcessResult(status: 1, stdout: """
            x.lua:4: the model's scene "main" lists SceneStorage key "extra_key" in keys, which no view of the scene has
            x.lua:5: the model's scene "extra" is not a scene of XApp
            x.lua:7: the model's defaults_keys has "old", which is no @AppStorage key of the source
            x.lua:7: the model's memory has "gone", which is no @State or @StateObject of XApp

            """, stderr: ""))
    }

    @Test("A fact in an extension in another file names that file (the openWindow call in App+Menu.swift), and one in the declaration names the declaration's file")
    func factsInExtensions() throws {
        let folder = try TempFolder([
            "App/App.swift": """
                @main
                struct NotesApp: App {
                    @Environment(\\.scenePhase) var scenePhase
                    var body: some Scene {
                        WindowGroup(id: "main") { ContentView() }
                            .onChange(of: scenePhase) { _, _ in }
                    }
                }

                """,
            "App/App+Menu.swift": """
                extension NotesApp {
                    @Environment(\\.openWindow) var openWindow
                    func menu() { openWindow(id: "main") }
                }

                """,
            "App/ContentView.swift": "struct ContentView: View {\n    var body: some View { Text(\"x\") }\n}\n",
        ])
        let json = try BuiltBinary.run(["scaffold", "App", "--format", "json"], in: folder.path)
        #expect(json.status == 0, "\(json)")
        #expect(json.stdout.contains(#"{ "kind": "scene_phase", "file": "App.swift", "line": 6 }"#), "\(json.stdout)")
        #expect(json.stdout.contains(#"{ "id": "main", "by_value": false, "file": "App+Menu.swift", "line": 3 }"#), "\(json.stdout)")
    }

    @Test("A scene's root view named through the type it is nested in (Editor.MainView()) is its root, not a class the closure also builds; its storage is the scene's")
    func nestedRootView() throws {
        let folder = try TempFolder(["App/App.swift": """
            @main
            struct MyApp: App {
                var body: some Scene {
                    WindowGroup(id: "editor") { Editor.MainView().environment(Router()) }
                }
            }
            enum Editor {
                struct MainView: View {
                    @SceneStorage("draft") var draft = ""
                    var body: some View { Text(draft) }
                }
            }
            @Observable class Router {}

            """])
        let result = try BuiltBinary.run(["scaffold", "App"], in: folder.path)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("-- WindowGroup at App.swift:4, root view MainView\n"), "\(result.stdout)")
        #expect(result.stdout.contains("\"draft\", -- App.swift:9 @SceneStorage String = \"\"\n"), "\(result.stdout)")
    }

    @Test("exit 2: no @main App (saying where it looked), a model that does not load, a missing --source")
    func usageErrors() throws {
        let folder = try TempFolder([
            "bad.lua": "return { scenes = 3 }\n", "five.lua": "return 5\n", "none.lua": "local x = 1\n", "notes.txt": "notes\n",
            "sub/keep.txt": "", "Broken.swift": "struct A { func ( }\n",
        ])
        let noApp = try BuiltBinary.run(["scaffold", Self.fixtures + "/NoApp"], in: folder.path)
        #expect(noApp.status == 2)
        #expect(noApp.stderr.contains("no @main App found: looked at 1 Swift file in \(Self.fixtures)/NoApp"), "\(noApp)")
        let checkNoApp = try BuiltBinary.run(["check-model", "bad.lua", "--source", Self.fixtures + "/NoApp"], in: folder.path)
        #expect(checkNoApp.status == 2)
        let bad = try BuiltBinary.run(["check-model", "bad.lua", "--source", Self.fixtures + "/PhotoApp"], in: folder.path)
        #expect(bad.status == 2)
        // What sim.launch refuses names the module, not a line of scenesim's own chunk.
        #expect(bad.stderr.hasPrefix("scenesim check-model: bad.lua does not load: sim.launch: "), "\(bad)")
        #expect(!bad.stderr.contains("load: check-model:"), "\(bad)")
        let five = try BuiltBinary.run(["check-model", "five.lua", "--source", Self.fixtures + "/PhotoApp"], in: folder.path)
        #expect(five.status == 2)
        #expect(five.stderr.hasPrefix("scenesim check-model: five.lua does not load: the module must return the options of sim.launch, a table, e.g. end it with return { scenes = { ... } } (it returned number)\n"), "\(five)")
        let none = try BuiltBinary.run(["check-model", "none.lua", "--source", Self.fixtures + "/PhotoApp"], in: folder.path)
        #expect(none.stderr.contains("does not load: the module must return the options of sim.launch, a table, e.g. end it with return { scenes = { ... } } (it returned nothing)\n"), "\(none)")
        // A folder or a file that is not Lua is named for what it is.
        let notLua = try BuiltBinary.run(["check-model", "notes.txt", "--source", Self.fixtures + "/PhotoApp"], in: folder.path)
        #expect(notLua.status == 2)
        #expect(notLua.stderr.hasPrefix("Error: notes.txt is not a .lua file; give the model module (scenesim scaffold writes one)\n"), "\(notLua)")
        let aFolder = try BuiltBinary.run(["check-model", "sub", "--source", Self.fixtures + "/PhotoApp"], in: folder.path)
        #expect(aFolder.status == 2)
        #expect(aFolder.stderr.hasPrefix("Error: sub is a folder; give the model module, a .lua file such as sub/lib/app.lua\n"), "\(aFolder)")
        // scaffold -o: a folder says what to do; a file in a folder that does not exist yet is
        // written, the folder made, as explore --out and --timeline do.
        let intoFolder = try BuiltBinary.run(["scaffold", Self.fixtures + "/PhotoApp", "-o", "sub", "--force"], in: folder.path)
        #expect(intoFolder.status == 2)
        #expect(intoFolder.stderr.hasPrefix("Error: -o sub is a folder; give the model file's path, e.g. -o sub/model.lua\n"), "\(intoFolder)")
        let nowhere = try BuiltBinary.run(["scaffold", Self.fixtures + "/PhotoApp", "-o", "nodir/x.lua"], in: folder.path)
        #expect(nowhere.status == 0, "\(nowhere)")
        #expect(FileManager.default.fileExists(atPath: folder.path + "/nodir/x.lua"))
        // A file that does not parse, when no App is found, is named before the error.
        let broken = try BuiltBinary.run(["scaffold", "Broken.swift"], in: folder.path)
        #expect(broken.status == 2)
        #expect(broken.stderr.contains("Broken.swift:1: warning: this file does not parse here"), "\(broken)")
        #expect(broken.stderr.contains("no @main App found"), "\(broken)")
        let missing = try BuiltBinary.run(["check-model", "bad.lua"], in: folder.path)
        #expect(missing.status == 2)
        // The usage line shows --source as required (it read [--source <path> ...]).
        #expect(missing.stderr.contains("Usage: scenesim check-model <model> --source <path> ... [--format <format>]\n"), "\(missing)")
        // A file given to scaffold that is not Swift is refused (it was parsed as Swift).
        let notSwift = try BuiltBinary.run(["scaffold", "notes.txt"], in: folder.path)
        #expect(notSwift.status == 2)
        #expect(notSwift.stderr == "scenesim scaffold: notes.txt: not a .swift file; give the app's source folders or .swift files\n", "\(notSwift)")
    }
}
