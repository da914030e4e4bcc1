import SceneSim
import SceneSimTesting
import Synchronization
import Testing
import XCTest

// Every store method takes one `sourceLocation: SourceLocation = #_sourceLocation`, and its
// failures land at the caller's line under Swift Testing and under XCTest alike.

@Suite("SceneSimTestStore: failures land at the caller's line")
struct SourceLocationTests {
    static let config = AppConfig(platform: .ipados)

    /// Runs `body`, whose one failure is expected; returns where it was recorded.
    static func failureLocation(_ body: () throws -> Void) rethrows -> Testing.SourceLocation? {
        let found = Mutex<Testing.SourceLocation?>(nil)
        try withKnownIssue {
            try body()
        } matching: { issue in
            found.withLock { $0 = issue.sourceLocation }
            return true
        }
        return found.withLock { $0 }
    }

    @Test("an expectation's failure is recorded at the line and file of its call")
    func expectationLandsAtCaller() throws {
        let store = try SceneSimTestStore(Self.config)
        store.exhaustivity = .off
        try store.launch()
        let line = #line + 1
        let location = Self.failureLocation { store.expectState("authenticated") }
        #expect(location?.line == line)
        #expect(location?.fileID == #fileID)
        #expect(location?.filePath == #filePath)
    }

    @Test("finish() reports what was left unasserted at the line of its call, and an unfinished store where it was made")
    func finishLandsAtCaller() throws {
        let store = try SceneSimTestStore(Self.config)
        try store.launch()
        let line = #line + 1
        let location = Self.failureLocation { store.finish() }
        #expect(location?.line == line)

        let madeAt = #line + 2
        let dropped = Self.failureLocation {
            let unfinished = try? SceneSimTestStore(Self.config)
            try? unfinished?.launch()
        }
        #expect(dropped?.line == madeAt)
    }

    @Test("an explicit location is the one reported, a file name outside ASCII included")
    func explicitLocation() throws {
        let store = try SceneSimTestStore(Self.config)
        store.exhaustivity = .off
        let place = Testing.SourceLocation(fileID: "Modul/Grüße.swift", filePath: "/tmp/Modul/Grüße.swift", line: 12, column: 7)
        let location = Self.failureLocation { store.expectState("loading", sourceLocation: place) }
        #expect(location == place)
    }
}

/// The same failures under XCTest: recorded failures are captured instead of failing the test.
final class SourceLocationXCTests: XCTestCase {
    private var failures: [(file: String, line: Int, description: String)] = []

    #if canImport(Darwin)
    override func record(_ issue: XCTIssue) {
        failures.append((issue.sourceCodeContext.location?.fileURL.path ?? "", issue.sourceCodeContext.location?.lineNumber ?? 0, issue.compactDescription))
    }
    #else
    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        failures.append((filePath, lineNumber, description))
    }
    #endif

    func testExpectationLandsAtCaller() throws {
        let store = try SceneSimTestStore(AppConfig(platform: .ipados))
        store.exhaustivity = .off
        try store.launch()
        store.expectState("authenticated"); let line = #line
        XCTAssertEqual(failures.count, 1)
        XCTAssertEqual(failures.first?.file, "\(#filePath)")
        XCTAssertEqual(failures.first?.line, line)
        XCTAssertTrue(failures.first?.description.contains("the app's state differs") == true)
    }

    func testFinishLandsAtCaller() throws {
        let store = try SceneSimTestStore(AppConfig(platform: .ipados))
        try store.launch()
        store.finish(); let line = #line
        XCTAssertEqual(failures.map(\.line), [line, line])
        XCTAssertEqual(failures.first?.file, "\(#filePath)")
    }
}
