import SceneSimCore

extension Timeline {
    /// Columns per block of the text timeline: a longer run continues in another block below.
    package static let textBlockWidth = 100

    /// Fixed-width text lanes a golden can pin: one column per event (step), one row per lane,
    /// a letter per column for the phase or state shown, and a row of markers.
    ///
    ///     timeline: 12 events, 1 launch on ipados, 0.000 s to 0.500 s; one column per event
    ///                   0         1
    ///                   012345678901
    ///     marks         L        S
    ///     app phase     bbiAAAAAAiib
    ///     ...
    /// The states' letters, as the key lists them (`L loading, U unauthenticated, ...`).
    func stateLegend(_ key: Key) -> String {
        key.states.map { "\(key.letter(.state(ModelState($0)))) \($0)" }.joined(separator: ", ")
    }

    /// The text timeline with no limit (an unlimited budget never stops a drawing).
    package func text() -> String {
        try! text(budget: .unlimited)
    }

    /// The text timeline, drawn block by block into bytes: memory and time in proportion to
    /// the text written, checked against `budget` as it grows.
    package func text(budget: RenderBudget) throws(RenderError) -> String {
        String(decoding: try textBytes(budget: budget), as: UTF8.self)
    }

    /// The text timeline's UTF-8 bytes: what `text(budget:)` returns, without a copy into a
    /// `String` (a large picture is written as it is made).
    package func textBytes(budget: RenderBudget) throws(RenderError) -> [UInt8] {
        let what = "the text timeline (\(lanes.count) lanes, \(eventCount) events)"
        let launches = processes.count
        var out = TextBytes()
        out +=
            "timeline: \(eventCount) \(eventCount == 1 ? "event" : "events"), \(launches) \(launches == 1 ? "launch" : "launches") on \(platform.rawValue), "
            + "\(VirtualTime.zero.text) s to \(end.time.text) s; one column per event\n"
        let key = self.key
        out +=
            "phases: A active, i inactive, b background; states: \(stateLegend(key)); "
            + "' ' no scene, '.' the app is not running\n"
        out += "marks: " + MarkerKind.all.map { "\($0.letter) \($0.name)" }.joined(separator: ", ") + "\n"
        out += "times: "
        for (index, run) in timeRuns().enumerated() {
            if index > 0 { out += ", " }
            out += run.first == run.last ? "\(run.first) at \(run.time.text)" : "\(run.first)-\(run.last) at \(run.time.text)"
            if index % 1024 == 0 { try budget.check(out.bytes.count, what) }
        }
        out += "\n"
        let nameWidth = max(12, (lanes.map(\.name.count).max() ?? 0) + 2)
        let names = lanes.map { Array(pad($0.name, nameWidth).utf8) }
        let blank = Array(pad("", nameWidth).utf8)
        let limit = budget.maxBytes ?? .max
        var rows = BlockRows(self, key: key)
        var start = 0
        repeat {
            let stop = min(eventCount, start + Self.textBlockWidth)
            out += "\n"
            out.bytes += blank
            out.appendTrimmed(tensRuler(start..<stop))
            out.bytes += blank
            out.appendTrimmed(unitsRuler(start..<stop))
            out.bytes += Array(pad("marks", nameWidth).utf8)
            rows.appendMarks(start..<stop, to: &out)
            for lane in lanes.indices {
                out.bytes += names[lane]
                rows.appendLane(lane, start..<stop, to: &out)
                if out.bytes.count > limit { try budget.check(out.bytes.count, what) }
            }
            try budget.check(out.bytes.count, what)
            start = stop
        } while start < eventCount
        return out.bytes
    }

    /// The ruler's first row: the tens digit (of the step number) at every tenth column.
    private func tensRuler(_ steps: Range<Int>) -> String {
        var row = ""
        for step in steps {
            let digit: Int = step / 10 % 10
            row += step % 10 == 0 ? String(digit) : " "
        }
        return row
    }

    private func unitsRuler(_ steps: Range<Int>) -> String {
        var row = ""
        for step in steps { row += String(step % 10) }
        return row
    }

    /// Consecutive steps that share one instant.
    func timeRuns() -> [(first: Int, last: Int, time: VirtualTime)] {
        var runs: [(first: Int, last: Int, time: VirtualTime)] = []
        for step in 0..<eventCount {
            if let last = runs.last, last.time == stepTimes[step] {
                runs[runs.count - 1].last = step
            } else {
                runs.append((step, step, stepTimes[step]))
            }
        }
        return runs
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }

}

/// The text timeline's bytes as they are written.
private struct TextBytes {
    var bytes: [UInt8] = []

    static func += (out: inout TextBytes, text: String) { out.bytes += text.utf8 }

    /// A row without trailing blanks (goldens and editors disagree about those), then a newline.
    mutating func appendTrimmed(_ row: String) {
        var row = Array(row.utf8)
        while row.last == UInt8(ascii: " ") { row.removeLast() }
        bytes += row
        bytes.append(UInt8(ascii: "\n"))
    }
}

/// The rows of one block of the text timeline at a time: each lane keeps a cursor into its own
/// intervals (in start order, never overlapping), so drawing the whole timeline visits each
/// interval once per block it spans, and memory holds one row.
private struct BlockRows {
    let timeline: Timeline
    /// Per lane, its intervals' indexes in start order, and the first one not yet passed.
    let laneIntervals: [[Int]]
    var cursors: [Int]
    /// Per interval, its letter's bytes.
    let letters: [[UInt8]]
    var processCursor = 0
    var markerCursor = 0
    /// Markers' indexes by step (their order kept within a step: the last one shows).
    let markerOrder: [Int]
    /// The block's background: ' ' where a process runs, '.' where none does.
    var background: [UInt8] = []
    var backgroundBlock = -1 ..< -1
    /// Where a lane's row is written before it is copied out.
    var scratch: [UInt8] = []

    init(_ timeline: Timeline, key: Timeline.Key) {
        self.timeline = timeline
        var laneIntervals = Array(repeating: [Int](), count: timeline.lanes.count)
        for (index, interval) in timeline.intervals.enumerated() { laneIntervals[interval.lane].append(index) }
        for lane in laneIntervals.indices {
            laneIntervals[lane].sort { (timeline.intervals[$0].start.step, $0) < (timeline.intervals[$1].start.step, $1) }
        }
        self.laneIntervals = laneIntervals
        cursors = Array(repeating: 0, count: timeline.lanes.count)
        letters = timeline.intervals.map { Array(String(key.letter($0.value)).utf8) }
        markerOrder = timeline.markers.indices.sorted { (timeline.markers[$0].at.step, $0) < (timeline.markers[$1].at.step, $1) }
    }

    private mutating func prepareBackground(_ steps: Range<Int>) {
        guard backgroundBlock != steps else { return }
        backgroundBlock = steps
        background = Array(repeating: UInt8(ascii: "."), count: steps.count)
        let processes = timeline.processes
        while processCursor < processes.count, (processes[processCursor].end?.step ?? timeline.end.step) <= steps.lowerBound {
            processCursor += 1
        }
        var index = processCursor
        while index < processes.count, processes[index].start.step < steps.upperBound {
            let process = processes[index]
            let from = max(process.start.step, steps.lowerBound), to = min(process.end?.step ?? timeline.end.step, steps.upperBound)
            if from < to { for step in from..<to { background[step - steps.lowerBound] = UInt8(ascii: " ") } }
            index += 1
        }
    }

    /// Appends the marker row of `steps` (consecutive blocks, in order).
    mutating func appendMarks(_ steps: Range<Int>, to out: inout TextBytes) {
        var marks = Array(repeating: Character(" "), count: steps.count)
        while markerCursor < markerOrder.count, timeline.markers[markerOrder[markerCursor]].at.step < steps.upperBound {
            let marker = timeline.markers[markerOrder[markerCursor]]
            if marker.at.step >= steps.lowerBound { marks[marker.at.step - steps.lowerBound] = marker.kind.letter }
            markerCursor += 1
        }
        out.appendTrimmed(String(marks))
    }

    /// Appends lane `lane`'s row of `steps`: each step's interval letter, else the background.
    /// The row is written into a scratch buffer through a pointer and copied once, so a block
    /// of a wide run costs a copy per row rather than a call per column.
    mutating func appendLane(_ lane: Int, _ steps: Range<Int>, to out: inout TextBytes) {
        prepareBackground(steps)
        let own = laneIntervals[lane]
        while cursors[lane] < own.count, timeline.intervals[own[cursors[lane]]].end.step <= steps.lowerBound {
            cursors[lane] += 1
        }
        // A letter is one Character: at most four UTF-8 bytes per column.
        if scratch.count < steps.count * 4 { scratch = Array(repeating: 0, count: steps.count * 4) }
        var length = 0
        var next = cursors[lane]
        scratch.withUnsafeMutableBufferPointer { row in
            background.withUnsafeBufferPointer { background in
                var step = steps.lowerBound
                while step < steps.upperBound {
                    // The next interval that covers a step at or after `step`, if any.
                    while next < own.count, timeline.intervals[own[next]].end.step <= step { next += 1 }
                    let interval = next < own.count ? timeline.intervals[own[next]] : nil
                    let segmentStart = min(interval.map { max($0.start.step, step) } ?? steps.upperBound, steps.upperBound)
                    for column in (step - steps.lowerBound)..<(segmentStart - steps.lowerBound) {
                        row[length] = background[column]
                        length += 1
                    }
                    guard let interval, segmentStart < steps.upperBound else { break }
                    let to = min(interval.end.step, steps.upperBound)
                    letters[own[next]].withUnsafeBufferPointer { letter in
                        for _ in segmentStart..<to {
                            for byte in letter {
                                row[length] = byte
                                length += 1
                            }
                        }
                    }
                    step = to
                    next += 1
                }
                // No trailing blanks (goldens and editors disagree about those).
                while length > 0, row[length - 1] == UInt8(ascii: " ") { length -= 1 }
                out.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: row[0..<length]))
            }
        }
        out.bytes.append(UInt8(ascii: "\n"))
    }
}
