import SceneSim
import Testing

// `receive`: the trace's events asserted as values, as TCA's `TestStore.receive` asserts the
// actions its effects sent. They take from the same queue as `expectTrace` and `takeTrace`: an
// event taken by one is not seen by the others.
extension SceneSimTestStore {
    /// Asserts that the next event not yet asserted is `expected`, and takes it. With
    /// `exhaustivity == .on` it must be the very next one (a mismatch fails with a diff of the
    /// two values, and the event is taken all the same); with `.off` the events before the
    /// first that matches are skipped.
    ///
    /// ```swift
    /// try store.advance(by: .seconds(1))
    /// store.receive(.stateChanged(from: "loading", to: "unauthenticated"))
    /// ```
    public func receive(_ expected: TraceEvent, sourceLocation: SourceLocation = #_sourceLocation) {
        receive(described: CallSite.dump(expected), CallSite(sourceLocation), matching: { $0 == expected }) { actual, site in
            site.expectEqual(expected, actual.event, "the next event differs (−: expected, +: what ran)")
        }
    }

    /// Asserts that the next events not yet asserted are `expected`, in order, and takes them:
    /// with `exhaustivity == .on` exactly those (a mismatch fails with a diff of the lists);
    /// with `.off` each is found as `receive(_:)` finds one, skipping what comes between.
    public func receive(_ expected: [TraceEvent], sourceLocation: SourceLocation = #_sourceLocation) {
        guard exhaustivity == .on else {
            for event in expected { receive(event, sourceLocation: sourceLocation) }
            return
        }
        let site = CallSite(sourceLocation)
        let waiting = peekEvents()
        guard !waiting.isEmpty || expected.isEmpty else {
            return site.fail("expected to receive \(expected.count) events, but nothing was traced since the last assertion")
        }
        let actual = takeEvents(count: expected.count).map(\.event)
        site.expectEqual(expected, actual, "the next events differ (−: expected, +: what ran)")
    }

    /// Asserts that the next event not yet asserted satisfies `isMatching` (with `.off`, the
    /// first that does, skipping those before it), and takes it; returns it, nil when none did.
    ///
    /// ```swift
    /// let event = store.receive { if case .stateChanged = $0 { true } else { false } }
    /// ```
    @discardableResult
    public func receive(
        sourceLocation: SourceLocation = #_sourceLocation, _ isMatching: (TraceEvent) -> Bool
    ) -> TraceRecord? {
        receive(described: "an event that matches", CallSite(sourceLocation), matching: isMatching) { actual, site in
            site.fail("the next event does not match:\n  \(self.line(of: actual))")
        }
    }

    /// The one search of the three forms: the next event (`.on`) or the first that matches
    /// (`.off`), taken; `mismatch` reports a next event that does not match.
    @discardableResult
    private func receive(
        described expected: String, _ site: CallSite, matching: (TraceEvent) -> Bool, mismatch: (TraceRecord, CallSite) -> Void
    ) -> TraceRecord? {
        let waiting = peekEvents()
        guard let first = waiting.first else {
            site.fail("expected to receive \(expected), but nothing was traced since the last assertion")
            return nil
        }
        guard exhaustivity != .on else {
            let taken = takeEvents(count: 1)[0]
            if !matching(first.event) {
                mismatch(first, site)
                return nil
            }
            return taken
        }
        guard let index = waiting.firstIndex(where: { matching($0.event) }) else {
            site.fail(
                "expected to receive \(expected), but none of the \(waiting.count) events since the last assertion does:\n"
                    + waiting.map { "  " + line(of: $0) }.joined(separator: "\n"))
            return nil
        }
        let skipped = takeEvents(count: index)
        if !skipped.isEmpty {
            reportSkipped(
                "\(skipped.count == 1 ? "1 event was" : "\(skipped.count) events were") skipped before the one received:\n"
                    + skipped.map { "  " + line(of: $0) }.joined(separator: "\n"), at: site)
        }
        return takeEvents(count: 1).first
    }

    /// What a non-exhaustive store passed over: a known issue with `showSkippedAssertions`,
    /// nothing otherwise.
    func reportSkipped(_ message: String, at site: CallSite) {
        guard exhaustivity == .off(showSkippedAssertions: true) else { return }
        site.withKnownIssue { site.fail(message) }
    }
}
