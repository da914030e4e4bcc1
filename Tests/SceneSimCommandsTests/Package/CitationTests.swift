import Foundation
import Testing

/// Scenarios, docs and code cite lifecycle rules as "semantics 5.4"; each cited rule must exist
/// in the project's own docs/semantics.md, so a reader can always look it up.
@Suite("Rule citations resolve in docs/semantics.md")
struct CitationTests {
    /// "1.1", "5" … : the rules (`**5.4**`) and sections (`## 5.`) docs/semantics.md defines.
    static func definedRules() throws -> Set<String> {
        let text = try String(contentsOf: packageRoot.appendingPathComponent("docs/semantics.md"), encoding: .utf8)
        var rules: Set<String> = []
        for match in text.matches(of: /(?m)^\*\*(\d+\.\d+)\*\*|^## (\d+)\./) {
            rules.insert(String(match.1 ?? match.2!))
        }
        return rules
    }

    /// (file, rule) for every citation under the project's scenarios, docs, sources and tests.
    static func citations() throws -> [(String, String)] {
        var found: [(String, String)] = []
        // A list of rules or ranges: "semantics 1.3, 2.1-2.3, 5.4" (both ends of a range checked).
        let citation = /semantics(?:\.md)?\s*§?(\d+(?:\.\d+)?(?:\s*[–-]\s*\d+(?:\.\d+)?)?(?:\s*,\s*§?\d+(?:\.\d+)?(?:\s*[–-]\s*\d+(?:\.\d+)?)?)*)/
        for folder in ["scenarios", "Sources", "Tests", "README.md"] {
            let root = packageRoot.appendingPathComponent(folder)
            var isDirectory: ObjCBool = false
            #expect(FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory), "\(folder) is missing from the package")
            let files =
                isDirectory.boolValue
                ? (FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []).map { "\(folder)/\($0)" }
                : [folder]
            for file in files.sorted() where [".lua", ".md", ".swift"].contains(where: file.hasSuffix) && !file.hasSuffix("CitationTests.swift") {
                let text = try String(contentsOf: packageRoot.appendingPathComponent(file), encoding: .utf8)
                for match in text.matches(of: citation) {
                    for rule in match.1.split(whereSeparator: { ",–-".contains($0) }) {
                        found.append((file, rule.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "§", with: "")))
                    }
                }
            }
        }
        return found
    }

    @Test("every 'semantics N.M' cited in scenarios, sources, tests and the README is a rule of docs/semantics.md")
    func citedRulesExist() throws {
        let rules = try Self.definedRules()
        #expect(rules.isSuperset(of: ["1.1", "4.5", "5.4", "7"]), "the rule reader lost its way: \(rules.sorted())")
        let citations = try Self.citations()
        #expect(citations.count > 40, "the citation reader lost its way: \(citations.count)")
        let dangling = citations.filter { !rules.contains($0.1) }.map { "\($0.0) cites semantics \($0.1)" }
        #expect(dangling.isEmpty, "\(dangling.joined(separator: "\n"))")
    }

    @Test("scenarios, sources, tests, scripts and the package manifest cite only documents that are in the repository")
    func noExternalSpecs() throws {
        // The design documents the project started from live outside the repository; what they
        // say that code relies on is in docs/semantics.md and scenarios/README.md.
        let outside = ["lua-api", "app-model", "../shared", "shared/spec", "STYLE.md"]
        var external: [String] = []
        for folder in ["scenarios", "Sources", "Tests", "scripts", "Package.swift"] {
            let root = packageRoot.appendingPathComponent(folder)
            var isDirectory: ObjCBool = false
            #expect(FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory), "\(folder) is missing from the package")
            let files =
                isDirectory.boolValue
                ? (FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []).map { "\(folder)/\($0)" }
                : [folder]
            for file in files.sorted()
            where [".lua", ".swift", ".c", ".h", ".sh", ".md"].contains(where: file.hasSuffix)
                && !file.hasSuffix("CitationTests.swift")
            {
                let text = try String(contentsOf: packageRoot.appendingPathComponent(file), encoding: .utf8)
                for name in outside where text.contains(name) { external.append("\(file) cites \(name)") }
            }
        }
        #expect(external.isEmpty, "cite docs/semantics.md or the API reference (scenarios/README.md) instead:\n\(external.joined(separator: "\n"))")
    }
}
