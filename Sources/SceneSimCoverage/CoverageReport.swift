import SceneSimCore

/// A suite's coverage: for each item of each section, its hits and the first scenario (in name
/// order) that hit it. Items nobody hit are listed with zero. It depends only on the scenarios'
/// counts and names, never on the order they ran in, so it is the same with any `--jobs`.
public struct CoverageReport: Sendable {
    public struct Item: Sendable, Equatable {
        public var name: String
        public var hits: Int
        /// The first scenario, in name order, that hit it.
        public var first: String?
    }

    public struct Section: Sendable, Equatable {
        /// The key `--min-coverage` uses (`states`, `transitions`), or nil for sections that are
        /// listed but not gated.
        public var metric: String?
        public var title: String
        public var items: [Item]
        public var covered: Int { items.filter { $0.hits > 0 }.count }
        /// Covered per mille, rounded down: 12 of 13 never reads as 100%.
        public var perMille: Int { items.isEmpty ? 1000 : covered * 1000 / items.count }
        public var percentText: String { "\(perMille / 10)" + (perMille % 10 == 0 ? "" : ".\(perMille % 10)") + "%" }
    }

    public var model: String
    public var scenarios: Int
    public var sections: [Section]
    /// The transitions of the table, for the diagram.
    public var table: TransitionTable

    public static let metrics = ["states", "transitions"]

    /// Merges the counts of each scenario, by scenario name.
    public init(_ runs: [(scenario: String, counts: CoverageCounts, platform: Platform?)], table: TransitionTable) {
        let runs = runs.sorted { $0.scenario < $1.scenario }
        model = table.name
        scenarios = runs.count
        self.table = table
        func section(_ metric: String?, _ title: String, _ universe: [String], _ path: KeyPath<CoverageCounts, [String: Int]>, extras: Bool = true) -> Section {
            var names = universe
            if extras {
                let seen = Set(runs.flatMap { $0.counts[keyPath: path].keys })
                names += seen.subtracting(universe).sorted()
            }
            let items = names.map { name in
                let hits = runs.map { $0.counts[keyPath: path][name] ?? 0 }
                return Item(name: name, hits: hits.reduce(0, +), first: zip(runs, hits).first { $0.1 > 0 }?.0.scenario)
            }
            return Section(metric: metric, title: title, items: items)
        }
        let allowed = Set(table.transitions)
        let disallowed = table.states.flatMap { from in table.states.map { TransitionTable.Transition(from: from, to: $0) } }.filter { !allowed.contains($0) }
        let phases = ScenePhase.allCases.flatMap { from in ScenePhase.allCases.filter { $0 != from }.map { "\(from.rawValue) -> \($0.rawValue)" } }
        let terminations = Platform.allCases.flatMap { platform in
            [(Termination.system, true), (.user, true), (.user, false), (.crash, true), (.crash, false)].map {
                CoverageCounts.termination($0.0, platform, $0.1)
            }
        }
        let seenLinks = Set(runs.flatMap { $0.counts.deepLinks.keys })
        let notHandled = seenLinks.filter { $0.hasPrefix("not handled") }.sorted()
        sections = [
            section("states", "states of \(table.name)", table.states, \.states, extras: false),
            section("transitions", "transitions of \(table.name)", table.transitions.map(\.text), \.transitions),
            section(nil, "rejected transitions tried", disallowed.map(\.text), \.rejected),
            section(nil, "scene phase transitions", phases, \.scenePhases),
            section(nil, "app phase transitions", phases, \.appPhases),
            section(nil, "scene connections", [ConnectReason.new, .restored, .reconnected].map(\.rawValue), \.connects),
            section(nil, "disconnects and discards", ["disconnected (session kept)"] + [DiscardReason.closed, .dismissed, .forceQuit, .crashWhileLoading].map { "discarded: \($0.rawValue)" }, \.sessionEnds),
            section(nil, "terminations by platform and restoration", terminations, \.terminations),
            section(nil, "deep links", ["handled"] + (notHandled.isEmpty ? ["not handled"] : notHandled), \.deepLinks),
            section(nil, "warnings", ["openWindow ignored", "storage over storage_warn_bytes", "flicker", "validation skipped (server unreachable)"], \.warnings),
        ]
    }

    public func section(_ metric: String) -> Section? { sections.first { $0.metric == metric } }
}
