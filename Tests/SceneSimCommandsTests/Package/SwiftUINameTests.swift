import Foundation
import Testing

/// A Swift app's tests import SwiftUI (or the app's module, which does) beside `SceneSim`: a
/// type both declare at the top level makes every unqualified use of the name ambiguous
/// (`ScenePhase` was both SwiftUI's and ours until issue 42). So no top-level public type of the
/// SceneSim, SceneSimTesting and SceneSimCLI products shares a name with one of SwiftUI's
/// (SwiftUI.names, compiled from Apple's documentation). A nested type (`Snapshot.Window`) does
/// not clash: it is always written qualified, or where the compiler prefers the inner name.
@Suite("No type of the SceneSim library shadows one of SwiftUI's")
struct SwiftUINameTests {
    /// SwiftUI's public type names, from the fixture.
    static func swiftUINames() throws -> Set<String> {
        let text = try String(contentsOf: packageRoot.appendingPathComponent("Tests/SceneSimCommandsTests/Package/SwiftUI.names"), encoding: .utf8)
        return Set(text.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") && !$0.isEmpty })
    }

    /// The types SceneSim.api lists that are declared at the top level of their module (their
    /// declaration starts a line of its source file, not indented inside another type).
    static func topLevelTypeNames() throws -> Set<String> {
        let listed = try String(contentsOf: packageRoot.appendingPathComponent("Tests/SceneSimCommandsTests/Package/SceneSim.api"), encoding: .utf8)
            .split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") && !$0.isEmpty }
        let kinds = ["struct", "enum", "class", "final class", "protocol", "typealias", "actor"]
        var names: Set<String> = []
        var sources: [String: [Substring]] = [:]
        for line in listed {
            guard let colon = line.range(of: ": ") else { continue }
            let file = String(line[..<colon.lowerBound])
            let declaration = String(line[colon.upperBound...])
            guard let kind = kinds.first(where: { declaration.hasPrefix("public \($0) ") }) else { continue }
            let name = declaration.dropFirst("public \(kind) ".count).prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            if sources[file] == nil {
                sources[file] = try String(contentsOf: packageRoot.appendingPathComponent(file), encoding: .utf8).split(separator: "\n")
            }
            if sources[file]?.contains(where: { $0.hasPrefix(declaration) }) == true { names.insert(String(name)) }
        }
        return names
    }

    @Test("the top-level types are found, and nested ones are not taken for them")
    func topLevelTypesAreRead() throws {
        let names = try Self.topLevelTypeNames()
        #expect(names.isSuperset(of: ["Simulator", "SimClock", "SimError", "SimInput", "SceneSimTestStore", "AppModel"]))
        // Simulator.Snapshot.Window and AppStateMachine.Transition are nested.
        #expect(!names.contains("Window") && !names.contains("Transition") && !names.contains("Snapshot"))
        #expect(try Self.swiftUINames().isSuperset(of: ["ScenePhase", "SceneStorage", "Window", "WindowGroup", "Scene", "App", "Transition"]))
    }

    @Test("no top-level public type of SceneSim, SceneSimTesting or SceneSimCLI has a SwiftUI type's name")
    func noSwiftUIName() throws {
        let clashes = try Self.topLevelTypeNames().intersection(Self.swiftUINames()).sorted()
        #expect(
            clashes.isEmpty,
            "SwiftUI declares these too, so `import SwiftUI` with `import SceneSim` makes them ambiguous; rename ours (as ScenePhase became SimScenePhase): \(clashes.joined(separator: ", "))"
        )
    }
}
