import Foundation

/// A temporary folder of files, removed when the value goes away.
final class TempFolder {
    let path: String

    /// Writes `files` (relative path → contents) into a fresh folder with a short path, so
    /// Lua never shortens chunk names in compared messages.
    init(_ files: [String: String] = [:]) throws {
        path = "/tmp/scn-" + UUID().uuidString.prefix(8).lowercased()
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        for (name, contents) in files {
            try write(name, contents)
        }
    }

    func write(_ name: String, _ contents: String) throws {
        let url = URL(fileURLWithPath: path).appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(contents.utf8).write(to: url)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }
}
