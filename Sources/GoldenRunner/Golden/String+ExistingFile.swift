import Foundation

extension String {
    /// Whether this absolute path names an existing file system entry.
    var isExistingFile: Bool { FileManager.default.fileExists(atPath: self) }
}
