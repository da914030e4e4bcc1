#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch

/// Runs a Swift model's code on the main actor, where a `@MainActor` controller expects it.
///
/// The simulator itself is not isolated: Lua-only scenarios run on worker threads in parallel
/// (`scenesim test -j`). A Swift model's closures are `@MainActor`, so the simulator calls them
/// here: directly when it already runs on the main actor (a `@MainActor` test, or a command
/// that runs Swift models on the main thread), otherwise by a synchronous hop to the main
/// queue, which a Swift Testing or XCTest process keeps serving while a test runs elsewhere.
///
/// The simulator is used by one thread at a time (the one driving it, or the main queue while
/// that one waits in the hop), so handing it across is safe although it is not `Sendable`.
package func onMainActor<T: Sendable>(_ simulator: Simulator, _ body: @MainActor (Simulator) throws -> T) throws -> T {
    nonisolated(unsafe) let simulator = simulator
    if isOnMainActor {
        return try MainActor.assumeIsolated { try body(simulator) }
    }
    return try DispatchQueue.main.sync {
        try MainActor.assumeIsolated { try body(simulator) }
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

/// Whether this is the process's main thread.
package var isMainThread: Bool {
    #if canImport(Glibc)
    linuxThreadID() == getpid()
    #else
    pthread_main_np() != 0
    #endif
}

#if canImport(Glibc)
/// glibc's gettid(2) (declared only under _GNU_SOURCE, so Swift's Glibc module lacks it): on
/// Linux the main thread's id is the process id.
@_silgen_name("gettid")
private func linuxThreadID() -> pid_t
#endif
