import SceneSimCore
import SceneSimTestSupport
@testable import SceneSimTimeline
import Testing

/// A long run: windows opened, backgrounded, killed and restored, past several text blocks.
private func longRun() throws -> Timeline {
    try timeline(.ipados) { simulator in
        for round in 1...6 {
            try killAndRestore(simulator)
            for value in 1...8 { _ = try simulator.openWindow("doc", value: .int(Int64(round * 100 + value))) }
            try simulator.settle()
        }
    }
}

/// The text timeline's rows as the renderer drew them before it went block by block: a whole
/// row of characters per lane, painted interval by interval (the reference the blocks must match).
private func referenceRows(_ timeline: Timeline) -> (marks: [Character], lanes: [[Character]]) {
    var running = Array(repeating: false, count: timeline.eventCount)
    for process in timeline.processes {
        for step in process.start.step..<(process.end?.step ?? timeline.end.step) { running[step] = true }
    }
    var rows = timeline.lanes.map { _ in running.map { $0 ? Character(" ") : "." } }
    for interval in timeline.intervals {
        for step in interval.start.step..<interval.end.step { rows[interval.lane][step] = timeline.key.letter(interval.value) }
    }
    var marks = Array(repeating: Character(" "), count: timeline.eventCount)
    for marker in timeline.markers { marks[marker.at.step] = marker.kind.letter }
    return (marks, rows)
}

@Suite("Pictures cost what they write, within the run's limits")
struct TimelineBudgetTests {
    @Test("The text timeline drawn block by block has every lane's row of the whole-row reference")
    func blocksMatchTheReference() throws {
        let timeline = try longRun()
        #expect(timeline.eventCount > 3 * Timeline.textBlockWidth)
        let text = try timeline.text(budget: .unlimited)
        let reference = referenceRows(timeline)
        var rows: [String: String] = [:]
        var marks = ""
        for block in text.components(separatedBy: "\n\n").dropFirst() {
            var lines = block.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(2)
            guard let markLine = lines.popFirst() else { continue }
            let nameWidth = max(12, (timeline.lanes.map(\.name.count).max() ?? 0) + 2)
            func padded(_ row: Substring.SubSequence, _ length: Int) -> String {
                let body = String(row.dropFirst(nameWidth))
                return body + String(repeating: " ", count: length - body.count)
            }
            let length = min(Timeline.textBlockWidth, timeline.eventCount - marks.count)
            marks += padded(markLine, length)
            for (lane, line) in zip(timeline.lanes, lines) { rows[lane.name, default: ""] += padded(line, length) }
        }
        #expect(marks == String(reference.marks))
        for (lane, row) in zip(timeline.lanes, reference.lanes) {
            #expect(rows[lane.name] == String(row), "lane \(lane.name)")
        }
    }

    @Test("A picture past the memory limit is refused with what it is, the limit, and what to do")
    func pastTheLimit() throws {
        let timeline = try longRun()
        let budget = RenderBudget(maxBytes: 4096)
        #expect(throws: RenderError.tooLarge(what: "the text timeline (\(timeline.lanes.count) lanes, \(timeline.eventCount) events)", limit: 4096)) {
            try timeline.text(budget: budget)
        }
        #expect(throws: RenderError.self) { try timeline.svg(axis: .steps, budget: budget) }
        #expect(throws: RenderError.self) { try timeline.chromeTrace(axis: .steps, budget: budget) }
        #expect(
            RenderError.tooLarge(what: "the text timeline (4003 lanes, 16003 events)", limit: 64 << 20).message
                == "the text timeline (4003 lanes, 16003 events) would take more than the memory limit (64 MiB); draw a shorter run or fewer windows, or raise the limit with --max-memory MiB (0 for none)"
        )
    }

    @Test("Within the limit every picture is the same bytes as without one")
    func withinTheLimit() throws {
        let timeline = try longRun()
        let budget = RenderBudget(maxBytes: 64 << 20)
        #expect(try timeline.text(budget: budget) == timeline.text())
        #expect(try timeline.svg(axis: .steps, budget: budget) == timeline.svg(axis: .steps))
        #expect(try timeline.chromeTrace(axis: .time, budget: budget) == timeline.chromeTrace(axis: .time))
    }

    @Test(
        "The JSON timeline is written in pieces of about 64 KiB that make its bytes, and refused past the limit before any piece (issue 43: it was held whole, doubling a run's memory)"
    )
    func jsonInPieces() throws {
        var timeline = try longRun()
        // Long enough for several pieces: each interval's text made long.
        for index in timeline.intervals.indices { timeline.intervals[index].text += String(repeating: "x", count: 200) }
        let whole = try timeline.chromeTraceBytes(budget: .unlimited)
        let trace = try timeline.preparedChromeTrace(budget: RenderBudget(maxBytes: whole.count))
        #expect(trace.size == whole.count)
        var pieces: [[UInt8]] = []
        try trace.write {
            pieces.append($0); return true
        }
        #expect(pieces.count > 2, "\(whole.count) bytes in \(pieces.count) pieces")
        #expect(pieces.dropLast().allSatisfy { $0.count >= 65536 && $0.count < 65536 + 4096 })
        #expect(Array(pieces.joined()) == whole)
        // A writer that fails stops it.
        var asked = 0
        try trace.write { _ in
            asked += 1; return false
        }
        #expect(asked == 1)
        #expect(throws: RenderError.self) { try timeline.preparedChromeTrace(budget: RenderBudget(maxBytes: whole.count - 1)) }
    }

    @Test("Drawing stops when the run's time is up")
    func cancelled() throws {
        let timeline = try longRun()
        let budget = RenderBudget(isCancelled: { true })
        #expect(throws: RenderError.cancelled) { try timeline.text(budget: budget) }
        #expect(throws: RenderError.cancelled) { try timeline.svg(budget: budget) }
        #expect(throws: RenderError.cancelled) { try timeline.chromeTrace(budget: budget) }
    }
}
