import Foundation
import Testing

/// `public` is a promise to users of the `SceneSim` and `SceneSimTesting` libraries: every
/// public declaration of the modules they export is listed in SceneSim.api, reviewed like a golden. What only the project's
/// own modules call (the Lua bridge's hooks, the explorer's checks, message helpers) is
/// `package`, so a new `public` fails here until someone decides users should have it.
@Suite("The SceneSim library's public API is the reviewed one")
struct PublicAPITests {
    /// The modules `import SceneSim` brings in, and the SceneSimTesting and SceneSimCLI products'.
    static let exportedModules = ["Sources/SceneSim", "Sources/SceneSimCore", "Sources/SceneSimBuiltin", "Sources/ByteText", "Sources/SceneSimTesting", "Sources/SceneSimCLI"]

    /// One line per public declaration, `file: declaration`, bodies cut off, files in path order.
    static func publicDeclarations() throws -> [String] {
        var lines: [String] = []
        for module in exportedModules {
            for (file, text) in try swiftFiles(in: module) {
                let fileLines = text.split(separator: "\n")
                for (index, line) in fileLines.enumerated() {
                    var trimmed = line.trimmingCharacters(in: .whitespaces)
                    guard trimmed.hasPrefix("public ") || trimmed.hasPrefix("@_exported ") else { continue }
                    // A signature broken before its result or its `where` clause (as swift-format
                    // breaks a long one) is one declaration: its continuation lines are joined to it.
                    for next in fileLines[(index + 1)...] {
                        let continuation = next.trimmingCharacters(in: .whitespaces)
                        guard !trimmed.contains("{"), continuation.hasPrefix("->") || continuation.hasPrefix("where ") else { break }
                        trimmed += " " + continuation
                    }
                    // An enum's one-line cases are API; another body is not.
                    let declaration =
                        trimmed.hasPrefix("public enum")
                        ? trimmed
                        : String(trimmed.split(separator: " {", maxSplits: 1).first ?? "")
                    lines.append("\(module)/\(file): \(declaration)")
                }
            }
        }
        return lines
    }

    /// Each Swift file of `module` (a folder under the package), by path in the module, sorted.
    static func swiftFiles(in module: String) throws -> [(file: String, text: String)] {
        let root = packageRoot.appendingPathComponent(module)
        let files = (FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? [])
            .filter { $0.hasSuffix(".swift") }
            .sorted()
        return try files.map { ($0, try String(contentsOf: root.appendingPathComponent($0), encoding: .utf8)) }
    }

    @Test("every public declaration of the SceneSim and SceneSimTesting products is in the reviewed list, and nothing else is")
    func publicAPIIsTheReviewedOne() throws {
        let listed = try String(contentsOf: packageRoot.appendingPathComponent("Tests/SceneSimCommandsTests/Package/SceneSim.api"), encoding: .utf8)
            .split(separator: "\n")
            .map(String.init)
            .filter { !$0.hasPrefix("#") && !$0.isEmpty }
        let actual = try Self.publicDeclarations()
        let added = actual.filter { !listed.contains($0) }
        let removed = listed.filter { !actual.contains($0) }
        #expect(added.isEmpty, "public, but not in SceneSim.api (make it `package`, or list it if users should call it):\n\(added.joined(separator: "\n"))")
        #expect(removed.isEmpty, "in SceneSim.api, but no longer public (a breaking change for users):\n\(removed.joined(separator: "\n"))")
    }

    @Test("helpers only the project uses are not public: suggestions, the invariant check, session numbers, the write buffer's hook")
    func projectHelpersAreNotPublic() throws {
        let declarations = try Self.publicDeclarations()
        for helper in ["func suggestion(", "func closest(", "func _checkInvariants(", "init(index:", "let index", "func storageWritesAreQuiet(", "changed: Bool?", "afterEach:"] {
            let found = declarations.filter { $0.contains(helper) }
            #expect(found.isEmpty, "\(helper) is public:\n\(found.joined(separator: "\n"))")
        }
    }
}
