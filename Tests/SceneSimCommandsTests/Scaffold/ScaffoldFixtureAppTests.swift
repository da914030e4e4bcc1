import Foundation
import Testing

/// The fixture apps written for issue 39's held-out check (several files and a project file
/// each): their generated modules are what scaffold writes, their scenarios pass against the
/// unedited generated module (with the overlay where a scenario says so), check-model passes on
/// the overlay, and after a planted source change fails naming the key.
@Suite("fixture apps end to end: ForumApp (iPad) and CellarApp (Mac)")
struct ScaffoldFixtureAppTests {
    static let fixtures = packageRoot.appendingPathComponent("Tests/ScaffoldFixtures").path

    /// Copies the app's folder (sources, project files, scenarios) into a fresh folder.
    static func copy(_ app: String) throws -> TempFolder {
        let folder = try TempFolder()
        let source = URL(fileURLWithPath: fixtures).appendingPathComponent(app)
        for case let file as URL in FileManager.default.enumerator(at: source, includingPropertiesForKeys: [.isRegularFileKey])! {
            guard (try? file.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            let relative = String(file.standardizedFileURL.path.dropFirst(source.standardizedFileURL.path.count + 1))
            try folder.write(relative, try String(contentsOf: file, encoding: .utf8))
        }
        return folder
    }

    static func edit(_ folder: TempFolder, _ file: String, _ old: String, _ new: String) throws {
        let path = folder.path + "/" + file
        let text = try String(contentsOfFile: path, encoding: .utf8)
        try #require(text.contains(old))
        try text.replacingOccurrences(of: old, with: new).write(toFile: path, atomically: true, encoding: .utf8)
    }

    @Test(
        "check-model reads the project files scaffold read: an overlay on a module with url_schemes and multiple_scenes from Info.plist passes (it compared the module with one regenerated without them, and failed)"
    )
    func checkModelReadsProjectFiles() throws {
        let folder = try Self.copy("TravelApp")
        try folder.write(
            "lib/travel.lua",
            """
            local generated = require "travel_generated"
            return sim.extend(generated, {})
            """)
        let scaffold = try BuiltBinary.run(["scaffold", ".", "-o", "lib/travel_generated.lua"], in: folder.path)
        try #require(scaffold.status == 0, "\(scaffold)")
        let module = try String(contentsOfFile: folder.path + "/lib/travel_generated.lua", encoding: .utf8)
        #expect(module.contains("url_schemes = {"), "\(module)")

        let check = try BuiltBinary.run(["check-model", "lib/travel.lua", "--source", "."], in: folder.path)

        #expect(
            check
                == ProcessResult(
                    status: 0, stdout: "",
                    stderr: """
                        Travel.xcodeproj/project.pbxproj:29: warning: 2 application targets; the build settings are Travel's (it builds the @main App), not Helper's

                        """), "\(check)")
    }

    @Test(
        "each app: regenerating gives the checked-in generated module; check-model passes on the overlay; the scenarios' goldens pass",
        arguments: [
            ("ForumApp", "forum"), ("CellarApp", "cellar"),
        ])
    func appPasses(app: String, name: String) throws {
        let root = Self.fixtures + "/" + app
        let folder = try TempFolder()
        let generate = try BuiltBinary.run(["scaffold", root, "-o", "\(name)_generated.lua"], in: folder.path)
        #expect(generate.status == 0, "\(generate)")
        let fresh = try Data(contentsOf: URL(fileURLWithPath: folder.path + "/\(name)_generated.lua"))
        let checkedIn = try Data(contentsOf: URL(fileURLWithPath: root + "/scenarios/lib/\(name)_generated.lua"))
        #expect(fresh == checkedIn, "regenerate it: scenesim scaffold Tests/ScaffoldFixtures/\(app) -o Tests/ScaffoldFixtures/\(app)/scenarios/lib/\(name)_generated.lua --force")

        let check = try BuiltBinary.run(["check-model", "scenarios/lib/\(name).lua", "--source", "."], in: root)
        #expect(check == ProcessResult(status: 0, stdout: "", stderr: ""), "\(check)")

        let goldens = try BuiltBinary.run(["test", "scenarios"], in: root)
        #expect(goldens.status == 0, "\(goldens)")
    }

    @Test(
        "a planted source change (a renamed @SceneStorage key) makes check-model exit 1 naming the key",
        arguments: [
            ("ForumApp", "forum", "ForumApp/FeedView.swift", "@SceneStorage(\"feed.sort\")", "@SceneStorage(\"feed.order\")", "feed.order"),
            ("CellarApp", "cellar", "Cellar/MainView.swift", "@SceneStorage(\"main.tab\")", "@SceneStorage(\"main.section\")", "main.section"),
        ])
    func plantedChange(app: String, name: String, file: String, old: String, new: String, key: String) throws {
        let folder = try Self.copy(app)
        let clean = try BuiltBinary.run(["check-model", "scenarios/lib/\(name).lua", "--source", "."], in: folder.path)
        #expect(clean == ProcessResult(status: 0, stdout: "", stderr: ""), "\(clean)")
        try Self.edit(folder, file, old, new)
        let drifted = try BuiltBinary.run(["check-model", "scenarios/lib/\(name).lua", "--source", "."], in: folder.path)
        #expect(drifted.status == 1, "\(drifted)")
        #expect(drifted.stdout.contains("SceneStorage key \"\(key)\""), "\(drifted)")
        // The handlers the translation writes (a lifecycle on_phase, on_launch, on_reopen, …) are
        // still in the source: none is reported gone.
        #expect(!drifted.stdout.contains("handler \""), "\(drifted)")
        #expect(drifted.stdout.contains("regenerate it: scenesim scaffold . -o scenarios/lib/\(name)_generated.lua --force"), "\(drifted)")
    }
}
