import Foundation

/// A temporary directory standing in for a checkout; removed when released.
final class Sandbox {
    let root: String

    init() throws {
        root = NSTemporaryDirectory() + "/golden-runner-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: root)
    }

    /// Writes a file, creating its folders.
    func write(_ path: String, _ text: String) throws {
        let url = URL(fileURLWithPath: root + "/" + path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// A file's text, or nil if it does not exist.
    func read(_ path: String) -> String? {
        FileManager.default.contents(atPath: root + "/" + path).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Every file with its text, keyed by path relative to the root, to compare whole trees.
    func tree() -> [String: String] {
        let paths = FileManager.default.subpaths(atPath: root) ?? []
        var files: [String: String] = [:]
        for path in paths {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isDirectory), !isDirectory.boolValue {
                files[path] = read(path)
            }
        }
        return files
    }
}
