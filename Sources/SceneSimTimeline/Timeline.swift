import SceneSimCore

/// A run as a picture: lanes (the app's aggregate phase, its state, one per window session),
/// intervals on them that close at the next change, markers for what happens at an instant,
/// the processes with the gaps between them, and flows from a killed session to its restored
/// continuation. Pure data, built from the trace records that actually ran
/// (`init(entries:platform:label:)`); the renderers (`text`, `svg`, `chromeTrace`) only draw it.
///
/// Positions carry both axes: the virtual time, and the step (the event's index in the run),
/// because many events share one instant and a time axis draws them on top of each other.
package struct Timeline: Sendable {
    package var platform: Platform
    package var lanes: [Lane]
    /// Ordered by start position; on one lane they never overlap.
    package var intervals: [Interval]
    package var markers: [Marker]
    package var flows: [Flow]
    package var processes: [ProcessSpan]
    /// The virtual time of each event, by step.
    package var stepTimes: [VirtualTime]
    /// One step after the last event, at the last event's time (or the run's end, if later).
    package var end: Point
    /// The number of events (steps).
    package var eventCount: Int { end.step }

    /// A position on both axes.
    package struct Point: Equatable, Sendable {
        package var step: Int
        package var time: VirtualTime
        package init(step: Int, time: VirtualTime) {
            self.step = step
            self.time = time
        }
    }

    package struct Lane: Equatable, Sendable {
        package enum Kind: Equatable, Sendable {
            case appPhase, appState
            case window(SessionID)
        }
        package var kind: Kind
        /// `app phase`, `app state`, or the session's label (`doc#1`), escaped as the trace shows it.
        package var name: String
    }

    /// What an interval shows; it decides the colour.
    package enum Value: Equatable, Sendable {
        case phase(SimScenePhase)
        case state(ModelState)

        package var text: String {
            switch self {
            case .phase(let phase): phase.rawValue
            case .state(let state): state.text
            }
        }
    }

    package struct Interval: Equatable, Sendable {
        package var lane: Int
        package var value: Value
        package var start: Point
        package var end: Point
        /// The launch (1, 2, ...) whose process the interval belongs to.
        package var launch: Int
        /// The trace text of the event that opened it, and the scenario line that caused that event.
        package var text: String
        package var source: String?
    }

    package enum MarkerKind: Equatable, Sendable {
        case launch
        case termination(Termination)
        case deepLink(handled: Bool)
        case storageSaved
        case storageLost
        case warning
        case disconnected
        case discarded
        case restoreRejected
        case stateRejected
        /// What lived only in memory (`app.memory`, `w.memory`) was lost.
        case memoryLost
        /// The system suspended the app.
        case suspended
        /// The suspended app runs again.
        case resumed
        /// A background task's expiration handler was called.
        case taskExpiring
        /// Work under way (a timer, a server request, a background task) ended with its process.
        case workLost
        /// A note the scenario wrote (`sim.log`).
        case note

        /// One letter for the text timeline's marker row.
        package var letter: Character {
            switch self {
            case .launch: "L"
            case .termination(.system): "K"
            case .termination(.user): "Q"
            case .termination(.crash): "C"
            case .termination(.watchdog): "T"
            case .termination(.force): "F"
            case .deepLink(let handled): handled ? "U" : "u"
            case .storageSaved: "S"
            case .storageLost: "s"
            case .warning: "W"
            case .disconnected: "d"
            case .discarded: "X"
            case .restoreRejected: "R"
            case .stateRejected: "r"
            case .memoryLost: "m"
            case .suspended: "Z"
            case .resumed: "w"
            case .taskExpiring: "E"
            case .workLost: "x"
            case .note: "n"
            }
        }

        package var name: String {
            switch self {
            case .launch: "launch"
            case .termination(let how): "terminated (\(how.rawValue))"
            case .deepLink(let handled): handled ? "deep link handled" : "deep link not handled"
            case .storageSaved: "storage saved"
            case .storageLost: "storage lost"
            case .warning: "warning"
            case .disconnected: "disconnected"
            case .discarded: "session discarded"
            case .restoreRejected: "restore rejected"
            case .stateRejected: "transition rejected"
            case .memoryLost: "memory lost"
            case .suspended: "suspended"
            case .resumed: "resumed"
            case .taskExpiring: "background task expiring"
            case .workLost: "work ended unfinished"
            case .note: "note"
            }
        }

        /// Every kind, in the order legends list them.
        package static let all: [MarkerKind] = [
            .launch, .termination(.system), .termination(.user), .termination(.crash), .termination(.force), .termination(.watchdog),
            .deepLink(handled: true), .deepLink(handled: false), .storageSaved, .storageLost,
            .warning, .disconnected, .discarded, .restoreRejected, .stateRejected,
            .memoryLost, .suspended, .resumed, .taskExpiring, .workLost, .note,
        ]
    }

    package struct Marker: Equatable, Sendable {
        package var lane: Int
        package var kind: MarkerKind
        package var at: Point
        package var launch: Int
        package var text: String
        package var source: String?
    }

    /// A session killed with its process and restored at a later launch: from the end of its
    /// last interval to the start of its first one in the new process.
    package struct Flow: Equatable, Sendable {
        package var lane: Int
        package var from: Point
        package var to: Point
        package var fromLaunch: Int
        package var toLaunch: Int
        /// The window's memory (`w.memory`) died with the process: only its SceneStorage and
        /// value came back, so the picture must not suggest its content did.
        package var memoryLost = false
    }

    package struct ProcessSpan: Equatable, Sendable {
        package var number: Int
        package var start: Point
        /// Where it ended; nil while it still runs at the end of the run.
        package var end: Point?
        package var termination: Termination?
    }

    /// One event of the run and, when known, the scenario `file:line` whose call caused it.
    package struct Entry: Sendable {
        package var record: TraceRecord
        package var source: String?
        package init(record: TraceRecord, source: String? = nil) {
            self.record = record
            self.source = source
        }
    }
}
