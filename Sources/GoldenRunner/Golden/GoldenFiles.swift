#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// The runner's only file writes: read a golden, replace it atomically, remove a file.
enum GoldenFiles {
    /// The file's text, or nil if it does not exist.
    static func read(_ path: String, displayedAs display: String) throws(GoldenRunnerError) -> String? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        do {
            return String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
        } catch {
            throw .cannotRead(display, error)
        }
    }

    /// Writes a temporary file beside the target and renames it over the target, so a reader
    /// (or an interrupted run) sees either the old golden or the new one, never half of one.
    static func writeAtomically(_ text: String, to path: String, displayedAs display: String) throws(GoldenRunnerError) {
        // Unique per write: runs in one process (the test suite) or in two may touch one folder.
        let temporary = path + ".tmp-" + UUID().uuidString
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: temporary))
        } catch {
            throw .cannotWrite(display, error)
        }
        guard rename(temporary, path) == 0 else {
            let error = POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
            try? FileManager.default.removeItem(atPath: temporary)
            throw .cannotWrite(display, error)
        }
    }

    /// Removes a file if it exists.
    static func remove(_ path: String, displayedAs display: String) throws(GoldenRunnerError) {
        guard FileManager.default.fileExists(atPath: path) else { return }
        do {
            try FileManager.default.removeItem(atPath: path)
        } catch {
            throw .cannotRemove(display, error)
        }
    }
}
