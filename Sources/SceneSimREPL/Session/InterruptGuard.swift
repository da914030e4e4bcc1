import LuaKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Ctrl-C while a chunk runs: a SIGINT handler that stops the Lua code at its next hook step
/// (it raises "interrupted"). Installed only around a run, so while the user is typing the line
/// editor owns Ctrl-C, and a pipe keeps the default (Ctrl-C ends the process).
enum InterruptGuard {
    /// Runs `body` with the handler installed, then restores the previous disposition.
    static func whileRunning<T>(_ body: () throws(LuaError) -> T) throws(LuaError) -> T {
        var action = sigaction()
        action.handler = { _ in LuaState.interruptAll() }
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        var previous = sigaction()
        sigaction(SIGINT, &action, &previous)
        // A parent may hand SIGINT down blocked (util-linux script does); the user's Ctrl-C
        // must still arrive.
        var interrupt = sigset_t()
        sigemptyset(&interrupt)
        sigaddset(&interrupt, SIGINT)
        var previousMask = sigset_t()
        pthread_sigmask(SIG_UNBLOCK, &interrupt, &previousMask)
        defer {
            pthread_sigmask(SIG_SETMASK, &previousMask, nil)
            sigaction(SIGINT, &previous, nil)
        }
        return try body()
    }
}

extension sigaction {
    /// The handler (`sa_handler`), whose field is in a union that glibc and macOS name
    /// differently. (`scenesim run`'s signal handling uses it too.)
    package var handler: (@convention(c) (Int32) -> Void)? {
        get {
            #if canImport(Darwin)
            __sigaction_u.__sa_handler
            #else
            __sigaction_handler.sa_handler
            #endif
        }
        set {
            #if canImport(Darwin)
            __sigaction_u.__sa_handler = newValue
            #else
            __sigaction_handler.sa_handler = newValue
            #endif
        }
    }
}
