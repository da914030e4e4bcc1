import SceneSimCore

/// The text of `\state`: the app, its windows, phases and storage at a glance.
enum StateReport {
    static let noApp = "no app yet: declare one with sim.launch{ ... }\n"

    static func render(_ snapshot: Simulator.Snapshot, platform: String) -> String {
        let launches = snapshot.launches == 1 ? "1 launch" : "\(snapshot.launches) launches"
        var lines = [
            "app: \(platform), \(snapshot.running ? "running" : "not running"), \(launches), phase \(snapshot.phase.rawValue), state \(snapshot.state)",
            "time: \(snapshot.time)",
            "windows (front to back): " + (snapshot.windows.isEmpty ? "none" : snapshot.windows.joined(separator: ", ")),
            "sessions:" + (snapshot.sessions.isEmpty ? " none" : ""),
        ]
        for session in snapshot.sessions {
            var parts = [session.phase]
            if let storage = session.storage { parts.append("storage \(storage)") }
            if session.alive { parts.append("saved \(session.saved)") }
            let name = session.id + (session.value.map { "(\($0))" } ?? "")
            lines.append("  \(name): " + parts.joined(separator: ", "))
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
