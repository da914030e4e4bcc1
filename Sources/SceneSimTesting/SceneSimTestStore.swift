import SceneSim
import Testing

/// Drives a simulated device from a Swift test and asserts what happened, in the style of
/// TCA's `TestStore`: run operations, then assert the exact trace they produced since the last
/// assertion (a whole-trace diff on failure), the app's state, a window's storage, or what
/// changed in the snapshot.
///
/// ```swift
/// let store = try SceneSimTestStore(AppConfig(platform: .ipados))
/// try store.launch()
/// store.expectTrace("""
///     [   0.000] app         launch #1 on ipados: nothing to restore
///     ...
///     """)
/// try store.settle()
/// store.expectTrace("[   0.500] app         state loading -> unauthenticated")
/// store.finish()
/// ```
///
/// The store is exhaustive by default: `finish()` (or the store going away unfinished) fails
/// the test when trace events were left unasserted, or when work is still under way (a timer,
/// a server answer, a background task), naming them; set `exhaustivity = .off` to check only
/// what the test asserts. After every operation it checks the simulator's
/// invariants, and a broken one fails the test: that is a bug in scenesim, not in the app.
///
/// Windows are named by their trace labels (`"main#1"`), so a test reads like the trace it
/// checks. Everything else the simulator offers stays in reach through `simulator`. A Swift
/// model's `@MainActor` code runs on the main actor whether or not the test does.
public class SceneSimTestStore {
    /// The simulated device and app; operations run on it directly are traced too.
    public let simulator: Simulator
    /// Whether `finish()` requires every trace event to have been asserted (the default), and
    /// whether `receive` and the snapshot assertions check everything or only what they name.
    public var exhaustivity: Exhaustivity = .on
    /// Whether `expectTrace` writes the trace that ran into the test's source when it differs
    /// (`.failed`) or the expected text is empty (`.missing`); a call's `record:` wins.
    public var traceRecording: TraceRecording = .never
    /// The snapshot as of the last `expectSnapshot`, which its closure edits into the expected one.
    var lastSnapshot: Simulator.Snapshot
    /// Set by `finish()`: the store has been checked and will not be checked again.
    private var isFinished = false
    /// The time column of the lines taken so far (`TraceRenderer.timeWidth(_:after:)`).
    private var traceTimeWidth = TraceRenderer.minimumTimeWidth
    /// Events taken from the simulator that no assertion has taken yet: `expectTrace` (as text)
    /// and `receive` (as values) both take from the front of it.
    private var unasserted: [TraceRecord] = []
    /// Where the store was made: an unfinished store reports there when it goes away.
    private let origin: SourceLocation

    /// How strictly a store checks what a test left unasserted, as TCA's `TestStore` does.
    public enum Exhaustivity: Equatable, Sendable {
        /// Every trace event must be asserted (`expectTrace`, `receive`) or taken
        /// (`takeTrace`), and the app's work done, by `finish()`; a snapshot assertion's closure
        /// must say everything that changed, and `receive` takes the very next event.
        case on
        /// Only what the test asserts is checked: `receive` skips the events before the one it
        /// names, a snapshot assertion checks only what its closure changes, and `finish()`
        /// passes over what was left. With `showSkippedAssertions`, each of those is reported
        /// as a known issue (Swift Testing's `withKnownIssue`, XCTest's `XCTExpectFailure`):
        /// listed in the test's results without failing it.
        case off(showSkippedAssertions: Bool)

        /// Only what the test asserts is checked, and what it skipped is not shown.
        public static let off = Self.off(showSkippedAssertions: false)
    }

    /// Declares the app on a fresh device; nothing runs until `launch()`.
    public init(
        _ config: AppConfig = AppConfig(), model: AppModel = .builtin,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        simulator = try Simulator(config: config, model: model)
        simulator.isTracing = true
        lastSnapshot = simulator.snapshot()
        origin = sourceLocation
    }

    deinit {
        guard !isFinished else { return }
        finish(sourceLocation: origin)
    }

    /// Ends the test's use of the store. With `exhaustivity == .on` it fails the test for
    /// what the test left unchecked, naming each: trace events that no `expectTrace` or
    /// `takeTrace` took, and work the app still has under way (`Simulator.pendingWork`: timers
    /// not yet run, server answers not yet come, the model's own timers such as the built-in
    /// model's initialization, background tasks not finished), as TCA's `TestStore` fails on
    /// effects still running.
    public func finish(sourceLocation: SourceLocation = #_sourceLocation) {
        isFinished = true
        let site = CallSite(sourceLocation)
        let left = takeTrace()
        if exhaustivity == .off(showSkippedAssertions: true) {
            site.withKnownIssue { reportUnchecked(left: left, at: site) }
        }
        guard exhaustivity == .on else { return }
        reportUnchecked(left: left, at: site)
    }

    /// What `finish()` reports for exhaustivity: the trace lines `left` and the work still under way.
    private func reportUnchecked(left: [String], at site: CallSite) {
        if !left.isEmpty {
            let count = left.count == 1 ? "1 trace event was" : "\(left.count) trace events were"
            site.fail(
                "\(count) not asserted; assert them with expectTrace, take them with takeTrace, or set exhaustivity = .off:\n"
                    + left.map { "  " + $0 }.joined(separator: "\n"))
        }
        let pending = simulator.pendingWork
        if !pending.isEmpty {
            let count = pending.count == 1 ? "1 piece of work is" : "\(pending.count) pieces of work are"
            site.fail(
                "\(count) still under way at the end of the test; let it run (advance, settle), cancel or finish it, or set exhaustivity = .off:\n"
                    + pending.map { "  " + $0.description }.joined(separator: "\n"))
        }
    }

    /// The trace lines not asserted yet, as `scenesim run` prints them; takes them.
    public func takeTrace() -> [String] {
        let records = peekEvents()
        unasserted.removeAll()
        return records.map { record in
            traceTimeWidth = TraceRenderer.timeWidth(record.time, after: traceTimeWidth)
            return text(of: record, timeWidth: traceTimeWidth)
        }
    }

    /// The trace events not asserted yet, as values; takes them.
    public func takeEvents() -> [TraceRecord] {
        takeEvents(count: .max)
    }

    /// The first `count` events not asserted yet (all when fewer wait); takes them.
    func takeEvents(count: Int) -> [TraceRecord] {
        let records = Array(peekEvents().prefix(count))
        unasserted.removeFirst(records.count)
        for record in records {
            traceTimeWidth = TraceRenderer.timeWidth(record.time, after: traceTimeWidth)
        }
        return records
    }

    /// The events not asserted yet, left in place.
    func peekEvents() -> [TraceRecord] {
        unasserted += simulator.takeEvents()
        return unasserted
    }

    /// `record` as a trace line for a message, with the time column of the lines taken so far.
    func line(of record: TraceRecord) -> String {
        text(of: record, timeWidth: TraceRenderer.timeWidth(record.time, after: traceTimeWidth))
    }

    private func text(of record: TraceRecord, timeWidth: Int) -> String {
        let width = TraceRenderer.subjectWidth(scenes: simulator.config.scenes)
        return TraceRenderer.text(record, label: simulator.label(of:), subjectWidth: width, timeWidth: timeWidth)
    }

    /// The session whose trace label is `label` (`"main#1"`).
    public func window(_ label: String) throws -> SessionID {
        guard let id = simulator.session(labeled: label) else {
            throw UnknownWindow(label: label, known: simulator.allSessions.map(simulator.label(of:)))
        }
        return id
    }

    /// Labels of the connected windows, front to back.
    public var windows: [String] { simulator.windows.map(simulator.label(of:)) }

    /// Runs `body` against the simulator as one operation of the test, then checks the
    /// simulator's invariants (a violation fails the test, naming `operation`). An error from
    /// `body` is rethrown after the check: a refused operation must leave the model consistent.
    @discardableResult
    public func perform<T>(
        _ operation: String, sourceLocation: SourceLocation = #_sourceLocation,
        _ body: (Simulator) throws -> T
    ) throws -> T {
        let result = Result { try body(simulator) }
        let violations = simulator._checkInvariants()
        if !violations.isEmpty {
            CallSite(sourceLocation).fail(
                "scenesim broke its own invariants after \(operation) (a bug in scenesim, please report it):\n"
                    + violations.map { "  - \($0)" }.joined(separator: "\n"))
        }
        return try result.get()
    }
}
