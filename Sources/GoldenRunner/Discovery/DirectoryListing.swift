#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How discovery lists a folder: the system's `opendir`/`readdir`, or a stand-in in tests
/// (as root, permission bits never stop a read, so a refused folder can only be simulated).
struct DirectoryListing: Sendable {
    /// The entry names of a folder (without `.` and `..`), or the errno it failed with.
    var list: @Sendable (String) -> Result<[String], POSIXErrno>

    static let system = DirectoryListing { path in
        guard let directory = opendir(path) else { return .failure(POSIXErrno(code: errno)) }
        defer { closedir(directory) }
        var names: [String] = []
        errno = 0
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { buffer in
                String(decoding: buffer.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != ".", name != ".." { names.append(name) }
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
