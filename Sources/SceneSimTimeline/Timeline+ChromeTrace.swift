import ByteText
import SceneSimCore

extension Timeline {
    /// The tid of a lane in a launch's process: unique across the whole trace, and sorted as
    /// the lanes are (Perfetto keys threads by tid alone in places).
    public static func threadID(launch: Int, lane: Int) -> Int { launch * 100_000 + lane + 1 }

    /// The Chrome trace event format (opens in ui.perfetto.dev and chrome://tracing): a process
    /// per launch, a thread per lane in it, a complete (`X`) slice per interval written when it
    /// closes, instants (`i`) for markers, and a flow (`s`/`f`) from a killed session to its
    /// restored continuation. `ts` is in microseconds: of virtual time, or with the steps axis
    /// a millisecond per event. `args` has the trace text, the step, the virtual time and the
    /// scenario `file:line`.
    public func chromeTrace(axis: TimelineAxis = .time) -> String {
        // An unlimited budget never stops a drawing.
        try! chromeTrace(axis: axis, budget: .unlimited)
    }

    /// The Chrome trace, checked against `budget` as it grows.
    public func chromeTrace(axis: TimelineAxis = .time, budget: RenderBudget) throws(RenderError) -> String {
        let what = "the JSON timeline (\(intervals.count + markers.count) slices and instants)"
        // The bytes the events will take once joined; the budget is asked at the limit and
        // every 64 KiB (asking whether time is up costs a lock).
        var bytes = 0, nextCheck = 0
        func counted(_ json: String) throws(RenderError) -> String {
            bytes += json.utf8.count + 2
            if bytes > (budget.maxBytes ?? .max) || bytes >= nextCheck {
                try budget.check(bytes, what)
                nextCheck = bytes + 65536
            }
            return json
        }
        func ts(_ point: Point) -> Int64 {
            axis == .time ? point.time.microseconds : Int64(point.step) * 1000
        }
        func args(_ text: String, _ point: Point, _ source: String?) -> String {
            var fields = #""step":\#(point.step),"text":\#(JSONText.quoted(text)),"time":\#(JSONText.quoted(point.time.text))"#
            if let source { fields = #""source":\#(JSONText.quoted(source)),"# + fields }
            return "{" + fields + "}"
        }
        var events: [String] = []
        // Metadata first: each launch's process and the lanes it used, in lane order. The lanes
        // of every launch are gathered in one pass (not a pass per launch).
        var used: [Int: Set<Int>] = [:]
        for interval in intervals { used[interval.launch, default: []].insert(interval.lane) }
        for marker in markers { used[marker.launch, default: []].insert(marker.lane) }
        for process in processes {
            let pid = process.number
            events.append(try counted(#"{"args":{"name":"launch #\#(pid) on \#(platform.rawValue)"},"name":"process_name","ph":"M","pid":\#(pid),"tid":0,"ts":0}"#))
            events.append(try counted(#"{"args":{"sort_index":\#(pid)},"name":"process_sort_index","ph":"M","pid":\#(pid),"tid":0,"ts":0}"#))
            for lane in (used[pid] ?? []).sorted() {
                let tid = Self.threadID(launch: pid, lane: lane)
                events.append(try counted(#"{"args":{"name":\#(JSONText.quoted(lanes[lane].name))},"name":"thread_name","ph":"M","pid":\#(pid),"tid":\#(tid),"ts":0}"#))
                events.append(try counted(#"{"args":{"sort_index":\#(lane)},"name":"thread_sort_index","ph":"M","pid":\#(pid),"tid":\#(tid),"ts":0}"#))
            }
        }
        // Everything else in the order it happened; a slice at the moment it closes.
        var timed: [(step: Int, order: Int, json: String)] = []
        for interval in intervals where interval.launch > 0 {
            let tid = Self.threadID(launch: interval.launch, lane: interval.lane)
            let category = if case .phase = interval.value { "phase" } else { "state" }
            let json = #"{"args":\#(args(interval.text, interval.start, interval.source)),"cat":"\#(category)","dur":\#(ts(interval.end) - ts(interval.start)),"name":\#(JSONText.quoted(interval.value.text)),"ph":"X","pid":\#(interval.launch),"tid":\#(tid),"ts":\#(ts(interval.start))}"#
            timed.append((interval.end.step, timed.count, try counted(json)))
        }
        for marker in markers where marker.launch > 0 {
            let tid = Self.threadID(launch: marker.launch, lane: marker.lane)
            let json = #"{"args":\#(args(marker.text, marker.at, marker.source)),"cat":"marker","name":\#(JSONText.quoted(marker.kind.name)),"ph":"i","pid":\#(marker.launch),"s":"t","tid":\#(tid),"ts":\#(ts(marker.at))}"#
            timed.append((marker.at.step, timed.count, try counted(json)))
        }
        for (index, flow) in flows.enumerated() {
            let name = JSONText.quoted("restored " + lanes[flow.lane].name)
            let start = #"{"cat":"restore","id":\#(index + 1),"name":\#(name),"ph":"s","pid":\#(flow.fromLaunch),"tid":\#(Self.threadID(launch: flow.fromLaunch, lane: flow.lane)),"ts":\#(ts(flow.from))}"#
            let finish = #"{"bp":"e","cat":"restore","id":\#(index + 1),"name":\#(name),"ph":"f","pid":\#(flow.toLaunch),"tid":\#(Self.threadID(launch: flow.toLaunch, lane: flow.lane)),"ts":\#(ts(flow.to))}"#
            timed.append((flow.to.step, timed.count, try counted(start)))
            timed.append((flow.to.step, timed.count, try counted(finish)))
        }
        try budget.check(bytes, what)
        events += timed.sorted { ($0.step, $0.order) < ($1.step, $1.order) }.map(\.json)
        return "{\"displayTimeUnit\":\"ms\",\"traceEvents\":[\n" + events.joined(separator: ",\n") + "\n]}\n"
    }
}
