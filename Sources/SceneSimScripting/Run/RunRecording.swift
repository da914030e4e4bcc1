import SceneSimCore

/// Everything a run traced, kept for a picture or a coverage report: each event with the
/// scenario `file:line` whose call caused it, the platform, and the sessions' labels.
///
/// Only made when asked for (`scenesim run --timeline`, `scenesim test --coverage`): a run
/// without one keeps nothing and never asks Lua where a call came from.
package final class RunRecording {
    package private(set) var records: [TraceRecord] = []
    /// By record: the `file:line` of the script call under way when the event happened (a
    /// queued request's own line, a hook's call inside the hook), nil before any call.
    package private(set) var sources: [String?] = []
    /// The platform of `sim.launch`; nil if the script never declared the app.
    package private(set) var platform: Platform?
    /// The state each process of the app's model starts in (the built-in model's `loading`).
    package private(set) var initialState = ModelState("loading")
    /// The app model the run declared (its table is what coverage measures); nil if the
    /// script never declared the app.
    package private(set) var model: AppModel?
    /// What reports call that model (`model = { name = "notes", ... }`, or a registered Swift
    /// model's name); nil: the built-in model, or a declared one named after its scenario.
    package internal(set) var modelName: String?
    /// The virtual time when the run ended.
    package private(set) var endTime: VirtualTime = .zero
    /// Labels (`doc#1`) by session index, as the trace shows them.
    package private(set) var labels: [String] = []
    /// The Swift handlers the run's generated modules translated (`sim.swift_handlers`), each
    /// with how often it ran: recorded apart from the trace, which they never enter.
    package private(set) var handlers: [SwiftHandlers] = []

    /// The most bytes the recording may keep (the run's `--max-memory`); nil for no limit.
    package let maxBytes: Int?
    /// Estimated bytes kept so far.
    package private(set) var byteCount = 0
    /// Whether the run traced more than `maxBytes` allows: the records stop there, and a
    /// picture or coverage of the run is refused rather than drawn from part of it.
    package private(set) var overflowed = false

    /// Which events are kept (nil: all), for a reader that needs only some.
    private let keeps: (@Sendable (TraceEvent) -> Bool)?

    /// A recording that keeps at most about `maxBytes` (nil: no limit). `only`, when given,
    /// says which events to keep: a coverage report reads a few kinds, and a run's notes and
    /// storage saves kept for it cost memory up to the limit for nothing.
    package init(maxBytes: Int? = nil, only: (@Sendable (TraceEvent) -> Bool)? = nil) {
        self.maxBytes = maxBytes
        self.keeps = only
    }

    /// Estimated bytes of one kept event besides its source line.
    static let recordCost = MemoryLayout<TraceRecord>.stride + MemoryLayout<String?>.stride + 64

    func add(_ record: TraceRecord, source: String?) {
        guard !overflowed, keeps?(record.event) ?? true else { return }
        // The event's texts and values too: a note of 16 MiB is 16 MiB kept (they were not
        // counted, and 100 such notes held 1.7 GB under --max-memory 64).
        let cost = Self.recordCost + (source?.utf8.count ?? 0) + record.event.payloadBytes
        if let maxBytes, byteCount + cost > maxBytes {
            overflowed = true
            return
        }
        byteCount += cost
        records.append(record)
        sources.append(source)
    }

    /// A generated module's handlers (`sim.swift_handlers`); the same module declared again
    /// (required in two Lua states, say) is the same group. Returns the group's index.
    func declareHandlers(app: String, module: String, labels: [String]) -> Int {
        if let index = handlers.firstIndex(where: { $0.app == app && $0.module == module && $0.labels == labels }) { return index }
        handlers.append(SwiftHandlers(app: app, module: module, labels: labels, hits: Array(repeating: 0, count: labels.count)))
        return handlers.count - 1
    }

    /// Handler `label` of group `group` ran once more.
    func ranHandler(group: Int, label: Int) {
        handlers[group].hits[label] += 1
    }

    /// Takes what only the simulator knows once the run is over.
    func finish(_ simulator: Simulator?) {
        guard let simulator else { return }
        platform = simulator.config.platform
        initialState = simulator.model.initial
        model = simulator.model
        endTime = simulator.now
        labels = simulator.allSessions.map { simulator.label(of: $0) }
    }

    /// A session's label as the trace shows it.
    package func label(of id: SessionID) -> String {
        labels.indices.contains(id.index) ? labels[id.index] : "#\(id.index)"
    }
}

/// The Swift handlers one generated module translated (`sim.swift_handlers`, written by
/// `scenesim scaffold`): its App's name, the module's file name, each handler's label
/// (`EntryEditor.swift:13 .onChange(of: scenePhase)`) and how often the run ran it.
package struct SwiftHandlers: Sendable, Equatable {
    package var app: String
    package var module: String
    package var labels: [String]
    package var hits: [Int]
}
