import ByteText

/// Everything the running app holds in memory. Built fresh at each launch and dropped at
/// termination, so nothing in it can leak from one launch into the next (§5.4, §5.5).
///
/// A class, not a struct: a system action holds the process across its handler points, where
/// the app's code may change it (a transition, a storage write), so the action cannot hold an
/// exclusive `inout` borrow of it. The simulator hands the one live instance to each action's
/// body (`Simulator.running`), so no code reaches it through an optional.
final class AppProcess {
    var machine: AppStateMachine
    /// How many of `machine.history`'s first transitions `Simulator._checkInvariants` found
    /// allowed. The history only grows and the machine's table never changes, so each check
    /// starts there: explore checks after every step, and rechecking the whole history made a
    /// run's checks grow with the square of its transitions.
    var historyAllowed = 0
    /// When the current app state appeared on screen (for flicker warnings).
    var stateSince: VirtualTime
    var counts = PhaseCounts()
    /// The aggregate last reported to the app-level handler.
    var reportedPhase: SimScenePhase = .background
    /// Connected scenes, front to back.
    var order = IndexList()
    /// Visible scenes, most recently focused first (a subsequence of `order`).
    var visible = IndexList()
    /// A system overlay or the app switcher is up: scenes stay inactive.
    var overlay = false
    /// The scenes that were on screen when the app last left the foreground; may hold sessions
    /// discarded since, which every reader skips.
    var foregroundSet: [SessionID] = []
    /// macOS windows in the Dock: inactive but not on screen (semantics 13.7).
    var minimized: Set<Int> = []
    /// A Quit the model's `on_should_quit` put off ("later"), waiting for `reply_to_quit`.
    var pendingQuit: Simulator.QuitKind?

    // Process memory and the process's own clock (semantics 11).
    /// `app.memory`: the App's in-memory state; it lives exactly as long as this process.
    var memory = SimSceneStorage()
    /// Whether the system has suspended the process, and since when.
    var suspendedSince: VirtualTime?
    /// When the aggregate phase last became background (or the background launch began); nil
    /// while the app is in the foreground.
    var backgroundSince: VirtualTime?
    /// The background time granted from `backgroundSince` (policy background_time, or
    /// refresh_time for a background launch or refresh).
    var grant: VirtualTime = .zero
    /// When the grace of `suspend_after` ends in this background stay.
    var graceEnd: VirtualTime?
    /// The system's own deadlines on the clock: suspension, the tasks' expiration warning, and
    /// the end of the background time. They are not jobs in the scheduler, so cancelling one
    /// is setting it to nil, and nothing is left to move the clock for nothing.
    var suspendAt: VirtualTime?
    var warningAt: VirtualTime?
    var timeUpAt: VirtualTime?
    /// Tasks begun after the warning moment, whose handlers run once the call that began
    /// them is over.
    var pendingExpirations = BackgroundTaskList()
    /// Every open task of this background stay was queued for its expiration handler (the
    /// warning moment had passed): later, only a task just begun needs queueing.
    var queuedAfterWarning = false
    /// The background tasks running or expired, in the order they began.
    var openTasks = BackgroundTaskList()
    /// The process resumed in the action under way: what fell due while it was suspended runs
    /// at the end of that action.
    var resumedInAction = false
    /// Launched in the background: the scenes to restore once the user brings it to the
    /// foreground (empty: the launch window), nil once that happened or for a normal launch.
    var deferredRestore: [SessionID]?
    /// Started by a prewarm (semantics 11.11) and not brought forward yet: the next launch
    /// connects its scenes instead of starting a process.
    var prewarmed = false
    /// The system is delivering a disconnect or a close to the suspended app (semantics 11.2):
    /// the scene's handlers run as the app's code, without resuming it.
    var delivering = false
    /// Work a background mode keeps running (`keepRunning`, semantics 11.9): while set, the
    /// app is not suspended in the background and its background time does not run out.
    var keptRunning: ByteString?
    /// Launched in the background (a refresh; semantics 1.7, 11.4): no scene connected at
    /// launch, and the App's phase starts at `background` as the app hears it. The one
    /// predicate every background launch (refresh, push, transfer, prewarm) shares.
    let launchedInBackground: Bool
    /// A process the user launched has not connected a scene yet: the first connection moves
    /// the App's phase to `inactive` silently, SwiftUI's initial value (semantics 1.7).
    var initialPhasePending: Bool

    var isSuspended: Bool { suspendedSince != nil }

    /// A fresh process; `lists` are emptied lists to reuse (see `IndexList.removeAll`).
    /// The `serial` of the simulator the process runs in: the session ids it hands out carry it.
    let owner: Int

    init(
        model: AppModel, now: VirtualTime, owner: Int = 0, launchedInBackground: Bool = false,
        reusing lists: (order: IndexList, visible: IndexList)? = nil
    ) {
        self.owner = owner
        self.launchedInBackground = launchedInBackground
        initialPhasePending = !launchedInBackground
        machine = AppStateMachine(model: model)
        stateSince = now
        if let lists {
            order = lists.order
            visible = lists.visible
        }
    }

    /// Visible scenes front to back (the visible list is focus-ordered, which is front order).
    var visibleScenes: [SessionID] { visible.elements.map { SessionID($0, owner: owner) } }
}

/// Work the app scheduled on the virtual clock; it dies with the process.
enum AppJob {
    /// A timer made by `scheduleTask` is due.
    case task(id: Int)
    /// The server answers a `validate` request.
    case validationAnswer(request: Int)
    /// A timer of the model's own code, unnumbered (see `scheduleModelTimer`).
    case modelTimer(id: Int)
    /// A task of the app's sleeps on `clock` until now (see `SimClock`).
    case sleep(id: Int)
}
