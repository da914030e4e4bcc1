#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Synchronization

/// Runs a Swift model's code on the main actor, where a `@MainActor` controller expects it.
///
/// The simulator itself is not isolated: Lua-only scenarios run on worker threads in parallel
/// (`scenesim test -j`). A Swift model's closures are `@MainActor`, so the simulator calls them
/// here: directly when it already runs on the main actor (a `@MainActor` test, or a command
/// that runs Swift models on the main thread), otherwise by a synchronous hop to the main
/// queue, which a Swift Testing or XCTest process keeps serving while a test runs elsewhere.
///
/// The tasks the app's code starts there run before this returns, until they await the
/// virtual clock or something outside the simulation (`AppTasks`).
///
/// The simulator is used by one thread at a time (the one driving it, or the main queue while
/// that one waits in the hop), so handing it across is safe although it is not `Sendable`.
///
/// A hop the main actor does not take within `simulator.mainActorWaitLimit` seconds is an
/// error, not a hang: the main thread is blocked, most often waiting for the very thread that
/// drives the simulator (issue 43). The hop is then withdrawn: if the main actor frees up
/// later, the model's code does not run. (The wait is measured on the monotonic clock; it
/// decides only whether a call that would never return fails instead, never what a run does.)
package func onMainActor<T: Sendable>(_ simulator: Simulator, _ body: @MainActor (Simulator) throws -> T) throws -> T {
    nonisolated(unsafe) let simulator = simulator
    return try onMainActor(waitLimit: simulator.mainActorWaitLimit) { try AppTasks.capturing(simulator) { try body(simulator) } }
}

/// Runs one of the app's async handlers, called `handler` in messages (`onLaunch`), on the main
/// actor as `onMainActor(_:_:)` runs a synchronous one: its code starts at once and, when it
/// does not suspend, ends before this returns, its error thrown here; when it awaits, the rest
/// is one of the app's tasks (`AppTasks.runHandler`, semantics 10.11).
package func onMainActor(_ simulator: Simulator, handler: String, _ body: @escaping @MainActor (Simulator) async throws -> Void) throws {
    nonisolated(unsafe) let simulator = simulator
    try onMainActor(simulator) { sim throws in
        nonisolated(unsafe) let sim = sim
        try AppTasks.runHandler(sim, handler) { try await body(sim) }
    }
}

/// Runs `body` on the main actor as `onMainActor(_:_:)` runs a model's code, before there is a
/// simulator (a registered model's `@MainActor` factory): a hop the main actor does not take
/// within `waitLimit` seconds is an error (nil: no limit).
package func onMainActor<T: Sendable>(waitLimit: Double?, _ body: @MainActor () throws -> T) throws -> T {
    if isOnMainActor {
        return try MainActor.assumeIsolated { try body() }
    }
    // No limit, or one past what a wait can be (NaN, an infinity, over 11 days): for ever.
    guard let given = waitLimit, given.isFinite, given < 1e6 else {
        return try DispatchQueue.main.sync {
            try MainActor.assumeIsolated { try body() }
        }
    }
    let limit = max(given, 0)
    return try withoutActuallyEscaping(body) { body throws -> T in
        let hop = MainActorHop<T>()
        hop.body = { try MainActor.assumeIsolated { try body() } }
        // The body leaves the hop before this returns, whoever won: the queued job holds the
        // hop only, and never calls a body it did not claim.
        defer { hop.body = nil }
        DispatchQueue.main.async {
            guard hop.state.compareExchange(expected: MainActorHop<T>.waiting, desired: MainActorHop<T>.running, ordering: .acquiringAndReleasing).exchanged else { return }
            hop.run()
        }
        if hop.done.wait(timeout: .now() + limit) == .timedOut {
            if hop.state.compareExchange(expected: MainActorHop<T>.waiting, desired: MainActorHop<T>.withdrawn, ordering: .acquiringAndReleasing).exchanged {
                throw SimError(
                    .appCode,
                    "the app's @MainActor code could not run: this simulator is driven from a thread that is not the main actor, and the main actor did not take the call within \(VirtualTime(seconds: limit).text) s (is it blocked, waiting for this thread?); drive a Swift model from the main actor (a @MainActor test), or keep the main actor free while another thread drives it"
                )
            }
            // The main actor took it just now: it runs to its end.
            hop.done.wait()
        }
        // Written before `done` was signalled.
        return try hop.result!.get()
    }
}

/// One hop to the main queue that its caller may withdraw (see `onMainActor`).
private final class MainActorHop<T>: @unchecked Sendable {
    static var waiting: Int { 0 }
    static var running: Int { 1 }
    static var withdrawn: Int { 2 }
    /// Who has the hop: the queued job (running) or the caller that gave up (withdrawn).
    let state = Atomic<Int>(0)
    let done = DispatchSemaphore(value: 0)
    var body: (() throws -> T)?
    var result: Result<T, any Error>?

    /// Runs the body once, lets go of it, then wakes the caller: by then nothing of this job
    /// holds the body (`withoutActuallyEscaping` checks that it did not escape).
    func run() {
        result = call()
        body = nil
        done.signal()
    }

    private func call() -> Result<T, any Error> {
        guard let body else { return .failure(SimError(.appCode, "the app's @MainActor code was withdrawn")) }
        return Result { try body() }
    }
}

/// Whether code running now runs on the main actor: on the main thread, or in a job of the
/// main queue. On Linux a process that has called `dispatchMain()` (as an async `main` does)
/// drains the main queue on another thread, so the thread alone does not tell.
package var isOnMainActor: Bool {
    isMainThread || DispatchQueue.getSpecific(key: mainQueueMark.key) != nil
}

/// A mark set on the main queue, so `getSpecific` tells when a job of it is running.
private let mainQueueMark: (key: DispatchSpecificKey<Bool>, set: Void) = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return (key, ())
}()

/// Whether this is the process's main thread. On Linux that takes two system calls, and every
/// call of a Swift model's handler asks (bench-core's handler row), so each thread keeps its
/// answer in a thread-specific slot: 1, the main thread; 2, another.
package var isMainThread: Bool {
    #if canImport(Glibc)
    if let known = pthread_getspecific(mainThreadKey) { return Int(bitPattern: known) == 1 }
    let main = linuxThreadID() == getpid()
    pthread_setspecific(mainThreadKey, UnsafeRawPointer(bitPattern: main ? 1 : 2))
    return main
    #else
    pthread_main_np() != 0
    #endif
}

#if canImport(Glibc)
/// Each thread's answer to `isMainThread`, once asked.
private let mainThreadKey: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key, nil)
    return key
}()
#endif

#if canImport(Glibc)
/// glibc's gettid(2) (declared only under _GNU_SOURCE, so Swift's Glibc module lacks it): on
/// Linux the main thread's id is the process id.
@_silgen_name("gettid")
private func linuxThreadID() -> pid_t
#endif
