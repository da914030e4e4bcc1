import SceneSimCore

extension Timeline {
    /// Columns per block of the text timeline: a longer run continues in another block below.
    public static let textBlockWidth = 100

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

    public func text() -> String {
        let launches = processes.count
        var out = "timeline: \(eventCount) \(eventCount == 1 ? "event" : "events"), \(launches) \(launches == 1 ? "launch" : "launches") on \(platform.rawValue), "
            + "\(VirtualTime.zero.text) s to \(end.time.text) s; one column per event\n"
        let key = self.key
        out += "phases: A active, i inactive, b background; states: \(stateLegend(key)); "
            + "' ' no scene, '.' the app is not running\n"
        out += "marks: " + MarkerKind.all.map { "\($0.letter) \($0.name)" }.joined(separator: ", ") + "\n"
        out += "times: " + timeRuns().map { $0.first == $0.last ? "\($0.first) at \($0.time.text)" : "\($0.first)-\($0.last) at \($0.time.text)" }
            .joined(separator: ", ") + "\n"
        let nameWidth = max(12, (lanes.map(\.name.count).max() ?? 0) + 2)
        let rows = laneRows(key)
        let marks = markRow()
        var start = 0
        repeat {
            let stop = min(eventCount, start + Self.textBlockWidth)
            out += "\n"
            out += pad("", nameWidth) + trimmed(ArraySlice(tensRuler(start..<stop))) + "\n"
            out += pad("", nameWidth) + unitsRuler(start..<stop) + "\n"
            out += pad("marks", nameWidth) + trimmed(marks[start..<stop]) + "\n"
            for (lane, row) in zip(lanes, rows) {
                out += pad(lane.name, nameWidth) + trimmed(row[start..<stop]) + "\n"
            }
            start = stop
        } while start < eventCount
        return out
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

    func laneRows(_ key: Key) -> [[Character]] {
        var running = Array(repeating: false, count: eventCount)
        for process in processes {
            for step in process.start.step..<(process.end?.step ?? end.step) { running[step] = true }
        }
        var rows = lanes.map { _ in running.map { $0 ? Character(" ") : "." } }
        for interval in intervals {
            for step in interval.start.step..<interval.end.step {
                rows[interval.lane][step] = key.letter(interval.value)
            }
        }
        return rows
    }

    func markRow() -> [Character] {
        var row = Array(repeating: Character(" "), count: eventCount)
        for marker in markers { row[marker.at.step] = marker.kind.letter }
        return row
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }

    /// A row without trailing blanks (goldens and editors disagree about those).
    private func trimmed(_ row: ArraySlice<Character>) -> String {
        var text = String(row)
        while text.last == " " { text.removeLast() }
        return text
    }
}
