#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension String {
    /// Whether this absolute path names an existing file system entry.
    var isExistingFile: Bool { FileManager.default.fileExists(atPath: self) }
}
