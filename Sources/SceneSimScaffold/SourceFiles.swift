#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension Scaffolder {
    /// The `.swift` files under `paths` (files as given, folders searched recursively, skipping
    /// hidden folders and `.build`), sorted, each named relative to the first path (a folder;
    /// for a file, its folder). Throws for a path that does not exist.
    package static func sources(under paths: [String]) throws(ScaffoldError) -> [Source] {
        let manager = FileManager.default
        guard let first = paths.first else { throw ScaffoldError("give the app's source folder or files, e.g. scenesim scaffold Sources/MyApp") }
        let current = manager.currentDirectoryPath
        var isDirectory = false
        guard manager.fileExists(atPath: first, isDirectory: &isDirectory) else { throw ScaffoldError("\(first): no such file or folder") }
        var base = absolute(first, in: current)
        if !isDirectory { base = parent(of: base) }
        var files: [String] = []
        for path in paths {
            var folder = false
            guard manager.fileExists(atPath: path, isDirectory: &folder) else { throw ScaffoldError("\(path): no such file or folder") }
            if folder {
                collect(absolute(path, in: current), into: &files)
            } else {
                files.append(absolute(path, in: current))
            }
        }
        var seen: Set<String> = []
        var sources: [Source] = []
        for file in files.sorted() where seen.insert(file).inserted {
            guard let data = manager.contents(atPath: file) else { throw ScaffoldError("\(file): cannot be read") }
            sources.append(Source(path: relativePath(file, from: base), text: String(decoding: data, as: UTF8.self)))
        }
        return sources
    }

    /// The `.swift` files under `folder`, recursively, skipping hidden names and `.build*`.
    private static func collect(_ folder: String, into files: inout [String]) {
        let manager = FileManager.default
        guard let names = try? manager.contentsOfDirectory(atPath: folder) else { return }
        for name in names.sorted() where !name.hasPrefix(".") {
            let path = folder == "/" ? "/" + name : folder + "/" + name
            var isDirectory = false
            guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
            if isDirectory {
                collect(path, into: &files)
            } else if name.hasSuffix(".swift") {
                files.append(path)
            }
        }
    }

    /// `path` made absolute against `current`, with `.` and `..` resolved.
    static func absolute(_ path: String, in current: String) -> String {
        var parts: [Substring] = []
        for part in ((path.hasPrefix("/") ? path : current + "/" + path).split(separator: "/")) {
            switch part {
            case ".": continue
            case "..": if !parts.isEmpty { parts.removeLast() }
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    private static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
        return String(path[..<slash])
    }

    /// `file` (absolute) relative to the folder `base` (absolute), with `..` where needed.
    static func relativePath(_ file: String, from base: String) -> String {
        let target = file.split(separator: "/").map(String.init)
        let from = base.split(separator: "/").map(String.init)
        var common = 0
        while common < min(target.count - 1, from.count), target[common] == from[common] { common += 1 }
        return (Array(repeating: "..", count: from.count - common) + target[common...]).joined(separator: "/")
    }
}
