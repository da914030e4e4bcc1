import SceneSim
import Testing

// Assertions report through swift-custom-dump, so a mismatch fails the running test (Swift
// Testing or XCTest) at the caller's line with a diff of the whole value, not the first
// difference only.
extension SceneSimTestStore {
    /// Takes the trace not asserted yet and compares all of it with `expected`, one line per
    /// event as `scenesim run` prints it; a mismatch shows a −/+ diff of the lines. With a
    /// record mode (`record`, else the store's `traceRecording`), a trace that differs (`.failed`)
    /// or an empty `expected` (`.missing`) is written into the test's source in place of the
    /// literal at this call, and the test fails once, saying so.
    ///
    /// ```swift
    /// try store.launch()
    /// store.expectTrace("", record: .failed)  // becomes the launch's lines, as a multi-line string
    /// ```
    public func expectTrace(
        _ expected: String, record: TraceRecording? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let site = CallSite(sourceLocation)
        let actual = takeTrace().joined(separator: "\n")
        let mode = record ?? traceRecording
        guard mode == .failed && expected != actual || mode == .missing && expected.isEmpty && !actual.isEmpty else {
            return site.expectEqual(expected, actual, "the trace differs (−: expected, +: what ran)")
        }
        do {
            let line = try TraceLiteralWriter.record(actual, path: sourceLocation.filePath, line: sourceLocation.line)
            site.fail(
                "recorded the trace that ran into \(sourceLocation.fileID):\(line) (record: .\(mode)); run the test again to check it"
                    + (CallSite.difference(expected, actual).map { ":\n" + $0 } ?? ""))
        } catch {
            site.fail("could not record the trace: \(error)")
            site.expectEqual(expected, actual, "the trace differs (−: expected, +: what ran)")
        }
    }

    /// The app's state, as the trace writes it: `"authenticated(\"ada\")"`, `"not running"`.
    public func expectState(
        _ expected: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        CallSite(sourceLocation).expectEqual(expected, simulator.snapshot().state?.text ?? "not running", "the app's state differs (−: expected, +: what ran)")
    }

    /// A connected window's live `@SceneStorage`, all of it.
    public func expectStorage(
        _ window: String, _ expected: [ByteString: SceneValue],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let actual = try simulator.liveStorage(self.window(window)).values
        CallSite(sourceLocation).expectEqual(expected, actual, "the storage of \(window) differs (−: expected, +: what ran)")
    }

    /// What changed in the snapshot since the last snapshot assertion (or since the store was
    /// made): `update` edits the previous snapshot into the expected one, as TCA's `send` does.
    /// With `exhaustivity == .off` only what `update` sets is checked: it edits the snapshot
    /// that ran, and the changes it leaves out are skipped (shown with `showSkippedAssertions`).
    public func expectSnapshot(
        sourceLocation: SourceLocation = #_sourceLocation,
        _ update: (inout Simulator.Snapshot) throws -> Void
    ) rethrows {
        let site = CallSite(sourceLocation)
        let actual = simulator.snapshot()
        var expected = lastSnapshot
        try update(&expected)
        lastSnapshot = actual
        guard exhaustivity != .on else {
            return site.expectEqual(expected, actual, "the snapshot differs (−: expected, +: what ran)")
        }
        var expectedOverActual = actual
        try update(&expectedOverActual)
        site.expectEqual(expectedOverActual, actual, "the snapshot differs (−: expected, +: what ran)")
        if expected != expectedOverActual, let changes = CallSite.difference(expected, expectedOverActual) {
            reportSkipped("the snapshot changed in ways the assertion did not say (−: its closure, +: what ran):\n\(changes)", at: site)
        }
    }

    /// Sends `input`, then asserts what it changed in the snapshot, as TCA's
    /// `send(_:assert:)`: `update` edits the snapshot of the last snapshot assertion into the
    /// expected one (`expectSnapshot`).
    ///
    /// ```swift
    /// try store.send(.background) {
    ///     $0.phase = .background
    ///     $0.windows = [.init("main#1", .background)]
    ///     $0.sessions[0].phase = .connected(.background)
    /// }
    /// ```
    @discardableResult
    public func send(
        _ input: SimInput, sourceLocation: SourceLocation = #_sourceLocation, assert update: (inout Simulator.Snapshot) throws -> Void
    ) throws -> InputResult {
        let result = try send(input, sourceLocation: sourceLocation)
        try expectSnapshot(sourceLocation: sourceLocation, update)
        return result
    }

    /// A connected window's in-memory view state (`@State`), all of it.
    public func expectMemory(
        _ window: String, _ expected: [ByteString: SceneValue],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let actual = try simulator.windowMemory(self.window(window)).values
        CallSite(sourceLocation).expectEqual(expected, actual, "the memory of \(window) differs (−: expected, +: what ran)")
    }

    /// The running App's in-memory state (`@State` on the App, singletons), all of it.
    public func expectAppMemory(
        _ expected: [ByteString: SceneValue],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let actual = try simulator.appMemory().values
        CallSite(sourceLocation).expectEqual(expected, actual, "the App's memory differs (−: expected, +: what ran)")
    }
}
