import ByteText
import SceneSimCore

/// A suite's coverage: for each item of each section, its hits and the first scenario (in name
/// order) that hit it. Items nobody hit are listed with zero. It depends only on the scenarios'
/// counts and names, never on the order they ran in, so it is the same with any `--jobs`.
package struct CoverageReport: Sendable {
    package struct Item: Sendable, Equatable {
        package var name: String
        package var hits: Int
        /// The first scenario, in name order, that hit it.
        package var first: String?
    }

    package struct Section: Sendable, Equatable {
        /// The key `--min-coverage` uses (`states`, `transitions`), or nil for sections that are
        /// listed but not gated.
        package var metric: String?
        package var title: String
        package var items: [Item]
        /// What `--min-coverage` calls the section's owner when several share a metric: the
        /// model's name, or the App whose generated module translated the handlers.
        package var owner: String? = nil
        package var covered: Int { items.filter { $0.hits > 0 }.count }
        /// Covered per thousand, rounded to the nearest (1/13 reads 7.7%, 2/3 66.7%), but never
        /// to all or none unless it is: 1999/2000 reads 99.9%, not 100%.
        package var perMille: Int {
            guard !items.isEmpty else { return 1000 }
            var rounded = (covered * 2000 + items.count) / (2 * items.count)
            if covered < items.count { rounded = min(rounded, 999) }
            if covered > 0 { rounded = max(rounded, 1) }
            return rounded
        }

        /// Whether the coverage is under `percent`, exactly (not from the rounded figure).
        package func isUnder(percent: Double) -> Bool {
            !items.isEmpty && Double(covered) * 100 < percent * Double(items.count)
        }
        package var percentText: String { "\(perMille / 10)" + (perMille % 10 == 0 ? "" : ".\(perMille % 10)") + "%" }
    }

    /// The models the suite ran, each once (the built-in one first, then by the first scenario
    /// that declared each); each has its own states, transitions and rejected-transitions sections.
    package var tables: [TransitionTable]
    package var scenarios: Int
    package var sections: [Section]

    package static let metrics = ["states", "transitions", "handlers"]

    /// One scenario's run: its name, its counts (against `table`), its platform and the table of
    /// the model it ran.
    package typealias Run = (scenario: String, counts: CoverageCounts, platform: Platform?, table: TransitionTable)

    /// Merges the counts of each scenario, by scenario name.
    package init(_ runs: [Run]) {
        let runs = runs.sorted { $0.scenario < $1.scenario }
        scenarios = runs.count
        var tables: [TransitionTable] = []
        for run in runs where !tables.contains(where: { $0.shape == run.table.shape }) {
            tables.append(run.table)
        }
        let builtIn = TransitionTable.builtIn.shape
        self.tables = tables.filter { $0.shape == builtIn } + tables.filter { $0.shape != builtIn }
        tables = self.tables
        func section(_ metric: String?, _ title: String, _ universe: [String], _ path: KeyPath<CoverageCounts, [String: Int]>, extras: Bool = true, of runs: [Run]) -> Section {
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
        func section(_ metric: String?, _ title: String, _ universe: [String], _ path: KeyPath<CoverageCounts, [String: Int]>, extras: Bool = true, of runs: [Run], owner: String)
            -> Section
        {
            var section = section(metric, title, universe, path, extras: extras, of: runs)
            section.owner = owner
            return section
        }
        var sections: [Section] = []
        for table in tables {
            let own = runs.filter { $0.table.shape == table.shape }
            let allowed = Set(table.transitions)
            // Every pair of two states a model does not allow, listed so a report shows which
            // were never tried (a state to itself is no move to test: listed only when a run
            // tried it); past `maxListedStates` states (their square would make the report's
            // size) only the rejected transitions the runs tried are listed.
            let disallowed =
                table.states.count > Self.maxListedStates
                ? []
                : table.states.flatMap { from in
                    table.states.filter { $0 != from }.map { TransitionTable.Transition(from: from, to: $0) }
                }.filter { !allowed.contains($0) }
            sections += [
                section("states", "states of \(table.name)", table.states, \.states, extras: false, of: own, owner: table.name),
                section("transitions", "transitions of \(table.name)", table.transitions.map(\.text), \.transitions, of: own, owner: table.name),
                section(nil, "rejected transitions tried on \(table.name)", disallowed.map(\.text), \.rejected, of: own),
            ]
        }
        sections += Self.handlerSections(runs)
        // Rows for the platforms the suite ran on, and only the moves those can make.
        let platforms = Platform.allCases.filter { platform in runs.contains { $0.platform == platform } }
        let phases = SimScenePhase.allCases.flatMap { from in
            SimScenePhase.allCases.filter { to in to != from && platforms.contains { Self.canMove(from, to, on: $0) } }.map { "\(from.rawValue) -> \($0.rawValue)" }
        }
        // The watchdog ends only an app that is suspended in the background (by default not
        // on macOS, which never suspends; a policy can make it, and its rows then show as seen).
        let terminations = platforms.flatMap { platform in
            ([(Termination.system, true), (.user, true), (.user, false), (.crash, true), (.crash, false)]
                + (Self.suspends(platform) ? [(.watchdog, true)] : [])
                + (platform == .macos ? [(.force, true)] : [])).map {
                    CoverageCounts.termination($0.0, platform, $0.1)
                }
        }
        // Suspension, expiring tasks and background refresh launches: where the platforms
        // suspend by default (the iOS family).
        let backgroundTime =
            platforms.contains(where: Self.suspends)
            ? [CoverageCounts.suspended, CoverageCounts.expired, CoverageCounts.backgroundLaunch("refresh")]
                // Push, transfer and prewarm launches (semantics 11.8, 11.11): rows once a run of
                // the suite made one, as only an app with the handlers is launched for them.
                + ["push", "transfer", "prewarm"].map(CoverageCounts.backgroundLaunch).filter { row in runs.contains { $0.counts.backgroundTime[row] != nil } }
            : []
        // Warnings only one kind of model gives: the built-in model's validation, a declared
        // model's state that nothing reaches.
        let usesBuiltIn = tables.contains { $0.shape == builtIn }, usesDeclared = tables.contains { $0.shape != builtIn }
        let warnings =
            ["openWindow ignored", "storage over storage_warn_bytes", "flicker"]
            + (usesBuiltIn ? ["validation skipped (server unreachable)"] : []) + (usesDeclared ? ["state no transition reaches"] : [])
        let seenLinks = Set(runs.flatMap { $0.counts.deepLinks.keys })
        let notHandled = seenLinks.filter { $0.hasPrefix("not handled") }.sorted()
        let handled = ["handled", "handled by the app"]
        sections += [
            section(nil, "scene phase transitions", phases, \.scenePhases, of: runs),
            section(nil, "app phase transitions", phases, \.appPhases, of: runs),
            section(nil, "scene connections", [ConnectReason.new, .restored, .reconnected].map(\.rawValue), \.connects, of: runs),
            section(
                nil, "disconnects and discards",
                ["disconnected (session kept)"] + [DiscardReason.closed, .dismissed, .forceQuit, .crashWhileLoading].map { "discarded: \($0.rawValue)" }, \.sessionEnds, of: runs),
            section(nil, "terminations by platform and restoration", terminations, \.terminations, of: runs),
            section(nil, "process memory lost, by cause", MemoryLossCause.allCases.map(\.rawValue), \.memoryLosses, of: runs),
            section(nil, "deep links", handled + (notHandled.isEmpty ? ["not handled"] : notHandled), \.deepLinks, of: runs),
            section(nil, "warnings", warnings, \.warnings, of: runs),
        ]
        let background = section(nil, "suspension and background time", backgroundTime, \.backgroundTime, of: runs)
        if !background.items.isEmpty { sections.insert(background, at: sections.count - 2) }
        // Launches by an event, notifications and updates on every platform, memory warnings on
        // the iOS family; the Dock's rows on macOS.
        let events =
            [LaunchCause.url(ByteString("")), .activity(""), .notification].map(CoverageCounts.launchedBy)
            + [true, false].map { CoverageCounts.notification(handler: $0) }
            // Memory warnings where the platforms send them (the iOS family); updates everywhere.
            + (platforms.contains { $0 != .macos } ? [true, false].map { CoverageCounts.memoryWarning(delivered: $0) } : [])
            // Silent pushes, transfers and the device's lock, where the system sends them (the
            // iOS family; semantics 11.8, 8.6).
            + (platforms.contains { $0 != .macos }
                ? [(BackgroundWake.push, false), (.push, true), (.transfer(ByteString("")), false), (.transfer(ByteString("")), true)].map {
                    CoverageCounts.wake($0.0, dropped: $0.1)
                } + [true, false].map { CoverageCounts.device(locked: $0) } : [])
            + [CoverageCounts.updated, CoverageCounts.droppedAfterUpdate]
            + (platforms.contains(.macos)
                ? [
                    CoverageCounts.reopen(visible: true, handler: nil), CoverageCounts.reopen(visible: false, handler: nil),
                    CoverageCounts.reopen(visible: false, handler: false), CoverageCounts.minimized, CoverageCounts.restoredFromDock,
                ]
                : [])
        sections.insert(section(nil, "external events and the Dock", events, \.events, of: runs), at: sections.count - 2)
        self.sections = sections
    }

    /// A section per generated module the runs loaded (by App name, then file name): every
    /// Swift handler it translated, in file and line order, with its runs, ran or not.
    static func handlerSections(_ runs: [Run]) -> [Section] {
        struct Module: Hashable, Comparable {
            var app: String, module: String
            static func < (a: Module, b: Module) -> Bool { (a.app, a.module) < (b.app, b.module) }
        }
        var labels: [Module: Set<String>] = [:]
        for run in runs {
            for group in run.counts.handlers { labels[Module(app: group.app, module: group.module), default: []].formUnion(group.labels) }
        }
        return labels.keys.sorted().map { module in
            let names = (labels[module] ?? []).sorted(by: HandlerCounts.precedes)
            // Each run's hits by label (a module declared twice in a run adds up).
            let hits: [[String: Int]] = runs.map { run in
                var byLabel: [String: Int] = [:]
                for group in run.counts.handlers where group.app == module.app && group.module == module.module {
                    for (label, count) in zip(group.labels, group.hits) { byLabel[label, default: 0] += count }
                }
                return byLabel
            }
            let items = names.map { name in
                let counts = hits.map { $0[name] ?? 0 }
                return Item(name: name, hits: counts.reduce(0, +), first: zip(runs, counts).first { $0.1 > 0 }?.0.scenario)
            }
            return Section(metric: "handlers", title: "Swift handlers translated in \(module.app) (\(module.module))", items: items, owner: module.app)
        }
    }

    /// The most states of a model whose untried rejected transitions a report lists.
    package static let maxListedStates = 64

    /// Whether a scene (and so the app's aggregate) can move from `from` to `to` on `platform`:
    /// the iOS family passes through `inactive` between `active` and `background`, the Mac goes
    /// straight (semantics 1.2).
    static func canMove(_ from: SimScenePhase, _ to: SimScenePhase, on platform: Platform) -> Bool {
        let direct: Set<SimScenePhase> = [.active, .background]
        guard direct == [from, to] else { return true }
        return platform == .macos
    }

    /// Whether `platform` suspends a backgrounded app by default (semantics 11.2): the only
    /// platforms where background time runs out (expiration, the watchdog).
    static func suspends(_ platform: Platform) -> Bool { platform != .macos }

    /// The first section of `metric` (the first model's).
    package func section(_ metric: String) -> Section? { sections.first { $0.metric == metric } }

    /// Every model's section of `metric`.
    package func sections(_ metric: String) -> [Section] { sections.filter { $0.metric == metric } }
}
