import Foundation
import Testing

/// Every module a target imports must be one of its declared dependencies in Package.swift.
/// SwiftPM lets an undeclared import of a sibling target compile when the build happens to have
/// built that module first, so the mistake only shows as a failed clean or filtered build.
@Suite("Package.swift declares what each target imports")
struct DeclaredDependencyTests {
    /// Modules that come with the toolchain, not from Package.swift.
    static let toolchainModules: Set<String> = [
        "Foundation", "FoundationEssentials", "Glibc", "Darwin", "Musl", "Dispatch", "Testing", "XCTest",
        "Synchronization", "_Concurrency", "Observation",
    ]

    @Test("every import in Sources and Tests names a declared dependency of its target")
    func importsAreDeclared() throws {
        let manifest = try String(contentsOf: packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        let declared = Self.declaredDependencies(in: manifest)
        #expect(declared["SceneSimCommands"]?.contains("SceneSimREPL") == true, "the manifest reader lost its way: \(declared)")
        var undeclared: [String] = []
        for folder in ["Sources", "Tests"] {
            let root = packageRoot.appendingPathComponent(folder)
            for target in try FileManager.default.contentsOfDirectory(atPath: root.path).sorted() {
                guard let allowed = declared[target] else { continue }
                for (file, module) in try Self.imports(under: root.appendingPathComponent(target))
                where !allowed.contains(module) && !Self.toolchainModules.contains(module) && module != target {
                    undeclared.append("\(folder)/\(target)/\(file) imports \(module)")
                }
            }
        }
        #expect(undeclared.isEmpty, "add these to the target's dependencies in Package.swift:\n\(undeclared.joined(separator: "\n"))")
    }

    /// Target name → the modules it depends on: target names and `.product(name:)` names.
    static func declaredDependencies(in manifest: String) -> [String: Set<String>] {
        var result: [String: Set<String>] = [:]
        let declaration = /\.(?:target|testTarget|executableTarget|systemLibrary)\(\s*name:\s*"([^"]+)"/
        let matches = manifest.matches(of: declaration)
        for (position, match) in matches.enumerated() {
            let name = String(match.1)
            var dependencies: Set<String> = []
            // The dependencies array, if it comes before the next declaration.
            let next = position + 1 < matches.count ? matches[position + 1].range.lowerBound : manifest.endIndex
            let body = manifest[match.range.upperBound..<next]
            if let open = body.range(of: "dependencies: [") {
                var depth = 1, index = open.upperBound
                while index < body.endIndex, depth > 0 {
                    if body[index] == "[" { depth += 1 } else if body[index] == "]" { depth -= 1 }
                    index = body.index(after: index)
                }
                let list = body[open.upperBound..<index]
                for quoted in list.matches(of: /(?:\.product\(name:\s*)?"([^"]+)"(?:,\s*package:\s*"[^"]+"\))?/) {
                    dependencies.insert(String(quoted.1))
                }
            }
            result[name] = dependencies
        }
        return result
    }

    /// (file, module) for each `import` line of the Swift files under `folder`.
    static func imports(under folder: URL) throws -> [(String, String)] {
        var found: [(String, String)] = []
        let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
        // A DocC catalog's Swift files are a tutorial's code shown as text, never compiled.
        for file in files.sorted() where file.hasSuffix(".swift") && !file.contains(".docc/") {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") where line.contains("import ") && !line.drop(while: \.isWhitespace).hasPrefix("//") {
                // `[attributes or access] import [kind] Module[.Sub]`, without a regex per line
                // (Swift's Regex is slow in debug builds).
                var words = line.split(whereSeparator: \.isWhitespace)[...]
                while let first = words.first, first != "import",
                    (first.hasPrefix("@") && !first.contains("(")) || ["public", "package", "internal"].contains(first)
                {
                    words = words.dropFirst()
                }
                guard words.first == "import", words.count >= 2 else { continue }
                words = words.dropFirst()
                if ["struct", "enum", "class", "func", "protocol", "typealias", "var", "let"].contains(words.first!), words.count >= 2 {
                    words = words.dropFirst()
                }
                found.append((file, String(words.first!.split(separator: ".").first!)))
            }
        }
        return found
    }
}
