import Foundation
import SceneSimCore
import SceneSimScaffold
import Testing

/// scaffold and check-model on source that is legal but hostile (issue 43 item 13): deep
/// nesting, file names that are not UTF-8 or hold control bytes. Never a crash, never a hang,
/// never a file skipped without a word. (Speed on a 10 MB file and on 40,000 keys is checked by
/// scripts/bench-scaffold.sh, not here.)
@Suite("scaffold and check-model on hostile source")
struct ScaffoldHostileSourceTests {
    static let app = """
        @main
        struct DeepApp: App {
            var body: some Scene {
                WindowGroup(id: "main") { Root() }
            }
        }

        """

    @Test("40,000 chained modifiers are read (it was a SIGSEGV in swift-syntax's visitor): scaffold writes the module and check-model runs")
    func chainedModifiers() throws {
        let root =
            "struct Root: View {\n    @SceneStorage(\"tab\") private var tab = 0\n    var body: some View {\n        Text(\"x\")"
            + String(repeating: ".padding()", count: 40_000) + "\n    }\n}\n"
        let folder = try TempFolder(["App/App.swift": Self.app, "App/Root.swift": root])
        let scaffold = try BuiltBinary.run(["scaffold", "App", "-o", "deep.lua"], in: folder.path, timeout: 300)
        #expect(scaffold.status == 0, "\(scaffold)")
        let module = try String(contentsOfFile: folder.path + "/deep.lua", encoding: .utf8)
        #expect(module.contains("\"tab\", -- Root.swift:2 @SceneStorage Int = 0"), "\(module)")
        let check = try BuiltBinary.run(["check-model", "deep.lua", "--source", "App"], in: folder.path, timeout: 300)
        #expect(check.status == 0, "\(check)")
    }

    @Test(
        "10,000 nested #if, and 30 nested [ (which the Swift parser reads in exponential time) are a warning naming the file and line; the other files are read; no crash, no hang")
    func nestedConditionsAndBrackets() throws {
        let conditions =
            "struct Deep: View {\n    var body: some View {\n" + String(repeating: "#if A\n", count: 10_000) + "Text(\"x\")\n"
            + String(repeating: "#endif\n", count: 10_000) + "    }\n}\n"
        let brackets = "let table = " + String(repeating: "[", count: 30) + "1" + String(repeating: "]", count: 30) + "\n"
        let root = "struct Root: View {\n    @SceneStorage(\"tab\") private var tab = 0\n    var body: some View { Text(\"x\") }\n}\n"
        let folder = try TempFolder(["App/App.swift": Self.app, "App/Root.swift": root, "App/Deep.swift": conditions, "App/Table.swift": brackets])

        let scaffold = try BuiltBinary.run(["scaffold", "App"], in: folder.path, timeout: 120)
        try folder.write("deep.lua", scaffold.stdout)
        let check = try BuiltBinary.run(["check-model", "deep.lua", "--source", "App"], in: folder.path, timeout: 120)

        #expect(!scaffold.timedOut)
        #expect(scaffold.status == 0, "\(scaffold)")
        #expect(
            scaffold.stderr == """
                Deep.swift:10002: warning: this file nests 10000 #if deep here (more than 64), which the Swift parser takes cubic time to read; it is not read, so its types are not in the model
                Table.swift:1: warning: this file nests 30 [ brackets deep here (more than 12), which the Swift parser takes exponential time to read; it is not read, so its types are not in the model: split the expression

                """, "\(scaffold)")
        #expect(scaffold.stdout.contains("\"tab\", -- Root.swift:2 @SceneStorage Int = 0"), "\(scaffold)")
        #expect(check == ProcessResult(status: 0, stdout: "", stderr: scaffold.stderr), "\(check)")
    }

    @Test(
        "a .swift file whose name is not UTF-8 is read (it was skipped without a word, and check-model said no difference), and a name with control bytes is shown escaped, in messages and in the module"
    )
    func fileNames() throws {
        let folder = try TempFolder(["App/Root.swift": "struct Root: View {\n    @SceneStorage(\"tab\") private var tab = 0\n    var body: some View { Text(\"x\") }\n}\n"])
        // App\xff.swift holds the @main App; Bad<ESC>[31m.swift a view with a key, and a parse error.
        try Self.writeFile(folder.path + "/App/App", [0xff], ".swift", Self.app)
        try Self.writeFile(
            folder.path + "/App/Bad", [0x1b] + Array("[31m".utf8), ".swift",
            "struct Extra: View {\n    @SceneStorage(\"extra\") private var extra = 0\n    var body: some View { Text(\"x\") }\n    func ( }\n}\n")
        defer { Self.removeAll(folder.path + "/App") }

        let scaffold = try BuiltBinary.run(["scaffold", "App"], in: folder.path)
        let json = try BuiltBinary.run(["scaffold", "App", "--format", "json"], in: folder.path)

        #expect(scaffold.status == 0, "\(scaffold)")
        #expect(scaffold.stdout.contains("-- The model of DeepApp (App\\255.swift:1)"), "\(scaffold)")
        #expect(scaffold.stdout.contains("-- WindowGroup at App\\255.swift:4, root view Root"), "\(scaffold)")
        #expect(scaffold.stderr.hasPrefix("Bad\\027[31m.swift:4: warning: this file does not parse here"), "\(scaffold)")
        // No raw control byte reaches the terminal or the module.
        #expect(!scaffold.stdout.contains("\u{1b}") && !scaffold.stderr.contains("\u{1b}"), "\(scaffold)")
        #expect(json.status == 0)
        #expect(json.stdout.contains(#""file": "App\\255.swift""#), "\(json.stdout)")
        #expect(!json.stdout.contains("\u{1b}"))
    }

    @Test(
        "the TravelApp fixture (an Info.plist and a project.pbxproj): the module with its project facts loads and launches on each platform, check-model passes, and the JSON validates",
        arguments: ["iphone", "ipados", "macos"])
    func projectFactsLoad(platform: String) throws {
        let fixture = packageRoot.appendingPathComponent("Tests/ScaffoldFixtures/TravelApp").path
        let folder = try TempFolder(["launch.lua": "local app = sim.launch(require \"travel\")\nsim.settle()\nprint(app:open_url(\"travelapp://trip/1\"))\n", "lib/.keep": ""])
        let scaffold = try BuiltBinary.run(["scaffold", fixture, "--platform", platform, "-o", "lib/travel.lua"], in: folder.path)
        #expect(scaffold.status == 0, "\(scaffold)")
        let run = try BuiltBinary.run(["run", "--trace", "off", "launch.lua"], in: folder.path)
        #expect(run.status == 0, "\(run)")
        let check = try BuiltBinary.run(["check-model", "lib/travel.lua", "--source", fixture], in: folder.path)
        #expect(check.status == 0, "\(check)")
        let json = try BuiltBinary.run(["scaffold", fixture, "--format", "json"], in: folder.path)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let project = try #require(object["project"] as? [String: Any])
        #expect((project["background_modes"] as? [[String: Any]])?.compactMap { $0["value"] as? String } == ["fetch", "processing"])
    }

    @Test("the OS versions scaffold writes as os are those sim.launch takes (SceneSimScaffold cannot import SceneSimCore)")
    func knownOSInStep() {
        for platform in Platform.allCases {
            #expect(ModelShape.knownOS[platform.rawValue] == platform.knownOS, "\(platform)")
        }
    }

    /// Writes `contents` to the file named by the bytes `prefix + name + suffix`.
    static func writeFile(_ prefix: String, _ name: [UInt8], _ suffix: String, _ contents: String) throws {
        let path = Array(prefix.utf8) + name + Array(suffix.utf8) + [0]
        let descriptor = path.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
        }
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let bytes = Array(contents.utf8)
        #expect(bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) } == bytes.count)
    }

    /// Removes every file in `folder` by the bytes of its name (FileManager cannot name some).
    static func removeAll(_ folder: String) {
        guard let directory = opendir(folder) else { return }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if name == [46] || name == [46, 46] { continue }
            let path = Array(folder.utf8) + [47] + name + [0]
            _ = path.withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { unlink($0.baseAddress!) } }
        }
    }
}
