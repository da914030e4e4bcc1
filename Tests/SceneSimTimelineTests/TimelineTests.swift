import SceneSimBuiltin
import SceneSimCore
import SceneSimTestSupport
import SceneSimTimeline
import Testing

/// A run on a simulator, as its timeline.
func timeline(_ platform: Platform = .ipados, _ steps: (Simulator) throws -> Void) throws -> Timeline {
    let simulator = try Simulator(config: .testing(platform, scenes: [.group("main"), .group("doc", value: .integer)]))
    simulator.isTracing = true
    var entries: [Timeline.Entry] = []
    try simulator.launch()
    entries += simulator.takeEvents().map { Timeline.Entry(record: $0) }
    try steps(simulator)
    entries += simulator.takeEvents().map { Timeline.Entry(record: $0, source: "test.lua:7") }
    return Timeline(entries: entries, platform: platform, endTime: simulator.now, label: simulator.label(of:))
}

/// Kills the suspended app with a document window open, and launches it again.
func killAndRestore(_ simulator: Simulator) throws {
    try simulator.settle()
    _ = try simulator.openWindow("doc", value: .int(1))
    try simulator.background()
    try simulator.terminate(.system)
    try simulator.launch()
}

@Suite("Timeline model")
struct TimelineTests {
    @Test("a restored window continues its own lane across the process gap, joined by a flow")
    func restoredWindowKeepsItsLane() throws {
        let timeline = try timeline(.ipados, killAndRestore)
        #expect(timeline.lanes.map(\.name) == ["app phase", "app state", "main#1", "doc#1"])
        let doc = try #require(timeline.lanes.firstIndex { $0.name == "doc#1" })
        let launches = Set(timeline.intervals.filter { $0.lane == doc }.map(\.launch))
        #expect(launches == [1, 2])
        #expect(timeline.processes.count == 2)
        let killed = try #require(timeline.processes.first?.end)
        #expect(timeline.processes.first?.termination == .system)
        let flow = try #require(timeline.flows.first { $0.lane == doc })
        #expect(flow.fromLaunch == 1 && flow.toLaunch == 2)
        #expect(flow.from.step <= killed.step && flow.to.step > killed.step)
        #expect(timeline.flows.count == 2, "main#1 is restored too")
    }

    @Test("intervals on a lane never overlap and each closes where the next change is")
    func intervalsCloseAtTheNextChange() throws {
        let timeline = try timeline(.ipados) { simulator in
            try killAndRestore(simulator)
            let doc = try #require(simulator.windows.first)
            try simulator.backgroundWindow(doc)
            try simulator.focus(doc)
            try simulator.terminate(.crash)
            try simulator.launch()
        }
        for lane in timeline.lanes.indices {
            let bands = timeline.intervals.filter { $0.lane == lane }.sorted { $0.start.step < $1.start.step }
            for (earlier, later) in zip(bands, bands.dropFirst()) {
                #expect(earlier.end.step <= later.start.step, "lane \(timeline.lanes[lane].name): \(earlier) overlaps \(later)")
            }
            #expect(bands.allSatisfy { $0.start.step < $0.end.step }, "an empty band on \(timeline.lanes[lane].name)")
        }
    }

    @Test("the text timeline shows a letter per event and lane, the process gap as dots")
    func textLanes() throws {
        let text = try timeline(.ipados, killAndRestore).text()
        let rows = text.split(separator: "\n", omittingEmptySubsequences: false).suffix(7).map(String.init)
        #expect(
            rows == [
                "            01234567890123456789",
                "marks       L            KL",
                "app phase   bbbAAAAAAiiib.bbbbAA",
                "app state   LLLLUUUUUUUUU.LLLLLL",
                "main#1       iAAAAAAiiibb.  iiiA",
                "doc#1            iAiiibbb. iiAAA",
                "",
            ])
        #expect(text.hasPrefix("timeline: 20 events, 2 launches on ipados, 0.000 s to 0.500 s; one column per event\n"))
        #expect(text.contains("\ntimes: 0-3 at 0.000, 4-19 at 0.500\n"))
    }

    @Test("markers carry the scenario line that caused their event")
    func markersCarryTheirSource() throws {
        let timeline = try timeline(.ipados, killAndRestore)
        let kill = try #require(timeline.markers.first { $0.kind == .termination(.system) })
        #expect(kill.source == "test.lua:7")
        #expect(kill.text == "terminated (system): restoration data kept")
    }
}

/// semantics 10: a declared model's states on the app state lane.
@Suite("Timeline of a declared model")
struct DeclaredModelTimelineTests {
    @Test("the app state lane starts in the model's initial state, shows its states, and the legends list them")
    func declaredStates() throws {
        let model = try AppModel(
            states: [.init("booting"), .init("locked"), .init("open")], initial: "booting",
            transitions: ["booting": ["locked"], "locked": ["open"]])
        let simulator = try Simulator(config: .testing(), model: model)
        simulator.isTracing = true
        try simulator.launch()
        _ = try simulator.transition(to: try model.parse("locked"))
        _ = try simulator.transition(to: try model.parse("open"))
        let entries = simulator.takeEvents().map { Timeline.Entry(record: $0) }
        let timeline = Timeline(entries: entries, platform: .ipados, initialState: model.initial, endTime: simulator.now, label: simulator.label(of:))
        let states = timeline.intervals.filter { $0.lane == Timeline.appStateLane }.map(\.value.text)
        #expect(states == ["booting", "locked", "open"])
        #expect(timeline.text().contains("states: b booting, l locked, o open;"))
        #expect(timeline.svg().contains("state locked"))
    }
}

/// Issue 21, item 2: states whose names share a first letter, and more states than the palette
/// holds, are still told apart in text and in the picture.
@Suite("Timeline key: one letter and one colour per value")
struct TimelineKeyTests {
    /// A declared model with `names` (the first initial), moved through each in order.
    func walk(_ names: [String]) throws -> Timeline {
        var transitions: [String: [String]] = [:]
        for (from, to) in zip(names, names.dropFirst()) { transitions[from] = [to] }
        let model = try AppModel(states: names.map { .init($0) }, initial: names[0], transitions: transitions)
        let simulator = try Simulator(config: .testing(), model: model)
        simulator.isTracing = true
        try simulator.launch()
        for name in names.dropFirst() { _ = try simulator.transition(to: try model.parse(name)) }
        let entries = simulator.takeEvents().map { Timeline.Entry(record: $0) }
        return Timeline(entries: entries, platform: .ipados, initialState: model.initial, endTime: simulator.now, label: simulator.label(of:))
    }

    @Test(
        "states sharing a first letter take the next free letter of their name, in the legend and on the lane (one column per transition: none of them is a loading screen, so none warns of a flicker)"
    )
    func sharedInitials() throws {
        let timeline = try walk(["starting", "signed_in", "signed_out", "sync", "loading"])
        let text = timeline.text()

        #expect(text.contains("; states: s starting, i signed_in, g signed_out, y sync, L loading; "))
        let lane = try #require(text.split(separator: "\n").first { $0.hasPrefix("app state") })
        #expect(lane == "app state   ssssigyL")
    }

    @Test("every phase, state, gap and marker has its own colour, more states than the palette included, and bands use the legend's")
    func coloursOneToOne() throws {
        let names = (1...20).map { "state\($0)" }
        let timeline = try walk(names)
        let key = timeline.key
        let values: [Timeline.Value] = SimScenePhase.allCases.map { .phase($0) } + key.states.map { .state(ModelState($0)) }
        let colours = values.map(key.colour) + ["#ececec"] + Timeline.MarkerKind.all.map(\.colour)
        #expect(Set(colours).count == colours.count, "\(colours)")
        #expect(key.states == names)
        let letters = key.states.map { key.letter(.state(ModelState($0))) }
        #expect(Set(letters).count == letters.count, "\(letters)")
        let svg = timeline.svg(axis: .steps)
        for name in names {
            let band = svg.split(separator: "\n").first { $0.contains("<title>app state: \(name) from") }
            #expect(band?.contains("fill=\"\(key.colour(.state(ModelState(name))))\"") == true, "\(name)")
        }
        #expect(timeline.svg(axis: .steps) == svg && timeline.text() == timeline.text())
    }

    @Test("a model of 500 states still gives each its own letter, one column wide, in the legend and on the lane")
    func manyStates() throws {
        let names = (1...500).map { "st\($0)" }
        let timeline = try walk(names)
        let key = timeline.key
        let letters = key.states.map { key.letter(.state(ModelState($0))) }
        #expect(!letters.contains("?"))
        #expect(Set(letters).count == 500)
        #expect(Set(letters).isDisjoint(with: ["L", "U", "O", "A", "E", " ", "."]))
        #expect(letters.allSatisfy { $0.unicodeScalars.count == 1 && $0.unicodeScalars.first!.properties.isAlphabetic || $0.isASCII })
        #expect(timeline.text().contains(", \(letters[76]) st77, \(letters[77]) st78, "))
        #expect(timeline.text().contains(", \(letters.last!) st500;"))
    }

    @Test("the built-in model's letters and colours are the fixed ones")
    func builtinKey() throws {
        let key = try timeline(.ipados, killAndRestore).key
        #expect(key.states == ["loading", "unauthenticated", "onboarding", "authenticated", "error"])
        #expect(key.states.map { key.letter(.state(ModelState($0))) } == ["L", "U", "O", "A", "E"])
        #expect(key.states.map { key.colour(.state(ModelState($0))) } == ["#adb5bd", "#e8590c", "#9c36b5", "#1971c2", "#c92a2a"])
    }
}
