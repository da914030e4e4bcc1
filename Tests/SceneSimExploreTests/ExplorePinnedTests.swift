import Foundation
@testable import SceneSimExplore
import SceneSimScripting
import Testing

/// What `scenesim explore` finds for fixed seeds, pinned: every module in scenarios/explore/, the
/// planted bugs (Tests/ExploreFixtures/*.lua) and the modules of Tests/ExploreFixtures/pinned/
/// modules (background tasks; every built-in rule on some platform beside module rules drawing
/// each kind of argument; weights exact only as integers; 150 rules), each explored with
/// --stats from two seeds, its first runs replayed (which prints each step as a scenario spells
/// it, so a change that draws other arguments shows even where no count moves), and the
/// scenarios it wrote. Standard output, exit statuses and the scenarios must be the bytes of
/// Tests/ExploreFixtures/pinned/expected/NAME-SEED.txt, recorded from the build before the
/// explore target moved above the binding (10836db). A change that means to find other runs
/// (the draw, a built-in rule) records them again: SCENESIM_RECORD_PINNED=1 swift test
/// --filter ExplorePinnedTests writes the files, whose diff the commit explains.
@Suite("Explore: the found scenarios of fixed seeds")
struct ExplorePinnedTests {
    static let runs = 40, steps = 60, replays = 3
    static let seeds: [UInt64] = [1, 2]

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let expected = root.appendingPathComponent("Tests/ExploreFixtures/pinned/expected")

    /// The modules, by folder, each folder's in byte order of name.
    static var modules: [String] {
        ["scenarios/explore", "Tests/ExploreFixtures", "Tests/ExploreFixtures/pinned/modules"].flatMap { folder in
            let path = root.appendingPathComponent(folder).path
            let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
            return names.filter { $0.hasSuffix(".lua") }.sorted().map { path + "/" + $0 }
        }
    }

    @Test("The modules to pin are all there")
    func modulesFound() {
        // 9 bundled, 3 planted bugs, 7 of the pinned folder: a moved folder must not leave the
        // test below with nothing to compare.
        #expect(Self.modules.count == 19)
        #expect(Set(Self.modules.map { URL(fileURLWithPath: $0).lastPathComponent }).count == Self.modules.count)
    }

    @Test("Each module's exploration, replays and written scenarios are the recorded bytes", arguments: modules)
    func pinned(module: String) throws {
        let name = URL(fileURLWithPath: module).deletingPathExtension().lastPathComponent
        // The module is explored from a short folder of its own (Lua shortens chunk names past
        // 60 bytes), whose path, and the current directory's from the scenarios' folder, are
        // written as <folder> and <cwd>.
        let folder = "/tmp/xp-" + UUID().uuidString.prefix(8).lowercased()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/m", withIntermediateDirectories: true)
        let file = folder + "/m/" + name + ".lua"
        try FileManager.default.copyItem(atPath: module, toPath: file)
        let out = folder + "/found"
        let commandFolder = FoundScenario.commandFolder(writtenTo: out, currentDirectory: FileManager.default.currentDirectoryPath)

        for seed in Self.seeds {
            try? FileManager.default.removeItem(atPath: out)
            var text = "$ --seed \(seed) --runs \(Self.runs) --steps \(Self.steps) --stats\n"
            text += Self.explore(file: file, seed: seed, budget: .runs(Self.runs), jobs: 2, out: out)
            for run in 0..<Self.replays {
                text += "$ --steps \(Self.steps) --replay \(seed):\(run)\n"
                text += Self.explore(file: file, seed: seed, budget: .replay(run: run), jobs: 1, out: out)
            }
            let written = ((try? FileManager.default.contentsOfDirectory(atPath: out)) ?? []).sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
            for scenario in written {
                text += "== \(scenario)\n" + (try String(contentsOfFile: out + "/" + scenario, encoding: .utf8))
            }
            text = text.replacingOccurrences(of: folder, with: "<folder>").replacingOccurrences(of: commandFolder, with: "<cwd>")

            let path = Self.expected.appendingPathComponent("\(name)-\(seed).txt").path
            if ProcessInfo.processInfo.environment["SCENESIM_RECORD_PINNED"] == "1" {
                try text.write(toFile: path, atomically: true, encoding: .utf8)
                continue
            }
            let recorded = try String(contentsOfFile: path, encoding: .utf8)
            #expect(text == recorded, "\(name), seed \(seed): \(Self.firstDifference(text, recorded))")
        }
    }

    /// One `scenesim explore` as the command runs it: its standard output and exit status.
    static func explore(file: String, seed: UInt64, budget: ExplorePlan.Budget, jobs: Int, out: String) -> String {
        let plan = ExplorePlan(
            file: file, seed: seed, budget: budget, steps: steps, jobs: jobs, shard: nil, out: out, shrink: true, stats: budget.isRuns,
            options: ScenarioOptions()
        )
        let standard = Collected()
        let output = ExploreOutput(
            standard: { standard.text += $0 }, error: { _ in },
            write: { text, path in
                do {
                    try FileManager.default.createDirectory(atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path, withIntermediateDirectories: true)
                    try text.write(toFile: path, atomically: true, encoding: .utf8)
                    return nil
                } catch {
                    return "\(error)"
                }
            },
            terminal: false
        )
        let status = ExploreSession(plan: plan, output: output).run()
        return standard.text + "exit status \(status)\n"
    }

    final class Collected {
        var text = ""
    }

    /// The first line where `actual` and `recorded` differ, both ways.
    static func firstDifference(_ actual: String, _ recorded: String) -> String {
        let a = actual.split(separator: "\n", omittingEmptySubsequences: false), b = recorded.split(separator: "\n", omittingEmptySubsequences: false)
        for index in 0..<max(a.count, b.count) where index >= a.count || index >= b.count || a[index] != b[index] {
            return "line \(index + 1): got \(index < a.count ? String(a[index]) : "<end>"), recorded \(index < b.count ? String(b[index]) : "<end>")"
        }
        return "the same lines"
    }
}

extension ExplorePlan.Budget {
    fileprivate var isRuns: Bool {
        if case .runs = self { return true }
        return false
    }
}
