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
    /// When the current app state appeared on screen (for flicker warnings).
    var stateSince: VirtualTime
    var counts = PhaseCounts()
    /// The aggregate last reported to the app-level handler.
    var reportedPhase: ScenePhase = .background
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

    /// A fresh process; `lists` are emptied lists to reuse (see `IndexList.removeAll`).
    init(model: AppModel, now: VirtualTime, reusing lists: (order: IndexList, visible: IndexList)? = nil) {
        machine = AppStateMachine(model: model)
        stateSince = now
        if let lists {
            order = lists.order
            visible = lists.visible
        }
    }

    /// Visible scenes front to back (the visible list is focus-ordered, which is front order).
    var visibleScenes: [SessionID] { visible.elements.map { SessionID($0) } }
}

/// Work the app scheduled on the virtual clock; it dies with the process.
enum AppJob {
    /// A timer made by `scheduleTask` is due.
    case task(id: Int)
    /// The server answers a `validate` request.
    case validationAnswer(request: Int)
    /// A timer of the model's own code, unnumbered (see `scheduleModelTimer`).
    case modelTimer(id: Int)
}
