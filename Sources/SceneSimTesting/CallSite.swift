import CustomDump
import IssueReporting
import SceneSim
import Synchronization
import Testing

// Every public store method takes Swift Testing's `SourceLocation` (`#_sourceLocation`), whose
// parts are `String`s; IssueReporting and CustomDump, which fail the running test under Swift
// Testing and XCTest alike, take `StaticString`s. A store reports through them with the caller's
// location turned back into `StaticString`s, so a failure lands at the caller's line in both.

/// The caller's location as IssueReporting and CustomDump take it.
struct CallSite {
    var fileID: StaticString
    var filePath: StaticString
    var line: UInt
    var column: UInt

    init(_ location: SourceLocation) {
        fileID = Self.staticString(location.fileID)
        filePath = Self.staticString(location.filePath)
        line = UInt(max(location.line, 0))
        column = UInt(max(location.column, 0))
    }

    /// Fails the running test with `message` at this place.
    func fail(_ message: String) {
        reportIssue(message, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Fails the running test with a −/+ diff when `actual` is not `expected`.
    func expectEqual<T: Equatable>(_ expected: T, _ actual: T, _ message: String) {
        expectNoDifference(expected, actual, message, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Runs `body`, whose failures are known issues (Swift Testing's `withKnownIssue`, XCTest's
    /// `XCTExpectFailure`): reported, not failing the test.
    func withKnownIssue(_ body: () -> Void) {
        withExpectedIssue(isIntermittent: true, fileID: fileID, filePath: filePath, line: line, column: column, body)
    }

    /// `value` as swift-custom-dump writes it, for a message.
    static func dump(_ value: Any) -> String {
        String(customDumping: value)
    }

    /// swift-custom-dump's −/+ diff of two values; nil when they dump the same.
    static func difference<T>(_ old: T, _ new: T) -> String? {
        diff(old, new)
    }

    /// The texts made into `StaticString`s so far: a test suite names a few files, each made once
    /// and kept for the life of the process (a `StaticString` points at memory that never goes).
    private static let made = Mutex<[String: StaticString]>([:])

    /// `text` as a `StaticString`. The standard library has no public initializer from a run-time
    /// string; `StaticString` is `@frozen` (its layout is ABI: the start of its UTF-8, their
    /// count, and flags whose bit 1 says ASCII and bit 0, clear here, that it holds a pointer),
    /// so one is laid out over a NUL-terminated copy that is never freed.
    static func staticString(_ text: String) -> StaticString {
        made.withLock { made in
            if let found = made[text] { return found }
            let bytes = Array(text.utf8)
            let start = UnsafeMutablePointer<UInt8>.allocate(capacity: bytes.count + 1)
            start.initialize(from: bytes, count: bytes.count)
            start[bytes.count] = 0
            let flags: UInt8 = bytes.allSatisfy { $0 < 0x80 } ? 0b10 : 0
            let string = unsafeBitCast((UInt(bitPattern: start), UInt(bytes.count), flags), to: StaticString.self)
            made[text] = string
            return string
        }
    }
}

/// A script's bytes in a diff as the trace writes them (`"draft"`), not as an array of bytes.
extension ByteString: CustomDumpStringConvertible {
    /// The bytes as a quoted, escaped literal: `"draft"`.
    public var customDumpDescription: String { quoted }
}
