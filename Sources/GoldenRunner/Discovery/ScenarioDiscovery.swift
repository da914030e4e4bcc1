#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ByteText
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What discovery found under the paths of one run.
struct ScenarioDiscovery: Sendable {
    /// The scenarios, sorted by displayed path in byte order.
    var scenarios: [Scenario]
    /// Goldens (and review files) under the searched directories without a scenario beside them.
    var obsolete: [ObsoleteGolden]
    /// Temporary files of golden writes that never finished (`NAME.golden.tmp-…`), as displayed
    /// with their absolute paths, sorted.
    var strays: [(path: String, absolutePath: String)] = []
    /// Folders and entries that could not be read: reported, and the run exits 2.
    var problems: [GoldenRunnerError] = []
    /// Whether every path was a directory; only then can an obsolete golden be told apart from
    /// one that is merely outside the run.
    var coversWholeDirectories: Bool

    /// Finds `**/*.lua` under each path, skipping `lib/` and `explore/` folders, `*.d.lua` and
    /// hidden entries.
    /// `listDirectory` is the file system's listing, replaceable so tests can make it fail.
    /// A scenario whose leading comments list platforms (`-- platforms: iphone ipados`, each
    /// one of `knownPlatforms`) becomes one scenario per platform, each with its own golden.
    static func discover(
        paths: [String], resolver: PathResolver, listDirectory: DirectoryListing = .system, knownPlatforms: [String] = []
    ) throws(GoldenRunnerError) -> ScenarioDiscovery {
        var walk = Walk(resolver: resolver, listDirectory: listDirectory)
        walk.knownPlatforms = knownPlatforms
        var wholeDirectories = true
        for path in paths {
            let absolute = resolver.absolute(path)
            var info = stat()
            guard stat(absolute, &info) == 0 else {
                throw errno == ENOENT ? .noSuchPath(path) : .cannotRead(path, errno: errno)
            }
            // What the user typed is followed wherever its links lead; what lies in it must
            // resolve inside the suite (or inside what the user typed, when that leads out).
            if (info.st_mode & S_IFMT) == S_IFDIR {
                let root = SuiteRoot.nearestNamed(above: absolute) ?? absolute
                walk.directory(absolute, root: root, boundary: .enclosing(absolute, root: root, resolver: resolver))
            } else {
                // A file named on the command line runs as given, even from `lib/`.
                guard absolute.hasSuffix(".lua") else { throw .notAScenario(path) }
                wholeDirectories = false
                let folder = String(absolute[..<absolute.lastIndex(of: "/")!])
                let root = SuiteRoot.nearestNamed(above: folder) ?? folder
                walk.addScenario(
                    absolute, root: root, boundary: .enclosing(folder.isEmpty ? "/" : folder, root: root.isEmpty ? "/" : root, resolver: resolver), isNamedByUser: true)
            }
        }
        let byPath: (String, String) -> Bool = { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        var scenarios = walk.found.values.sorted { byPath($0.path, $1.path) }
        if !knownPlatforms.isEmpty { scenarios = walk.expandPlatforms(scenarios) }
        // Names are relative to each suite's root; the same file in two suites of one run is
        // named by its displayed path, which tells them apart.
        var count: [String: Int] = [:]
        for scenario in scenarios { count[scenario.name, default: 0] += 1 }
        for i in scenarios.indices where count[scenarios[i].name, default: 0] > 1 {
            scenarios[i].name = scenarios[i].pathName
        }
        return ScenarioDiscovery(
            scenarios: scenarios,
            obsolete: walk.obsolete.values.sorted { byPath($0.path, $1.path) },
            strays: walk.strays.sorted { byPath($0.path, $1.path) },
            problems: walk.problems,
            coversWholeDirectories: wholeDirectories
        )
    }
}

/// One discovery's traversal and what it collected.
private struct Walk {
    let resolver: PathResolver
    let listDirectory: DirectoryListing
    var found: [String: Scenario] = [:]
    var obsolete: [String: ObsoleteGolden] = [:]
    var strays: [(path: String, absolutePath: String)] = []
    var problems: [GoldenRunnerError] = []
    var visited: Set<String> = []
    var knownPlatforms: [String] = []
    /// Goldens and review files named like a platform's run of a scenario beside them
    /// (`x.iphone.golden` by `x.lua`), by the scenario's absolute path: obsolete unless the
    /// scenario's `-- platforms:` names that platform.
    var platformGoldens: [String: [(platform: String, golden: ObsoleteGolden)]] = [:]

    /// Each scenario whose header lists platforms, as one scenario per platform; a header that
    /// lists them wrongly fails the scenario's run with its message.
    mutating func expandPlatforms(_ scenarios: [Scenario]) -> [Scenario] {
        var result: [Scenario] = []
        for scenario in scenarios {
            var platforms: [String] = []
            var problem: String?
            do {
                // Only the leading comments are read here (the run reads the whole file); a file
                // that cannot be read is reported by its run.
                if let source = try? GoldenFiles.read(
                    scenario.fileURL.path, displayedAs: scenario.shownPath, within: scenario.sourceBoundary, prefix: ScenarioHeader.leadingBytes
                ) {
                    platforms = try ScenarioHeader.platforms(in: source, path: scenario.shownPath, known: knownPlatforms)
                }
            } catch {
                problem = error.message
            }
            let goldens = platformGoldens.removeValue(forKey: scenario.fileURL.path) ?? []
            for entry in goldens where !platforms.contains(entry.platform) { obsolete[entry.golden.path] = entry.golden }
            guard !platforms.isEmpty else {
                var plain = scenario
                plain.headerProblem = problem
                result.append(plain)
                continue
            }
            for platform in platforms {
                var variant = scenario
                variant.platform = platform
                variant.name = scenario.name + "." + platform
                result.append(variant)
            }
            // The golden of the scenario as it ran before it listed platforms: no run writes it.
            let plain = scenario.goldenURL.path
            if plain.isExistingFile {
                let golden = ObsoleteGolden(
                    path: shown(resolver.display(plain)), absolutePath: plain, isReview: false,
                    suitePath: Scenario.stem(of: scenario.chunkName) + ".golden"
                )
                obsolete[golden.path] = golden
            }
        }
        for goldens in platformGoldens.values {
            for entry in goldens { obsolete[entry.golden.path] = entry.golden }
        }
        return result
    }

    init(resolver: PathResolver, listDirectory: DirectoryListing) {
        self.resolver = resolver
        self.listDirectory = listDirectory
    }

    mutating func addScenario(_ absolute: String, root: String, boundary: SuiteBoundary, isNamedByUser: Bool = false) {
        let display = resolver.display(absolute)
        var scenario = Scenario(
            path: display, fileURL: URL(fileURLWithPath: absolute), chunkName: shown(SuiteRoot.relative(absolute, to: root))
        )
        scenario.suite = boundary
        // The same file found by a folder too stays the user's if they named it.
        scenario.isNamedByUser = isNamedByUser || found[display]?.isNamedByUser == true
        found[display] = scenario
    }

    mutating func directory(_ directory: String, root: String, boundary: SuiteBoundary) {
        // Two overlapping paths on the command line, or a symlinked folder and its target,
        // list a folder once (and a symlink loop ends here).
        guard visited.insert(Self.canonical(directory)).inserted else { return }
        let listed: [DirectoryEntry]
        switch listDirectory.list(directory) {
        case .success(let names): listed = names.sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
        case .failure(let error):
            // Never skipped silently: a folder the run cannot see could hold failing scenarios.
            problems.append(.cannotReadFolder(resolver.display(directory), errno: error.code))
            return
        }
        // A name that is not UTF-8 cannot be run by its path (a String would change its
        // bytes): such a scenario, or a folder that could hold some, is reported, never skipped.
        for entry in listed where !entry.name.hasPrefix(".") {
            guard let bytes = entry.invalidBytes else { continue }
            var info = stat()
            let path = Array(directory.utf8) + [UInt8(ascii: "/")] + bytes + [0]
            let isFolder =
                path.withUnsafeBufferPointer { stat(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), &info) } == 0
                && (info.st_mode & S_IFMT) == S_IFDIR
            guard isFolder || bytes.ends(with: Array(".lua".utf8)) else { continue }
            problems.append(.nameNotUTF8(resolver.display(directory) + "/" + ByteString.displayed(bytes), isFolder: isFolder))
        }
        let entries = listed.filter { $0.invalidBytes == nil }.map(\.name)
        let names = Set(entries)
        for entry in entries where !entry.hasPrefix(".") {
            let absolute = directory + "/" + entry
            var info = stat()
            guard lstat(absolute, &info) == 0 else {
                if errno != ENOENT { problems.append(.cannotReadEntry(resolver.display(absolute), errno: errno)) }
                continue
            }
            // A symlinked folder is followed when it leads to a folder inside the suite (its
            // scenarios are the suite's too); one that leads out is reported, never walked (its
            // scenarios would run, and their review files be written, outside the suite). A
            // loop ends at a folder already listed.
            // (A link named *.lua stays a scenario: reading it says what is wrong.)
            var target = stat()
            if (info.st_mode & S_IFMT) == S_IFLNK, !entry.hasSuffix(".lua"), stat(absolute, &target) == 0, (target.st_mode & S_IFMT) == S_IFDIR {
                guard entry != "lib" && entry != "explore" else { continue }
                guard boundary.contains(Self.canonical(absolute)) else {
                    problems.append(.folderOutsideSuite(shown(resolver.display(absolute)), suite: boundary.shownPath))
                    continue
                }
                self.directory(absolute, root: root, boundary: boundary)
                continue
            }
            if (info.st_mode & S_IFMT) == S_IFDIR {
                // `lib/` holds helper modules that scenarios `require`, and `explore/` the
                // exploration modules `scenesim explore` runs: neither holds scenarios.
                if entry != "lib" && entry != "explore" { self.directory(absolute, root: root, boundary: boundary) }
            } else if entry.hasSuffix(".lua") {
                // `*.d.lua` are LuaLS definition files: declarations for the editor, never run.
                guard !entry.hasSuffix(".d.lua") else { continue }
                addScenario(absolute, root: root, boundary: boundary)
            } else if entry.contains(".golden" + GoldenFiles.temporaryMarker)
                || entry.contains(".golden.new" + GoldenFiles.temporaryMarker)
            {
                strays.append((shown(resolver.display(absolute)), absolute))
            } else if let suffix = [".golden", ".golden.new"].first(where: entry.hasSuffix) {
                // The scenario would sit in this same folder: no need to ask the file system.
                let stem = String(entry.dropLast(suffix.count))
                guard !names.contains(stem + ".lua") else { continue }
                let golden = ObsoleteGolden(
                    path: shown(resolver.display(absolute)), absolutePath: absolute, isReview: suffix == ".golden.new",
                    suitePath: shown(SuiteRoot.relative(absolute, to: root))
                )
                // `x.iphone.golden` beside `x.lua`: a platform's golden, if x runs on iphone.
                if let dot = stem.lastIndex(of: "."), knownPlatforms.contains(String(stem[stem.index(after: dot)...])),
                    names.contains(String(stem[..<dot]) + ".lua")
                {
                    platformGoldens[URL(fileURLWithPath: directory + "/" + String(stem[..<dot]) + ".lua").path, default: []]
                        .append((String(stem[stem.index(after: dot)...]), golden))
                    continue
                }
                obsolete[golden.path] = golden
            }
        }
    }
}

extension Walk {
    /// The folder's real path (symlinks resolved), to know a folder met twice.
    static func canonical(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

private extension Array where Element == UInt8 {
    func ends(with suffix: [UInt8]) -> Bool {
        count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
    }
}
