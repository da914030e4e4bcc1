// What the running app still has under way (TCA's in-flight effects): what a test that checks
// everything must see done before it ends (`SceneSimTestStore.finish()`).
extension Simulator {
    /// One piece of work the running app has under way.
    public enum PendingWork: Equatable, Sendable, CustomStringConvertible {
        /// A timer (`scheduleTask(after:_:)`) not yet run or cancelled.
        case task(TaskID, due: VirtualTime)
        /// A server validation (`validate(token:_:)`) whose answer has not come.
        case validation(ValidationRequestID, due: VirtualTime)
        /// A model's own timer (`scheduleModelTimer(at:_:)`: the built-in model's loading and
        /// validation).
        case modelTimer(due: VirtualTime)
        /// A background task begun and not finished (running, or expired and still open).
        case backgroundTask(BackgroundTaskRef, BackgroundTaskStatus)
        /// A task of the app's asleep on `SimClock` since `since`, until `due`.
        case sleep(since: VirtualTime, due: VirtualTime)
        /// A task the app's code started (`Task { @MainActor in … }`) that awaits something
        /// outside the simulation (neither `SimClock` nor the server: a real network call, a
        /// continuation nothing in the simulation resumes). `origin` says when it started, and
        /// by which task: `started at 0.000 s`. `resumedFromOutside`: that thing has resumed it
        /// (on another thread, or between events), and it runs at the simulator's next event.
        case appTask(origin: String, resumedFromOutside: Bool)

        /// `task 2, due at 5.000 s`, `background task 1 "upload", running`.
        public var description: String {
            switch self {
            case let .task(id, due): "\(id), due at \(due.text) s"
            case let .validation(id, due): "server validation \(id.rawValue), its answer due at \(due.text) s"
            case let .modelTimer(due): "the model's own timer, due at \(due.text) s"
            case let .backgroundTask(task, status): "\(task), \(status.rawValue)"
            case let .sleep(since, due): "a task asleep on SimClock since \(since.text) s, due at \(due.text) s"
            case let .appTask(origin, false):
                "a task the app's code \(origin), awaiting something outside the simulation (neither SimClock nor the server answers it, so it never resumes in a test): hand the app a client the test controls"
            case let .appTask(origin, true):
                "a task the app's code \(origin), resumed by something outside the simulation: it runs at the simulator's next event"
            }
        }
    }

    /// The work the running app has under way: its scheduled work in the order it will run
    /// (timers, server answers, the model's own timers, the app's tasks asleep on `clock`),
    /// then its open background tasks by id, then the app's tasks that await something
    /// outside the simulation, in the order they started (semantics 10.10).
    /// Empty while the app is not running: a process's work ends with it.
    public var pendingWork: [PendingWork] {
        guard isRunning else { return [] }
        var work: [PendingWork] = []
        for entry in scheduler.entriesInOrder {
            switch entry.job {
            case .task(let id):
                if status(ofTask: id) == .pending { work.append(.task(TaskID(rawValue: id), due: entry.time)) }
            case .validationAnswer(let request):
                if let pending = services.validations[request], pending.launch == launchCount, pending.answer != nil {
                    work.append(.validation(ValidationRequestID(rawValue: request), due: entry.time))
                }
            case .modelTimer(let id):
                if services.modelTimers[id] != nil { work.append(.modelTimer(due: entry.time)) }
            case .sleep(let id):
                if let sleep = services.sleeps[id] { work.append(.sleep(since: sleep.since, due: entry.time)) }
            }
        }
        for task in services.backgroundTasks where task.launch == launchCount && task.isOpen {
            work.append(.backgroundTask(task.ref, task.status))
        }
        for task in AppTasks.tasks(of: serial, launch: launchCount) where !task.waitsInSimulation {
            work.append(.appTask(origin: task.origin.text, resumedFromOutside: task.isParked))
        }
        return work
    }
}
