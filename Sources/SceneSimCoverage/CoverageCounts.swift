import SceneSimCore

/// What one scenario's run did, counted by item: computed from the trace events that ran,
/// never from what a script meant to do. Keys are the items' report names.
package struct CoverageCounts: Sendable, Equatable {
    package var states: [String: Int] = [:]
    package var transitions: [String: Int] = [:]
    package var rejected: [String: Int] = [:]
    package var scenePhases: [String: Int] = [:]
    package var appPhases: [String: Int] = [:]
    package var connects: [String: Int] = [:]
    package var sessionEnds: [String: Int] = [:]
    package var terminations: [String: Int] = [:]
    package var deepLinks: [String: Int] = [:]
    package var warnings: [String: Int] = [:]
    /// What only lived in memory and was lost, by cause (`terminated`, `disconnected`, `closed`).
    package var memoryLosses: [String: Int] = [:]
    /// Suspensions, expiring background tasks and background launches (semantics 11.2-11.4).
    package var backgroundTime: [String: Int] = [:]
    /// Launches by an event, notifications opened, and the Mac's Dock (semantics 12, 13).
    package var events: [String: Int] = [:]
    /// The Swift handlers the run's generated modules translated, each with its runs: recorded
    /// by the modules' marks (`sim.swift_handlers`), not read from the trace.
    package var handlers: [HandlerCounts] = []

    package init() {}

    /// Whether `init(records:platform:table:)` counts `event`: a recording made for coverage
    /// alone keeps only these (notes, storage saves and the rest cost memory for nothing).
    @Sendable package static func counts(_ event: TraceEvent) -> Bool {
        switch event {
        case .launched, .eventLaunched, .notificationOpened, .reopened, .windowMinimized, .launchedInBackground,
            .stateChanged, .stateRejected, .scenePhaseChanged, .appPhaseChanged, .sceneConnected, .sceneDisconnected,
            .sessionsDiscarded, .terminated, .watchdogTerminated, .memoryLost, .suspended, .backgroundTaskExpiring, .backgroundTaskCompletedAtExpiry,
            .deepLink, .activityContinued, .warning, .memoryWarning, .appUpdated, .storageDroppedAfterUpdate,
            .deviceLock, .woken, .wakeDropped:
            true
        default:
            false
        }
    }

    /// Counts a run's events on `platform` against `table` (the kinds `counts` names).
    package init(records: [TraceRecord], platform: Platform, table: TransitionTable) {
        for record in records {
            switch record.event {
            case .launched:
                states[table.initial, default: 0] += 1
            case let .eventLaunched(_, _, cause, _):
                states[table.initial, default: 0] += 1
                events[Self.launchedBy(cause), default: 0] += 1
            case let .notificationOpened(_, handler):
                events[Self.notification(handler: handler), default: 0] += 1
            case let .reopened(visible, handler):
                events[Self.reopen(visible: visible, handler: handler), default: 0] += 1
            case let .windowMinimized(_, minimized):
                events[minimized ? Self.minimized : Self.restoredFromDock, default: 0] += 1
            case let .launchedInBackground(_, _, reason):
                states[table.initial, default: 0] += 1
                backgroundTime[Self.backgroundLaunch(reason), default: 0] += 1
            case let .stateChanged(from, to):
                let transition = TransitionTable.Transition(from: table.stateName(from), to: table.stateName(to))
                transitions[transition.text, default: 0] += 1
                states[transition.to, default: 0] += 1
            case let .stateRejected(from, to, _):
                rejected[TransitionTable.Transition(from: table.stateName(from), to: table.stateName(to)).text, default: 0] += 1
            case let .scenePhaseChanged(_, from, to):
                scenePhases["\(from.rawValue) -> \(to.rawValue)", default: 0] += 1
            case let .appPhaseChanged(from, to, _):
                appPhases["\(from.rawValue) -> \(to.rawValue)", default: 0] += 1
            case let .sceneConnected(_, _, reason):
                connects[reason.rawValue, default: 0] += 1
            case .sceneDisconnected:
                sessionEnds["disconnected (session kept)", default: 0] += 1
            case let .sessionsDiscarded(scenes, reason, _):
                sessionEnds["discarded: \(reason.rawValue)", default: 0] += scenes.count
            case let .terminated(how, kept, _):
                terminations[Self.termination(how, platform, kept), default: 0] += 1
            case .watchdogTerminated:
                // The watchdog keeps restoration, as a system kill does.
                terminations[Self.termination(.watchdog, platform, true), default: 0] += 1
            case let .memoryLost(_, _, cause):
                memoryLosses[cause.rawValue, default: 0] += 1
            case .suspended:
                backgroundTime[Self.suspended, default: 0] += 1
            case .backgroundTaskExpiring, .backgroundTaskCompletedAtExpiry:
                backgroundTime[Self.expired, default: 0] += 1
            case let .deepLink(_, outcome):
                switch outcome {
                case .handled: deepLinks["handled", default: 0] += 1
                case .handledByApp: deepLinks["handled by the app", default: 0] += 1
                case .notHandled(let reason): deepLinks["not handled: " + reason, default: 0] += 1
                }
            case let .activityContinued(_, outcome):
                switch outcome {
                case .handled: deepLinks["activity handled", default: 0] += 1
                case .handledByApp: deepLinks["activity handled by the app", default: 0] += 1
                case .notHandled(let reason): deepLinks["activity not handled: " + reason, default: 0] += 1
                }
            case let .warning(warning):
                warnings[Self.warningName(warning), default: 0] += 1
            case let .memoryWarning(delivered):
                events[Self.memoryWarning(delivered: delivered), default: 0] += 1
            case .appUpdated:
                events[Self.updated, default: 0] += 1
            case .storageDroppedAfterUpdate:
                events[Self.droppedAfterUpdate, default: 0] += 1
            case let .deviceLock(locked, _):
                events[Self.device(locked: locked), default: 0] += 1
            case .woken(let wake):
                events[Self.wake(wake, dropped: false), default: 0] += 1
            case .wakeDropped(let wake, _):
                events[Self.wake(wake, dropped: true), default: 0] += 1
            default:
                break
            }
        }
    }

    static func termination(_ how: Termination, _ platform: Platform, _ kept: Bool) -> String {
        "\(how.rawValue) on \(platform.rawValue), restoration \(kept ? "kept" : "discarded")"
    }

    static let suspended = "suspended"
    static let expired = "background task expiring (handler called)"
    static func backgroundLaunch(_ reason: String) -> String { "launched in the background (\(reason))" }

    static func launchedBy(_ cause: LaunchCause) -> String {
        switch cause {
        case .url: "launched by a URL"
        case .activity: "launched by a user activity"
        case .notification: "launched by a notification"
        case .shortcut: "launched by a shortcut"
        }
    }
    static func memoryWarning(delivered: Bool) -> String {
        delivered ? "memory warning delivered" : "memory warning not delivered (suspended)"
    }
    /// The device's lock (semantics 8.6).
    static func device(locked: Bool) -> String { locked ? "device locked" : "device unlocked" }
    /// A silent push or a finished transfer reaching the app, or dropped (semantics 11.8).
    static func wake(_ wake: BackgroundWake, dropped: Bool) -> String {
        switch (wake, dropped) {
        case (.push, false): "silent push received"
        case (.push, true): "silent push dropped"
        case (.transfer, false): "background transfer finished"
        case (.transfer, true): "background transfer dropped"
        }
    }
    static let updated = "app updated between launches"
    static let droppedAfterUpdate = "storage value dropped after an update"
    static func notification(handler: Bool) -> String {
        handler ? "notification opened, on_notification responds" : "notification opened, no on_notification"
    }
    static func reopen(visible: Bool, handler: Bool?) -> String {
        if handler == false { return "Dock reopen, on_reopen stops the default" }
        return visible ? "Dock reopen with a window visible" : "Dock reopen with no window visible"
    }
    static let minimized = "window minimized to the Dock"
    static let restoredFromDock = "window back from the Dock"

    static func warningName(_ warning: Warning) -> String {
        switch warning {
        case .openWindowIgnored: "openWindow ignored"
        case .storageLarge: "storage over storage_warn_bytes"
        case .flicker: "flicker"
        case .validationSkipped: "validation skipped (server unreachable)"
        case .unreachableState: "state no transition reaches"
        }
    }
}

/// The Swift handlers one generated module translated (`sim.swift_handlers`) and how often a
/// run ran each: the App's name, the module's file name, and a label per handler
/// (`EntryEditor.swift:13 .onChange(of: scenePhase)`).
package struct HandlerCounts: Sendable, Equatable {
    package var app: String
    package var module: String
    package var labels: [String]
    package var hits: [Int]

    package init(app: String, module: String, labels: [String], hits: [Int]) {
        self.app = app
        self.module = module
        self.labels = labels
        self.hits = hits
    }

    /// The order reports list labels in: by file, then line as a number, then the rest
    /// (`View.swift:9` before `View.swift:10`).
    package static func precedes(_ a: String, _ b: String) -> Bool {
        let (fileA, lineA, restA) = parts(a), (fileB, lineB, restB) = parts(b)
        if fileA != fileB { return fileA < fileB }
        if lineA != lineB { return lineA < lineB }
        return restA < restB
    }

    /// `File.swift:12 .onOpenURL` as its file, line and the rest; a label of another shape
    /// sorts as a file alone.
    static func parts(_ label: String) -> (Substring, Int, Substring) {
        let location = label.prefix { $0 != " " }
        let rest = label.dropFirst(location.count)
        guard let colon = location.lastIndex(of: ":"), let line = Int(location[location.index(after: colon)...]) else { return (Substring(label), 0, "") }
        return (location[..<colon], line, rest)
    }
}
