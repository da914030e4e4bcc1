#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CLuaShim

/// A file a suite supplies, read as `require` reads its modules (issue 43): its real path must
/// lie inside one of some folders, it must be a regular file, and it is read within
/// `ContainedFile.maxBytes`. The file opened is what is checked (`scn_open_contained`), so a link
/// swapped between a check and the read cannot send it elsewhere.
package enum ContainedFile {
    /// The most bytes read from one file: 512 MiB, the default `--max-memory`.
    package static let maxBytes = Int(SCN_MAX_FILE_BYTES)

    /// Why a file was not read.
    package enum Refusal: Error, Sendable, Hashable {
        /// Nothing is there.
        case missing
        /// It resolves outside every folder given (through a symbolic link).
        case outside
        /// A FIFO, a device, a socket or a folder.
        case notRegular
        /// Larger than `maxBytes`.
        case tooLarge
        /// The system refused it; `reason` as the C library words it.
        case failed(reason: String)
    }

    /// The bytes of the file at `path` if it resolves inside one of `folders`.
    package static func read(_ path: String, inside folders: [String]) -> Result<[UInt8], Refusal> {
        var problem: Int32 = 0
        let descriptor = withCStrings(folders) { roots in
            scn_open_contained(path, roots.baseAddress, Int32(roots.count), Int64(maxBytes), &problem)
        }
        guard descriptor >= 0 else {
            switch Int(problem) {
            case Int(SCN_FILE_MISSING): return .failure(.missing)
            case Int(SCN_FILE_OUTSIDE): return .failure(.outside)
            case Int(SCN_FILE_NOT_REGULAR): return .failure(.notRegular)
            case Int(SCN_FILE_TOO_LARGE): return .failure(.tooLarge)
            default: return .failure(.failed(reason: String(cString: strerror(errno))))
            }
        }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return .success(bytes) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(.failed(reason: String(cString: strerror(errno))))
            }
            bytes += chunk[..<count]
            // A file that grows while read.
            if bytes.count > maxBytes { return .failure(.tooLarge) }
        }
    }

    private static func withCStrings<T>(_ strings: [String], _ body: (UnsafeBufferPointer<UnsafePointer<CChar>?>) -> T) -> T {
        let copies = strings.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        let pointers = copies.map { UnsafePointer($0) }
        return pointers.withUnsafeBufferPointer(body)
    }
}

// `read` inside ContainedFile would not name the C library's.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
