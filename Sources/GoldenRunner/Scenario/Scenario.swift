import ByteText
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One Lua scenario file found by discovery, with the names it is shown and selected by.
package struct Scenario: Sendable, Hashable {
    /// The file as displayed: relative to the base directory when under it, e.g.
    /// `scenarios/phases/cold-launch.lua`; absolute otherwise.
    package var path: String
    /// The file's absolute location, for opening it.
    package var fileURL: URL
    /// The name used by `--filter`, `--shard`, the report, JUnit and `--timeline`'s files, e.g.
    /// `phases/cold-launch`: the chunk name without `.lua`, so the same from any directory. Two
    /// scenarios of one run with the same name (the same file in two suites) are named by their
    /// displayed paths instead (ScenarioDiscovery), without `.lua` and a leading `scenarios/`.
    package var name: String
    /// The file's path relative to its suite root, e.g. `phases/cold-launch.lua`: the chunk name
    /// its messages start with (`phases/cold-launch.lua:3:`), the same from any directory and
    /// however the path was spelled, so goldens do not depend on where the suite is run from.
    package var chunkName: String
    /// Whether its golden holds the text timeline instead of the trace (`-- golden: timeline`
    /// in its leading comments; set once the header is read, before the executor runs it).
    package var goldenHoldsTimeline = false
    /// Whether its trace shows every memory write (`-- trace: memory` in its leading comments;
    /// set once the header is read, before the executor runs it).
    package var tracesMemory = false
    /// The file's bytes as the runner read and checked them, set before the executor runs it:
    /// an executor runs these rather than opening the file again, so what runs is what was
    /// checked (a link swapped in between cannot run another file). Nil: read the file.
    package var source: [UInt8]?
    /// The folder its golden, review file and (unless the user named it) its own file must
    /// resolve inside; set by discovery. Nil (a scenario made by hand): no such check.
    var suite: SuiteBoundary?
    /// Whether the user named this file on the command line: then it is read wherever a link
    /// leads (the user's choice); its golden beside it is still the suite's.
    var isNamedByUser = false
    /// The platform this run of the scenario is on when its header lists several
    /// (`-- platforms: iphone ipados`): one run, name and golden per platform
    /// (`phases/launch.iphone`, `launch.iphone.golden`); nil for a scenario that lists none.
    package var platform: String?
    /// What is wrong with its `-- platforms:` line, found by discovery: its run fails with it.
    var headerProblem: String?
    /// The boundary its own file is read within: none for a file the user named.
    var sourceBoundary: SuiteBoundary? { isNamedByUser ? nil : suite }

    /// Makes a scenario from its displayed path and absolute location; the chunk name is the
    /// displayed path unless given (as shown: escaped), and the name comes from it.
    package init(path: String, fileURL: URL, chunkName: String? = nil) {
        self.path = path
        self.fileURL = fileURL
        self.chunkName = chunkName ?? path
        self.name = chunkName.map { Scenario.stem(of: $0) } ?? shown(Scenario.name(forDisplayPath: path))
    }

    /// The name by the displayed path, for a scenario whose chunk name another one of the run
    /// shares.
    var pathName: String { shown(Scenario.name(forDisplayPath: path)) + platformSuffix }

    /// The golden file beside the scenario, as displayed: `NAME.golden` for `NAME.lua`.
    package var goldenPath: String { Scenario.stem(of: path) + platformSuffix + ".golden" }

    /// `.iphone` for a run of a platform matrix, else "".
    var platformSuffix: String { platform.map { "." + $0 } ?? "" }

    /// `path` as a report shows it: control bytes escaped (`\010`), so a file's name can never
    /// forge a line of the report or drive the terminal.
    var shownPath: String { shown(path) }
    var shownGoldenPath: String { shown(goldenPath) }

    /// The golden file's absolute location.
    package var goldenURL: URL { URL(fileURLWithPath: Scenario.stem(of: fileURL.path) + platformSuffix + ".golden") }

    /// Where a mismatching run is written for review: `NAME.golden.new`.
    package var reviewURL: URL { URL(fileURLWithPath: goldenURL.path + ".new") }

    static func name(forDisplayPath path: String) -> String {
        // Names stay the same whichever path the run was started with, so shards and filters
        // select the same scenarios from `scenesim test` and `scenesim test scenarios/phases`.
        let stem = stem(of: path)
        let prefix = "scenarios/"
        return stem.hasPrefix(prefix) ? String(stem.dropFirst(prefix.count)) : stem
    }

    static func stem(of path: String) -> String {
        path.hasSuffix(".lua") ? String(path.dropLast(4)) : path
    }
}

/// Text from a file's name as a report or message shows it: as the trace escapes it (control
/// bytes read `\ddd`), so a name can never forge a report line or drive the terminal.
func shown(_ text: String) -> String {
    ByteString.displayed(Array(text.utf8))
}
