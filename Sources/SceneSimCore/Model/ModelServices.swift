import ByteText

/// What a model uses besides scenes (semantics 8): UserDefaults, timers, and the replies of
/// the auth server it is waiting for. One value on the simulator, so the simulator's own shape
/// can change without these moving.
///
/// Timer bodies and server-answer bodies are the app's code: the simulator runs them itself at
/// their handler points (`HandlerPoint.taskDue`, `.serverAnswered`), after the driver has seen
/// the point, as every piece of the app's code runs.
///
/// Defaults are device data and survive every termination. Timers and validation requests
/// belong to the process that made them: their scheduled jobs and bodies die with it
/// (`processEnded`), and a record whose `launch` is not the running process's is over.
struct ModelServices {
    /// UserDefaults / @AppStorage: on disk, written through at each write.
    var defaults = SimSceneStorage()
    /// What `defaults` costs the simulator's memory budget, kept as they are written.
    var defaultsBytes = 0
    /// Every timer made by `scheduleTask`, by id - 1 (ids are never reused).
    var tasks: [TaskRecord] = []
    /// The bodies of the pending timers, by id; each is let go when it runs, is cancelled, or
    /// its process ends, so the table holds only what can still run.
    var taskBodies: [Int: (Simulator) throws -> Void] = [:]
    /// The places timers were armed at (`model.lua:4`, `Model.swift:12`), each once, by
    /// `TaskRecord.site`; and each place's number.
    var timerSites: [String] = []
    var timerSiteNumbers: [String: Int32] = [:]
    /// The timer whose body runs now (0: none): a timer armed by it is its child.
    var runningTask = 0
    /// The built-in model's own timers, by an id of their own: not tasks a script can see, so
    /// they take no task number.
    var modelTimers: [Int: (Simulator) -> Void] = [:]
    var nextModelTimer = 1
    /// The app's tasks asleep on `SimClock`, by an id of their own (see `Simulator.registerSleep`).
    var sleeps: [Int: Sleep] = [:]
    var nextSleep = 1
    /// Validation requests still waiting for the server, by request id.
    var validations: [Int: ValidationRequest] = [:]
    var nextValidation = 1
    /// Every background task, by id - 1 (semantics 11.3).
    var backgroundTasks: [BackgroundTaskRecord] = []
    /// The bytes of the background tasks' names, for the memory budget (records are kept for
    /// the whole run).
    var backgroundTaskNameBytes = 0
    /// The pending background refresh request, if any: it outlives the process (11.4).
    var refreshRequest: RefreshRequest?

    struct TaskRecord {
        /// The launch number of the process that made it.
        var launch: Int
        var at: VirtualTime
        var done = false
        var cancelled = false
        /// Where it was armed (its place in `timerSites`), -1 where no place is known.
        var site: Int32 = -1
        /// The places of the timer and of the chain of timers whose bodies armed it (its
        /// parent, the parent's parent, ...), each once.
        var lineage: [Int32] = []
        /// A repeating timer: armed at a place its lineage already holds, by the body of a timer
        /// of its own chain (`Simulator.scheduleTask`, docs/semantics.md 8.5).
        var repeating = false
    }

    /// The number of place `site`, given one the first time it is seen.
    mutating func siteNumber(_ site: String) -> Int32 {
        if let number = timerSiteNumbers[site] { return number }
        let number = Int32(timerSites.count)
        timerSites.append(site)
        timerSiteNumbers[site] = number
        return number
    }

    struct ValidationRequest {
        var launch: Int
        var token: Int
        /// The app's code for the answer; nil once it ran.
        var answer: ((Simulator, ServerAnswer, ByteString?) throws -> Void)?
    }

    mutating func takeTaskBody(_ id: Int) -> ((Simulator) throws -> Void)? {
        taskBodies.removeValue(forKey: id)
    }

    /// The process ended: its timers' bodies and its waiting requests are let go.
    mutating func processEnded() {
        taskBodies.removeAll()
        modelTimers.removeAll()
        validations.removeAll()
        // Never resumed: no app code runs after its process ends.
        sleeps.removeAll()
    }
}

/// A timer made by `Simulator.scheduleTask(after:_:)`.
///
/// In a scenario script: `app:after`.
public struct TaskID: Hashable, Sendable, CustomStringConvertible {
    /// Timers are numbered from 1 in the order they were made, for the whole run.
    public let rawValue: Int

    /// The timer numbered `rawValue`.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The timer as the trace names it (`task 1`).
    public var description: String { "task \(rawValue)" }
}

/// A request made by `Simulator.validate(token:_:)`.
///
/// In a scenario script: `sim.server.validate`.
public struct ValidationRequestID: Hashable, Sendable {
    /// Requests are numbered from 1 in the order they were made, for the whole run.
    public let rawValue: Int

    /// The request numbered `rawValue`.
    public init(rawValue: Int) { self.rawValue = rawValue }
}

/// What `Simulator.validate(token:_:)` answers (semantics 8.3).
///
/// In a scenario script: `sim.server.validate`.
public enum ServerAnswer: String, Sendable, CaseIterable {
    /// The token is valid, has expired, was revoked or is unknown, or the server could not be reached.
    case valid, expired, revoked, unreachable
}

/// Where a timer made by `scheduleTask` stands.
public enum TaskStatus: String, Sendable {
    /// Scheduled and still to run.
    case pending
    /// Its body ran.
    case done
    /// `cancelTask` stopped it before it ran.
    case cancelled
    /// Its process ended before it ran: tasks die with their process.
    case ended
}
