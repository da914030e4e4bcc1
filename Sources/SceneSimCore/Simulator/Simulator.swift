import ByteText
import Synchronization

/// The simulated device and the one app on it: scene sessions, phases, SceneStorage, the shared
/// AppStateController, the auth server and the process lifecycle, on a virtual clock.
///
/// Pure Swift with no I/O. Its effects are data: every event is a `TraceRecord`, handed to the
/// driver's `traceSink` as it happens, or kept for the driver to take (`takeEvents`) after each
/// operation. The app's own code runs at named points
/// of each system action (`HandlerPoint`, `onHandlerPoint`), reached with the simulator's state
/// consistent. Operations do their synchronous lifecycle work before returning; work the app
/// schedules runs when the clock is advanced (`advance(by:)`, `settle()`, or
/// `runNextEvent(notAfter:)` for drivers that want to act between events).
public final class Simulator {
    /// The app as declared: its platform, scenes and policies.
    public let config: AppConfig
    /// The app's model: its states and transition table, and its code for launch and phase changes.
    public let model: AppModel
    /// The current virtual time.
    public internal(set) var now: VirtualTime = .zero
    /// The virtual clock as a Swift `Clock`, for the app's async code: a task the app's code
    /// starts sleeps on it and resumes at its virtual instant (see `SimClock`).
    public private(set) lazy var clock = SimClock(self)
    /// Whether events are made, for the `traceSink` or `takeEvents` (off: nobody reads them, so
    /// none is built).
    public var isTracing = false
    /// Where each event goes as it happens (while `isTracing`), when a driver installs one: a
    /// front end writes its trace line there, in order with what the app's code prints at the
    /// next handler point. Without one, events are kept for `takeEvents`. Installing a sink hands
    /// it the events kept so far first, in order.
    public var traceSink: ((TraceRecord) -> Void)? {
        didSet {
            guard let traceSink, !events.isEmpty else { return }
            let kept = events
            events.removeAll()
            for record in kept { traceSink(record) }
        }
    }
    /// Whether each write to `app.memory` and `w.memory` is traced too (`memory.draft = "x"`):
    /// off by default, so a trace shows memory only where it is lost; a scenario turns it on
    /// with `-- trace: memory` (semantics 11.1).
    public var tracesMemoryWrites = false
    /// Called at each handler point of a system action, after the events before it were made. It may
    /// read the simulator, write storage, request transitions and run intents; a lifecycle action
    /// (`openWindow`, `background()`, ...) it sends is queued by the core and runs once the action is
    /// over (semantics 9.5).
    public var onHandlerPoint: ((HandlerPoint) -> Void)?
    /// How long, in seconds, a Swift model's `@MainActor` code waits for the main actor when
    /// the simulator is driven from another thread; past it the call is an error (the main
    /// thread is blocked, most often waiting for the driving thread). nil waits for ever.
    public var mainActorWaitLimit: Double? = 30

    // Device data: survives process death.
    var server = AuthServer()
    /// The login session stored in the keychain (device data: it survives terminations),
    /// readable or not; the app's code reads it through `keychain` (semantics 8.6).
    var keychainItem: StoredSession?
    /// The device is locked: protected data is unavailable (semantics 8.6).
    public internal(set) var isDeviceLocked = false
    /// The device has been unlocked since it booted (false with `Policy.firstUnlock` false,
    /// until `unlockDevice()`).
    public internal(set) var unlockedSinceBoot = true
    var sessions: [SessionRecord] = []
    /// The places in `sessions` of the live ones (not discarded), ascending: what the walks
    /// made after every explore step read, so a run that opened and closed thousands of
    /// windows costs per step what its live ones do (it walked every session ever made).
    var liveIndices: [Int] = []
    /// Sessions discarded since `_checkInvariants` last looked at them: a discarded record is
    /// checked once, then left alone (nothing changes it).
    var discardedSinceCheck: [Int] = []
    var sessionCounters: [Int]
    var dedup: [DedupKey: SessionID] = [:]
    var labels: [String: SessionID] = [:]
    var pendingDiscards: [SessionID] = []
    /// The window being closed while its `-> disconnected` handlers run (closeScene).
    var closing: SessionID?
    /// The scenes that were on screen when the process ended, front to back.
    var onScreenAtExit: [SessionID] = []
    /// The session indices of the windows minimised to the Dock when the process ended with its
    /// restoration kept: they come back minimised (semantics 13.9).
    var minimizedAtExit: Set<Int> = []
    /// When true, each window a launch restores is noted in `restorations` (explore's
    /// `restoration` invariant asks for it while it waits for a relaunch; off, nothing is kept).
    package var recordsRestorations = false
    /// The windows restored since the invariant last took them (`takeRestorations`).
    var restorations: [Restoration] = []
    /// The app versions installed so far, each once, in the order first installed ("1.0" at
    /// first); `installedVersion` is the place of the one installed now (semantics 5.6).
    var versions = ["1.0"]
    var installedVersion: UInt32 = 0
    /// How many times the app has launched.
    public internal(set) var launchCount = 0
    /// How and when the last process ended; nil before the first termination.
    public internal(set) var lastTermination: TerminationRecord?

    // The running process, if any.
    var process: AppProcess?
    /// The last process's window lists, emptied, for the next one to reuse their storage.
    var spareLists: (order: IndexList, visible: IndexList)?
    var scheduler = Scheduler<AppJob>()
    /// What is under way: the entry, the action, the app code in it, its queue, nesting and
    /// failure (UnderWay.swift).
    var underWay = UnderWay()
    /// Events not yet taken by the driver (none while a `traceSink` takes them).
    var events: [TraceRecord] = []
    /// Defaults, timers and server replies for models (see ModelServices).
    var services = ModelServices()
    /// Set while `accepts` runs the guards only to learn whether they pass: the refusals it
    /// throws away are then made without their message (see `refusal`).
    var probing = false
    /// Told before each queued action runs, with where it was made (a driver traces it).
    package var onQueuedInput: ((String?) -> Void)?
    /// The most bytes the simulator's records may hold (estimated; see Simulator+Memory.swift),
    /// nil for no bound. An operation that could pass it fails before changing anything.
    package var memoryBudget: Int?
    /// Estimated bytes of sessions and storage (transitions are counted from the history).
    var recordBytes = 0
    /// Told of work that grows with the windows (units: a window walked, an event run), so a
    /// driver can bound it as it bounds its own code: it answers true to stop, and the work
    /// stops where everything is consistent, with a `.stopped` error (Simulator+Work.swift).
    package var workMeter: ((Int) -> Bool)?

    /// This simulator's number in the process, carried by the session ids it gives out.
    package let serial = Simulator.serials.add(1, ordering: .relaxed).newValue
    /// The last serial given out.
    private static let serials = Atomic<Int>(0)

    /// The id of the session at `index` of the table, as this simulator hands it out.
    func sessionID(_ index: Int) -> SessionID { SessionID(index, owner: serial) }

    /// Whether `id` is one of this simulator's sessions: in its table, and not given out by
    /// another simulator.
    package func owns(_ id: SessionID) -> Bool {
        id.index >= 0 && id.index < sessions.count && (id.owner == 0 || id.owner == serial)
    }

    /// Declares the app on a fresh device. Call `launch()` to start it.
    public init(config: AppConfig, model: AppModel) throws(SimError) {
        var config = config
        if !model.scenes.isEmpty { config.scenes = model.scenes }
        try config.validate()
        self.config = config
        self.model = model
        self.sessionCounters = Array(repeating: 0, count: config.scenes.count)
        if let initial = config.storedSession {
            let token = server.createSession(user: initial.user, ttl: initial.ttl, now: .zero)
            keychainItem = StoredSession(user: initial.user, token: token, accessible: initial.accessible)
        }
        if !config.policy.firstUnlock {
            isDeviceLocked = true
            unlockedSinceBoot = false
        }
    }

    /// The events since the last take, in order; clears them. Empty while a `traceSink` takes
    /// them.
    public func takeEvents() -> [TraceRecord] {
        defer { events.removeAll(keepingCapacity: true) }
        return events
    }

    /// Whether events wait to be taken.
    public var hasEvents: Bool { !events.isEmpty }

    // MARK: Reading

    /// Whether the app's process is running.
    public var isRunning: Bool { process != nil }

    /// The model's state; its initial state is what a process shows first.
    public var state: ModelState { process?.machine.state ?? model.initial }

    /// Accepted transitions of the current process's controller (empty while no process runs).
    public var history: [AppStateMachine.Transition] { process?.machine.history ?? [] }
    /// Transition requests the current process's controller refused (empty while no process runs).
    public var rejectedTransitions: [AppStateMachine.Transition] { process?.machine.rejected ?? [] }

    /// The aggregate phase (§1.3): what the App's `scenePhase` reads. Background when not running.
    public var appPhase: SimScenePhase { process?.reportedPhase ?? .background }

    /// Connected scenes, front to back.
    public var windows: [SessionID] { process?.order.map { sessionID($0) } ?? [] }

    /// How many `windows` there are.
    package var windowCount: Int { process?.order.count ?? 0 }

    /// Calls `body` with each of `windows`, front to back, without making the array.
    package func forEachWindow(_ body: (SessionID) -> Void) {
        guard let order = process?.order else { return }
        for index in order { body(sessionID(index)) }
    }

    /// The connected scene in front, if any.
    public var frontWindow: SessionID? { process?.order.first.map { sessionID($0) } }

    /// How many sessions are live: the size of `liveSessions`.
    package var sessionCount: Int { liveIndices.count }

    /// Calls `body` with each of `liveSessions`, in creation order, without making the array.
    package func forEachLiveSession(_ body: (SessionID) -> Void) {
        for index in liveIndices { body(sessionID(index)) }
    }

    /// Every live session, connected or not, in creation order.
    public var liveSessions: [SessionID] { liveIndices.map { sessionID($0) } }

    /// Every session the run created, discarded ones included, in creation order.
    public var allSessions: [SessionID] { sessions.map(\.id) }

    /// Whether the auth server can be reached.
    public var isNetworkReachable: Bool { server.reachable }

    // A window of another simulator (see `owns`) reads as none of this one's: no label or
    // scene of its own, no value, not alive, not connected; the calls that act on it throw.

    /// The session's label in the trace (`note#1`); `another simulator's window` for a window
    /// of another simulator.
    public func label(of id: SessionID) -> String { owns(id) ? sessions[id.index].label : "another simulator's window" }
    /// The id of the scene the session belongs to (`note`); empty for a window of another simulator.
    public func group(of id: SessionID) -> String { owns(id) ? config.scenes[sessions[id.index].group].id : "" }
    /// The value the session's window presents, if any.
    public func value(of id: SessionID) -> SceneValue? { owns(id) ? sessions[id.index].value : nil }
    /// Whether the session still exists (not discarded).
    public func isAlive(_ id: SessionID) -> Bool { owns(id) && sessions[id.index].alive }
    /// Whether a scene is attached to the session.
    public func isConnected(_ id: SessionID) -> Bool { owns(id) && sessions[id.index].scene != nil }
    /// The session's scene phase, or `disconnected` when no scene is attached.
    public func phase(of id: SessionID) -> WindowPhase {
        guard owns(id) else { return .disconnected }
        return sessions[id.index].scene.map { .connected($0.phase) } ?? .disconnected
    }

    /// Whether the session's window is on screen: active or inactive, and not minimised to the
    /// Dock, where a window is inactive but off screen (semantics 13.7). Read from the phases,
    /// not from the visible list it should agree with.
    package func isOnScreen(_ id: SessionID) -> Bool {
        let phase = phase(of: id)
        return (phase == .connected(.active) || phase == .connected(.inactive)) && !isMinimized(id)
    }

    /// The session with this `group#n` label, if any.
    public func session(labeled label: String) -> SessionID? {
        labels[label]
    }

    // MARK: Plumbing

    func emit(_ event: @autoclosure () -> TraceEvent) {
        guard isTracing else { return }
        let record = TraceRecord(time: now, event: event())
        if let traceSink { traceSink(record) } else { events.append(record) }
    }

    /// Runs the app's code at a handler point of the action under way: a scene's own
    /// `onPhase` first, then the driver's (the script's hooks), then the model's App-level
    /// handler for the point (after the hooks, so a hook sees the event before the model reacts
    /// to it, as the built-in model always ordered it). Lifecycle actions this code makes are
    /// queued until the action is over.
    func reach(_ point: HandlerPoint) {
        underWay.appCodeDepth += 1
        defer { underWay.appCodeDepth -= 1 }
        // (A model without scene code, the built-in one, skips the call: every phase step reaches here.)
        if !model.sceneCode.isEmpty, case let .scenePhase(id, from, to) = point { runScenePhaseCode(id, from: from, to: to) }
        onHandlerPoint?(point)
        switch point {
        case .processStarted:
            // The model's controller first: the app's handler adds to it (ModelController).
            if let controller = model.controller { runAppCode { controller.processStarted(self) } }
            if let code = model.launchCode { runAppCode { try code(self) } }
        case let .appPhase(from, to):
            if let controller = model.controller { runAppCode { controller.phaseChanged(from: from, to: to, self) } }
            if let code = model.phaseCode { runAppCode { try code(self, from, to) } }
        case .taskDue(let id):
            if let body = services.takeTaskBody(id.rawValue) {
                // The timers the body arms are this one's children (their lineage is its).
                let outer = services.runningTask
                services.runningTask = id.rawValue
                defer { services.runningTask = outer }
                runAppCode { try body(self) }
            }
        case let .serverAnswered(request, answer, user):
            if let body = services.validations[request.rawValue]?.answer {
                services.validations[request.rawValue]?.answer = nil
                runAppCode { try body(self, answer, user) }
            }
        case .scenePhase, .appState:
            break
        }
    }

    /// Runs one lifecycle action (the system's or the user's: windows, phases, launch and
    /// termination, an event of the clock) as an entry (see `entry`). Code run at its handler
    /// points cannot start another in the middle of its steps: `send` queues what it asks for.
    /// It refuses to start when `memory` more bytes would pass the memory budget (the default
    /// covers a new session and a few transitions; see Simulator+Memory.swift), before changing
    /// anything.
    func action<T>(_ what: @autoclosure () -> APICall, memory: Int = operationAllowance, _ body: () throws(SimError) -> T) throws(SimError) -> T {
        switch underWay.activity {
        case .idle:
            break
        case .acting:
            throw SimError(.reentrant, .reentrant(what()))
        case .askingRestore:
            throw Self.restoreReentry
        }
        return try entry { () throws(SimError) -> T in
            try requireMemory(memory)
            underWay.activity = .acting
            defer { underWay.activity = .idle }
            let value = try body()
            // The app resumed in this action: what fell due while it was suspended runs now,
            // after the action's own phase changes (semantics 11.2).
            if let process, process.resumedInAction { runFallenDue(process) }
            return value
        }
    }

    /// Runs one change the app's code may make at any time, a handler point included (storage
    /// writes, transitions, intents, the network): everything but a lifecycle action. `memory`
    /// as for `action`.
    func change<T>(memory: Int = operationAllowance, _ body: () throws(SimError) -> T) throws(SimError) -> T {
        if case .askingRestore = underWay.activity { throw Self.restoreReentry }
        return try entry { () throws(SimError) -> T in
            try requireMemory(memory)
            return try body()
        }
    }

    /// Runs `body` as one change the app's code makes, as an intent runs: at any time, a handler point
    /// included, but not from inside a restore check. Lifecycle actions `body` asks for run once it is
    /// over at the top level (queued inside a system action); when it throws, what it queued is
    /// dropped. For a `ModelController`'s own operations.
    public func performChange<T>(_ body: () throws(SimError) -> T) throws(SimError) -> T {
        try change(body)
    }

    static let restoreReentry = SimError(.reentrant, .restoreReentry)

    /// Runs a change (see `change`) that needs the app running, handing it the running process.
    func runningChange<T>(_ what: @autoclosure () -> APICall, _ body: (AppProcess) throws(SimError) -> T) throws(SimError) -> T {
        try change { () throws(SimError) in
            try body(try runningProcess(what()))
        }
    }

    /// The running process, or the error that says the app must be launched for `what`.
    func runningProcess(_ what: @autoclosure () -> APICall) throws(SimError) -> AppProcess {
        if let process { return process }
        throw refusal(.notRunning, .notRunning(what(), lastTermination: lastTermination))
    }

    /// A guard's refusal; while `probing`, without its message, which nobody reads (explore
    /// asks `accepts` several times a step, and building the text cost more than the guard).
    func refusal(_ kind: SimError.Kind, _ reason: @autoclosure () -> SimError.Reason) -> SimError {
        SimError(kind, probing ? .message("") : reason())
    }

    /// A guard's refusal in words (see the other `refusal`).
    func refusal(_ kind: SimError.Kind, _ message: @autoclosure () -> SimError.Message) -> SimError {
        SimError(kind, probing ? .message("") : .message(message()))
    }

    /// Throws the simulator's error for `what` (a call of the model's own code, as messages
    /// name it) when the app is not running: it says to launch it, and when it was terminated.
    public func requireRunning(_ what: @autoclosure () -> APICall) throws(SimError) {
        _ = try runningProcess(what())
    }

    func requireAlive(_ id: SessionID, _ what: @autoclosure () -> APICall) throws(SimError) {
        guard owns(id) else {
            throw refusal(.invalidValue, .foreignWindow(what()))
        }
        // The record itself is read only for the error: copying it copies its storage.
        guard let discard = sessions[id.index].discarded else { return }
        let record = sessions[id.index]
        let reopen = APICall.openWindowFor(scene: config.scenes[record.group].id, value: record.value?.literal)
        throw SimError(.discardedSession, .discardedWindow(what(), label: record.label, at: discard.at, reason: discard.reason, reopen: reopen))
    }

    func groupIndex(_ id: String) throws(SimError) -> Int {
        if let index = config.scenes.firstIndex(where: { $0.id == id }) { return index }
        let known = config.scenes.map(\.id)
        throw SimError(.unknownScene, .unknownScene(id, declared: known))
    }
}
