import SceneSimCore

/// The text of `\state`: the app, its windows, phases and storage at a glance.
enum StateReport {
    static let noApp = "no app yet: declare one with sim.launch{ ... }\n"

    /// The snapshot's dump, with the platform named first.
    static func render(_ snapshot: Simulator.Snapshot, platform: String) -> String {
        snapshot.description.replacing("app: ", with: "app: \(platform), ", maxReplacements: 1)
    }
}
