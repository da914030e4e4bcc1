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
        #expect(rows == [
            "            0123456789012345678901",
            "marks       L             KL",
            "app phase   bbiiAAAAAAiiib.bbiiiAA",
            "app state   LLLLLUUUUUUUUU.LLLLLLL",
            "main#1       iiAAAAAAiiibb.   iiiA",
            "doc#1             iAiiibbb. iiiAAA",
            "",
        ])
        #expect(text.hasPrefix("timeline: 22 events, 2 launches on ipados, 0.000 s to 0.500 s; one column per event\n"))
        #expect(text.contains("\ntimes: 0-4 at 0.000, 5-21 at 0.500\n"))
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
        let model = try AppModel(states: [.init("booting"), .init("locked"), .init("open")], initial: "booting",
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
