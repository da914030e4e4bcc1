import Foundation
@testable import SceneSimScaffold
import Testing

/// The TravelApp fixture (several files, an Info.plist and a project.pbxproj with two
/// application targets, written for these tests): facts from the project files, names
/// resolved through constants, #if inside views, views built by an enum's `switch self`.
@Suite("scaffold's project facts and names (spec behaviour-from-source §3)")
struct ProjectFactsTests {
    func travel() throws -> ScaffoldFacts {
        let inputs = try Scaffolder.inputs(under: [fixtures + "/TravelApp"])
        return try Scaffolder().scaffold(inputs.sources, projectFiles: inputs.projectFiles, lookedIn: "TravelApp")
    }

    @Test(
        "Info.plist and the build settings of the @main App's target (not the first target's) give url_schemes, multiple_scenes, os, platform, background modes and refresh identifiers, each at its file:line"
    )
    func projectFacts() throws {
        let facts = try travel()
        let project = facts.project
        #expect(project.files == ["Travel.xcodeproj/project.pbxproj", "TravelApp/Info.plist"])
        #expect(project.target?.value == "Travel")
        #expect(project.urlSchemes.map(\.value) == ["travelapp", "$(PRODUCT_BUNDLE_IDENTIFIER)"])
        #expect(project.urlSchemes.first?.at == "TravelApp/Info.plist:12")
        #expect(project.multipleScenes == .init("true", file: "TravelApp/Info.plist", line: 20, source: "UIApplicationSupportsMultipleScenes"))
        #expect(project.deploymentTargets == [.init("iOS 17.0", file: "Travel.xcodeproj/project.pbxproj", line: 95, source: "IPHONEOS_DEPLOYMENT_TARGET")])
        #expect(project.platforms.map(\.value) == ["iphone", "ipados"])
        #expect(project.platforms.first?.at == "Travel.xcodeproj/project.pbxproj:87")
        #expect(project.backgroundModes.map(\.value) == ["fetch", "processing"])
        #expect(project.refreshIdentifiers.map(\.at) == ["TravelApp/Info.plist:29"])
        #expect(facts.warnings == ["Travel.xcodeproj/project.pbxproj:29: warning: 2 application targets; the build settings are Travel's (it builds the @main App), not Helper's"])
        #expect(facts.inferredPlatform == "iphone")
    }

    @Test(
        "the module takes what sim.launch takes, with each fact's place; what it does not take yet is a comment; a scheme that is a build variable is a comment, not an option that would not load"
    )
    func moduleLines() throws {
        let lua = try travel().modelShape(platform: "iphone").lua
        #expect(
            lua.contains(
                """
                  platform = "iphone",
                  os = "17.0", -- IPHONEOS_DEPLOYMENT_TARGET (Travel.xcodeproj/project.pbxproj:95)
                  multiple_scenes = true, -- UIApplicationSupportsMultipleScenes (TravelApp/Info.plist:20)
                  url_schemes = { -- CFBundleURLSchemes
                    "travelapp", -- TravelApp/Info.plist:12
                  },
                  -- platform: iphone from TARGETED_DEVICE_FAMILY (Travel.xcodeproj/project.pbxproj:87); the project also targets ipados: give --platform to model one of those
                  -- url_schemes: "$(PRODUCT_BUNDLE_IDENTIFIER)" (TravelApp/Info.plist:13) is not a scheme name sim.launch takes (a build variable?); add the scheme it stands for by hand
                  -- background_modes (UIBackgroundModes): "fetch" (TravelApp/Info.plist:24), "processing" (TravelApp/Info.plist:25)
                  -- refresh identifiers (BGTaskSchedulerPermittedIdentifiers): "com.example.travel.refresh" (TravelApp/Info.plist:29)

                """), "\(lua)")
    }

    @Test("ids, keys and activity types written as constants are their literals, with the constant's place; the Settings scene is settings")
    func constants() throws {
        let facts = try travel()
        #expect(facts.scenes.map(\.id) == ["main", "trip-detail", "settings"])
        #expect(facts.scenes[0].idConstant == .init(value: "main", written: ".mainWindowID", file: "TravelApp/Identifiers.swift", line: 4))
        #expect(facts.scenes[1].idConstant?.line == 8)
        let list = try #require(facts.view(named: "TripList"))
        #expect(list.sceneStorage.map(\.key) == ["currentTrip", "sidebarWidth"])
        #expect(list.sceneStorage.first?.keyConstant?.written == "StorageKeys.currentTrip")
        #expect(list.appStorage.map(\.key) == ["distanceUnits"])
        #expect(list.handlers.map(\.activityType) == ["com.example.travel.view-trip"])
        #expect(list.openWindow.map(\.id) == ["trip-detail"])
        // Nothing was left unresolved.
        #expect(!facts.warnings.contains { $0.contains("not a string literal") }, "\(facts.warnings)")
        let lua = facts.modelShape(platform: "ipados").lua
        #expect(lua.contains("    { -- WindowGroup at TravelApp/TravelApp.swift:8, root view TripList, id .mainWindowID = \"main\" at TravelApp/Identifiers.swift:4\n"), "\(lua)")
        #expect(
            lua.contains(
                "\"currentTrip\", -- TravelApp/TripList.swift:4 @SceneStorage String = \"\" (key StorageKeys.currentTrip = \"currentTrip\" at TravelApp/Identifiers.swift:12)"),
            "\(lua)")
    }

    @Test("#if false and #if DEBUG && false drop their code; #if os(macOS) inside a view counts on the Mac only")
    func conditions() throws {
        let facts = try travel()
        let list = try #require(facts.view(named: "TripList"))
        #expect(list.memory.map(\.name) == ["sheet"])
        #expect(list.handlers.map(\.kind) == ["continue_activity"])
        #expect(list.sceneStorage.last?.condition == "os(macOS)")
        #expect(facts.modelShape(platform: "ipados").scenes[0].keys.map(\.name) == ["currentTrip", "noteDraft"])
        #expect(facts.modelShape(platform: "macos").scenes[0].keys.map(\.name) == ["currentTrip", "sidebarWidth", "noteDraft"])
        #expect(isConstantFalse("DEBUG && false") && isConstantFalse("false") && !isConstantFalse("os(watchOS)") && !isConstantFalse("DEBUG"))
    }

    @Test("views an enum's switch self builds are reached from a view that names the enum (the sheet's draft was missed)")
    func switchSelf() throws {
        let facts = try travel()
        #expect(facts.reached(from: "main") == ["TripList", "NotesEditor", "PackingList"])
    }

    @Test("no project file: the module says the defaults are scenesim's")
    func noProject() throws {
        let lua = try scaffold("PhotoApp").modelShape(platform: "ipados").lua
        #expect(
            lua.contains("  -- No Info.plist, project.pbxproj or Package.swift platforms under the paths: platform, os, multiple_scenes and url_schemes are scenesim's defaults.\n")
        )
    }

    @Test(
        "Package.swift's platforms give os and platform; a deployment target scenesim does not model, or one older than the scenes need, is a comment, not an os that would not load"
    )
    func packageAndUnknownVersions() throws {
        let app =
            "@main struct PkgApp: App { var body: some Scene { WindowGroup(id: \"main\") { Root() }; Window(\"Log\", id: \"log\") { Root() } } }\nstruct Root: View { var body: some View { Text(\"\") } }\n"
        let package = "let package = Package(\n    name: \"Pkg\",\n    platforms: [.macOS(.v12), .iOS(\"14.0\")],\n    targets: []\n)\n"
        let facts = try Scaffolder().scaffold([.init(path: "App.swift", text: app), .init(path: "Package.swift", text: package)], lookedIn: ".")
        #expect(facts.project.deploymentTargets.map(\.value) == ["macOS 12.0", "iOS 14.0"])
        #expect(facts.project.platforms.map(\.value) == ["macos", "ipados"])
        let mac = facts.modelShape(platform: "macos")
        #expect(mac.os == nil)
        #expect(
            mac.projectNotes.contains(
                "os: the deployment target is macOS 12.0 (.macOS(.v12), Package.swift:3), but the scenes use a Window scene, which needs macOS 13 (behind #available in the app): the app runs on the newest"
            ), "\(mac.projectNotes)")
        let pad = facts.modelShape(platform: "ipados")
        #expect(pad.os == nil)
        #expect(
            pad.projectNotes.contains { $0.hasPrefix("os: the deployment target is iOS 14.0 (.iOS(\"14.0\"), Package.swift:3), a version scenesim does not model") },
            "\(pad.projectNotes)")
    }

    @Test("the property list readers keep lines, read entities, refuse what nests too deep and say where a file is broken")
    func readers() {
        let xml = "<plist>\n<dict>\n<key>A&amp;B</key>\n<string>x &lt; y</string>\n</dict>\n</plist>\n"
        guard case .success(let root) = XMLPropertyListReader.read(xml) else { Issue.record("not read"); return }
        #expect(root["A&B"] == .string("x < y", line: 4))
        let deep = "<plist>" + String(repeating: "<array>", count: 2_000) + String(repeating: "</array>", count: 2_000) + "</plist>"
        #expect(XMLPropertyListReader.read(deep) == .failure(.init(line: 1, message: "nests deeper than 1000 levels")))
        #expect(
            ASCIIPropertyListReader.read("{ a = (b, \"c d\"); }") == .success(.dictionary([("a", .array([.string("b", line: 1), .string("c d", line: 1)], line: 1))], line: 1)))
        #expect(ASCIIPropertyListReader.read("{\n a = b\n}") == .failure(.init(line: 3, message: "expected ; after the value of a")))
        #expect(ASCIIPropertyListReader.read(String(repeating: "(", count: 100_000)) == .failure(.init(line: 1, message: "nests deeper than 1000 levels")))
    }

    @Test("check-model places 4,000 names through the index of quoted strings: each at the first line at or after its scene that holds it")
    func quotedLineIndex() {
        let index = QuotedLineIndex("id = \"main\"\n  \"a\", -- x\n  \"b\\\"c\", \"a\"\n", longest: 16)
        #expect(index.line(of: "\"a\"") == 1)
        #expect(index.line(of: "\"a\"", from: 2) == 2)
        #expect(index.line(of: "\"b\\\"c\"") == 2)
        #expect(index.line(of: "\"main\"", requiring: "id") == 0)
        #expect(index.line(of: "\"zzz\"") == nil)
    }
}
