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

    /// The most bytes read from one file of a suite (a scenario, a golden): 512 MiB, the default
    /// `--max-memory`, so any output a scenario keeps under the defaults can be compared with its
    /// golden, and no file (a huge or sparse one) is read without bound.
    package static let maxFileSize = 512 << 20

    /// The file's bytes, or nil if nothing is there (ENOENT); any other failure (a directory,
    /// a symlink loop, no permission) throws, so it is never mistaken for a missing file.
    ///
    /// With a `boundary` (a file the suite supplies, not one the user typed), the file must
    /// resolve inside it and be a regular file: a link out of the suite is refused before it is
    /// opened, a FIFO opens without waiting (O_NONBLOCK) and is refused, and the file opened is
    /// checked to be the one inside the suite (fstat against its real path), so nothing changed
    /// between a check and the read can slip through. Every read stops at `maxFileSize`, and
    /// at `prefix` bytes when given (a scenario's leading comments).
    static func read(_ path: String, displayedAs display: String, within boundary: SuiteBoundary? = nil, prefix: Int? = nil) throws(GoldenRunnerError) -> [UInt8]? {
        if let boundary {
            guard let real = SuiteBoundary.realPath(of: path) else {
                if errno == ENOENT { return nil }
                throw .cannotRead(display, errno: errno)
            }
            guard boundary.contains(real) else { throw .outsideSuite(display, suite: boundary.shownPath, writing: false) }
        }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | (boundary == nil ? 0 : O_NONBLOCK))
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            throw .cannotRead(display, errno: errno)
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .cannotRead(display, errno: errno) }
        let type = info.st_mode & S_IFMT
        if let boundary {
            // A folder reads as the reason it always gave.
            guard type != S_IFDIR else { throw .cannotRead(display, errno: EISDIR) }
            guard type == S_IFREG else { throw .notRegularFile(display, writing: false) }
            guard boundary.holds(path, opened: info) else { throw .outsideSuite(display, suite: boundary.shownPath, writing: false) }
        }
        if type == S_IFREG, info.st_size > maxFileSize { throw .tooLarge(display) }
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
            if let prefix, bytes.count >= prefix { return Array(bytes.prefix(prefix)) }
            // A file that grows while read, or one whose size says nothing (a pipe the user named).
            if bytes.count > maxFileSize { throw .tooLarge(display) }
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
    ///
    /// With a `boundary` (a golden or review file the suite supplies), the rule is the suite's
    /// instead: see `writeInside`.
    package static func writeAtomically(_ bytes: [UInt8], to path: String, displayedAs display: String) throws(GoldenRunnerError) {
        try writeAtomically(bytes, to: path, displayedAs: display, within: nil)
    }

    /// `writeAtomically` for a file the suite supplies (`boundary` given: see `writeInside`) or
    /// one the user named (nil: the rule above).
    static func writeAtomically(_ bytes: [UInt8], to path: String, displayedAs display: String, within boundary: SuiteBoundary?) throws(GoldenRunnerError) {
        if let boundary { return try writeInside(boundary, bytes, to: path, displayedAs: display) }
        _ = try writeAtomically(to: path, displayedAs: display) { emit in emit(bytes) }
    }

    /// `writeAtomically` for bytes made while they are written (a large report is never held
    /// whole): `produce` hands `emit` each piece in order, and stops when `emit` returns false
    /// (a write failed: thrown here). It returns false to give up (a failure of its own, which
    /// its caller keeps): the old file stays, the temporary one is removed, and this returns
    /// false. A file that is not a regular one is written in place as the pieces come.
    package static func writeAtomically(
        to path: String, displayedAs display: String,
        producing produce: (_ emit: ([UInt8]) -> Bool) -> Bool
    ) throws(GoldenRunnerError) -> Bool {
        var info = stat()
        var target = path
        if lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK {
            // An existing target by its real path; a dangling link is written through, creating
            // what it names.
            guard let resolved = realpath(path, nil) else {
                guard errno == ENOENT else { throw .cannotWrite(display, errno: errno) }
                return try writeInPlace(to: path, displayedAs: display, producing: produce)
            }
            target = String(cString: resolved)
            free(resolved)
        }
        if lstat(target, &info) == 0, (info.st_mode & S_IFMT) != S_IFREG {
            return try writeInPlace(to: target, displayedAs: display, producing: produce)
        }
        // Unique per write: runs in one process (the test suite) or in two may touch one folder.
        let temporary = target + temporaryMarker + UniqueName.make()
        TemporaryFiles.shared.register(temporary)
        defer { TemporaryFiles.shared.unregister(temporary) }
        do throws(GoldenRunnerError) {
            guard try write(to: temporary, displayedAs: display, producing: produce) else {
                unlink(temporary)
                return false
            }
            guard rename(temporary, target) == 0 else { throw .cannotWrite(display, errno: errno) }
            return true
        } catch {
            unlink(temporary)
            throw error
        }
    }

    /// A write to a file the suite supplies: never outside the suite, never anything but a
    /// regular file. A link is written through only to a regular file inside the suite (a golden
    /// kept as a link to another golden of the suite keeps working); a link to nothing is refused,
    /// never created; a FIFO or a device is refused, never opened. The temporary file and the
    /// rename go through the descriptor of the folder, checked to lie inside the suite after it
    /// was opened, so a link swapped in between cannot send the write elsewhere; the rename
    /// replaces what is at the name (a link is replaced, not followed).
    private static func writeInside(_ boundary: SuiteBoundary, _ bytes: [UInt8], to path: String, displayedAs display: String) throws(GoldenRunnerError) {
        var target = path
        var info = stat()
        if lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK {
            guard let resolved = SuiteBoundary.realPath(of: path) else {
                guard errno == ENOENT else { throw .cannotWrite(display, errno: errno) }
                throw .danglingLink(display, suite: boundary.shownPath)
            }
            guard boundary.contains(resolved) else { throw .outsideSuite(display, suite: boundary.shownPath, writing: true) }
            target = resolved
        }
        guard let slash = target.lastIndex(of: "/") else { throw .cannotWrite(display, errno: EINVAL) }
        let folder = slash == target.startIndex ? "/" : String(target[..<slash])
        let name = String(target[target.index(after: slash)...])
        let directory = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard directory >= 0 else { throw .cannotWrite(display, errno: errno) }
        defer { close(directory) }
        guard fstat(directory, &info) == 0 else { throw .cannotWrite(display, errno: errno) }
        guard boundary.holds(folder, opened: info) else { throw .outsideSuite(display, suite: boundary.shownPath, writing: true) }
        if fstatat(directory, name, &info, AT_SYMLINK_NOFOLLOW) == 0 {
            let type = info.st_mode & S_IFMT
            // A folder there fails at the rename with its own reason.
            guard type == S_IFREG || type == S_IFLNK || type == S_IFDIR else { throw .notRegularFile(display, writing: true) }
        }
        let temporary = name + temporaryMarker + UniqueName.make()
        let registered = folder + "/" + temporary
        TemporaryFiles.shared.register(registered)
        defer { TemporaryFiles.shared.unregister(registered) }
        do throws(GoldenRunnerError) {
            let descriptor = openat(directory, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else { throw .cannotWrite(display, errno: errno) }
            try write(bytes, into: descriptor, displayedAs: display)
            guard renameat(directory, temporary, directory, name) == 0 else { throw .cannotWrite(display, errno: errno) }
        } catch {
            unlinkat(directory, temporary, 0)
            throw error
        }
    }

    /// A special file, or what a dangling symlink names: opened for writing and written as it is.
    private static func writeInPlace(
        to path: String, displayedAs display: String,
        producing produce: (([UInt8]) -> Bool) -> Bool
    ) throws(GoldenRunnerError) -> Bool {
        try write(to: path, flags: O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, displayedAs: display, producing: produce)
    }

    private static func write(
        to path: String, flags: Int32 = O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, displayedAs display: String,
        producing produce: (([UInt8]) -> Bool) -> Bool
    ) throws(GoldenRunnerError) -> Bool {
        let descriptor = open(path, flags, 0o644)
        guard descriptor >= 0 else { throw .cannotWrite(display, errno: errno) }
        return try write(into: descriptor, displayedAs: display, producing: produce)
    }

    /// Writes every byte and closes the descriptor (also when the write fails).
    private static func write(_ bytes: [UInt8], into descriptor: Int32, displayedAs display: String) throws(GoldenRunnerError) {
        _ = try write(into: descriptor, displayedAs: display) { emit in emit(bytes) }
    }

    /// Writes every piece `produce` hands over and closes the descriptor (also when a write
    /// fails); false when `produce` gave up.
    private static func write(
        into descriptor: Int32, displayedAs display: String,
        producing produce: (([UInt8]) -> Bool) -> Bool
    ) throws(GoldenRunnerError) -> Bool {
        var failure: Int32 = 0
        let finished = produce { bytes in
            guard failure == 0 else { return false }
            var written = 0
            while written < bytes.count {
                let count = bytes.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress! + written, $0.count - written) }
                if count < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return false
                }
                written += count
            }
            return true
        }
        if failure != 0 {
            close(descriptor)
            throw .cannotWrite(display, errno: failure)
        }
        guard close(descriptor) == 0 else { throw .cannotWrite(display, errno: errno) }
        return finished
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
