#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The runner's only file access for goldens and scenarios: read bytes, replace a file
/// atomically, remove a file. Plain system calls, so every failure keeps its errno.
package enum GoldenFiles {
    /// The marker between a target's name and the unique suffix of its temporary file.
    static let temporaryMarker = ".tmp-"

    /// The file's bytes, or nil if nothing is there (ENOENT); any other failure (a directory,
    /// a symlink loop, no permission) throws, so it is never mistaken for a missing file.
    static func read(_ path: String, displayedAs display: String) throws(GoldenRunnerError) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            throw .cannotRead(display, errno: errno)
        }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return bytes }
            if count < 0 {
                if errno == EINTR { continue }
                throw .cannotRead(display, errno: errno)
            }
            bytes += chunk[..<count]
        }
    }

    /// Writes a temporary file beside the target and renames it over the target, so a reader
    /// (or an interrupted run) sees either the old golden or the new one, never half of one.
    /// The temporary file is removed whenever the write fails, and on SIGINT/SIGTERM while it
    /// exists (see `TemporaryFiles`), so no `NAME.golden.tmp-…` is left behind.
    ///
    /// The file is the one `path` names: through a symlink, its target is replaced, not the
    /// link; and a file that is not a regular one (a FIFO, `/dev/stdout`, `/dev/full`) is written
    /// in place, since renaming over it would put a regular file where a device or a pipe was.
    package static func writeAtomically(_ bytes: [UInt8], to path: String, displayedAs display: String) throws(GoldenRunnerError) {
        var info = stat()
        var target = path
        if lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK {
            // An existing target by its real path; a dangling link is written through, creating
            // what it names.
            guard let resolved = realpath(path, nil) else {
                guard errno == ENOENT else { throw .cannotWrite(display, errno: errno) }
                return try writeInPlace(bytes, to: path, displayedAs: display)
            }
            target = String(cString: resolved)
            free(resolved)
        }
        if lstat(target, &info) == 0, (info.st_mode & S_IFMT) != S_IFREG {
            return try writeInPlace(bytes, to: target, displayedAs: display)
        }
        // Unique per write: runs in one process (the test suite) or in two may touch one folder.
        let temporary = target + temporaryMarker + UniqueName.make()
        TemporaryFiles.shared.register(temporary)
        defer { TemporaryFiles.shared.unregister(temporary) }
        do throws(GoldenRunnerError) {
            try write(bytes, to: temporary, displayedAs: display)
            guard rename(temporary, target) == 0 else { throw .cannotWrite(display, errno: errno) }
        } catch {
            unlink(temporary)
            throw error
        }
    }

    /// A special file, or what a dangling symlink names: opened for writing and written as it is.
    private static func writeInPlace(_ bytes: [UInt8], to path: String, displayedAs display: String) throws(GoldenRunnerError) {
        try write(bytes, to: path, flags: O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, displayedAs: display)
    }

    private static func write(_ bytes: [UInt8], to path: String, flags: Int32 = O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, displayedAs display: String) throws(GoldenRunnerError) {
        let descriptor = open(path, flags, 0o644)
        guard descriptor >= 0 else { throw .cannotWrite(display, errno: errno) }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress! + written, $0.count - written) }
            if count < 0 {
                if errno == EINTR { continue }
                let failure = errno
                close(descriptor)
                throw .cannotWrite(display, errno: failure)
            }
            written += count
        }
        guard close(descriptor) == 0 else { throw .cannotWrite(display, errno: errno) }
    }

    /// Removes a file if it exists.
    static func remove(_ path: String, displayedAs display: String) throws(GoldenRunnerError) {
        guard unlink(path) == 0 || errno == ENOENT else { throw .cannotRemove(display, errno: errno) }
    }
}

// Inside GoldenFiles, `read` and `write` name its own functions; at file scope they are the C
// library's, whichever module (Glibc or Darwin) provides it, so no module name is spelled out.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
