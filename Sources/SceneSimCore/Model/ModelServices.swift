import ByteText

/// What a model uses besides scenes (semantics 8): UserDefaults, timers, and the replies of
/// the auth server it is waiting for. One value on the simulator, so the simulator's own shape
/// can change without these moving.
///
/// The driver's functions for timers and answers run at handler points (`HandlerPoint.taskDue`,
/// `.serverAnswered`), at their event, as every piece of the app's code does.
///
/// Defaults are device data and survive every termination. Timers and validation requests
/// belong to the process that made them: their scheduled jobs die with it (the scheduler is
/// emptied at termination), and a record whose `launch` is not the running process's is over.
struct ModelServices {
    /// UserDefaults / @AppStorage: on disk, written through at each write.
    var defaults = SceneStorage()
    /// Every timer made by `after`, by id - 1 (ids are never reused).
    var tasks: [TaskRecord] = []
    /// Validation requests still waiting for the server, by request id.
    var validations: [Int: ValidationRequest] = [:]
    var nextValidation = 1

    struct TaskRecord {
        /// The launch number of the process that made it.
        var launch: Int
        var at: VirtualTime
        var done = false
        var cancelled = false
    }

    struct ValidationRequest {
        var launch: Int
        var token: Int
    }
}

/// What `sim.server.validate` answers (semantics 8.3).
public enum ServerAnswer: String, Sendable, CaseIterable {
    case valid, expired, revoked, unreachable
}

/// Where a timer made by `after` stands.
public enum TaskStatus: String, Sendable {
    /// Scheduled and still to run.
    case pending
    /// Its function was called.
    case done
    /// `cancel()` stopped it before it ran.
    case cancelled
    /// Its process ended before it ran: tasks die with their process.
    case ended
}
