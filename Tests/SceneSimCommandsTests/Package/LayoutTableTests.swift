import Foundation
import Testing

/// Issue 21, item 13: the README's Layout table is where a reader finds what each target holds;
/// a target missing from it is a part of the package nobody explained.
@Suite("The README's Layout table")
struct LayoutTableTests {
    @Test("lists every target of Package.swift as `Sources/<name>`, and no other")
    func everyTargetListed() throws {
        let manifest = try String(contentsOf: packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        let readme = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let targets = manifest.matches(of: /\.(?:target|executableTarget|systemLibrary)\(\s*name: "([^"]+)"/).map { String($0.1) }
        let layout = readme.components(separatedBy: "## Layout").dropFirst().first?.components(separatedBy: "\n## ").first ?? ""

        #expect(targets.count > 15, "the manifest reader lost its way: \(targets)")
        let missing = targets.filter { !layout.contains("`Sources/\($0)`") }
        #expect(missing.isEmpty, "add these targets to the README's Layout table: \(missing)")
        // And the other way: every `Sources/<name>` the table names is a target.
        let listed = Set(layout.matches(of: /`Sources\/([A-Za-z]+)`/).map { String($0.1) })
        let unknown = listed.subtracting(targets)
        #expect(unknown.isEmpty, "the README's Layout table names folders that are not targets: \(unknown.sorted())")
    }
}
