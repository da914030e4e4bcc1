import ByteText
import SceneSimCore

extension Timeline {
    /// Builds the timeline of a run from its events, in order. `label` names a session as the
    /// trace does (`doc#1`); `endTime` is the run's final virtual time, when the clock moved on
    /// after the last event.
    /// `initialState` is the state each process of the app's model starts in.
    ///
    /// `entries` may be a lazy view of a run's records (`RunRecording`), so they are never
    /// copied into an array of their own beside the timeline being built.
    package init<Entries: BidirectionalCollection<Entry>>(
        entries: Entries, platform: Platform, initialState: ModelState = ModelState("loading"),
        endTime: VirtualTime? = nil, label: (SessionID) -> String
    ) {
        let lastTime = entries.last?.record.time ?? .zero
        self = withoutActuallyEscaping(label) { label in
            var builder = Builder(platform: platform, initialState: initialState, label: label)
            for (step, entry) in entries.enumerated() {
                builder.add(entry, at: Point(step: step, time: entry.record.time))
            }
            return builder.finish(at: Point(step: entries.count, time: max(lastTime, endTime ?? lastTime)))
        }
        stepTimes = entries.map(\.record.time)
    }

    /// The lane index of a window session, if it has one.
    package func lane(of session: SessionID) -> Int? {
        lanes.firstIndex { $0.kind == .window(session) }
    }

    /// Lane indexes: the app's aggregate phase and state come first.
    package static let appPhaseLane = 0
    package static let appStateLane = 1
}

/// Walks the events once, keeping each lane's open interval.
private struct Builder {
    let platform: Platform
    let initialState: ModelState
    let label: (SessionID) -> String
    var lanes: [Timeline.Lane] = [
        .init(kind: .appPhase, name: "app phase"),
        .init(kind: .appState, name: "app state"),
    ]
    var windowLanes: [SessionID: Int] = [:]
    var intervals: [Timeline.Interval] = []
    /// Per lane, the index in `intervals` of its open interval.
    var open: [Int: Int] = [:]
    var markers: [Timeline.Marker] = []
    var flows: [Timeline.Flow] = []
    var processes: [Timeline.ProcessSpan] = []
    /// Per window lane, where its last interval ended and in which launch.
    var lastEnd: [Int: (point: Timeline.Point, launch: Int)] = [:]
    /// Per window lane, the launch whose end took its memory.
    var memoryLostAtEnd: [Int: Int] = [:]
    var launch = 0

    init(platform: Platform, initialState: ModelState, label: @escaping (SessionID) -> String) {
        self.platform = platform
        self.initialState = initialState
        self.label = label
    }

    mutating func lane(_ session: SessionID) -> Int {
        if let lane = windowLanes[session] { return lane }
        lanes.append(.init(kind: .window(session), name: ByteString(label(session)).escaped))
        windowLanes[session] = lanes.count - 1
        return lanes.count - 1
    }

    mutating func close(_ lane: Int, at point: Timeline.Point) {
        guard let index = open.removeValue(forKey: lane) else { return }
        intervals[index].end = point
        if lane >= 2 { lastEnd[lane] = (point, intervals[index].launch) }
    }

    mutating func begin(_ lane: Int, _ value: Timeline.Value, at point: Timeline.Point, _ entry: Timeline.Entry, _ text: String) {
        close(lane, at: point)
        open[lane] = intervals.count
        intervals.append(.init(lane: lane, value: value, start: point, end: point, launch: launch, text: text, source: entry.source))
    }

    mutating func mark(_ lane: Int, _ kind: Timeline.MarkerKind, at point: Timeline.Point, _ entry: Timeline.Entry, _ text: String) {
        markers.append(.init(lane: lane, kind: kind, at: point, launch: launch, text: text, source: entry.source))
    }

    mutating func add(_ entry: Timeline.Entry, at point: Timeline.Point) {
        let event = entry.record.event
        let text = TraceRenderer.describe(event, label: label).message
        switch event {
        case .launched, .launchedInBackground, .eventLaunched:
            launch += 1
            processes.append(.init(number: launch, start: point, end: nil, termination: nil))
            begin(Timeline.appPhaseLane, .phase(.background), at: point, entry, text)
            begin(Timeline.appStateLane, .state(initialState), at: point, entry, text)
            mark(Timeline.appPhaseLane, .launch, at: point, entry, text)
        case .terminated, .watchdogTerminated:
            let how: Termination = if case .terminated(let how, _, _) = event { how } else { .watchdog }
            for lane in open.keys.sorted() { close(lane, at: point) }
            if !processes.isEmpty {
                processes[processes.count - 1].end = point
                processes[processes.count - 1].termination = how
            }
            mark(Timeline.appPhaseLane, .termination(how), at: point, entry, text)
        case let .sceneConnected(scene, _, reason):
            let lane = lane(scene)
            if reason == .restored, let last = lastEnd[lane], last.launch < launch {
                flows.append(
                    .init(
                        lane: lane, from: last.point, to: point, fromLaunch: last.launch, toLaunch: launch,
                        memoryLost: memoryLostAtEnd[lane] == last.launch))
            }
            begin(lane, .phase(.inactive), at: point, entry, text)
        case let .scenePhaseChanged(scene, _, to):
            begin(lane(scene), .phase(to), at: point, entry, text)
        case let .sceneDisconnected(scene):
            let lane = lane(scene)
            close(lane, at: point)
            mark(lane, .disconnected, at: point, entry, text)
        case let .restoreRejected(scene):
            mark(lane(scene), .restoreRejected, at: point, entry, text)
        case let .sessionsDiscarded(scenes, _, _):
            for scene in scenes {
                let lane = lane(scene)
                close(lane, at: point)
                mark(lane, .discarded, at: point, entry, text)
            }
        case let .storageSaved(scene, _, _):
            mark(lane(scene), .storageSaved, at: point, entry, text)
        case let .storageLost(scene, _):
            mark(lane(scene), .storageLost, at: point, entry, text)
        case let .appPhaseChanged(_, to, _):
            begin(Timeline.appPhaseLane, .phase(to), at: point, entry, text)
        case let .stateChanged(_, to):
            begin(Timeline.appStateLane, .state(to), at: point, entry, text)
        case .stateRejected:
            mark(Timeline.appStateLane, .stateRejected, at: point, entry, text)
        case let .deepLink(_, outcome), let .activityContinued(_, outcome), let .notificationRouted(_, outcome), let .shortcutRouted(_, _, outcome):
            if case .handled(let scene) = outcome {
                mark(lane(scene), .deepLink(handled: true), at: point, entry, text)
            } else {
                mark(Timeline.appPhaseLane, .deepLink(handled: false), at: point, entry, text)
            }
        case let .warning(warning):
            switch warning {
            case .storageLarge(let scene, _, _): mark(lane(scene), .warning, at: point, entry, text)
            case .flicker: mark(Timeline.appStateLane, .warning, at: point, entry, text)
            case .openWindowIgnored, .validationSkipped, .unreachableState: mark(Timeline.appPhaseLane, .warning, at: point, entry, text)
            }
        case let .memoryLost(scene, _, cause):
            if let scene {
                let lane = lane(scene)
                if cause == .terminated { memoryLostAtEnd[lane] = launch }
                mark(lane, .memoryLost, at: point, entry, text)
            } else {
                mark(Timeline.appStateLane, .memoryLost, at: point, entry, text)
            }
        case .suspended:
            mark(Timeline.appPhaseLane, .suspended, at: point, entry, text)
        case .resumed:
            mark(Timeline.appPhaseLane, .resumed, at: point, entry, text)
        case .backgroundTaskExpiring, .backgroundTaskCompletedAtExpiry:
            mark(Timeline.appPhaseLane, .taskExpiring, at: point, entry, text)
        case .workEnded:
            mark(Timeline.appPhaseLane, .workLost, at: point, entry, text)
        case .note:
            mark(Timeline.appPhaseLane, .note, at: point, entry, text)
        case .backgroundTaskBegan, .backgroundTaskFinished, .refreshRequested, .refreshCancelled, .woken, .wakeDropped,
            .keepRunning, .staysRunning,
            .windowFronted, .discardsDelivered, .validationStarted, .validationFinished, .sessionStored,
            .sessionCleared, .networkChanged, .serverRevoked, .defaultChanged, .notificationOpened, .shortcutOpened,
            .reopened, .windowMinimized, .effect, .memoryWritten, .memoryWarning, .appUpdated,
            .storageDroppedAfterUpdate, .willTerminate, .quitRequest, .deviceLock, .prewarmedLaunch:
            break
        }
    }

    mutating func finish(at end: Timeline.Point) -> Timeline {
        for lane in open.keys.sorted() { close(lane, at: end) }
        // Window lanes in session order (creation order), after the two app lanes.
        let order = [0, 1] + lanes.indices.dropFirst(2).sorted { lanes[$0].kind.session! < lanes[$1].kind.session! }
        var renumber = Array(repeating: 0, count: lanes.count)
        for (new, old) in order.enumerated() { renumber[old] = new }
        for index in intervals.indices { intervals[index].lane = renumber[intervals[index].lane] }
        for index in markers.indices { markers[index].lane = renumber[markers[index].lane] }
        for index in flows.indices { flows[index].lane = renumber[flows[index].lane] }
        return Timeline(
            platform: platform, lanes: order.map { lanes[$0] }, intervals: intervals, markers: markers,
            flows: flows, processes: processes, stepTimes: [], end: end
        )
    }
}

extension Timeline.Lane.Kind {
    var session: SessionID? {
        if case .window(let id) = self { return id }
        return nil
    }
}
