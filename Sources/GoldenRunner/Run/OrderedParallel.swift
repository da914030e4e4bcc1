#if canImport(Glibc)
import Glibc
#endif

/// Runs work items on up to `jobs` threads and hands the results back on the calling thread
/// in index order, each as soon as it and every item before it are done.
///
/// Delivering in order on the caller's thread is what makes the report byte-identical for any
/// `--jobs`, while still printing progressively; `deliver` needs no locking or `Sendable`.
enum OrderedParallel {
    static func forEach<Result: Sendable>(
        count: Int, jobs: Int,
        work: @escaping @Sendable (Int) -> Result,
        deliver: (Int, Result) -> Void
    ) {
        guard count > 0 else { return }
        let state = SharedState<Result>(count: count)
        for _ in 0..<min(jobs, count) {
            // Lua's C stack use grows with script recursion; match the main thread's usual 8 MiB
            // rather than the smaller default of secondary threads.
            DetachedThread.start(stackSize: 8 << 20) {
                while let index = state.claimNext() {
                    state.complete(index, with: work(index))
                }
            }
        }
        for index in 0..<count {
            deliver(index, state.awaitResult(index))
        }
    }
}

// The mutex guards every stored property, which is what makes the unchecked Sendable sound.
private final class SharedState<Result: Sendable>: @unchecked Sendable {
    private let condition = Condition()
    private var results: [Result?]
    private var nextIndex = 0

    init(count: Int) {
        results = Array(repeating: nil, count: count)
    }

    func claimNext() -> Int? {
        condition.withLock {
            guard nextIndex < results.count else { return nil }
            nextIndex += 1
            return nextIndex - 1
        }
    }

    func complete(_ index: Int, with result: Result) {
        condition.withLock {
            results[index] = result
            condition.broadcast()
        }
    }

    func awaitResult(_ index: Int) -> Result {
        condition.withLock {
            while results[index] == nil {
                condition.wait()
            }
            // Release the slot: a long run holds only the results not yet delivered.
            defer { results[index] = nil }
            return results[index]!
        }
    }
}

/// A pthread mutex with its condition variable. (Plain pthreads rather than Foundation's
/// Thread and NSCondition: those pull all of swift-corelibs-foundation and ICU, 35 MB, into
/// the binary, which `scenesim run` then pays for at every start.)
private final class Condition: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    func withLock<T>(_ body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }

    /// Waits for `broadcast`; call with the lock held.
    func wait() { pthread_cond_wait(condition, mutex) }

    func broadcast() { pthread_cond_broadcast(condition) }
}

/// A detached POSIX thread running one closure (on the calling thread if none can start).
private enum DetachedThread {
    private final class Box {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }

    static func start(stackSize: Int, _ body: @escaping @Sendable () -> Void) {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, stackSize)
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        let box = Unmanaged.passRetained(Box(body)).toOpaque()
        var thread = pthread_t()
        let status = pthread_create(&thread, &attributes, { context in
            let box = Unmanaged<Box>.fromOpaque(context!).takeRetainedValue()
            box.body()
            return nil
        }, box)
        // Out of threads: do the work here instead; the caller's delivery loop then finds it done.
        if status != 0 {
            Unmanaged<Box>.fromOpaque(box).takeRetainedValue().body()
        }
    }
}
