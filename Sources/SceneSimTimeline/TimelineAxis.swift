/// What the horizontal axis of a picture measures.
package enum TimelineAxis: String, Sendable, CaseIterable {
    /// Virtual seconds: durations look as long as they are; events at one instant overlap.
    case time
    /// One column per event: every event is visible, durations are not to scale.
    case steps
}
