// Whole-state views for tests, displays and the REPL's `\state`, and the invariant check.
extension Simulator {
    /// Everything observable about the device and app, in a stable order, as Swift values;
    /// `description` is its text dump (the REPL's `\state` reads the same).
    public struct Snapshot: Equatable, Sendable, CustomStringConvertible {
        /// The virtual clock.
        public var time: VirtualTime
        /// Whether a process runs.
        public var isRunning: Bool
        /// How many times the app was launched.
        public var launchCount: Int
        /// The app's aggregate phase.
        public var phase: SimScenePhase
        /// The model's state; nil while no process runs.
        public var state: ModelState?
        /// Connected windows front to back.
        public var windows: [Window]
        /// Every session ever created, in creation order.
        public var sessions: [Session]
        /// The App's in-memory state (`app.memory`); empty while no process runs. Not in
        /// `description`, which the REPL prints as it always has.
        public var memory = SimSceneStorage()

        /// A connected window: its label and phase (`main#1 active` in the dump).
        public struct Window: Equatable, Sendable, CustomStringConvertible {
            /// The window's trace label, `main#1`.
            public var label: String
            /// Its phase.
            public var phase: SimScenePhase

            /// A window as a test expects it.
            public init(_ label: String, _ phase: SimScenePhase) {
                self.label = label
                self.phase = phase
            }

            /// `main#1 active`.
            public var description: String { "\(label) \(phase.rawValue)" }
        }

        /// One scene session, connected or not, discarded ones included.
        public struct Session: Equatable, Sendable {
            /// Its trace label, `detail#1`.
            public var id: String
            /// The value it presents, if its scene takes one.
            public var value: SceneValue?
            /// Its phase; nil once the session is discarded.
            public var phase: WindowPhase?
            /// Live storage while connected.
            public var storage: SimSceneStorage?
            /// Saved storage: what restoration gives.
            public var saved: SimSceneStorage
            /// The window's in-memory view state (`w.memory`); empty while it is not connected.
            public var memory: SimSceneStorage

            /// Whether the session still exists.
            public var isAlive: Bool { phase != nil }

            /// A session as a test expects it (`expectSnapshot` adds the ones an operation made).
            public init(
                id: String, value: SceneValue? = nil, phase: WindowPhase?, storage: SimSceneStorage? = nil, saved: SimSceneStorage = SimSceneStorage(),
                memory: SimSceneStorage = SimSceneStorage()
            ) {
                self.id = id
                self.memory = memory
                self.value = value
                self.phase = phase
                self.storage = storage
                self.saved = saved
            }
        }

        /// The dump: the app, its windows, and each session with its storage.
        public var description: String {
            let launches = launchCount == 1 ? "1 launch" : "\(launchCount) launches"
            var lines = [
                "app: \(isRunning ? "running" : "not running"), \(launches), phase \(phase.rawValue), state \(state?.text ?? "not running")",
                "time: \(time.text)",
                "windows (front to back): " + (windows.isEmpty ? "none" : windows.map(\.description).joined(separator: ", ")),
                "sessions:" + (sessions.isEmpty ? " none" : ""),
            ]
            for session in sessions {
                var parts = [session.phase?.text ?? "discarded"]
                if let storage = session.storage { parts.append("storage \(storage.literal)") }
                if session.isAlive { parts.append("saved \(session.saved.literal)") }
                let name = session.id + (session.value.map { "(\($0.literal))" } ?? "")
                lines.append("  \(name): " + parts.joined(separator: ", "))
            }
            return lines.joined(separator: "\n") + "\n"
        }
    }

    /// Everything observable now (see `Snapshot`).
    public func snapshot() -> Snapshot {
        Snapshot(
            time: now,
            isRunning: isRunning,
            launchCount: launchCount,
            phase: appPhase,
            state: isRunning ? state : nil,
            windows: windows.map { Snapshot.Window(label(of: $0), scenePhase($0) ?? .background) },
            sessions: sessions.map { record in
                Snapshot.Session(
                    id: record.label,
                    value: record.value,
                    phase: record.alive ? phase(of: record.id) : nil,
                    storage: record.scene?.storage,
                    saved: record.saved,
                    memory: record.scene?.memory ?? SimSceneStorage()
                )
            },
            memory: process?.memory ?? SimSceneStorage()
        )
    }

    /// Checks the model's invariants by brute force; returns a description of each violation.
    /// Tests run it after every operation; it scans everything, so it is not for production paths.
    package func _checkInvariants() -> [String] {
        var problems: [String] = []
        // A discarded record is checked once, after it was discarded; nothing changes it later.
        // The walks below read the live sessions only (liveIndices): explore runs this after
        // every step, and a long run makes thousands of sessions.
        for index in discardedSinceCheck {
            if sessions[index].scene != nil { problems.append("discarded \(sessions[index].label) is connected") }
            if !sessions[index].saved.isEmpty { problems.append("discarded \(sessions[index].label) kept storage") }
        }
        discardedSinceCheck.removeAll(keepingCapacity: true)
        guard let process else {
            for index in liveIndices where sessions[index].scene != nil {
                problems.append("terminated app still has \(sessions[index].label) connected")
            }
            return problems.sorted()
        }
        // Explore runs this after every step, so the passing case allocates nothing on the heap
        // and copies no record; the messages are built only for what fails. Only the marks it
        // reads are zeroed: the live sessions' and those the window lists name.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: sessions.count) { marks in
            for index in liveIndices { marks.initializeElement(at: index, to: 0) }
            for index in process.order where index >= 0 && index < marks.count { marks.initializeElement(at: index, to: 0) }
            for index in process.visible where index >= 0 && index < marks.count { marks.initializeElement(at: index, to: 0) }
            for index in process.minimized where index >= 0 && index < marks.count { marks.initializeElement(at: index, to: 0) }
            checkWindows(process, marks: marks, into: &problems)
        }
        // The dedup index is right when every live window with a key is found under its key
        // and the index holds nothing else; only then can no two present the same value. It is
        // when each entry names a live window with that very key (so no two entries name one
        // window) and the entries are as many as the live windows with a key: read so, it
        // takes no hashing.
        var keyed = 0
        var indexed = true
        sessions.withUnsafeBufferPointer { records in
            for index in liveIndices where dedupKey(group: records[index].group, value: records[index].value) != nil { keyed += 1 }
            for (key, id) in dedup {
                guard id.index < records.count, records[id.index].discarded == nil,
                    dedupKey(group: records[id.index].group, value: records[id.index].value) == key
                else {
                    indexed = false
                    break
                }
            }
        }
        if !indexed || keyed != dedup.count {
            var presented: [DedupKey: String] = [:]
            for record in sessions where record.alive {
                guard let key = dedupKey(group: record.group, value: record.value) else { continue }
                if let other = presented[key] {
                    problems.append("\(other) and \(record.label) present the same value")
                }
                presented[key] = record.label
                if dedup[key] != record.id { problems.append("dedup index misses \(record.label)") }
            }
            for (key, id) in dedup where !sessions[id.index].alive || presented[key] == nil {
                problems.append("dedup index points at \(sessions[id.index].label), which does not present that value")
            }
        }
        // Each transition is checked until it is found allowed (a forbidden one stays reported
        // at every check, and so is checked again, with those after it).
        let history = process.machine.history
        var allowed = min(process.historyAllowed, history.count)
        for index in allowed..<history.count {
            let transition = history[index]
            if process.machine.allows(from: transition.from, to: transition.to) {
                if allowed == index { allowed += 1 }
            } else {
                problems.append("history holds a forbidden transition \(transition.from.text) -> \(transition.to.text)")
            }
        }
        process.historyAllowed = allowed
        return problems.isEmpty ? problems : problems.sorted()
    }

    /// The window bookkeeping of `_checkInvariants`: phase counts, the aggregate, the window
    /// order, the visible list and its limit, minimised windows. `marks` (one per session,
    /// zeroed at the live sessions and at those the window lists name: the only ones it
    /// reads) is its scratch space.
    private func checkWindows(_ process: AppProcess, marks: UnsafeMutableBufferPointer<UInt8>, into problems: inout [String]) {
        var counts = PhaseCounts()
        let connected: UInt8 = 1, visible: UInt8 = 2  // marks: 0 disconnected, 2 also on screen
        var connectedCount = 0, visibleCount = 0
        // Read in place (through the buffer), so no record or part of one is copied.
        sessions.withUnsafeBufferPointer { records in
            for index in liveIndices {
                if records[index].scene != nil {
                    // Read in place: binding the optional (`if let`) would copy the scene.
                    let phase = records[index].scene!.phase
                    counts.add(phase)
                    connectedCount += 1
                    marks[index] = connected
                    // A minimised window is inactive but off screen (semantics 13.7).
                    let minimized = !process.minimized.isEmpty && process.minimized.contains(index)
                    if phase.isVisible && !minimized {
                        marks[index] = visible
                        visibleCount += 1
                    }
                    if minimized && phase == .active { problems.append("minimised \(records[index].label) is active") }
                }
            }
        }
        func marked(_ mark: UInt8) -> [Int] { liveIndices.filter { marks[$0] >= mark } }
        if counts != process.counts { problems.append("phase counts \(process.counts) differ from the scenes' \(counts)") }
        let aggregate = aggregatePhase(of: counts, reported: process.reportedPhase)
        if aggregate != process.reportedPhase {
            problems.append("aggregate phase is \(process.reportedPhase) but the scenes make it \(aggregate)")
        }
        if !process.minimized.allSatisfy({ $0 < marks.count && marks[$0] != 0 }) {
            problems.append("minimised windows \(process.minimized.sorted()) are not all connected")
        }
        // The lists hold each index once, so a list is a set of marked scenes when its count is
        // theirs and every element is marked.
        var orderMatches = process.order.count == connectedCount
        var visibleMatches = process.visible.count == visibleCount
        var frontToBack = true
        var visibleInOrder = process.visible.makeIterator()
        for index in process.order {
            if index >= marks.count || marks[index] == 0 { orderMatches = false }
            // The visible list follows the window order.
            if index < marks.count && marks[index] == visible && visibleInOrder.next() != index { frontToBack = false }
        }
        if visibleInOrder.next() != nil { frontToBack = false }
        for index in process.visible where index >= marks.count || marks[index] != visible { visibleMatches = false }
        if !orderMatches {
            problems.append("window order \(process.order.elements) is not the connected scenes \(marked(connected))")
        }
        if !visibleMatches {
            problems.append("visible list \(process.visible.elements) is not the visible scenes \(marked(visible))")
        }
        if !frontToBack {
            let frontOrder = process.order.filter { $0 < marks.count && marks[$0] == visible }
            if frontOrder != process.visible.elements {
                problems.append("visible list \(process.visible.elements) is not in front-to-back order \(frontOrder)")
            }
        }
        if let limit = config.visibleLimit, visibleCount > limit {
            problems.append("\(visibleCount) scenes visible, over visible_limit \(limit)")
        }
        if !config.allowsMultipleWindows, connectedCount > 1 {
            problems.append("\(connectedCount) scenes connected on a platform that shows one window")
        }
    }
}
