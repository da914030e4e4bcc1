#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
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
        var folders: Set<String> = []
        for path in paths {
            var folder = false
            guard manager.fileExists(atPath: path, isDirectory: &folder) else { throw ScaffoldError("\(path): no such file or folder") }
            if folder {
                try collect(absolute(path, in: current), base: base, into: &files, visited: &folders)
            } else {
                guard path.hasSuffix(".swift") else { throw ScaffoldError("\(path): not a .swift file; give the app's source folders or .swift files") }
                files.append(absolute(path, in: current))
            }
        }
        // A file met twice (two paths, or a symlink to it) is read once.
        var seen: Set<String> = []
        var sources: [Source] = []
        for file in files.sorted() where seen.insert(realPath(file)).inserted {
            guard let data = manager.contents(atPath: file) else { throw ScaffoldError("\(relativePath(file, from: base)): cannot be read: \(unreadable(file))") }
            sources.append(Source(path: relativePath(file, from: base), text: String(decoding: data, as: UTF8.self)))
        }
        return sources
    }

    /// The `.swift` files under `folder`, recursively, skipping hidden names and `.build*`. A
    /// folder met again through a symlink (a loop: `up -> ..`) is not listed again. A folder that
    /// cannot be listed stops the scaffold: its scenes would be missing from the model.
    private static func collect(_ folder: String, base: String, into files: inout [String], visited: inout Set<String>) throws(ScaffoldError) {
        guard visited.insert(realPath(folder)).inserted else { return }
        let manager = FileManager.default
        let names: [String]
        do {
            names = try manager.contentsOfDirectory(atPath: folder)
        } catch {
            throw ScaffoldError("\(folder == base ? "." : relativePath(folder, from: base)): cannot be read: \(unreadable(folder))")
        }
        for name in names.sorted() where !name.hasPrefix(".") {
            let path = folder == "/" ? "/" + name : folder + "/" + name
            var isDirectory = false
            guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
            if isDirectory {
                try collect(path, base: base, into: &files, visited: &visited)
            } else if name.hasSuffix(".swift") {
                files.append(path)
            }
        }
    }

    /// `path` with every symlink resolved (itself when that fails).
    private static func realPath(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Why `path` cannot be read, as the C library words it.
    private static func unreadable(_ path: String) -> String {
        access(path, R_OK) != 0 ? String(cString: strerror(errno)) : "not a regular file"
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
