/// The simulated device and the one app on it: scene sessions, phases, SceneStorage, the shared
/// AppStateController, the auth server and the process lifecycle, on a virtual clock.
///
/// Pure Swift with no I/O: every effect is a `TraceRecord` handed to `onTrace`. Operations do
/// their synchronous lifecycle work before returning; work the app schedules runs when the clock
/// is advanced (`advance(by:)`, `settle()`, or `runNextEvent(notAfter:)` for drivers that want to
/// act between events).
public final class Simulator {
    public let config: AppConfig
    public internal(set) var now: VirtualTime = .zero
    /// Receives every event as it happens. Must not call back into the simulator.
    public var onTrace: ((TraceRecord) -> Void)?
    /// Asked for each scene about to be restored at launch; `false` makes it start empty.
    /// Must not change the simulator: every change then gets a `reentrant` error (`note` may).
    public var restoreDecider: ((SessionID) -> Bool)?

    // Device data: survives process death.
    var server = AuthServer()
    var keychain: StoredSession?
    var sessions: [SessionRecord] = []
    var sessionCounters: [Int]
    var dedup: [DedupKey: SessionID] = [:]
    var labels: [String: SessionID] = [:]
    var pendingDiscards: [SessionID] = []
    /// The scenes that were on screen when the process ended, front to back.
    var onScreenAtExit: [SessionID] = []
    public internal(set) var launches = 0
    public internal(set) var lastTermination: (how: Termination, at: VirtualTime)?

    // The running process, if any.
    var process: ProcessState?
    /// The last process's window lists, emptied, for the next one to reuse their storage.
    var spareLists: (order: IndexList, visible: IndexList)?
    var scheduler = Scheduler<AppJob>()
    /// Defaults, timers and server replies for models (see ModelServices).
    var services = ModelServices()
    var busy = false
    /// The most bytes the simulator's records may hold (estimated; see Simulator+Memory.swift),
    /// nil for no bound. An operation that could pass it fails before changing anything.
    public var memoryBudget: Int?
    /// Estimated bytes of sessions and storage (transitions are counted from the history).
    var recordBytes = 0

    /// Declares the app on a fresh device. Call `launch()` to start it.
    public init(config: AppConfig) throws(SimError) {
        try config.validate()
        self.config = config
        self.sessionCounters = Array(repeating: 0, count: config.scenes.count)
        if let initial = config.storedSession {
            let token = server.createSession(user: initial.user, ttl: initial.ttl, now: .zero)
            keychain = StoredSession(user: initial.user, token: token)
        }
    }

    // MARK: Reading

    public var isRunning: Bool { process != nil }

    /// The AppStateController's state; `loading` is what a process shows first.
    public var appState: AppState { process?.machine.state ?? .loading }

    /// Accepted transitions of the current process's controller (empty while no process runs).
    public var history: [AppStateMachine.Transition] { process?.machine.history ?? [] }
    public var rejected: [AppStateMachine.Transition] { process?.machine.rejected ?? [] }

    /// The aggregate phase (§1.3): what the App's `scenePhase` reads. Background when not running.
    public var appPhase: ScenePhase { process?.reportedPhase ?? .background }

    /// Connected scenes, front to back.
    public var windows: [SessionID] { process?.order.elements.map { SessionID($0) } ?? [] }

    public var frontWindow: SessionID? { process?.order.first.map { SessionID($0) } }

    /// Every live session, connected or not, in creation order.
    public var liveSessions: [SessionID] { sessions.filter(\.alive).map(\.id) }

    public var networkReachable: Bool { server.reachable }

    public func label(of id: SessionID) -> String { sessions[id.index].label }
    public func group(of id: SessionID) -> String { config.scenes[sessions[id.index].group].id }
    public func value(of id: SessionID) -> SceneValue? { sessions[id.index].value }
    public func isAlive(_ id: SessionID) -> Bool { sessions[id.index].alive }
    public func isConnected(_ id: SessionID) -> Bool { sessions[id.index].scene != nil }
    public func phase(of id: SessionID) -> WindowPhase {
        sessions[id.index].scene.map { .connected($0.phase) } ?? .disconnected
    }

    /// The session with this `group#n` label, if any.
    public func session(labeled label: String) -> SessionID? {
        labels[label]
    }

    // MARK: Plumbing

    func emit(_ event: @autoclosure () -> TraceEvent) {
        guard let onTrace else { return }
        onTrace(TraceRecord(time: now, event: event()))
    }

    /// Runs one public operation: refuses re-entry from callbacks, and refuses to start when
    /// `memory` more bytes would pass the memory budget (the default covers a new session and
    /// a few transitions; see Simulator+Memory.swift).
    func operation<T>(memory: Int = operationAllowance, _ body: () throws(SimError) -> T) throws(SimError) -> T {
        guard !busy else {
            throw SimError(.reentrant, "cannot change the simulation from inside a restore hook; return true or false and act after the launch")
        }
        try requireMemory(memory)
        busy = true
        defer { busy = false }
        return try body()
    }

    func requireRunning(_ what: String) throws(SimError) {
        guard process == nil else { return }
        if let last = lastTermination {
            throw SimError(.notRunning, "\(what) needs a running app, but it was terminated (\(last.how.rawValue)) at \(last.at.text) s; call app:launch() first")
        }
        throw SimError(.notRunning, "\(what) needs a running app; call app:launch() first")
    }

    func requireAlive(_ id: SessionID, _ what: String) throws(SimError) {
        let record = sessions[id.index]
        guard let discard = record.discarded else { return }
        throw SimError(.discardedSession, "\(what): window \(record.label) no longer exists: its session was discarded at \(discard.at.text) s (\(discard.reason.rawValue)); open a new window with app:open_window(\"\(config.scenes[record.group].id)\"\(record.value.map { ", " + $0.literal } ?? ""))")
    }

    func groupIndex(_ id: String) throws(SimError) -> Int {
        if let index = config.scenes.firstIndex(where: { $0.id == id }) { return index }
        let known = config.scenes.map(\.id)
        throw SimError(.unknownScene, "unknown scene id \"\(id)\"\(suggestion(for: id, among: known)); the app declares \(known.map { "\"\($0)\"" }.joined(separator: ", "))")
    }
}
