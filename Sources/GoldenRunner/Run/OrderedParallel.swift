#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs work items on up to `jobs` threads and hands the results back on the calling thread
/// in index order, each as soon as it and every item before it are done.
///
/// Delivering in order on the caller's thread is what makes the report byte-identical for any
/// `--jobs`, while still printing progressively; `deliver` needs no locking or `Sendable`.
///
/// With a `timeout`, the calling thread also watches the clock while it waits: an item running
/// longer is asked to stop through its `ScenarioStop` (again at every look, until it returns).
/// One that still has not returned `grace` after the first request is given up: `abandoned`
/// stands in for its result, and a fresh thread takes over its slot so the others carry on.
package enum OrderedParallel {
    package struct Limits {
        var timeout: Duration?
        var grace: Duration = .seconds(5)
        /// How often the waiting thread looks at the clock.
        var tick: Duration = .milliseconds(20)

        init(timeout: Duration? = nil, grace: Duration = .seconds(5)) {
            self.timeout = timeout
            self.grace = grace
        }

        /// No timeout: every item runs to its end.
        package static var none: Limits { Limits() }
    }

    package static func forEach<Result: Sendable>(
        count: Int, jobs: Int, limits: Limits = .none,
        work: @escaping @Sendable (Int, ScenarioStop) -> Result,
        abandoned: (Int) -> Result,
        deliver: (Int, Result) -> Void
    ) {
        guard count > 0 else { return }
        let state = SharedState<Result>(count: count)
        let startWorker: @Sendable () -> Void = {
            // Lua's C stack use grows with script recursion; match the main thread's usual 8 MiB
            // rather than the smaller default of secondary threads.
            DetachedThread.start(stackSize: 8 << 20) {
                while let index = state.claimNext() {
                    state.complete(index, with: work(index, state.stops[index]))
                }
            }
        }
        for _ in 0..<min(jobs, count) { startWorker() }
        for index in 0..<count {
            let result =
                state.awaitResult(index, limits: limits)
                ?? {
                    startWorker()
                    return abandoned(index)
                }()
            deliver(index, result)
        }
    }
}

// The mutex guards every stored var, which is what makes the unchecked Sendable sound;
// `stops` is immutable and each stop is thread-safe itself.
private final class SharedState<Result: Sendable>: @unchecked Sendable {
    private let condition = Condition()
    private var results: [Result?]
    private var nextIndex = 0
    private var started: [ContinuousClock.Instant?]
    private var stopRequested: [ContinuousClock.Instant?]
    let stops: [ScenarioStop]

    init(count: Int) {
        results = Array(repeating: nil, count: count)
        started = Array(repeating: nil, count: count)
        stopRequested = Array(repeating: nil, count: count)
        stops = (0..<count).map { _ in ScenarioStop() }
    }

    func claimNext() -> Int? {
        condition.withLock {
            guard nextIndex < results.count else { return nil }
            started[nextIndex] = .now
            nextIndex += 1
            return nextIndex - 1
        }
    }

    func complete(_ index: Int, with result: Result) {
        condition.withLock {
            // An abandoned item that returns late: its result was already delivered.
            guard started[index] != nil else { return }
            results[index] = result
            started[index] = nil
            condition.broadcast()
        }
    }

    /// The item's result once it is done; nil if it was given up on (see `OrderedParallel`).
    func awaitResult(_ index: Int, limits: OrderedParallel.Limits) -> Result? {
        condition.withLock {
            while results[index] == nil {
                guard let timeout = limits.timeout else {
                    condition.wait()
                    continue
                }
                condition.wait(for: limits.tick)
                let now = ContinuousClock.now
                var overdue: [ScenarioStop] = []
                for running in started.indices {
                    guard let start = started[running], now - start > timeout else { continue }
                    if stopRequested[running] == nil { stopRequested[running] = now }
                    overdue.append(stops[running])
                }
                if results[index] == nil, let asked = stopRequested[index], now - asked > limits.grace {
                    started[index] = nil
                    return nil
                }
                // Requests are made outside the lock: a handler may take locks of its own.
                condition.withoutLock { overdue.forEach { $0.request() } }
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
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        #if !canImport(Darwin)
        // Timed waits measure on the monotonic clock, immune to the wall clock being set.
        // (macOS has no pthread_condattr_setclock: its waits are relative, see `wait(for:)`.)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        #endif
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
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

    /// Runs `body` with the lock released; call with the lock held.
    func withoutLock(_ body: () -> Void) {
        pthread_mutex_unlock(mutex)
        defer { pthread_mutex_lock(mutex) }
        body()
    }

    /// Waits for `broadcast`; call with the lock held.
    func wait() { pthread_cond_wait(condition, mutex) }

    /// Waits for `broadcast` or until `duration` has passed; call with the lock held.
    func wait(for duration: Duration) {
        #if canImport(Darwin)
        // A relative wait, which the wall clock being set does not stretch either.
        let (seconds, attoseconds) = duration.components
        var relative = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
        pthread_cond_timedwait_relative_np(condition, mutex, &relative)
        #else
        var deadline = timespec()
        clock_gettime(CLOCK_MONOTONIC, &deadline)
        let (seconds, attoseconds) = duration.components
        let nanoseconds = Int(deadline.tv_nsec) + Int(attoseconds / 1_000_000_000)
        deadline.tv_sec += Int(seconds) + nanoseconds / 1_000_000_000
        deadline.tv_nsec = nanoseconds % 1_000_000_000
        pthread_cond_timedwait(condition, mutex, &deadline)
        #endif
    }

    func broadcast() { pthread_cond_broadcast(condition) }
}
