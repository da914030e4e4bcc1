import IssueReporting
import SceneSim

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
public final class SceneSimTestStore {
    /// The simulated device and app; operations run on it directly are traced too.
    public let simulator: Simulator
    /// Whether `finish()` requires every trace event to have been asserted (the default).
    public var exhaustivity: Exhaustivity = .on
    /// The snapshot as of the last `expectSnapshot`, which its closure edits into the expected one.
    var lastSnapshot: Simulator.Snapshot
    /// Set by `finish()`: the store has been checked and will not be checked again.
    private var isFinished = false
    /// The time column of the lines taken so far (`TraceRenderer.timeWidth(_:after:)`).
    private var traceTimeWidth = TraceRenderer.minimumTimeWidth
    /// Where the store was made: an unfinished store reports there when it goes away.
    private let origin: SourceLocation

    /// How strictly a store checks what a test left unasserted.
    public enum Exhaustivity: Equatable, Sendable {
        /// Every trace event must be asserted (`expectTrace`) or taken (`takeTrace`), and the
        /// app's work done, by `finish()`.
        case on
        /// Only what the test asserts is checked.
        case off
    }

    /// Declares the app on a fresh device; nothing runs until `launch()`.
    public init(
        _ config: AppConfig = AppConfig(), model: AppModel = .builtin,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) throws {
        simulator = try Simulator(config: config, model: model)
        simulator.isTracing = true
        lastSnapshot = simulator.snapshot()
        origin = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    }

    deinit {
        guard !isFinished else { return }
        finish(fileID: origin.fileID, filePath: origin.filePath, line: origin.line, column: origin.column)
    }

    /// Ends the test's use of the store. With `exhaustivity == .on` it fails the test for
    /// what the test left unchecked, naming each: trace events that no `expectTrace` or
    /// `takeTrace` took, and work the app still has under way (`Simulator.pendingWork`: timers
    /// not yet run, server answers not yet come, the model's own timers such as the built-in
    /// model's initialization, background tasks not finished), as TCA's `TestStore` fails on
    /// effects still running.
    public func finish(fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) {
        isFinished = true
        let left = takeTrace()
        guard exhaustivity == .on else { return }
        if !left.isEmpty {
            let count = left.count == 1 ? "1 trace event was" : "\(left.count) trace events were"
            reportIssue(
                "\(count) not asserted; assert them with expectTrace, take them with takeTrace, or set exhaustivity = .off:\n"
                    + left.map { "  " + $0 }.joined(separator: "\n"),
                fileID: fileID, filePath: filePath, line: line, column: column
            )
        }
        let pending = simulator.pendingWork
        if !pending.isEmpty {
            let count = pending.count == 1 ? "1 piece of work is" : "\(pending.count) pieces of work are"
            reportIssue(
                "\(count) still under way at the end of the test; let it run (advance, settle), cancel or finish it, or set exhaustivity = .off:\n"
                    + pending.map { "  " + $0.description }.joined(separator: "\n"),
                fileID: fileID, filePath: filePath, line: line, column: column
            )
        }
    }

    /// The trace lines since the last take, as `scenesim run` prints them; clears them.
    public func takeTrace() -> [String] {
        let width = TraceRenderer.subjectWidth(scenes: simulator.config.scenes)
        return simulator.takeEvents().map { record in
            traceTimeWidth = TraceRenderer.timeWidth(record.time, after: traceTimeWidth)
            return TraceRenderer.text(record, label: simulator.label(of:), subjectWidth: width, timeWidth: traceTimeWidth)
        }
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
        _ operation: String, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        _ body: (Simulator) throws -> T
    ) throws -> T {
        let result = Result { try body(simulator) }
        let violations = simulator._checkInvariants()
        if !violations.isEmpty {
            reportIssue(
                "scenesim broke its own invariants after \(operation) (a bug in scenesim, please report it):\n"
                    + violations.map { "  - \($0)" }.joined(separator: "\n"),
                fileID: fileID, filePath: filePath, line: line, column: column
            )
        }
        return try result.get()
    }
}

/// A place in a test's source, for issues reported later than the call that made them.
struct SourceLocation {
    var fileID: StaticString
    var filePath: StaticString
    var line: UInt
    var column: UInt
}
