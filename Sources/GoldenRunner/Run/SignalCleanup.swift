#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Removes the temporary files of golden writes in progress when SIGINT or SIGTERM arrives,
/// then lets the signal end the process as it would have.
///
/// The signals are blocked in the calling thread (and so in the worker threads it starts) and
/// taken by a watcher thread with `sigtimedwait` (on macOS, which lacks it, `sigpending` and
/// `sigwait`): the cleanup runs as ordinary code, free to lock and unlink, rather than in an
/// async signal handler.
package enum SignalCleanup {
    /// Blocks SIGINT and SIGTERM in the calling thread (and the threads it starts from now on);
    /// returns the two signals and the mask that was in force before.
    package static func blockInterrupts() -> (signals: sigset_t, previous: sigset_t) {
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &signals, &previous)
        return (signals, previous)
    }

    static func during<T>(_ body: () -> T) -> T {
        let blocked = blockInterrupts()
        var previous = blocked.previous
        let watcher = Watcher(signals: blocked.signals)
        watcher.start()
        defer {
            watcher.stop()
            // A signal that came after the watcher's last look is still pending: unblocking
            // delivers it here, with its usual effect.
            pthread_sigmask(SIG_SETMASK, &previous, nil)
        }
        return body()
    }

    private final class Watcher: @unchecked Sendable {
        // `done` is written under the mutex and read by the watcher under it.
        private let mutex = Mutex()
        private var done = false
        private let signals: sigset_t

        init(signals: sigset_t) { self.signals = signals }

        func start() {
            DetachedThread.start(stackSize: 64 << 10) { [self] in watch() }
        }

        func stop() { mutex.withLock { done = true } }

        private func watch() {
            var signals = self.signals
            var wait = timespec(tv_sec: 0, tv_nsec: 20_000_000)
            while !mutex.withLock({ done }) {
                let caught = Self.take(&signals, waitingAtMost: &wait)
                guard caught > 0 else { continue }
                TemporaryFiles.shared.removeAll()
                // End the process the way the signal would have: default action, unblocked here.
                signal(caught, SIG_DFL)
                var only = sigset_t()
                sigemptyset(&only)
                sigaddset(&only, caught)
                pthread_sigmask(SIG_UNBLOCK, &only, nil)
                raise(caught)
            }
        }

        /// Takes one of `signals` that is pending, waiting at most `timeout` for one; the signal,
        /// or -1 if none came.
        private static func take(_ signals: inout sigset_t, waitingAtMost timeout: inout timespec) -> Int32 {
            #if canImport(Darwin)
            // macOS has no sigtimedwait. sigwait returns at once for a signal already pending, so
            // take it only when sigpending shows one, and otherwise sleep the timeout: a signal
            // waits (blocked) at most that long, as with sigtimedwait's timeout.
            var pending = sigset_t()
            sigpending(&pending)
            let arrived = (1..<32).contains { sigismember(&pending, $0) == 1 && sigismember(&signals, $0) == 1 }
            guard arrived else {
                nanosleep(&timeout, nil)
                return -1
            }
            var caught: Int32 = 0
            return sigwait(&signals, &caught) == 0 ? caught : -1
            #else
            return sigtimedwait(&signals, nil, &timeout)
            #endif
        }
    }
}
