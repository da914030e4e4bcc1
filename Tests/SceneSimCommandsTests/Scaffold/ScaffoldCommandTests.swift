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
        validator.arguments = [
            "python3", packageRoot.appendingPathComponent("scripts/lib/validate-jsonl.py").path,
            packageRoot.appendingPathComponent("docs/scaffold.schema.json").path,
        ]
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

    @Test(
        "the generated module of an app whose handlers reach effects launches",
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

    @Test(
        "Source that broke the module: a multi-line default in a comment, and matching: [] (both from real apps), give a module that loads and passes check-model; an app with no window scene is exit 2 saying why, not a module that cannot load"
    )
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
        #expect(
            menu.stderr
                == "scenesim scaffold: MenuApp has no WindowGroup or Window scene on macos, and scenesim simulates windows, so there is no model to write (its scenes: App.swift:4: MenuBarExtra \"MenuBarExtra\" is not a window scene here); if another platform compiles one, give --platform, or model the app by hand with a window that stands for it\n",
            "\(menu)")
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
        #expect(
            lua.contains(
                """
                      on_phase = function(w, old, new)
                        local app = sim.app
                        -- Views/ContentView.swift:19 .onChange(of: scenePhase)
                        if new == "disconnected" then return end
                        if old == "disconnected" then return end
                        swift.ran("Views/ContentView.swift:19 .onChange(of: scenePhase)")
                        if ((new) == ("inactive")) then -- Views/ContentView.swift:20
                          NoteStore_save(w) -- Views/ContentView.swift:20
                        end
                      end,
                """), "\(lua)")
        #expect(
            lua.contains(
                """
                    on_phase = function(app, old, new)
                      -- NotesApp.swift:16 .onChange(of: phase)
                      swift.ran("NotesApp.swift:16 .onChange(of: phase)")
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
        // The module is one scaffold wrote: the command that regenerates it is given, as an "if".
        #expect(
            drifted.stdout == """
                Views/SidebarView.swift:6: SceneStorage key "scrollPosition" (scene "main") is not in the model's keys
                if notesapp.lua is a generated module nobody edits, regenerate it: scenesim scaffold Sources -o notesapp.lua --force

                """)

        let json = try BuiltBinary.run(["check-model", "notesapp.lua", "--source", "Sources", "--format", "json"], in: folder.path)
        #expect(json.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let differences = try #require(object["differences"] as? [[String: Any]])
        #expect(differences.first?["file"] as? String == "Views/SidebarView.swift")
        #expect(differences.first?["line"] as? Int == 6)
    }

    @Test("check-model reports a scene, a handler and an AppStorage key the model lacks")
    func checkModelOtherDifferences() throws {
        let folder = try TempFolder([
            "model.lua": """
            return { platform = "ipados", scenes = { { id = "RootView", keys = { "filter", "albumSort", "stale" } } },
              model = { states = { running = {} }, initial = "running" } }
            """
        ])
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
            "X.swift":
                "@main struct XApp: App { var body: some Scene { WindowGroup(id: \"main\") { Root() } } }\nstruct Root: View { @SceneStorage(\"kept\") var kept = 0; var body: some View { Text(\"\") } }\n",
        ])

        let result = try BuiltBinary.run(["check-model", "x.lua", "--source", "X.swift"], in: folder.path)

        // Before, each was placed at X.swift:1, the @main line, though the fix is in x.lua.
        #expect(
            result
                == ProcessResult(
                    status: 1,
                    stdout: """
                        x.lua:4: the model's scene "main" lists SceneStorage key "extra_key" in keys, which no view of the scene has
                        x.lua:5: the model's scene "extra" is not a scene of XApp
                        x.lua:7: the model's defaults_keys has "old", which is no @AppStorage key of the source; a key the app stores otherwise (UserDefaults, @Default) is listed with its anchor: ["old"] = "File.swift:LINE"
                        x.lua:7: the model's memory has "gone", which is no @State or @StateObject of XApp; a property of an @Observable singleton is listed with its anchor: ["Type.property"] = "File.swift:LINE"

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
        let folder = try TempFolder([
            "App/App.swift": """
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

            """
        ])
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
        #expect(
            five.stderr.hasPrefix(
                "scenesim check-model: five.lua does not load: the module must return the options of sim.launch, a table, e.g. end it with return { scenes = { ... } } or return sim.extend(generated, { ... }) (it returned number)\n"
            ), "\(five)")
        let none = try BuiltBinary.run(["check-model", "none.lua", "--source", Self.fixtures + "/PhotoApp"], in: folder.path)
        #expect(
            none.stderr.contains(
                "does not load: the module must return the options of sim.launch, a table, e.g. end it with return { scenes = { ... } } or return sim.extend(generated, { ... }) (it returned nothing)\n"
            ), "\(none)")
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

    /// The ReaderApp fixture under `Sources/`, its generated module `lib/reader_generated.lua`
    /// (scaffold's own output) and `overlay` as `lib/reader.lua`.
    static func readerWithOverlay(_ overlay: String) throws -> TempFolder {
        let folder = try TempFolder(["lib/reader.lua": overlay])
        try Self.copy("ReaderApp", into: folder)
        let scaffold = try BuiltBinary.run(["scaffold", "Sources", "-o", "lib/reader_generated.lua"], in: folder.path)
        try #require(scaffold.status == 0, "\(scaffold)")
        return folder
    }

    static func edit(_ folder: TempFolder, _ file: String, _ old: String, _ new: String) throws {
        let path = folder.path + "/Sources/" + file
        let text = try String(contentsOfFile: path, encoding: .utf8)
        try #require(text.contains(old))
        try text.replacingOccurrences(of: old, with: new).write(toFile: path, atomically: true, encoding: .utf8)
    }

    @Test(
        "check-model on an overlay: 0 when the generated module is what scaffold writes and the overlay fits; after a planted source change, 1 naming the new key, the handlers whose Swift lines moved and the command that regenerates it; an anchor whose declaration moved in its file is a warning with the new line"
    )
    func checkModelOverlayGate() throws {
        let folder = try Self.readerWithOverlay(
            """
            local generated = require "reader_generated"
            return sim.extend(generated, {
              memory = { ["ReadQueue.pending"] = "ReadQueue.swift:8" },
              defaults_keys = { lastReadPost = "SettingsKeys.lastRead" },
              scenes = { feed = { allows = function() return true end } },
            })
            """)
        let clean = try BuiltBinary.run(["check-model", "lib/reader.lua", "--source", "Sources"], in: folder.path)
        #expect(clean == ProcessResult(status: 0, stdout: "", stderr: ""), "\(clean)")

        try Self.edit(
            folder, "FeedView.swift", "    @State private var draftReply = \"\"\n",
            "    @State private var draftReply = \"\"\n    @SceneStorage(\"filter\") private var filter = \"all\"\n")
        try Self.edit(folder, "ReadQueue.swift", "/// The read marks", "// Kept by the feed.\n/// The read marks")
        let drifted = try BuiltBinary.run(["check-model", "lib/reader.lua", "--source", "Sources"], in: folder.path)

        #expect(
            drifted
                == ProcessResult(
                    status: 1,
                    stdout: """
                        FeedView.swift:6: SceneStorage key "filter" of scene "feed" is new in the source
                        ReadQueue.swift:11: `function ReadQueue_flush(w, post) ReadQueue.flush` (lib/reader_generated.lua:25) moved from ReadQueue.swift:10 to ReadQueue.swift:11
                        ReadQueue.swift:12: `app.defaults.lastReadPost = post` (lib/reader_generated.lua:27) moved from ReadQueue.swift:11 to ReadQueue.swift:12
                        FeedView.swift:11: `.onChange(of: scenePhase)` (lib/reader_generated.lua:43) moved from FeedView.swift:10 to FeedView.swift:11
                        FeedView.swift:12: `if ((new) == ("background")) then` (lib/reader_generated.lua:47) moved from FeedView.swift:11 to FeedView.swift:12
                        FeedView.swift:12: `ReadQueue_flush(w, swift.read(w.storage, "scrollPost", 0))` (lib/reader_generated.lua:48) moved from FeedView.swift:11 to FeedView.swift:12
                        FeedView.swift:14: `.onOpenURL` (lib/reader_generated.lua:53) moved from FeedView.swift:13 to FeedView.swift:14
                        FeedView.swift:15: `w.storage.scrollPost = (function() local v = math.tointeger(tonumber(swift.last_path_component(url))); if v ~= nil then return v end return 0 end)()` (lib/reader_generated.lua:55) moved from FeedView.swift:14 to FeedView.swift:15
                        ReadQueue.swift:12: `"lastReadPost", @AppStorage UserDefaults` (lib/reader_generated.lua:66) moved from ReadQueue.swift:11 to ReadQueue.swift:12
                        ReadQueue.swift:9: `"ReadQueue.pending", @Observable ReadQueue` (lib/reader_generated.lua:69) moved from ReadQueue.swift:8 to ReadQueue.swift:9
                        the generated module is not what scaffold writes from the source now; regenerate it: scenesim scaffold Sources -o lib/reader_generated.lua --force

                        """,
                    stderr: """
                        lib/reader.lua:3: warning: memory["ReadQueue.pending"]: its declaration moved from ReadQueue.swift:8 to ReadQueue.swift:9; update the anchor

                        """), "\(drifted)")

        let regenerate = try BuiltBinary.run(["scaffold", "Sources", "-o", "lib/reader_generated.lua", "--force"], in: folder.path)
        #expect(regenerate.status == 0)
        let again = try BuiltBinary.run(["check-model", "lib/reader.lua", "--source", "Sources", "--format", "json"], in: folder.path)
        #expect(again.status == 0, "\(again)")
        #expect(again.stdout.contains("\"regenerate\": null"), "\(again)")
    }

    @Test(
        "check-model: an overlay that no longer fits is exit 1, each failure at the overlay's line: an effect the generated module does not call, a replace of a handler the source dropped, an anchor that names nothing"
    )
    func checkModelOverlayNoLongerFits() throws {
        let folder = try Self.readerWithOverlay(
            """
            local generated = require "reader_generated"
            return sim.extend(generated, {
              memory = { ["ReadQueue.pending"] = "ReadQueue.swift:8", ["ReadQueue.gone"] = "ReadQueue.gone" },
              defaults_keys = { other = "Nowhere.swift:3" },
              effects = { ["ReadQueue.flsh"] = function() end },
              replace = { feed = { on_url = function() return true end } },
            })
            """)
        try Self.edit(folder, "FeedView.swift", "            .onOpenURL { url in\n                scrollPost = Int(url.lastPathComponent) ?? 0\n            }\n", "")

        let result = try BuiltBinary.run(["check-model", "lib/reader.lua", "--source", "Sources"], in: folder.path)

        #expect(
            result
                == ProcessResult(
                    status: 1,
                    stdout: """
                        lib/reader_generated.lua:51: handler "on_url" of scene "feed" is no longer in the source
                        lib/reader.lua:5: effects["ReadQueue.flsh"]: the generated module calls no effect of that name; it calls "FeedClient.pull"
                        lib/reader.lua:6: replace.feed.on_url: the generated scene "feed" has no on_url to replace (it has on_phase)
                        lib/reader.lua:3: memory["ReadQueue.gone"]: the anchor "ReadQueue.gone" no longer names its declaration: ReadQueue declares no gone
                        lib/reader.lua:4: defaults_keys["other"]: the anchor "Nowhere.swift:3" no longer names its declaration: no Swift file Nowhere.swift in the sources
                        the generated module is not what scaffold writes from the source now; regenerate it: scenesim scaffold Sources -o lib/reader_generated.lua --force

                        """, stderr: ""), "\(result)")
    }

    @Test("check-model loads a FILE argument as that file: lib/x.generated.lua is not lib/x/generated.lua; a generated module alone passes when current")
    func checkModelLoadsTheFileGiven() throws {
        let folder = try TempFolder()
        try Self.copy("ReaderApp", into: folder)
        let scaffold = try BuiltBinary.run(["scaffold", "Sources", "-o", "lib/x.generated.lua"], in: folder.path)
        #expect(scaffold.status == 0, "\(scaffold)")

        let result = try BuiltBinary.run(["check-model", "lib/x.generated.lua", "--source", "Sources"], in: folder.path)

        // Before: "lib/x.generated.lua does not load: module 'x.generated' not found: no file 'lib/x/generated.lua'".
        #expect(result == ProcessResult(status: 0, stdout: "", stderr: ""), "\(result)")
    }

    @Test(
        "check-model on a single-file model: an @Observable singleton's property and a UserDefaults key the source has pass, with anchors or without; a name the source does not have, without an anchor, is a difference that says to give one; @State the model does not list is a warning, not a difference"
    )
    func checkModelSingleFileAnchorsAndAdvice() throws {
        let folder = try TempFolder([
            "model.lua": """
            return {
              platform = "ipados",
              scenes = { { id = "feed", keys = { "scrollPost" }, on_phase = function() end, on_url = function() end } },
              model = { states = { r = {} }, initial = "r", on_phase = function() end,
                defaults_keys = { "lastSync", lastReadPost = "SettingsKeys.lastRead" },
                memory = { ["ReadQueue.pending"] = "ReadQueue.pending" } },
            }
            """,
            "unanchored.lua": """
            return {
              platform = "ipados",
              scenes = { { id = "feed", keys = { "scrollPost" }, memory = { "draftReply" }, on_phase = function() end, on_url = function() end } },
              model = { states = { r = {} }, initial = "r", on_phase = function() end, defaults_keys = { "lastSync", "lastReadPost" },
                memory = { "Cache.items" } },
            }
            """,
        ])
        try Self.copy("ReaderApp", into: folder)

        let anchored = try BuiltBinary.run(["check-model", "model.lua", "--source", "Sources"], in: folder.path)
        let unanchored = try BuiltBinary.run(["check-model", "unanchored.lua", "--source", "Sources"], in: folder.path)

        // Before: exit 1, "memory \"draftReply\" (scene \"feed\") is not in the model's memory" and
        // "the model's memory has \"ReadQueue.pending\", which is no @State or @StateObject".
        #expect(
            anchored
                == ProcessResult(
                    status: 0, stdout: "",
                    stderr: """
                        FeedView.swift:5: warning: memory "draftReply" (scene "feed") is not in the model's memory; list it if a scenario uses it

                        """), "\(anchored)")
        #expect(
            unanchored
                == ProcessResult(
                    status: 1,
                    stdout: """
                        unanchored.lua:5: the model's memory has "Cache.items", which is no @State or @StateObject of ReaderApp; a property of an @Observable singleton is listed with its anchor: ["Type.property"] = "File.swift:LINE"

                        """,
                    stderr: """
                        ReadQueue.swift:8: warning: memory "ReadQueue.pending" of ReaderApp is not in the model's memory; list it if a scenario uses it

                        """), "\(unanchored)")
    }

    @Test("check-model: an overlay that extends a table no require loaded is exit 2, saying how to load the generated module")
    func checkModelNeedsTheRequiredModule() throws {
        let folder = try TempFolder(["lib/o.lua": "return sim.extend({ scenes = { { id = \"feed\" } } }, {})\n"])
        try Self.copy("ReaderApp", into: folder)

        let result = try BuiltBinary.run(["check-model", "lib/o.lua", "--source", "Sources"], in: folder.path)

        #expect(
            result
                == ProcessResult(
                    status: 2, stdout: "",
                    stderr: """
                        scenesim check-model: lib/o.lua: the first argument of sim.extend (lib/o.lua:1) is not a module loaded with require, so check-model cannot tell which generated module to compare; write local generated = require "myapp_generated"

                        """), "\(result)")
    }
}
