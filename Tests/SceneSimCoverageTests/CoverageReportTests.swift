import ByteText
import SceneSimBuiltin
import SceneSimCore
@testable import SceneSimCoverage
import SceneSimTestSupport
import Testing

/// The records of a run on a fresh simulator.
func records(_ platform: Platform = .ipados, _ steps: (Simulator) throws -> Void) throws -> [TraceRecord] {
    let simulator = try Simulator(config: .testing(platform))
    simulator.isTracing = true
    try simulator.launch()
    try steps(simulator)
    return simulator.takeEvents()
}

func report(_ runs: [(String, [TraceRecord])], platform: Platform = .ipados) -> CoverageReport {
    CoverageReport(runs.map { ($0.0, CoverageCounts(records: $0.1, platform: platform, table: .builtIn), platform, .builtIn) })
}

@Suite("Coverage of a suite, from the events that ran")
struct CoverageReportTests {
    @Test("the built-in model's table has five states and thirteen transitions")
    func builtInTable() {
        #expect(TransitionTable.builtIn.states == ["loading", "unauthenticated", "onboarding", "authenticated", "error"])
        #expect(TransitionTable.builtIn.transitions.count == 13)
    }

    @Test("a suite that only launches and settles covers loading -> unauthenticated: 2 of 5 states, 1 of 13 transitions")
    func knownSmallCoverage() throws {
        let launch = try records { try $0.settle() }
        let report = report([("b/launch", launch), ("a/launch", launch)])
        let states = try #require(report.section("states"))
        #expect(states.items.map(\.hits) == [2, 2, 0, 0, 0])
        #expect(states.items.map(\.first) == ["a/launch", "a/launch", nil, nil, nil])
        let transitions = try #require(report.section("transitions"))
        #expect(transitions.covered == 1 && transitions.items.count == 13)
        #expect(transitions.percentText == "7.7%")
        #expect(report.text().contains("     0  error -> loading                  NOT COVERED\n"))
    }

    @Test("what a script asked for but the model refused counts as a rejected transition, not a transition")
    func rejectedIsNotCovered() throws {
        let run = try records { simulator in
            try simulator.settle()
            _ = try simulator.transition(to: .loading)
            _ = try simulator.transition(to: .error(.maintenanceMode))
        }
        let report = report([("x", run)])
        let transitions = try #require(report.section("transitions"))
        #expect(transitions.items.map(\.name).contains("unauthenticated -> loading") == false)
        #expect(transitions.items.filter { $0.hits > 0 }.map(\.name) == ["loading -> unauthenticated", "unauthenticated -> error"])
        let rejected = try #require(report.sections.first { $0.title == "rejected transitions tried on the built-in AppStateController" })
        #expect(rejected.items.filter { $0.hits > 0 }.map(\.name) == ["unauthenticated -> loading"])
    }

    @Test("the report does not depend on the order scenarios finished in")
    func orderIndependent() throws {
        let a = try records { try $0.settle() }
        let b = try records { simulator in
            try simulator.settle()
            try simulator.background()
            try simulator.terminate(.system)
        }
        #expect(report([("a", a), ("b", b)]).text() == report([("b", b), ("a", a)]).text())
        #expect(report([("a", a), ("b", b)]).json() == report([("b", b), ("a", a)]).json())
    }

    @Test("the gate fails below the bar and names what is missing; at the bar it passes")
    func gate() throws {
        let report = report([("a", try records { try $0.settle() })])
        let gate = try CoverageGate(parsing: "transitions=100,states=40")
        #expect(
            gate.shortfalls(in: report) == [
                "transitions coverage is 1/13 (7.7%), under --min-coverage transitions=100; not covered: loading -> authenticated, loading -> error, unauthenticated -> onboarding, unauthenticated -> authenticated, unauthenticated -> error, onboarding -> onboarding, onboarding -> authenticated, onboarding -> unauthenticated, authenticated -> unauthenticated, authenticated -> error, error -> loading, error -> unauthenticated"
            ])
        #expect(try CoverageGate(parsing: "transitions=7,states=40").shortfalls(in: report).isEmpty)
        // The gate compares the exact share, not the rounded figure: 1/13 is 7.69%.
        #expect(try CoverageGate(parsing: "transitions=7.69").shortfalls(in: report).isEmpty)
        #expect(try CoverageGate(parsing: "transitions=7.7").shortfalls(in: report).count == 1)
    }

    @Test(
        "a percent is rounded to the nearest tenth, but reads 100% or 0% only when it is",
        arguments: [
            (1, 13, "7.7%"), (2, 3, "66.7%"), (1, 3, "33.3%"), (1999, 2000, "99.9%"), (1, 3000, "0.1%"), (0, 5, "0%"), (5, 5, "100%"), (0, 0, "100%"),
        ])
    func percentText(covered: Int, count: Int, text: String) {
        let section = CoverageReport.Section(metric: nil, title: "t", items: (0..<count).map { .init(name: "i\($0)", hits: $0 < covered ? 1 : 0, first: nil) })
        // Before, 1/13 read 7.6% and 2/3 66.6% (cut, not rounded).
        #expect(section.percentText == text)
    }

    @Test(
        "a gate spec with an unknown metric or a bad percent says what is accepted",
        arguments: [
            ("edges=100", "--min-coverage: unknown metric 'edges'; give states, transitions or handlers with a percent, e.g. --min-coverage transitions=100,states=100"),
            ("states=120", "--min-coverage: 'states=120' needs a percent from 0 to 100, e.g. states=100"),
            ("states", "--min-coverage: 'states' needs a percent from 0 to 100, e.g. states=100"),
            ("transitions=50,transitions=0", "--min-coverage: transitions is given twice; give each metric once, e.g. --min-coverage transitions=100,states=100"),
        ])
    func badSpec(spec: String, message: String) {
        #expect(throws: CoverageGateError.self) { try CoverageGate(parsing: spec) }
        do { _ = try CoverageGate(parsing: spec) } catch { #expect(error.message == message) }
    }

    @Test("mermaid draws covered transitions solid with hits, uncovered ones dashed with 0")
    func mermaid() throws {
        let text = report([("a", try records { try $0.settle() })]).mermaid()
        #expect(
            text.hasPrefix(
                """
                flowchart LR
                    subgraph m1_model["the built-in AppStateController"]
                        m1_start((start)) --> m1_s1["loading"]
                        m1_s1 -->|1| m1_s2["unauthenticated"]
                        m1_s1 -.->|0| m1_s4["authenticated"]

                """), "\(text)")
        #expect(text.hasSuffix("    class m1_s3,m1_s4,m1_s5 uncovered\n"), "\(text)")
    }

    @Test("mermaid draws states named after its keywords (end, graph, subgraph, class, style) or start as labels of numbered nodes, and a model's name with quotes as a label")
    func mermaidAwkwardNames() throws {
        let model = try AppModel(
            states: ["graph", "end", "subgraph", "class", "style", "start", "alone"].map { .init($0) },
            initial: "graph",
            transitions: ["graph": ["end", "subgraph"], "end": ["class"], "subgraph": ["start"], "class": ["style"]]
        )
        var table = TransitionTable.of(model, declaredIn: "m")
        table.name = "say \"hi\""
        let run = [TraceRecord(time: .zero, event: .stateChanged(from: ModelState("graph"), to: ModelState("end")))]
        let text = CoverageReport([("m", CoverageCounts(records: run, platform: .ipados, table: table), .ipados, table)]).mermaid()

        // Before: "graph -->|1| end" (a lowercase end closes Mermaid's flowchart) and a state
        // called start was the start circle itself.
        #expect(
            text == """
                flowchart LR
                    subgraph m1_model["say #quot;hi#quot;"]
                        m1_start((start)) --> m1_s1["graph"]
                        m1_s1 -->|1| m1_s2["end"]
                        m1_s1 -.->|0| m1_s3["subgraph"]
                        m1_s2 -.->|0| m1_s4["class"]
                        m1_s3 -.->|0| m1_s6["start"]
                        m1_s4 -.->|0| m1_s5["style"]
                        m1_s7["alone"]
                    end
                    classDef uncovered stroke-dasharray: 5 5
                    class m1_s1,m1_s3,m1_s4,m1_s5,m1_s6,m1_s7 uncovered

                """)
    }
}

@Suite("Coverage of several app models in one suite")
struct PerModelCoverageTests {
    static func pin() throws -> AppModel {
        try AppModel(
            states: [.init("loading"), .init("locked"), .init("open")],
            initial: "loading",
            transitions: ["loading": ["locked", "open"], "locked": ["open"], "open": ["locked"]]
        )
    }

    @Test("each model is counted against its own table; the built-in one comes first, a declared one is named after its first scenario")
    func modelsKeepTheirOwnTables() throws {
        let builtIn = try records { try $0.settle() }
        let pinTable = TransitionTable.of(try Self.pin(), declaredIn: "b/pin")
        #expect(pinTable.name == "the model declared in b/pin")
        #expect(pinTable.transitions.map(\.text) == ["loading -> locked", "loading -> open", "locked -> open", "open -> locked"])
        let pinRun = [TraceRecord(time: .zero, event: .stateChanged(from: ModelState("loading"), to: ModelState("locked")))]
        let runs: [CoverageReport.Run] = [
            ("b/pin", CoverageCounts(records: pinRun, platform: .ipados, table: pinTable), .ipados, pinTable),
            ("a/builtin", CoverageCounts(records: builtIn, platform: .ipados, table: .builtIn), .ipados, .builtIn),
        ]
        let report = CoverageReport(runs)
        #expect(report.tables.map(\.name) == ["the built-in AppStateController", "the model declared in b/pin"])
        let transitions = report.sections("transitions")
        #expect(transitions.map(\.items.count) == [13, 4], "a declared model's transitions never join the built-in table")
        #expect(transitions[1].items.filter { $0.hits > 0 }.map(\.name) == ["loading -> locked"])
        let gate = try CoverageGate(parsing: "transitions=100")
        let shortfalls = gate.shortfalls(in: report)
        #expect(shortfalls.count == 2)
        #expect(
            shortfalls[1]
                == "transitions coverage of the model declared in b/pin is 1/4 (25%), under --min-coverage transitions=100; not covered: loading -> open, locked -> open, open -> locked"
        )
        #expect(
            report.mermaid().contains(
                "    subgraph m2_model[\"the model declared in b/pin\"]\n        m2_start((start)) --> m2_s1[\"loading\"]\n        m2_s1 -->|1| m2_s2[\"locked\"]\n"),
            "\(report.mermaid())")
    }

    @Test("the built-in model declared again (its Lua twin) is the built-in table")
    func twinIsBuiltIn() {
        #expect(TransitionTable.of(.builtin, declaredIn: "x").name == TransitionTable.builtIn.name)
    }

    @Test("rows follow the platforms the suite ran: their terminations only, and phase moves they can make (the Mac's active <-> background)")
    func rowsFollowPlatforms() throws {
        let ipad = try records(.ipados) { try $0.settle() }
        let mac = try records(.macos) { try $0.settle() }
        let onlyIPad = report([("a", ipad)], platform: .ipados)
        let both = CoverageReport([
            ("a", CoverageCounts(records: ipad, platform: .ipados, table: .builtIn), .ipados, .builtIn),
            ("b", CoverageCounts(records: mac, platform: .macos, table: .builtIn), .macos, .builtIn),
        ])
        func items(_ report: CoverageReport, _ title: String) -> [String] {
            report.sections.first { $0.title == title }?.items.map(\.name) ?? []
        }

        #expect(
            items(onlyIPad, "terminations by platform and restoration") == [
                "system on ipados, restoration kept", "user on ipados, restoration kept", "user on ipados, restoration discarded",
                "crash on ipados, restoration kept", "crash on ipados, restoration discarded", "watchdog on ipados, restoration kept",
            ])
        #expect(items(onlyIPad, "scene phase transitions") == ["active -> inactive", "inactive -> active", "inactive -> background", "background -> inactive"])
        #expect(items(onlyIPad, "app phase transitions") == ["active -> inactive", "inactive -> active", "inactive -> background", "background -> inactive"])
        // The Mac is never suspended: no watchdog row for it; Force Quit exists only there.
        #expect(items(both, "terminations by platform and restoration").count == 12)
        #expect(items(both, "terminations by platform and restoration").last == "force on macos, restoration kept")
        #expect(!items(onlyIPad, "terminations by platform and restoration").contains { $0.hasPrefix("force") })
        // The Dock's rows only when a Mac scenario ran.
        #expect(!items(onlyIPad, "external events and the Dock").contains { $0.hasPrefix("Dock") })
        #expect(items(both, "external events and the Dock").filter { $0.hasPrefix("Dock") || $0.hasPrefix("window") }.count == 5)
        #expect(
            items(both, "scene phase transitions") == [
                "active -> inactive", "active -> background", "inactive -> active", "inactive -> background", "background -> active", "background -> inactive",
            ])
    }

    @Test("a model with a name is called by it, whichever scenario declared it first; two models named apart stay apart")
    func namedModels() throws {
        let named = TransitionTable.of(try Self.pin(), named: "pin pad", declaredIn: "b/pin")
        let again = TransitionTable.of(try Self.pin(), named: "pin pad", declaredIn: "a/pin")
        let other = TransitionTable.of(try Self.pin(), named: "door", declaredIn: "c/door")
        let unnamed = TransitionTable.of(try Self.pin(), declaredIn: "d/pin")
        let runs: [CoverageReport.Run] = [named, again, other, unnamed].enumerated().map { index, table in
            ("s\(index)", CoverageCounts(records: [], platform: .ipados, table: table), .ipados, table)
        }

        let report = CoverageReport(runs)

        #expect(named.name == "model pin pad")
        #expect(report.tables.map(\.name) == ["model pin pad", "model door", "the model declared in d/pin"])
        #expect(report.sections("states").map(\.title) == ["states of model pin pad", "states of model door", "states of the model declared in d/pin"])
        #expect(TransitionTable.of(.builtin, named: "twin", declaredIn: "x").name == TransitionTable.builtIn.name)
    }

    @Test("warnings only one kind of model gives are listed only when such a model ran")
    func warningRowsFollowModels() throws {
        let pin = TransitionTable.of(try Self.pin(), declaredIn: "p")
        let declared = CoverageReport([("p", CoverageCounts(records: [], platform: .ipados, table: pin), .ipados, pin)])
        let builtIn = report([("b", try records { try $0.settle() })])
        func warnings(_ report: CoverageReport) -> [String] { report.sections.first { $0.title == "warnings" }?.items.map(\.name) ?? [] }

        #expect(warnings(declared) == ["openWindow ignored", "storage over storage_warn_bytes", "flicker", "state no transition reaches"])
        #expect(warnings(builtIn) == ["openWindow ignored", "storage over storage_warn_bytes", "flicker", "validation skipped (server unreachable)"])
    }

    @Test("A model of many states lists only the rejected transitions its runs tried, not every pair of states")
    func manyStatesStayBounded() {
        let states = (0..<1000).map { "s\($0)" }
        let table = TransitionTable(name: "big", states: states, transitions: zip(states, states.dropFirst()).map { TransitionTable.Transition(from: $0, to: $1) })
        let report = CoverageReport([("a", CoverageCounts(records: [], platform: .ipados, table: table), .ipados, table)])

        let rejected = report.sections.first { $0.title == "rejected transitions tried on big" }
        #expect(rejected?.items.isEmpty == true)
        #expect(report.sections.first { $0.title == "transitions of big" }?.items.count == 999)
    }

    @Test("A model of one state has no transitions to cover and no move to refuse: the report says so, not '0/0 (100%)' and 'running -> running NOT COVERED'")
    func oneStateModel() throws {
        let table = TransitionTable(name: "one", states: ["running"], transitions: [])
        let report = CoverageReport([("a", CoverageCounts(records: [], platform: .ipados, table: table), .ipados, table)])

        #expect(report.sections.first { $0.title == "rejected transitions tried on one" }?.items.isEmpty == true)
        #expect(report.text().contains("\ntransitions of one: nothing to cover\n\nrejected transitions tried on one: nothing to cover\n"))
        #expect(!report.text().contains("0/0"))
    }

    @Test("the process is counted: memory lost by cause, suspensions, expiring tasks, background launches and the watchdog")
    func processCounts() throws {
        let run = try records(.ipados) { simulator in
            try simulator.settle()
            try simulator.setAppMemory(key: "tab", value: .string("timeline"))
            let doc = try #require(try simulator.openWindow("main").window)
            try simulator.setWindowMemory(doc, key: "draft", value: .string("half"))
            try simulator.close(doc)
            try simulator.background()
            try simulator.advance(by: .at(10))
            try simulator.foreground()
            try simulator.beginBackgroundTask(named: "upload")
            try simulator.scheduleRefresh(after: VirtualTime.zero)
            try simulator.background()
            try simulator.advance(by: .at(60))
            try simulator.runBackgroundRefresh()
        }
        let report = report([("p", run)], platform: .ipados)
        func hits(_ title: String) -> [String: Int] {
            Dictionary(uniqueKeysWithValues: (report.sections.first { $0.title == title }?.items ?? []).map { ($0.name, $0.hits) })
        }

        #expect(hits("process memory lost, by cause") == ["disconnected": 0, "closed": 1, "terminated": 1])
        #expect(
            hits("suspension and background time") == [
                // Once after 5 s in the background; the refresh launch with no on_refresh crashes
                // (semantics 11.4), so it is not suspended a second time.
                "suspended": 1, "background task expiring (handler called)": 1, "launched in the background (refresh)": 1,
            ])
        #expect(hits("terminations by platform and restoration")["watchdog on ipados, restoration kept"] == 1)
        // A background launch starts the model in its initial state, as a launch does.
        #expect(report.section("states")?.items.first?.hits == 2)
        let titles = report.sections.map(\.title)
        #expect(
            titles.suffix(6) == [
                "terminations by platform and restoration", "process memory lost, by cause", "suspension and background time",
                "external events and the Dock", "deep links", "warnings",
            ])
    }

    @Test("launches by an event, notifications, the Dock, memory warnings and updates are counted from their events")
    func externalEvents() {
        let events: [TraceEvent] = [
            .eventLaunched(number: 1, platform: .macos, cause: .url(ByteString("app://x")), restoring: []),
            .notificationOpened(info: SimSceneStorage(), handler: false),
            .reopened(visible: false, handler: false),
            .windowMinimized(scene: SessionID(index: 0), minimized: true),
            .terminated(how: .force, restorationKept: true),
            .appUpdated(from: "1.0", to: "2.0"),
            .storageDroppedAfterUpdate(scene: SessionID(index: 0), key: ByteString("path"), from: "1.0"),
            .memoryWarning(delivered: true), .memoryWarning(delivered: false), .memoryWarning(delivered: false),
        ]
        let counts = CoverageCounts(records: events.map { TraceRecord(time: .zero, event: $0) }, platform: .macos, table: .builtIn)
        #expect(
            counts.events == [
                "launched by a URL": 1, "notification opened, no on_notification": 1,
                "Dock reopen, on_reopen stops the default": 1, "window minimized to the Dock": 1,
                "app updated between launches": 1, "storage value dropped after an update": 1,
                "memory warning delivered": 1, "memory warning not delivered (suspended)": 2,
            ])
        #expect(counts.terminations == ["force on macos, restoration kept": 1])
        #expect(counts.states == ["loading": 1], "a launch by an event starts the model in its initial state")
    }

    @Test("memory warning rows only where the platforms send them (the iOS family); update rows everywhere, hit from their events")
    func memoryWarningAndUpdateRows() throws {
        func rows(_ report: CoverageReport) -> [String] {
            (report.sections.first { $0.title == "external events and the Dock" }?.items ?? []).filter { $0.name.contains("memory") || $0.name.contains("update") }
                .map { "\($0.name) \($0.hits)" }
        }
        let mac = try records(.macos) { try $0.settle() }
        #expect(rows(report([("m", mac)], platform: .macos)) == ["app updated between launches 0", "storage value dropped after an update 0"])
        let phone = try records(.iphone) { sim in
            try sim.settle()
            try sim.sendMemoryWarning()
            try sim.background()
            try sim.terminate(.system)
            try sim.update(toVersion: "2.0")
        }
        #expect(
            rows(report([("p", phone)], platform: .iphone)) == [
                "memory warning delivered 1", "memory warning not delivered (suspended) 0", "app updated between launches 1",
                "storage value dropped after an update 0",
            ])
    }

    @Test("silent pushes, transfers and the device's lock have rows on the iOS family only, hit from their events; a prewarm launch is a row once one happened")
    func pushAndLockRows() throws {
        func rows(_ report: CoverageReport) -> [String] {
            (report.sections.first { $0.title == "external events and the Dock" }?.items ?? [])
                .filter { $0.name.contains("push") || $0.name.contains("transfer") || $0.name.hasPrefix("device") }.map { "\($0.name) \($0.hits)" }
        }
        let mac = try records(.macos) { try $0.settle() }
        #expect(rows(report([("m", mac)], platform: .macos)).isEmpty)
        let phone = try records(.iphone) { sim in
            try sim.settle()
            try sim.receivePush()
            try sim.lockDevice()
            try sim.unlockDevice()
            try sim.terminate(.user)
            try sim.receivePush()
            try sim.prewarm()
        }
        let phoneReport = report([("p", phone)], platform: .iphone)
        #expect(
            rows(phoneReport) == [
                "silent push received 1", "silent push dropped 1", "background transfer finished 0", "background transfer dropped 0",
                "device locked 1", "device unlocked 1",
            ])
        let launches = phoneReport.sections.first { $0.title == "suspension and background time" }?.items ?? []
        #expect(launches.contains { $0.name == CoverageCounts.backgroundLaunch("prewarm") && $0.hits == 1 })
    }

    @Test("a Mac-only suite has no suspension section and no watchdog row; a policy that suspends a Mac app shows them as seen")
    func processRowsFollowPlatforms() throws {
        let mac = try records(.macos) { try $0.settle() }
        let plain = report([("m", mac)], platform: .macos)
        #expect(!plain.sections.contains { $0.title == "suspension and background time" })
        #expect(!(plain.sections.first { $0.title == "terminations by platform and restoration" }?.items.map(\.name) ?? []).contains { $0.hasPrefix("watchdog") })
        #expect(plain.sections.first { $0.title == "process memory lost, by cause" }?.items.map(\.name) == ["disconnected", "closed", "terminated"])

        let simulator = try Simulator(config: .testing(.macos) { $0.policy.suspendAfter = .after(.at(5)) })
        simulator.isTracing = true
        try simulator.launch()
        try simulator.settle()
        try simulator.beginBackgroundTask(named: "upload")
        try simulator.background()
        try simulator.advance(by: .at(60))
        let suspending = report([("m", simulator.takeEvents())], platform: .macos)
        #expect(suspending.sections.first { $0.title == "suspension and background time" }?.items.map(\.name) == ["background task expiring (handler called)"])
        #expect(
            (suspending.sections.first { $0.title == "terminations by platform and restoration" }?.items ?? []).last.map { "\($0.name) \($0.hits)" }
                == "watchdog on macos, restoration kept 1")
    }
}

/// Issue 43, item 15: a recording made for coverage alone keeps only the events coverage
/// counts (`CoverageCounts.counts`), so it must lose none of them.
@Suite("The events a coverage-only recording keeps")
struct CoverageFilterTests {
    @Test("counting only the events counts names gives the counts of the whole run, on every platform; notes and storage saves are not kept")
    func filterLosesNothing() throws {
        for platform in Platform.allCases {
            let all = try records(platform) { sim in
                try sim.settle()
                sim.note("a note")
                if let main = sim.windows.first { try sim.setStorage(main, key: "k", value: .int(1)) }
                _ = try? sim.openURL("app://nowhere")
                try sim.background()
                try sim.advance(by: .at(60))
                try sim.terminate(.system)
                try sim.launch()
                try sim.settle()
                if platform != .macos { try sim.terminate(.user) }
            }
            let kept = all.filter { CoverageCounts.counts($0.event) }
            #expect(CoverageCounts(records: kept, platform: platform, table: .builtIn) == CoverageCounts(records: all, platform: platform, table: .builtIn), "\(platform)")
            #expect(kept.count < all.count)
            #expect(!kept.contains { if case .note = $0.event { true } else { false } })
            for record in all where !CoverageCounts.counts(record.event) {
                #expect(CoverageCounts(records: [record], platform: platform, table: .builtIn) == CoverageCounts(), "\(record.event)")
            }
        }
    }
}

@Suite("Coverage of the Swift handlers generated modules translated")
struct HandlerCoverageReportTests {
    static func run(_ scenario: String, _ groups: [HandlerCounts]) -> CoverageReport.Run {
        var counts = CoverageCounts()
        counts.handlers = groups
        return (scenario, counts, .ipados, .builtIn)
    }

    @Test(
        "every handler of each module is listed in file and line order (line 9 before 10), ran or NOT COVERED, with the first scenario by name; the same with the runs in any order"
    )
    func listedInOrder() throws {
        let labels = ["View.swift:10 .onOpenURL", "App.swift:3 App.init()", "View.swift:9 .onChange(of: scenePhase)"]
        let runs = [
            Self.run("b/two", [HandlerCounts(app: "Notes", module: "notes_generated.lua", labels: labels, hits: [0, 1, 2])]),
            Self.run("a/one", [HandlerCounts(app: "Notes", module: "notes_generated.lua", labels: labels, hits: [0, 1, 0])]),
        ]
        let report = CoverageReport(runs)
        let section = try #require(report.section("handlers"))
        #expect(section.title == "Swift handlers translated in Notes (notes_generated.lua)")
        #expect(
            section.items == [
                .init(name: "App.swift:3 App.init()", hits: 2, first: "a/one"),
                .init(name: "View.swift:9 .onChange(of: scenePhase)", hits: 2, first: "b/two"),
                .init(name: "View.swift:10 .onOpenURL", hits: 0, first: nil),
            ])
        #expect(
            report.text().contains(
                """
                Swift handlers translated in Notes (notes_generated.lua): 2/3 (66.7%)
                     2  App.swift:3 App.init()                  first: a/one
                     2  View.swift:9 .onChange(of: scenePhase)  first: b/two
                     0  View.swift:10 .onOpenURL                NOT COVERED

                """), "\(report.text())")
        #expect(CoverageReport(runs.reversed()).text() == report.text())
        #expect(report.json().contains("{\"file\":\"View.swift\",\"first\":null,\"hits\":0,\"line\":10,\"name\":\"View.swift:10 .onOpenURL\"}"))
        // A suite that ran no generated module has no such section (its report reads as before).
        #expect(CoverageReport([Self.run("a", [])]).section("handlers") == nil)
    }

    @Test("--min-coverage handlers=N fails under the bar naming the App and each handler not run; another module's handlers are a section of their own")
    func gate() throws {
        let report = CoverageReport([
            Self.run(
                "a",
                [
                    HandlerCounts(app: "Notes", module: "notes_generated.lua", labels: ["A.swift:1 .onOpenURL", "A.swift:2 .task"], hits: [1, 0]),
                    HandlerCounts(app: "Mail", module: "mail_generated.lua", labels: ["M.swift:4 .onAppear"], hits: [3]),
                ])
        ])
        #expect(report.sections("handlers").map(\.title) == ["Swift handlers translated in Mail (mail_generated.lua)", "Swift handlers translated in Notes (notes_generated.lua)"])
        let gate = try CoverageGate(parsing: "handlers=100")
        #expect(gate.shortfalls(in: report) == ["handlers coverage of Notes is 1/2 (50%), under --min-coverage handlers=100; not covered: A.swift:2 .task"])
        #expect(try CoverageGate(parsing: "handlers=50").shortfalls(in: report).isEmpty)
    }
}
