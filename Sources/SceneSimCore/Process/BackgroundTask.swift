import ByteText

/// A background task made by `Simulator.beginBackgroundTask(named:expirationHandler:)` (a
/// script's `app:begin_background_task`). Numbered from 1 for the whole run, apart from the
/// timers of `scheduleTask`.
public struct BackgroundTaskID: Hashable, Sendable, CustomStringConvertible {
    /// The task's number.
    public let rawValue: Int

    /// The task numbered `rawValue`.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// `background task 1`.
    public var description: String { "background task \(rawValue)" }
}

/// Where a background task stands (semantics 11.3).
public enum BackgroundTaskStatus: String, Sendable, CaseIterable {
    /// Begun and not finished: while one runs, the app is not suspended.
    case running
    /// The app finished it (`endBackgroundTask`).
    case finished
    /// Its expiration handler was called and it is not finished yet: the watchdog ends the
    /// process if it is still unfinished when the background time runs out.
    case expired
    /// Its process ended before it finished.
    case ended
}

/// One background task as the simulator keeps it.
struct BackgroundTaskRecord {
    var ref: BackgroundTaskRef
    /// The launch number of the process that began it.
    var launch: Int
    var status: BackgroundTaskStatus
    /// The app's expiration handler; let go once called or once the task is over.
    var expiration: ((Simulator, BackgroundTaskID) throws -> Void)?

    /// Running or expired: the task holds the app awake and the watchdog counts it.
    var isOpen: Bool { status == .running || status == .expired }
}

/// A pending background refresh request (`BGAppRefreshTaskRequest`): device data, it
/// outlives the process that made it (but not a force quit).
struct RefreshRequest {
    var earliest: VirtualTime
}
