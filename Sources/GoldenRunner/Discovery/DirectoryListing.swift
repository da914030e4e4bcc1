#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How discovery lists a folder: the system's `opendir`/`readdir`, or a stand-in in tests
/// (as root, permission bits never stop a read, so a refused folder can only be simulated).
struct DirectoryListing: Sendable {
    /// The entries of a folder (without `.` and `..`), or the errno it failed with.
    var list: @Sendable (String) -> Result<[DirectoryEntry], POSIXErrno>

    static let system = DirectoryListing { path in
        guard let directory = opendir(path) else { return .failure(POSIXErrno(code: errno)) }
        defer { closedir(directory) }
        var names: [DirectoryEntry] = []
        errno = 0
        while let entry = readdir(directory) {
            let bytes = withUnsafeBytes(of: entry.pointee.d_name) { buffer in Array(buffer.prefix { $0 != 0 }) }
            let name = DirectoryEntry(bytes: bytes)
            if name.name != ".", name.name != ".." { names.append(name) }
            errno = 0
        }
        if errno != 0 { return .failure(POSIXErrno(code: errno)) }
        return .success(names)
    }
}

/// An errno value as an Error.
struct POSIXErrno: Error, Sendable, Hashable {
    var code: Int32
}

/// A folder entry's name: as text, and its bytes when they are not UTF-8 (a `String` path
/// could not name such a file again, so discovery reports it instead of skipping it).
struct DirectoryEntry: Sendable, Hashable, ExpressibleByStringLiteral {
    var name: String
    /// The name's bytes, when they are not valid UTF-8; nil otherwise.
    var invalidBytes: [UInt8]?

    init(bytes: [UInt8]) {
        if let name = String(validating: bytes, as: UTF8.self) {
            self.name = name
        } else {
            name = String(decoding: bytes, as: UTF8.self)
            invalidBytes = bytes
        }
    }

    init(stringLiteral name: String) {
        self.name = name
    }
}
