#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A detached POSIX thread running one closure (on the calling thread if none can start).
package enum DetachedThread {
    private final class Box {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }

    package static func start(stackSize: Int, _ body: @escaping @Sendable () -> Void) {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, stackSize)
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        let box = Unmanaged.passRetained(Box(body)).toOpaque()
        // pthread_t is an integer on Linux and a non-null pointer on macOS, where pthread_create
        // takes an optional one to fill in.
        #if canImport(Darwin)
        var thread: pthread_t?
        #else
        var thread = pthread_t()
        #endif
        let status = pthread_create(
            &thread, &attributes,
            { context in
                // The context is optional on Linux only; the cast makes one spelling fit both.
                let box = Unmanaged<Box>.fromOpaque((context as UnsafeMutableRawPointer?)!).takeRetainedValue()
                box.body()
                return nil
            }, box)
        // Out of threads: do the work here instead; the caller's delivery loop then finds it done.
        if status != 0 {
            Unmanaged<Box>.fromOpaque(box).takeRetainedValue().body()
        }
    }
}
