import ByteText

/// A background task made by `Simulator.beginBackgroundTask(named:expirationHandler:)`. Numbered from 1 for
/// the whole run, apart from the timers of `scheduleTask`.
///
/// In a scenario script: `app:begin_background_task`.
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
    /// A refresh task (a `BGTask`) with no expiration handler: at the warning moment the
    /// system marks it complete and unsuccessful instead of letting the watchdog end the app
    /// (semantics 11.4).
    var completesAtExpiry = false

    /// Running or expired: the task holds the app awake and the watchdog counts it.
    var isOpen: Bool { status == .running || status == .expired }
}

/// A pending background refresh request (`BGAppRefreshTaskRequest`): device data, it
/// outlives the process that made it (but not a force quit).
struct RefreshRequest {
    var earliest: VirtualTime
}

/// Background tasks in the order they were added, each once (a process's open tasks, the tasks
/// whose expiration handlers wait for the call to end). Removing one, anywhere, costs O(1)
/// amortized, not a walk of the others: finishing n tasks was quadratic (100,000 took 8.8 s).
/// A removed task leaves its slot in `order` until more than half the slots are removed ones;
/// walks skip them.
struct BackgroundTaskList: Sequence {
    private var order: [BackgroundTaskID] = []
    /// `order` before this index is removed (popFirst).
    private var start = 0
    private var members: Set<BackgroundTaskID> = []

    var isEmpty: Bool { members.isEmpty }

    func contains(_ id: BackgroundTaskID) -> Bool { members.contains(id) }

    mutating func append(_ id: BackgroundTaskID) {
        guard members.insert(id).inserted else { return }
        order.append(id)
    }

    mutating func remove(_ id: BackgroundTaskID) {
        guard members.remove(id) != nil else { return }
        compactIfSparse()
    }

    /// Removes and returns the first task, nil when there is none.
    mutating func popFirst() -> BackgroundTaskID? {
        while start < order.count {
            let id = order[start]
            start += 1
            if members.remove(id) != nil {
                compactIfSparse()
                return id
            }
        }
        return nil
    }

    mutating func removeAll() {
        order.removeAll()
        start = 0
        members.removeAll()
    }

    private mutating func compactIfSparse() {
        let slots = order.count - start
        guard slots > 32, slots > 2 * members.count else { return }
        order = order[start...].filter { members.contains($0) }
        start = 0
    }

    func makeIterator() -> some IteratorProtocol<BackgroundTaskID> {
        order[start...].lazy.filter { members.contains($0) }.makeIterator()
    }
}
