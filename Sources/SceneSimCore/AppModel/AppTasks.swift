#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@_spi(ExperimentalCustomExecutors) import _Concurrency
import Synchronization

/// The tasks the app's code starts, run by the simulator within its events (semantics 10.10).
///
/// A Swift model's code runs in `capturing` (every hop into it goes through `onMainActor`).
/// While it runs, a job the code makes ready on the thread that runs it (a `Task { @MainActor
/// in … }` started, a continuation resumed, a hop to a nonisolated async function, a
/// `Task.yield()`) is kept instead of going to the platform's executors, and when the outermost
/// hop's code returns, every job kept (and every job those make ready) runs there, in the order
/// they became ready, on the main actor. So a task the app starts runs when the code that
/// started it returns, within the same event, until it awaits the clock (`SimClock`) or
/// something outside the simulation.
///
/// The mechanism is Swift's custom executors (`_createExecutors`, installed once, on the first
/// hop): the main and the default executor wrap the platform's and forward everything not made
/// ready on a thread running the app's code, so the rest of the process is untouched. A
/// `withMainSerialExecutor`-style enqueue hook does not see `Task { @MainActor in }` on Swift
/// 6.3, which is why this takes over the executors. The SPI needs macOS 26.4 or later (Linux:
/// any); on an older macOS the app's tasks are not managed: they run when the main actor is
/// free, as in the app.
enum AppTasks {
    /// The most jobs one hop runs before it calls the app's tasks a livelock (a task that
    /// yields for ever).
    static let drainLimit = 100_000

    /// Whether the calling thread is running the app's code in `capturing` (a handler, or an
    /// app's task the simulator runs).
    static var isRunningAppCode: Bool { pthread_getspecific(markKey) != nil }

    /// Runs `body`, the app's code on the main actor; when this is the outermost hop, then runs
    /// every job it made ready (see the type). A livelock of the app's tasks is an error, and
    /// the jobs still ready are dropped (their tasks never run again).
    static func capturing<T>(_ body: () throws -> T) throws -> T {
        guard installed, !isRunningAppCode else { return try body() }
        pthread_setspecific(markKey, UnsafeRawPointer(bitPattern: 1))
        defer { pthread_setspecific(markKey, nil) }
        let result = Result { try body() }
        try drain()
        return try result.get()
    }

    /// The jobs kept, in the order they became ready, and the first not yet run.
    private static let kept = Mutex<(jobs: [UnownedJob], next: Int)>(([], 0))

    /// Keeps a job made ready by the app's code (an executor's enqueue, on a capturing thread).
    static func keep(_ job: UnownedJob) {
        kept.withLock { $0.jobs.append(job) }
    }

    private static func takeNext() -> UnownedJob? {
        kept.withLock { kept in
            guard kept.next < kept.jobs.count else {
                kept.jobs.removeAll(keepingCapacity: true)
                kept.next = 0
                return nil
            }
            defer { kept.next += 1 }
            return kept.jobs[kept.next]
        }
    }

    private static func drain() throws(SimError) {
        var ran = 0
        while let job = takeNext() {
            job.runSynchronously(on: MainActor.sharedUnownedExecutor)
            ran += 1
            if ran >= drainLimit, isPending {
                // Dropped, never run: they would keep the next event going too.
                kept.withLock { $0 = ([], 0) }
                throw SimError(
                    .didNotSettle,
                    "the app's tasks ran \(drainLimit) steps in one event and are still ready to run: a task that never awaits anything but Task.yield() or itself keeps the event going; let it await the clock (SimClock.sleep) or end"
                )
            }
        }
    }

    private static var isPending: Bool { kept.withLock { $0.next < $0.jobs.count } }

    /// The thread-specific mark of a thread running the app's code.
    private static let markKey: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// Whether the executors are taken over (once, on first use).
    private static let installed: Bool = {
        if #available(macOS 26.4, iOS 26.4, watchOS 26.4, tvOS 26.4, visionOS 26.4, *) {
            _createExecutors(factory: AppTaskExecutors.self)
            return true
        }
        return false
    }()
}

/// The main actor's executor, taken over: a job made ready while the app's code runs on this
/// thread is kept for the simulator; any other goes to the platform's.
@available(macOS 26.4, iOS 26.4, watchOS 26.4, tvOS 26.4, visionOS 26.4, *)
private final class AppMainExecutor: MainExecutor, @unchecked Sendable {
    let platform: any MainExecutor
    init(platform: any MainExecutor) { self.platform = platform }
    func run() throws { try platform.run() }
    func stop() { platform.stop() }
    func enqueue(_ job: consuming ExecutorJob) {
        if AppTasks.isRunningAppCode { AppTasks.keep(UnownedJob(job)) } else { platform.enqueue(job) }
    }
    var isMainExecutor: Bool { true }
    func checkIsolated() { platform.checkIsolated() }
}

/// The default (global) executor, taken over the same way: a nonisolated async function the
/// app's task calls runs within the event too.
@available(macOS 26.4, iOS 26.4, watchOS 26.4, tvOS 26.4, visionOS 26.4, *)
private final class AppDefaultExecutor: TaskExecutor, @unchecked Sendable {
    let platform: any TaskExecutor
    init(platform: any TaskExecutor) { self.platform = platform }
    func enqueue(_ job: consuming ExecutorJob) {
        if AppTasks.isRunningAppCode { AppTasks.keep(UnownedJob(job)) } else { platform.enqueue(job) }
    }
}

@available(macOS 26.4, iOS 26.4, watchOS 26.4, tvOS 26.4, visionOS 26.4, *)
private struct AppTaskExecutors: ExecutorFactory {
    static let main = AppMainExecutor(platform: PlatformExecutorFactory.mainExecutor)
    static let global = AppDefaultExecutor(platform: PlatformExecutorFactory.defaultExecutor)
    static var mainExecutor: any MainExecutor { main }
    static var defaultExecutor: any TaskExecutor { global }
}
