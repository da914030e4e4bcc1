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
