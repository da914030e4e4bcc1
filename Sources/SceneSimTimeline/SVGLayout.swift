import SceneSimCore

/// Where the SVG picture puts things: lanes top to bottom, the chosen axis left to right.
/// Public so a test can look at the pixels of a given lane and position.
package struct SVGLayout: Sendable {
    package let axis: TimelineAxis
    package let labelWidth: Double
    package let plotLeft: Double
    package let plotWidth: Double
    package let top: Double
    package let laneHeight: Double = 20
    package let lanePitch: Double = 26
    package let laneCount: Int
    let steps: Int
    let endTime: VirtualTime

    package init(_ timeline: Timeline, axis: TimelineAxis) {
        self.axis = axis
        laneCount = timeline.lanes.count
        let steps = max(1, timeline.eventCount)
        self.steps = steps
        endTime = timeline.end.time
        let longest = timeline.lanes.map(\.name.count).max() ?? 0
        labelWidth = Double(min(40, max(9, longest))) * 7 + 16
        plotLeft = labelWidth
        switch axis {
        case .time: plotWidth = 1000
        case .steps: plotWidth = Double(steps) * Self.stepWidth(forSteps: steps)
        }
        top = 80
    }

    /// The width of one step: wide enough to see at small runs, narrow enough for 1,000 events.
    static func stepWidth(forSteps steps: Int) -> Double {
        min(24, max(6, (1200 / Double(steps)).rounded(.down)))
    }

    package var stepWidth: Double { plotWidth / Double(steps) }

    /// The x of a position on the chosen axis.
    package func x(_ point: Timeline.Point) -> Double {
        switch axis {
        case .steps:
            return plotLeft + Double(point.step) * stepWidth
        case .time:
            guard endTime > .zero else { return plotLeft }
            return plotLeft + plotWidth * Double(point.time.microseconds) / Double(endTime.microseconds)
        }
    }

    /// The top of a lane's band.
    package func laneTop(_ lane: Int) -> Double { top + Double(lane) * lanePitch }

    /// The bottom of the last lane.
    package var lanesBottom: Double { laneTop(laneCount) - (lanePitch - laneHeight) }

    /// Wide enough for the legend's lines too.
    package var width: Double { max(900, plotLeft + plotWidth + 24) }
}
