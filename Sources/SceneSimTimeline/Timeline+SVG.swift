import SceneSimCore

extension Timeline {
    /// A self-contained SVG picture (no external fonts, scripts or images): a row per lane, a
    /// coloured band per interval, a grey band where no process runs, vertical lines at launches
    /// and terminations, dashed arrows from a killed session to its restored continuation, and
    /// a shape per marker. Every band and marker has a tooltip (`<title>`) with its trace text
    /// and the scenario line that caused it. The bytes depend only on the timeline.
    package func svg(axis: TimelineAxis = .time) -> String {
        // An unlimited budget never stops a drawing.
        try! svg(axis: axis, budget: .unlimited)
    }

    /// The SVG picture, checked against `budget` as it grows.
    package func svg(axis: TimelineAxis = .time, budget: RenderBudget) throws(RenderError) -> String {
        let what = "the SVG timeline (\(lanes.count) lanes, \(intervals.count + markers.count) bands and marks)"
        let layout = SVGLayout(self, axis: axis)
        let key = self.key
        var svg = SVGWriter()
        let legendTop = layout.lanesBottom + 24
        // As tall as the legend's rows (a narrow picture wraps it into more): measured by
        // drawing it once aside, with the same code that draws it below.
        var measure = SVGWriter()
        let height = drawLegend(&measure, key, top: legendTop, width: layout.width) + 26
        let count = eventCount
        svg.line(
            #"<svg xmlns="http://www.w3.org/2000/svg" width="\#(SVGWriter.n(layout.width))" height="\#(SVGWriter.n(height))" viewBox="0 0 \#(SVGWriter.n(layout.width)) \#(SVGWriter.n(height))" font-family="DejaVu Sans, Verdana, Arial, sans-serif" font-size="11">"#
        )
        svg.rect(0, 0, layout.width, height, fill: "#ffffff")
        let launches = processes.count
        svg.text(
            8, 18,
            "scenesim timeline: \(count) \(count == 1 ? "event" : "events"), \(launches) \(launches == 1 ? "launch" : "launches") on \(platform.rawValue), \(VirtualTime.zero.text) s to \(end.time.text) s",
            size: 13, weight: "bold")
        svg.text(
            8, 34,
            axis == .time
                ? "axis: virtual seconds (events at one instant overlap; --timeline-axis steps draws one column per event)"
                : "axis: one column per event, labelled with its step and virtual time", size: 10, fill: "#555555")
        drawAxis(&svg, layout)
        drawGaps(&svg, layout)
        for (index, lane) in lanes.enumerated() {
            let y = layout.laneTop(index)
            svg.rect(layout.plotLeft, y, layout.plotWidth, layout.laneHeight, fill: "none", stroke: "#dddddd")
            svg.text(8, y + 14, lane.name, weight: index < 2 ? "bold" : nil)
            if index % 256 == 0 { try budget.check(svg.output.utf8.count, what) }
        }
        for (index, interval) in intervals.enumerated() {
            drawInterval(&svg, interval, key, layout)
            if index % 256 == 0 { try budget.check(svg.output.utf8.count, what) }
        }
        // Each process's launch and termination markers, found once rather than per process.
        var edges: [Int: (launch: Marker?, termination: Marker?)] = [:]
        for marker in markers {
            switch marker.kind {
            case .launch where edges[marker.launch]?.launch == nil: edges[marker.launch, default: (nil, nil)].launch = marker
            case .termination where edges[marker.launch]?.termination == nil: edges[marker.launch, default: (nil, nil)].termination = marker
            default: break
            }
        }
        for (index, process) in processes.enumerated() {
            drawProcessEdges(&svg, process, layout, edges: edges[process.number])
            if index % 256 == 0 { try budget.check(svg.output.utf8.count, what) }
        }
        for (index, flow) in flows.enumerated() {
            drawFlow(&svg, flow, layout)
            if index % 256 == 0 { try budget.check(svg.output.utf8.count, what) }
        }
        for (index, marker) in markers.enumerated() where !marker.kind.isProcessEdge {
            drawMarker(&svg, marker, layout)
            if index % 256 == 0 { try budget.check(svg.output.utf8.count, what) }
        }
        drawLegend(&svg, key, top: legendTop, width: layout.width)
        svg.line("</svg>")
        try budget.check(svg.output.utf8.count, what)
        return svg.output
    }

    private func drawAxis(_ svg: inout SVGWriter, _ layout: SVGLayout) {
        let top = layout.top - 8, bottom = layout.lanesBottom
        switch layout.axis {
        case .time:
            let total = end.time.microseconds
            guard total > 0 else { return }
            let tick = Self.niceTick(total / 8)
            var at: Int64 = 0
            while at <= total {
                let x = layout.x(Point(step: 0, time: VirtualTime(microseconds: at)))
                svg.gridLine(x, top, bottom)
                // A label that would run past the picture's right edge (a long time near the
                // end) ends at its tick instead: about 6 units a character at size 10.
                let label = Self.seconds(VirtualTime(microseconds: at))
                let overflows = x + 2 + Double(label.count) * 6 > layout.width
                svg.text(overflows ? x - 2 : x + 2, top - 4, label, size: 10, fill: "#555555", anchorEnd: overflows)
                at += tick
            }
        case .steps:
            var every = 1
            for candidate in [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000] where Double(candidate) * layout.stepWidth >= 64 {
                every = candidate
                break
            }
            if Double(every) * layout.stepWidth < 64 { every = 10000 }
            for step in stride(from: 0, to: max(1, eventCount), by: every) {
                let x = layout.x(Point(step: step, time: .zero))
                svg.gridLine(x, top, bottom)
                let time = step < stepTimes.count ? stepTimes[step] : end.time
                svg.text(x + 2, top - 16, "#\(step)", size: 10, fill: "#555555")
                svg.text(x + 2, top - 4, Self.seconds(time), size: 10, fill: "#555555")
            }
        }
    }

    /// Grey where no process runs: before the first launch, between a termination and the next.
    private func drawGaps(_ svg: inout SVGWriter, _ layout: SVGLayout) {
        var from = Point(step: 0, time: .zero)
        var gaps: [(Point, Point)] = []
        for process in processes {
            if process.start.step > from.step || process.start.time > from.time { gaps.append((from, process.start)) }
            guard let end = process.end else { from = self.end; break }
            from = end
        }
        if processes.last?.end != nil || processes.isEmpty { gaps.append((from, end)) }
        for (start, stop) in gaps {
            let x0 = layout.x(start), x1 = layout.x(stop)
            guard x1 > x0 else { continue }
            svg.rect(x0, layout.top - 2, x1 - x0, layout.lanesBottom - layout.top + 4, fill: Key.notRunning)
            if x1 - x0 > 70 { svg.text(x0 + 4, layout.lanesBottom - 4, "not running", size: 10, fill: "#777777") }
        }
    }

    private func drawInterval(_ svg: inout SVGWriter, _ interval: Interval, _ key: Key, _ layout: SVGLayout) {
        let x0 = layout.x(interval.start), x1 = layout.x(interval.end)
        guard x1 > x0 else { return }
        let y = layout.laneTop(interval.lane)
        let tip =
            "\(lanes[interval.lane].name): \(interval.value.text) from \(interval.start.time.text) s (step \(interval.start.step)) to \(interval.end.time.text) s (step \(interval.end.step))\n\(interval.text)"
            + (interval.source.map { "\n" + $0 } ?? "")
        svg.rect(x0, y, x1 - x0, layout.laneHeight, fill: key.colour(interval.value), title: tip)
        let label = interval.value.text
        if x1 - x0 > Double(label.count) * 6.5 + 8 {
            svg.text(x0 + 4, y + 14, label, size: 10, fill: interval.value.textColour)
        }
    }

    /// A launch is a green line across every lane, a termination a line in its kind's colour.
    private func drawProcessEdges(_ svg: inout SVGWriter, _ process: ProcessSpan, _ layout: SVGLayout, edges: (launch: Marker?, termination: Marker?)?) {
        let top = layout.top - 4, bottom = layout.lanesBottom + 4
        let launch = edges?.launch
        let x = layout.x(process.start)
        svg.line(
            #"<line x1="\#(SVGWriter.n(x))" y1="\#(SVGWriter.n(top))" x2="\#(SVGWriter.n(x))" y2="\#(SVGWriter.n(bottom))" stroke="\#(MarkerKind.launch.colour)" stroke-width="2"><title>\#(SVGWriter.escape(tip(launch)))</title></line>"#
        )
        if let end = process.end, let how = process.termination {
            let marker = edges?.termination.flatMap { $0.kind == .termination(how) ? $0 : nil }
            let x = layout.x(end)
            svg.line(
                #"<line x1="\#(SVGWriter.n(x))" y1="\#(SVGWriter.n(top))" x2="\#(SVGWriter.n(x))" y2="\#(SVGWriter.n(bottom))" stroke="\#(MarkerKind.termination(how).colour)" stroke-width="2" stroke-dasharray="5 2"><title>\#(SVGWriter.escape(tip(marker)))</title></line>"#
            )
        }
    }

    private func tip(_ marker: Marker?) -> String {
        guard let marker else { return "" }
        return "\(marker.kind.name) at \(marker.at.time.text) s (step \(marker.at.step))\n\(marker.text)" + (marker.source.map { "\n" + $0 } ?? "")
    }

    private func drawFlow(_ svg: inout SVGWriter, _ flow: Flow, _ layout: SVGLayout) {
        let x0 = layout.x(flow.from), x1 = layout.x(flow.to)
        let y = layout.laneTop(flow.lane) + layout.laneHeight / 2
        let lift = min(12, layout.lanePitch / 2)
        let middle = (x0 + x1) / 2
        let d = "M \(SVGWriter.n(x0)) \(SVGWriter.n(y)) Q \(SVGWriter.n(middle)) \(SVGWriter.n(y - lift * 2)) \(SVGWriter.n(x1)) \(SVGWriter.n(y))"
        var tip =
            "\(lanes[flow.lane].name) restored: killed at \(flow.from.time.text) s with launch #\(flow.fromLaunch), continues at \(flow.to.time.text) s in launch #\(flow.toLaunch)"
        // Only SceneStorage came back when memory was lost: a fainter, finer dash says so.
        if flow.memoryLost { tip += "; only its SceneStorage came back: its memory (@State) was lost" }
        let dash = flow.memoryLost ? "1 3" : "4 3"
        svg.line(##"<path d="\##(d)" fill="none" stroke="#333333" stroke-width="1.5" stroke-dasharray="\##(dash)"><title>\##(SVGWriter.escape(tip))</title></path>"##)
        svg.polygon([(x1, y), (x1 - 6, y - 5), (x1 - 5, y + 2)], fill: "#333333")
    }

    private func drawMarker(_ svg: inout SVGWriter, _ marker: Marker, _ layout: SVGLayout) {
        let x = layout.x(marker.at) + (layout.axis == .steps ? layout.stepWidth / 2 : 0)
        let y = layout.laneTop(marker.lane)
        svg.marker(marker.kind, x: x, top: y, height: layout.laneHeight, title: tip(marker))
    }

    /// Draws the legend from `top`; returns the top of its last row.
    @discardableResult
    private func drawLegend(_ svg: inout SVGWriter, _ key: Key, top: Double, width canvas: Double) -> Double {
        var x = 8.0
        var y = top
        let values: [Value] = SimScenePhase.allCases.map { .phase($0) } + key.states.map { .state(ModelState($0)) }
        let swatches = values.map { ($0.legendName, key.colour($0)) } + [("not running", Key.notRunning)]
        for (name, colour) in swatches {
            let width = 16 + Double(name.count) * 6 + 14
            if x + width > canvas - 8 { x = 8; y += 20 }
            svg.rect(x, y, 12, 12, fill: colour)
            svg.text(x + 16, y + 10, name, size: 10)
            x += width
        }
        x = 8
        y += 22
        for kind in MarkerKind.all {
            let width = 16 + Double(kind.name.count) * 6 + 14
            if x + width > canvas - 8 { x = 8; y += 20 }
            if kind.isProcessEdge {
                svg.line(
                    #"<line x1="\#(SVGWriter.n(x + 6))" y1="\#(SVGWriter.n(y - 1))" x2="\#(SVGWriter.n(x + 6))" y2="\#(SVGWriter.n(y + 13))" stroke="\#(kind.colour)" stroke-width="2"\#(kind == .launch ? "" : #" stroke-dasharray="5 2""#)/>"#
                )
            } else {
                svg.marker(kind, x: x + 6, top: y - 4, height: 20, title: kind.name)
            }
            svg.text(x + 16, y + 10, kind.name, size: 10)
            x += width
        }
        return y
    }

    /// A tick spacing of 1, 2 or 5 times a power of ten microseconds, at least `rough`.
    static func niceTick(_ rough: Int64) -> Int64 {
        var power: Int64 = 1
        while true {
            for factor: Int64 in [1, 2, 5] where power * factor >= max(1, rough) { return power * factor }
            power *= 10
        }
    }

    /// Seconds without trailing zeros: `0 s`, `2.5 s`, `3600 s`.
    static func seconds(_ time: VirtualTime) -> String {
        var text = time.text
        while text.last == "0" { text.removeLast() }
        if text.last == "." { text.removeLast() }
        return text + " s"
    }
}

extension Timeline.Value {
    var textColour: String {
        switch self {
        case .phase(.inactive): "#222222"
        case .state(let state) where state.name == "loading": "#222222"
        default: "#ffffff"
        }
    }

    var legendName: String {
        switch self {
        case .phase(let phase): phase.rawValue
        case .state(let state): "state " + state.name
        }
    }
}

extension Timeline.MarkerKind {
    var isProcessEdge: Bool {
        switch self {
        case .launch, .termination: true
        default: false
        }
    }

    /// The marker's colour in the SVG picture: no two kinds, phases or states share one.
    package var colour: String {
        switch self {
        case .launch: "#0b7a33"
        case .termination(.system): "#7048e8"
        case .termination(.user): "#f76707"
        case .termination(.crash): "#e03131"
        case .termination(.force): "#d6336c"
        case .deepLink(let handled): handled ? "#0c8599" : "#868e96"
        case .storageSaved: "#212529"
        case .storageLost: "#ff8787"
        case .warning: "#f08c00"
        case .disconnected: "#495057"
        case .discarded: "#000000"
        case .restoreRejected: "#c2255c"
        case .stateRejected: "#9c1c1c"
        case .termination(.watchdog): "#6741d9"
        case .memoryLost: "#e64980"
        case .suspended: "#1c7ed6"
        case .resumed: "#66d9e8"
        case .taskExpiring: "#fd7e14"
        case .workLost: "#a61e4d"
        case .note: "#74b816"
        }
    }
}
