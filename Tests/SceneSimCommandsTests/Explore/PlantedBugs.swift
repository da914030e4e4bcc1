import Foundation

/// Exploration modules with a bug planted behind a specific sequence of steps, which the
/// built-in rules bury in lifecycle noise; `minimum` is the length of the shortest run that
/// breaks the invariant. The modules are Tests/ExploreFixtures/NAME, which
/// scripts/compare-explore.sh explores too.
enum PlantedBug {
    /// The lock opens on 4, 3, 2, 1 pressed in a row: four steps, and the arguments matter.
    static let lock = (name: "lock.lua", minimum: 4, source: fixture("lock.lua"))

    /// The model believes a typed draft survives anything; a crash after loading finished
    /// loses it: advance past loading, type, crash, relaunch.
    static let draft = (name: "draft.lua", minimum: 4, source: fixture("draft.lua"))

    /// At most two documents, but three different values open three windows (by the module's
    /// rule or the built-in open_window alike).
    static let docs = (name: "docs.lua", minimum: 3, source: fixture("docs.lua"))

    /// The fixture's text; a module that fails saying so if it cannot be read, so the tests
    /// that use it fail with the reason rather than stop the test run.
    private static func fixture(_ name: String) -> String {
        let path = packageRoot.appendingPathComponent("Tests/ExploreFixtures/" + name).path
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            return "error(\"cannot read the planted bug \(path)\")\n"
        }
        return text
    }
}
