import ByteText
import SceneSimCore

extension Timeline {
    /// The tid of a lane in a launch's process: unique across the whole trace, and sorted as
    /// the lanes are (Perfetto keys threads by tid alone in places).
    package static func threadID(launch: Int, lane: Int) -> Int { launch * 100_000 + lane + 1 }

    /// The Chrome trace event format (opens in ui.perfetto.dev and chrome://tracing): a process
    /// per launch, a thread per lane in it, a complete (`X`) slice per interval written when it
    /// closes, instants (`i`) for markers, and a flow (`s`/`f`) from a killed session to its
    /// restored continuation. `ts` is in microseconds: of virtual time, or with the steps axis
    /// a millisecond per event. `args` has the trace text, the step, the virtual time and the
    /// scenario `file:line`.
    package func chromeTrace(axis: TimelineAxis = .time) -> String {
        // An unlimited budget never stops a drawing.
        try! chromeTrace(axis: axis, budget: .unlimited)
    }

    /// The Chrome trace, checked against `budget` as it grows.
    package func chromeTrace(axis: TimelineAxis = .time, budget: RenderBudget) throws(RenderError) -> String {
        String(decoding: try chromeTraceBytes(axis: axis, budget: budget), as: UTF8.self)
    }

    /// The Chrome trace's UTF-8 bytes, checked against `budget`, with no copy into a `String`,
    /// in a buffer of exactly their size (`writeChromeTrace`).
    package func chromeTraceBytes(axis: TimelineAxis = .time, budget: RenderBudget) throws(RenderError) -> [UInt8] {
        let trace = try preparedChromeTrace(axis: axis, budget: budget)
        var out: [UInt8] = []
        out.reserveCapacity(trace.size)
        try trace.write { piece in
            out += piece
            return true
        }
        return out
    }

    /// A Chrome trace counted and checked against the budget, ready to be written a piece at a
    /// time (`preparedChromeTrace`).
    package struct PreparedChromeTrace {
        /// Its size in bytes.
        package let size: Int
        /// Hands `emit` its UTF-8 bytes in pieces of about 64 KiB, in order; `emit` returning
        /// false stops it (a failure its caller keeps). Throws `.cancelled` when the budget says
        /// time is up.
        package let write: (_ emit: ([UInt8]) -> Bool) throws(RenderError) -> Void
    }

    /// The Chrome trace, to be written with none of it held whole (issue 43: it peaked at about
    /// 5× the limit, every event's text kept in an array, joined, then copied twice; then at 2×
    /// with its bytes in one buffer). The events are put in order as small descriptions and a
    /// first pass counts the bytes they take, refusing a trace past the limit here, before a
    /// byte is written; `write` makes them again a piece at a time.
    package func preparedChromeTrace(axis: TimelineAxis = .time, budget: RenderBudget) throws(RenderError) -> PreparedChromeTrace {
        let what = "the JSON timeline (\(intervals.count + markers.count) slices and instants)"
        func ts(_ point: Point) -> Int64 {
            axis == .time ? point.time.microseconds : Int64(point.step) * 1000
        }
        func args(_ text: String, _ point: Point, _ source: String?) -> String {
            var fields = #""step":\#(point.step),"text":\#(JSONText.quoted(text)),"time":\#(JSONText.quoted(point.time.text))"#
            if let source { fields = #""source":\#(JSONText.quoted(source)),"# + fields }
            return "{" + fields + "}"
        }
        /// One event of the trace, in the order it is written.
        enum Event {
            case process(pid: Int, sortIndex: Bool)
            case thread(pid: Int, lane: Int, sortIndex: Bool)
            case interval(Int)
            case marker(Int)
            case flow(Int, start: Bool)
        }
        func json(_ event: Event) -> String {
            switch event {
            case let .process(pid, false):
                return #"{"args":{"name":"launch #\#(pid) on \#(platform.rawValue)"},"name":"process_name","ph":"M","pid":\#(pid),"tid":0,"ts":0}"#
            case let .process(pid, true):
                return #"{"args":{"sort_index":\#(pid)},"name":"process_sort_index","ph":"M","pid":\#(pid),"tid":0,"ts":0}"#
            case let .thread(pid, lane, false):
                return
                    #"{"args":{"name":\#(JSONText.quoted(lanes[lane].name))},"name":"thread_name","ph":"M","pid":\#(pid),"tid":\#(Self.threadID(launch: pid, lane: lane)),"ts":0}"#
            case let .thread(pid, lane, true):
                return #"{"args":{"sort_index":\#(lane)},"name":"thread_sort_index","ph":"M","pid":\#(pid),"tid":\#(Self.threadID(launch: pid, lane: lane)),"ts":0}"#
            case .interval(let index):
                let interval = intervals[index]
                let tid = Self.threadID(launch: interval.launch, lane: interval.lane)
                let category = if case .phase = interval.value { "phase" } else { "state" }
                return
                    #"{"args":\#(args(interval.text, interval.start, interval.source)),"cat":"\#(category)","dur":\#(ts(interval.end) - ts(interval.start)),"name":\#(JSONText.quoted(interval.value.text)),"ph":"X","pid":\#(interval.launch),"tid":\#(tid),"ts":\#(ts(interval.start))}"#
            case .marker(let index):
                let marker = markers[index]
                let tid = Self.threadID(launch: marker.launch, lane: marker.lane)
                return
                    #"{"args":\#(args(marker.text, marker.at, marker.source)),"cat":"marker","name":\#(JSONText.quoted(marker.kind.name)),"ph":"i","pid":\#(marker.launch),"s":"t","tid":\#(tid),"ts":\#(ts(marker.at))}"#
            case let .flow(index, start):
                let flow = flows[index]
                let name = JSONText.quoted("restored " + lanes[flow.lane].name)
                if start {
                    return
                        #"{"cat":"restore","id":\#(index + 1),"name":\#(name),"ph":"s","pid":\#(flow.fromLaunch),"tid":\#(Self.threadID(launch: flow.fromLaunch, lane: flow.lane)),"ts":\#(ts(flow.from))}"#
                }
                return
                    #"{"bp":"e","cat":"restore","id":\#(index + 1),"name":\#(name),"ph":"f","pid":\#(flow.toLaunch),"tid":\#(Self.threadID(launch: flow.toLaunch, lane: flow.lane)),"ts":\#(ts(flow.to))}"#
            }
        }
        var order: [Event] = []
        // Metadata first: each launch's process and the lanes it used, in lane order. The lanes
        // of every launch are gathered in one pass (not a pass per launch).
        var used: [Int: Set<Int>] = [:]
        for interval in intervals { used[interval.launch, default: []].insert(interval.lane) }
        for marker in markers { used[marker.launch, default: []].insert(marker.lane) }
        for process in processes {
            let pid = process.number
            order += [.process(pid: pid, sortIndex: false), .process(pid: pid, sortIndex: true)]
            for lane in (used[pid] ?? []).sorted() {
                order += [.thread(pid: pid, lane: lane, sortIndex: false), .thread(pid: pid, lane: lane, sortIndex: true)]
            }
        }
        // Everything else in the order it happened; a slice at the moment it closes.
        var timed: [(step: Int, event: Event)] = []
        for (index, interval) in intervals.enumerated() where interval.launch > 0 { timed.append((interval.end.step, .interval(index))) }
        for (index, marker) in markers.enumerated() where marker.launch > 0 { timed.append((marker.at.step, .marker(index))) }
        for (index, flow) in flows.enumerated() {
            timed.append((flow.to.step, .flow(index, start: true)))
            timed.append((flow.to.step, .flow(index, start: false)))
        }
        // Stable: events of one step keep the order they were listed in.
        order += timed.enumerated().sorted { ($0.element.step, $0.offset) < ($1.element.step, $1.offset) }.map(\.element.event)
        timed = []

        let head = Array("{\"displayTimeUnit\":\"ms\",\"traceEvents\":[\n".utf8), tail = Array("\n]}\n".utf8)
        // The first pass: the size, asking the budget at the limit and every 64 KiB (asking
        // whether time is up costs a lock).
        var size = head.count + tail.count + max(0, order.count - 1) * 2, nextCheck = 0
        for event in order {
            size += json(event).utf8.count
            if size > (budget.maxBytes ?? .max) || size >= nextCheck {
                try budget.check(size, what)
                nextCheck = size + 65536
            }
        }
        try budget.check(size, what)
        // The second: the bytes, a piece at a time.
        return PreparedChromeTrace(size: size) { emit throws(RenderError) in
            let piece = 65536
            var out: [UInt8] = []
            out.reserveCapacity(min(size, piece + 4096))
            out += head
            var written = 0
            for (index, event) in order.enumerated() {
                if index > 0 { out += [UInt8(ascii: ","), UInt8(ascii: "\n")] }
                out += json(event).utf8
                if out.count >= piece {
                    written += out.count
                    try budget.check(written, what)
                    guard emit(out) else { return }
                    out.removeAll(keepingCapacity: true)
                }
            }
            out += tail
            _ = emit(out)
        }
    }
}
