// Whole-state views for tests, displays and the REPL's `\state`, and the invariant check.
extension Simulator {
    /// Everything observable about the device and app, in a stable order.
    public struct Snapshot: Equatable, Sendable {
        public var time: String
        public var running: Bool
        public var launches: Int
        public var phase: ScenePhase
        public var state: String
        /// Connected windows front to back, as `"main#1 active"`.
        public var windows: [String]
        /// Every session ever created, in creation order.
        public var sessions: [Session]

        public struct Session: Equatable, Sendable {
            public var id: String
            public var value: String?
            public var phase: String
            public var alive: Bool
            /// Live storage literal when connected.
            public var storage: String?
            /// Saved storage literal (what restoration gives).
            public var saved: String

            /// A session as a test expects it (`expectSnapshot` adds the ones an operation made).
            public init(id: String, value: String? = nil, phase: String, alive: Bool = true, storage: String? = nil, saved: String = "{}") {
                self.id = id
                self.value = value
                self.phase = phase
                self.alive = alive
                self.storage = storage
                self.saved = saved
            }
        }
    }

    public func snapshot() -> Snapshot {
        Snapshot(
            time: now.text,
            running: isRunning,
            launches: launchCount,
            phase: appPhase,
            state: isRunning ? state.text : "not running",
            windows: windows.map { "\(label(of: $0)) \(phase(of: $0).text)" },
            sessions: sessions.map { record in
                Snapshot.Session(
                    id: record.label,
                    value: record.value?.literal,
                    phase: record.alive ? phase(of: record.id).text : "discarded",
                    alive: record.alive,
                    storage: record.scene?.storage.literal,
                    saved: record.saved.literal
                )
            }
        )
    }

    /// Checks the model's invariants by brute force; returns a description of each violation.
    /// Tests run it after every operation; it scans everything, so it is not for production paths.
    package func _checkInvariants() -> [String] {
        var problems: [String] = []
        guard let process else {
            for record in sessions where record.scene != nil {
                problems.append("terminated app still has \(record.label) connected")
            }
            return problems
        }
        var counts = PhaseCounts()
        var connected: Set<Int> = []
        var visible: Set<Int> = []
        for record in sessions {
            if let scene = record.scene {
                counts.add(scene.phase)
                connected.insert(record.id.index)
                if scene.phase.isVisible { visible.insert(record.id.index) }
                if !record.alive { problems.append("discarded \(record.label) is connected") }
            }
            if !record.alive && !record.saved.isEmpty { problems.append("discarded \(record.label) kept storage") }
        }
        if counts != process.counts { problems.append("phase counts \(process.counts) differ from the scenes' \(counts)") }
        let aggregate = aggregatePhase(of: counts, reported: process.reportedPhase)
        if aggregate != process.reportedPhase {
            problems.append("aggregate phase is \(process.reportedPhase) but the scenes make it \(aggregate)")
        }
        if Set(process.order.elements) != connected || process.order.count != connected.count {
            problems.append("window order \(process.order.elements) is not the connected scenes \(connected.sorted())")
        }
        if Set(process.visible.elements) != visible || process.visible.count != visible.count {
            problems.append("visible list \(process.visible.elements) is not the visible scenes \(visible.sorted())")
        }
        let frontOrder = process.order.elements.filter { visible.contains($0) }
        if frontOrder != process.visible.elements {
            problems.append("visible list \(process.visible.elements) is not in front-to-back order \(frontOrder)")
        }
        if let limit = config.visibleLimit, visible.count > limit {
            problems.append("\(visible.count) scenes visible, over visible_limit \(limit)")
        }
        if !config.allowsMultipleWindows, connected.count > 1 {
            problems.append("\(connected.count) scenes connected on a platform that shows one window")
        }
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
        for transition in process.machine.history where !process.machine.allows(from: transition.from, to: transition.to) {
            problems.append("history holds a forbidden transition \(transition.from.text) -> \(transition.to.text)")
        }
        return problems.sorted()
    }
}
