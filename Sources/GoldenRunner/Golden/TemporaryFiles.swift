#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The temporary files being written right now, so an interrupted run can remove them.
///
/// Removal runs on the signal watcher's own thread (see `SignalCleanup`), never inside a
/// signal handler, so taking the lock is safe.
final class TemporaryFiles: @unchecked Sendable {
    static let shared = TemporaryFiles()

    // The mutex guards `paths`, which is what makes the unchecked Sendable sound.
    private let mutex = Mutex()
    private var paths: Set<String> = []

    func register(_ path: String) {
        mutex.withLock { _ = paths.insert(path) }
    }

    func unregister(_ path: String) {
        mutex.withLock { _ = paths.remove(path) }
    }

    /// Removes every registered file; writes still running then fail instead of renaming.
    func removeAll() {
        mutex.withLock {
            for path in paths { unlink(path) }
            paths.removeAll()
        }
    }

    /// The registered paths, for tests.
    var current: Set<String> { mutex.withLock { paths } }
}

/// A plain pthread mutex (Foundation's NSLock would link all of Foundation; see Condition).
final class Mutex: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    init() { pthread_mutex_init(mutex, nil) }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    func withLock<T>(_ body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}
