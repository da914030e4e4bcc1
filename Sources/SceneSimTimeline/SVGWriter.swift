import ByteText
/// Builds SVG text: numbers with at most one decimal, so the bytes never depend on how a
/// platform prints a Double, and every text XML-escaped.
struct SVGWriter {
    var output = ""

    mutating func line(_ text: String) { output += text + "\n" }

    mutating func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double, fill: String, stroke: String? = nil, title: String? = nil) {
        var element = #"<rect x="\#(Self.n(x))" y="\#(Self.n(y))" width="\#(Self.n(width))" height="\#(Self.n(height))" fill="\#(fill)""#
        if let stroke { element += #" stroke="\#(stroke)""# }
        if let title {
            line(element + "><title>" + Self.escape(title) + "</title></rect>")
        } else {
            line(element + "/>")
        }
    }

    mutating func text(_ x: Double, _ y: Double, _ text: String, size: Int? = nil, weight: String? = nil, fill: String? = nil, anchorEnd: Bool = false) {
        var element = #"<text x="\#(Self.n(x))" y="\#(Self.n(y))""#
        if anchorEnd { element += #" text-anchor="end""# }
        if let size { element += #" font-size="\#(size)""# }
        if let weight { element += #" font-weight="\#(weight)""# }
        if let fill { element += #" fill="\#(fill)""# }
        line(element + ">" + Self.escape(text) + "</text>")
    }

    mutating func gridLine(_ x: Double, _ top: Double, _ bottom: Double) {
        line(##"<line x1="\##(Self.n(x))" y1="\##(Self.n(top))" x2="\##(Self.n(x))" y2="\##(Self.n(bottom))" stroke="#e4e4e4"/>"##)
    }

    mutating func circle(x: Double, y: Double, r: Double, fill: String, title: String? = nil) {
        let element = ##"<circle cx="\##(Self.n(x))" cy="\##(Self.n(y))" r="\##(Self.n(r))" fill="\##(fill)" stroke="#ffffff" stroke-width="1""##
        if let title {
            line(element + "><title>" + Self.escape(title) + "</title></circle>")
        } else {
            line(element + "/>")
        }
    }

    mutating func polygon(_ points: [(Double, Double)], fill: String, stroke: String? = nil, title: String? = nil) {
        let list = points.map { "\(Self.n($0.0)),\(Self.n($0.1))" }.joined(separator: " ")
        var element = #"<polygon points="\#(list)" fill="\#(fill)""#
        if let stroke { element += #" stroke="\#(stroke)" stroke-width="1""# }
        if let title {
            line(element + "><title>" + Self.escape(title) + "</title></polygon>")
        } else {
            line(element + "/>")
        }
    }

    /// A marker's shape, centred on `x`, in the upper part of a lane.
    mutating func marker(_ kind: Timeline.MarkerKind, x: Double, top: Double, height: Double, title: String) {
        let y = top + height / 2
        let r = 5.0
        switch kind {
        case .deepLink:
            polygon([(x - r, y - r), (x + r, y), (x - r, y + r)], fill: kind.colour, stroke: "#ffffff", title: title)
        case .storageSaved, .storageLost:
            polygon([(x, y - r), (x + r, y), (x, y + r), (x - r, y)], fill: kind.colour, stroke: "#ffffff", title: title)
        case .warning, .stateRejected:
            polygon([(x, y - r - 1), (x + r + 1, y + r), (x - r - 1, y + r)], fill: kind.colour, stroke: "#ffffff", title: title)
        case .disconnected, .discarded, .restoreRejected, .launch, .termination:
            polygon([(x - r, y - r), (x + r, y - r), (x + r, y + r), (x - r, y + r)], fill: kind.colour, stroke: "#ffffff", title: title)
        case .memoryLost, .taskExpiring, .workLost:
            // A downward triangle: something the process held is going.
            polygon([(x - r - 1, y - r), (x + r + 1, y - r), (x, y + r + 1)], fill: kind.colour, stroke: "#ffffff", title: title)
        case .note:
            // A circle: the scenario's own word, not the app's.
            circle(x: x, y: y, r: r - 1, fill: kind.colour, title: title)
        case .suspended, .resumed:
            // A hexagon-like octagon: the process itself stops or runs again.
            let q = r * 0.45
            polygon(
                [(x - q, y - r), (x + q, y - r), (x + r, y - q), (x + r, y + q), (x + q, y + r), (x - q, y + r), (x - r, y + q), (x - r, y - q)],
                fill: kind.colour, stroke: "#ffffff", title: title)
        }
    }

    /// A coordinate with at most one decimal: `12`, `12.5`, `-3.2`.
    static func n(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        let sign = tenths < 0 ? "-" : ""
        let whole = abs(tenths) / 10, fraction = abs(tenths) % 10
        return fraction == 0 ? sign + String(whole) : sign + String(whole) + "." + String(fraction)
    }

    /// XML text and attribute values, by the project's one XML escaper.
    static func escape(_ text: String) -> String { XMLText.escaped(text) }
}
