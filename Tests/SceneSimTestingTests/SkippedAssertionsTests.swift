import IssueReporting
import SceneSim
import SceneSimTesting
import Synchronization
import Testing

/// Issue 42, item 6: `exhaustivity = .off(showSkippedAssertions: true)` reports what a
/// non-exhaustive store passed over, as known issues; `.off` reports nothing. The store reports
/// through IssueReporting, whose reporters are replaced here by one that keeps the messages.
@Suite("SceneSimTestStore: skipped assertions shown or not")
struct SkippedAssertionsTests {
    /// Keeps each reported message; fails nothing.
    final class Capture: IssueReporter {
        let messages = Mutex<[String]>([])
        func reportIssue(_ message: @autoclosure () -> String?, severity: IssueSeverity, fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
            let text = message() ?? ""
            messages.withLock { $0.append(text) }
        }
    }

    /// What a non-exhaustive run reports: events skipped by `receive`, a snapshot change its
    /// closure left out, and what `finish()` passed over.
    static func reported(_ exhaustivity: SceneSimTestStore.Exhaustivity) throws -> [String] {
        let capture = Capture()
        try withIssueReporters([capture]) {
            let store = try SceneSimTestStore(AppConfig(platform: .ipados))
            store.exhaustivity = exhaustivity
            try store.launch()
            try store.advance(by: .seconds(1))
            store.receive(.stateChanged(from: "loading", to: "unauthenticated"))
            try store.send(.background) { $0.phase = .background }
            store.finish()
        }
        return capture.messages.withLock { $0 }.map { String($0.prefix { $0 != "\n" }) }
    }

    @Test("with showSkippedAssertions each skipped assertion is reported; with .off none is")
    func shownOrNot() throws {
        #expect(try Self.reported(.off).isEmpty)
        let shown = try Self.reported(.off(showSkippedAssertions: true))
        #expect(
            shown == [
                "4 events were skipped before the one received:",
                "the snapshot changed in ways the assertion did not say (−: its closure, +: what ran):",
                "4 trace events were not asserted; assert them with expectTrace, take them with takeTrace, or set exhaustivity = .off:",
            ], "\(shown)")
    }
}
