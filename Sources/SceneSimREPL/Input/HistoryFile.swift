#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where the REPL keeps its history: `$XDG_STATE_HOME/scenesim/history`, else
/// `~/.local/state/scenesim/history` (the XDG base directory rules).
package enum HistoryFile {
    /// The history path for `environment`, or nil when neither variable gives a home.
    package static func path(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            return state + "/scenesim/history"
        }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return home + "/.local/state/scenesim/history"
    }

    /// Creates the folder of `path` (mode 0700, as XDG asks); false when it cannot.
    static func prepareDirectory(of path: String) -> Bool {
        let directory = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            return true
        } catch {
            return false
        }
    }
}
