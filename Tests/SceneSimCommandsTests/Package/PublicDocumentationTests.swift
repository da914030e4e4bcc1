import Foundation
import Testing

/// Public API gets a one-line `///` summary, and a library product a DocC catalog:
/// what a user reads in Xcode's quick help and in the generated documentation. scripts/test.sh
/// builds each catalog with `--warnings-as-errors`; this checks, quickly, that there is one to
/// build and that no public declaration lacks its summary.
@Suite("The library products are documented: a DocC catalog each, a summary on every public declaration")
struct PublicDocumentationTests {
    /// Where a library product's catalog is when it is not `Sources/<product>/<product>.docc`:
    /// `SceneSim` only re-exports, so its catalog is that of the module it exports.
    static let catalogModules = ["SceneSim": "SceneSimCore"]

    /// `file:line: declaration` for each public declaration of the exported modules whose line
    /// above (past its attributes) is not a `///` comment.
    static func undocumentedDeclarations() throws -> [String] {
        var missing: [String] = []
        for module in PublicAPITests.exportedModules {
            for (file, text) in try PublicAPITests.swiftFiles(in: module) {
                let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
                    .map { $0.trimmingCharacters(in: .whitespaces) }
                for (index, line) in lines.enumerated() where line.hasPrefix("public ") {
                    var above = index - 1
                    while above >= 0 && lines[above].hasPrefix("@") { above -= 1 }
                    if above < 0 || !lines[above].hasPrefix("///") {
                        missing.append("\(module)/\(file):\(index + 1): \(line)")
                    }
                }
            }
        }
        return missing
    }

    @Test("every public declaration of the SceneSim, SceneSimTesting and SceneSimCLI products has a /// summary")
    func publicDeclarationsHaveSummaries() throws {
        let missing = try Self.undocumentedDeclarations()
        #expect(missing.isEmpty, "public, but without a one-line /// summary of what it is or does for a user:\n\(missing.joined(separator: "\n"))")
    }

    @Test("every library product in Package.swift has a DocC catalog whose landing page names its module and groups its symbols")
    func libraryProductsHaveCatalogs() throws {
        let manifest = try String(contentsOf: packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        let libraries = manifest.matches(of: /\.library\(\s*name:\s*"([^"]+)"/).map { String($0.1) }
        #expect(!libraries.isEmpty, "the manifest reader lost its way")
        for library in libraries {
            let module = Self.catalogModules[library] ?? library
            let catalog = "Sources/\(module)/\(module).docc"
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: packageRoot.appendingPathComponent(catalog).path, isDirectory: &isDirectory)
            #expect(exists && isDirectory.boolValue, "the library product \(library) has no DocC catalog: add \(catalog) with a landing page \(module).md")
            guard exists && isDirectory.boolValue else { continue }
            let landing = try? String(contentsOf: packageRoot.appendingPathComponent("\(catalog)/\(module).md"), encoding: .utf8)
            #expect(landing?.hasPrefix("# ``\(module)``\n") == true, "\(catalog)/\(module).md must exist and start with the title # ``\(module)``")
            #expect(landing?.contains("\n## Overview\n") == true, "\(catalog)/\(module).md has no ## Overview")
            #expect(landing?.contains("\n## Topics\n") == true, "\(catalog)/\(module).md has no ## Topics grouping the module's symbols")
        }
    }

    @Test("the SceneSimTesting catalog shows the README's tested Swift example verbatim")
    func testingCatalogShowsTheTestedExample() throws {
        let test = try String(contentsOf: packageRoot.appendingPathComponent("Tests/SceneSimTestingTests/ReadmeExampleTests.swift"), encoding: .utf8)
        let landing = try String(contentsOf: packageRoot.appendingPathComponent("Sources/SceneSimTesting/SceneSimTesting.docc/SceneSimTesting.md"), encoding: .utf8)
        let begin = try #require(test.range(of: "// README example begins\n"))
        let end = try #require(test.range(of: "// README example ends"))
        let example = String(test[begin.upperBound..<end.lowerBound])
        #expect(landing.contains("```swift\n" + example + "```\n"), "SceneSimTesting.md's example differs from the tested one; copy it from ReadmeExampleTests.swift")
    }

    @Test("the SceneSimCLI catalog's main.swift is Examples/NotesApp's, which scripts/test.sh builds")
    func cliCatalogShowsTheBuiltExample() throws {
        let main = try String(contentsOf: packageRoot.appendingPathComponent("Examples/NotesApp/Sources/notes-scenesim/main.swift"), encoding: .utf8)
        let landing = try String(contentsOf: packageRoot.appendingPathComponent("Sources/SceneSimCLI/SceneSimCLI.docc/SceneSimCLI.md"), encoding: .utf8)
        let code = main.split(separator: "\n").filter { !$0.hasPrefix("//") && !$0.isEmpty }
        #expect(!code.isEmpty, "Examples/NotesApp's main.swift is empty")
        for line in code {
            #expect(landing.contains("\n\(line)\n"), "SceneSimCLI.md's example lacks Examples/NotesApp's line \(line)")
        }
    }

    @Test("the isolation article's Swift snippets are IsolationArticleTests' compiled and tested code, verbatim")
    func isolationArticleShowsTestedSnippets() throws {
        let test = try String(contentsOf: packageRoot.appendingPathComponent("Tests/SceneSimTestingTests/IsolationArticleTests.swift"), encoding: .utf8)
        let article = try String(contentsOf: packageRoot.appendingPathComponent("Sources/SceneSimTesting/SceneSimTesting.docc/IsolatingModelsAndTests.md"), encoding: .utf8)
        let names = test.matches(of: /\/\/ Isolation article: ([a-z ]+) begins\n/).map { String($0.1) }
        #expect(names == ["controller", "model", "main actor test", "off the main actor"], "the snippet markers changed: \(names)")
        for name in names {
            let begin = try #require(test.range(of: "// Isolation article: \(name) begins\n"))
            let end = try #require(test.range(of: "// Isolation article: \(name) ends"))
            // A test inside the suite is indented one level there, and not in the article.
            let lines = test[begin.upperBound..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            let indent = lines.filter { !$0.isEmpty }.map { $0.prefix { $0 == " " }.count }.min() ?? 0
            let snippet = lines.map { $0.dropFirst(min(indent, $0.count)) }.joined(separator: "\n") + "\n"
            #expect(article.contains("```swift\n" + snippet + "```\n"), "IsolatingModelsAndTests.md's \(name) snippet differs from the tested one in IsolationArticleTests.swift")
        }
    }
}

/// Every public member of `SceneSimTestStore` is listed in its DocC page's topics
/// (`SceneSimTesting.docc/SceneSimTestStore.md`): a member a topic does not list lands in DocC's
/// catch-all group, where a reader of the store's page does not look for it (issue 42 found 13).
@Suite("SceneSimTestStore's DocC topics list every public member")
struct StoreTopicsTests {
    /// The DocC link of each public member of `SceneSimTestStore` (`advance(by:)`, `clock`,
    /// `init(_:model:fileID:filePath:line:column:)`), read from the sources of SceneSimTesting:
    /// the declarations at the first level of the class and of its extensions.
    static func publicMembers() throws -> [String] {
        var links: [String] = []
        for (_, text) in try PublicAPITests.swiftFiles(in: "Sources/SceneSimTesting") {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            var inStore = false
            for (index, line) in lines.enumerated() {
                if let first = line.first, !first.isWhitespace, first != "}" {
                    inStore =
                        line.hasPrefix("extension SceneSimTestStore ") || line.hasPrefix("extension SceneSimTestStore{")
                        || line.contains("class SceneSimTestStore ") || line.contains("class SceneSimTestStore{")
                }
                guard inStore, line.hasPrefix("    public ") else { continue }
                // The declaration with its continuation lines, up to its body or its end.
                let declaration = lines[index...].prefix(12).joined(separator: "\n")
                links.append(try #require(link(of: declaration), "cannot read the declaration \(line)"))
            }
        }
        return links
    }

    /// The DocC link of a declaration: `name(label:_:)` for a function or initializer, the name
    /// for a property or a type.
    static func link(of declaration: String) -> String? {
        let words = declaration.split(whereSeparator: { $0 == " " || $0 == "\n" })
        guard
            let keyword = words.firstIndex(where: {
                ["func", "init", "init(", "var", "let", "enum", "struct", "class", "typealias", "subscript"].contains($0) || $0.hasPrefix("init(") || $0.hasPrefix("init<")
                    || $0.hasPrefix("subscript(")
            })
        else { return nil }
        let head = words[keyword]
        if ["var", "let", "enum", "struct", "class", "typealias"].contains(head) {
            guard keyword + 1 < words.count else { return nil }
            return String(words[keyword + 1].prefix { $0.isLetter || $0.isNumber || $0 == "_" })
        }
        // A function, initializer or subscript: its name, then its parameters' labels.
        let start = declaration.range(of: head == "func" ? "func " : String(head.prefix { $0.isLetter }))!.upperBound
        let rest = declaration[start...]
        let name = head == "func" ? String(rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" }) : String(head.prefix { $0.isLetter })
        guard let open = rest.firstIndex(of: "(") else { return nil }
        var depth = 0
        var parameters: [String] = []
        var current = ""
        var previous: Character = " "
        for character in rest[open...] {
            defer { previous = character }
            switch character {
            case "(", "[", "<":
                depth += 1
                if depth > 1 { current.append(character) }
            case ")", "]",
                ">" where previous != "-":
                depth -= 1
                if depth > 0 { current.append(character) }
            case "," where depth == 1:
                parameters.append(current)
                current = ""
            default:
                current.append(character)
            }
            if depth == 0 { break }
        }
        if !current.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { parameters.append(current) }
        let labels = parameters.map { parameter in
            let names = parameter.split(separator: ":", maxSplits: 1)[0].split(whereSeparator: { $0 == " " || $0 == "\n" })
            return String(names.first { !$0.hasPrefix("@") } ?? "_")
        }
        return "\(name)(\(labels.map { "\($0):" }.joined()))"
    }

    @Test("the member reader reads functions, initializers, properties and types")
    func readsDeclarations() {
        #expect(Self.link(of: "    public func advance(by duration: Duration) throws {") == "advance(by:)")
        #expect(Self.link(of: "    public func settle() throws { try perform(\"settle()\") { try $0.settle() } }") == "settle()")
        #expect(
            Self.link(of: "    public init(\n        _ config: AppConfig = AppConfig(), model: AppModel = .builtin,\n        line: UInt = #line\n    ) throws {")
                == "init(_:model:line:)")
        #expect(
            Self.link(of: "    public func perform<T>(\n        _ operation: String, line: UInt = #line,\n        _ body: (Simulator) throws -> T\n    ) throws -> T {")
                == "perform(_:line:_:)")
        #expect(
            Self.link(of: "    public func beginBackgroundTask(named name: String, expirationHandler: (@MainActor (Simulator, Int) throws -> Void)? = nil) throws -> Int {")
                == "beginBackgroundTask(named:expirationHandler:)")
        #expect(Self.link(of: "    public var clock: SimClock { simulator.clock }") == "clock")
        #expect(Self.link(of: "    public enum Exhaustivity: Equatable, Sendable {") == "Exhaustivity")
    }

    @Test("every public member of SceneSimTestStore is in a topic of SceneSimTestStore.md")
    func everyMemberIsInATopic() throws {
        let page = try String(
            contentsOf: packageRoot.appendingPathComponent("Sources/SceneSimTesting/SceneSimTesting.docc/SceneSimTestStore.md"), encoding: .utf8)
        let listed = Set(page.matches(of: /\n- ``([^`]+)``/).map { String($0.1).split(separator: "-")[0] }.map(String.init))
        let members = try Self.publicMembers()
        #expect(members.count > 40, "the member reader lost its way: \(members)")
        let missing = members.filter { !listed.contains($0) }
        #expect(
            missing.isEmpty,
            "SceneSimTestStore.md's topics do not list these public members; add each under the topic it belongs to:\n\(missing.map { "- ``\($0)``" }.joined(separator: "\n"))")
        let stale = listed.subtracting(members).sorted()
        #expect(stale.isEmpty, "SceneSimTestStore.md lists members the store does not have:\n\(stale.joined(separator: "\n"))")
    }
}

/// Issue 42, item 8: a page's summary (the first paragraph of a declaration's `///` comment,
/// DocC's abstract) speaks Swift. Before the issue 163 of 837 summaries in the exported modules
/// used a script's words (`app:background(): the user leaves the app`, `on_launch`, "a restore
/// hook"); a script's spelling now goes in a later paragraph ("In a scenario script: ...").
@Suite("DocC page summaries speak Swift")
struct SwiftSummaryTests {
    /// A script's words in a summary: a Lua call or field (`app:launch`, `w:focus`, `sim.advance`),
    /// a snake_case name (`on_launch`, `session_ttl`), a hook, a Lua table, Lua itself.
    nonisolated(unsafe) static let scriptWords =
        #/(?:^|[^\w.])(app|w|task):[a-z_]+|(?:^|[^\w.])sim\.[a-z]|\bhooks?\b|\btables?\b|\bLua\b|\b[a-z]+_[a-z_]+\b/#

    /// `file:line: summary` of every documented declaration (public, or an enum case) of the
    /// exported modules, its summary being the first paragraph of its `///` comment.
    static func summaries() throws -> [(place: String, summary: String)] {
        var found: [(String, String)] = []
        for module in PublicAPITests.exportedModules {
            for (file, text) in try PublicAPITests.swiftFiles(in: module) {
                let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
                for (index, line) in lines.enumerated() where line.hasPrefix("public ") || line.hasPrefix("open ") || line.hasPrefix("case ") || line.hasPrefix("indirect case ") {
                    var above = index - 1
                    while above >= 0 && lines[above].hasPrefix("@") { above -= 1 }
                    var comment: [String] = []
                    while above >= 0 && lines[above].hasPrefix("///") {
                        comment.insert(lines[above].dropFirst(3).trimmingCharacters(in: .whitespaces), at: 0)
                        above -= 1
                    }
                    guard !comment.isEmpty else { continue }
                    let summary = comment.prefix { !$0.isEmpty }.joined(separator: " ")
                    found.append(("\(module)/\(file):\(index + 1)", summary))
                }
            }
        }
        return found
    }

    @Test("no summary of the SceneSim, SceneSimTesting and SceneSimCLI products speaks a scenario script's words")
    func summariesSpeakSwift() throws {
        let all = try Self.summaries()
        #expect(all.count > 500, "the summary reader lost its way: \(all.count)")
        let lua = all.filter { $0.summary.replacing("transition table", with: "").firstMatch(of: Self.scriptWords) != nil }
        #expect(
            lua.isEmpty,
            "\(lua.count) of \(all.count) summaries speak a script's words; say it in Swift, and put the script's spelling in a later paragraph (In a scenario script: `app:x()`.):\n\(lua.map { "\($0.place): \($0.summary)" }.joined(separator: "\n"))"
        )
    }
}

/// Issue 42, item 8: the DocC tutorial's code cannot rot. Its final steps are compiled and run
/// as Tests/SceneSimTestingTests/TutorialTests.swift, which holds each final file verbatim;
/// every file a step shows exists.
@Suite("The SceneSimTesting tutorial's code is the tested code")
struct TutorialCodeTests {
    static let tutorials = "Sources/SceneSimTesting/SceneSimTesting.docc/Tutorials"

    @Test("each final step's file is in TutorialTests.swift verbatim, and every @Code file exists")
    func finalStepsAreTested() throws {
        let tested = try String(contentsOf: packageRoot.appendingPathComponent("Tests/SceneSimTestingTests/TutorialTests.swift"), encoding: .utf8)
        let blocks = tested.matches(of: /\/\/ Tutorial file ([\w-]+\.swift) begins\n/).map { String($0.1) }
        #expect(blocks.count == 3, "TutorialTests.swift lost its tutorial files: \(blocks)")
        for name in blocks {
            let file = try String(contentsOf: packageRoot.appendingPathComponent("\(Self.tutorials)/Resources/\(name)"), encoding: .utf8)
            #expect(
                tested.contains("// Tutorial file \(name) begins\n" + file + "// Tutorial file \(name) ends\n"),
                "TutorialTests.swift's copy of \(name) differs from the tutorial's; copy it from \(Self.tutorials)/Resources/\(name)")
        }
        let tutorial = try String(contentsOf: packageRoot.appendingPathComponent("\(Self.tutorials)/TestAnAsyncController.tutorial"), encoding: .utf8)
        let shown = tutorial.matches(of: /@Code\(name: "[^"]+", file: ([\w.-]+)\)/).map { String($0.1) }
        #expect(shown.count >= 10, "the tutorial's steps: \(shown)")
        for name in shown {
            #expect(
                FileManager.default.fileExists(atPath: packageRoot.appendingPathComponent("\(Self.tutorials)/Resources/\(name)").path),
                "the tutorial shows \(name), which is not in \(Self.tutorials)/Resources")
        }
        // The last file of each kind the tutorial shows is the one tested.
        for prefix in ["AccountController", "AccountApp", "AccountTests"] {
            let last = shown.last { $0.hasPrefix(prefix + "-") }
            #expect(last.map(blocks.contains) == true, "the tutorial's last \(prefix) step, \(last ?? "none"), is not the tested one")
        }
    }
}
