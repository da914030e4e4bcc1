#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// What discovery found under the paths of one run.
struct ScenarioDiscovery: Sendable {
    /// The scenarios, sorted by displayed path in byte order.
    var scenarios: [Scenario]
    /// Goldens (and review files) under the searched directories without a scenario beside them.
    var obsolete: [ObsoleteGolden]
    /// Whether every path was a directory; only then can an obsolete golden be told apart from
    /// one that is merely outside the run.
    var coversWholeDirectories: Bool

    /// Finds `**/*.lua` under each path, skipping `lib/` folders, `*.d.lua` and hidden entries.
    static func discover(
        paths: [String], resolver: PathResolver, fileManager: FileManager = .default
    ) throws(GoldenRunnerError) -> ScenarioDiscovery {
        var found: [String: Scenario] = [:]
        var obsolete: [String: ObsoleteGolden] = [:]
        var wholeDirectories = true
        for path in paths {
            let absolute = resolver.absolute(path)
            var isDirectory = false
            guard fileManager.fileExists(atPath: absolute, isDirectory: &isDirectory) else {
                throw .noSuchPath(path)
            }
            if isDirectory {
                walk(absolute, resolver: resolver, fileManager: fileManager, into: &found, obsolete: &obsolete)
            } else {
                // A file named on the command line runs as given, even from `lib/`.
                guard absolute.hasSuffix(".lua") else { throw .notAScenario(path) }
                wholeDirectories = false
                let scenario = Scenario(path: resolver.display(absolute), fileURL: URL(fileURLWithPath: absolute))
                found[scenario.path] = scenario
            }
        }
        return ScenarioDiscovery(
            scenarios: found.values.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) },
            obsolete: obsolete.values.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) },
            coversWholeDirectories: wholeDirectories
        )
    }

    private static func walk(
        _ directory: String, resolver: PathResolver, fileManager: FileManager,
        into found: inout [String: Scenario], obsolete: inout [String: ObsoleteGolden]
    ) {
        // An unreadable directory simply contributes nothing; the run reports what it found.
        let entries = (try? fileManager.contentsOfDirectory(atPath: directory)) ?? []
        let names = Set(entries)
        for entry in entries where !entry.hasPrefix(".") {
            let absolute = directory + "/" + entry
            if isRealDirectory(absolute) {
                // `lib/` holds helper modules that scenarios `require`, not scenarios.
                if entry != "lib" {
                    walk(absolute, resolver: resolver, fileManager: fileManager, into: &found, obsolete: &obsolete)
                }
            } else if entry.hasSuffix(".lua") {
                // `*.d.lua` are LuaLS definition files: declarations for the editor, never run.
                guard !entry.hasSuffix(".d.lua") else { continue }
                let scenario = Scenario(path: resolver.display(absolute), fileURL: URL(fileURLWithPath: absolute))
                found[scenario.path] = scenario
            } else if let suffix = [".golden", ".golden.new"].first(where: entry.hasSuffix) {
                // The scenario would sit in this same folder: no need to ask the file system.
                guard !names.contains(String(entry.dropLast(suffix.count)) + ".lua") else { continue }
                let golden = ObsoleteGolden(
                    path: resolver.display(absolute), absolutePath: absolute, isReview: suffix == ".golden.new"
                )
                obsolete[golden.path] = golden
            }
        }
    }
}

/// lstat, not stat: a symlinked directory is never descended into (it could loop). A plain
/// system call: FileManager's attribute dictionary cost more than the rest of discovery.
private func isRealDirectory(_ path: String) -> Bool {
    var info = stat()
    guard lstat(path, &info) == 0 else { return false }
    return (info.st_mode & S_IFMT) == S_IFDIR
}
