// The reasons the core refuses a call, as values (issue 40; WasmKit's `TrapReason` and
// argument-parser's `ErrorMessageGenerator` keep errors as values the same way): each family
// of errors is a case with its payload, worded once (`wording`); the calls a message names
// stay `APICall` values until a front end renders them (APICall+Script.swift for scripts,
// SimError+Swift.swift for Swift).
extension SimError {
    /// What went wrong, with what the message says about it.
    public enum Reason: Equatable, Sendable {
        /// `call` needs a running app; `lastTermination`: how and when the last one ended.
        case notRunning(APICall, lastTermination: TerminationRecord?)
        /// `call` runs (or stands for) the app's code, and the app is suspended since `since`.
        case suspended(APICall, since: VirtualTime)
        /// A lifecycle action started from app code in the middle of another system action.
        case reentrant(APICall)
        /// A change made from inside a restore check (a scene's `SceneCode.restore`).
        case restoreReentry
        /// `call` got a window of another simulator.
        case foreignWindow(APICall)
        /// `call` got window `label`, whose session was discarded; `reopen` opens a new one.
        case discardedWindow(APICall, label: String, at: VirtualTime, reason: DiscardReason, reopen: APICall)
        /// A scene id the app does not declare (`declared`, in declaration order).
        case unknownScene(String, declared: [String])
        /// `call` is a feature of macOS only (`feature`), and the app runs on `platform`.
        case macOnly(APICall, feature: String, platform: Platform)
        /// `call` got timer `id`; the run has made `made` of them.
        case noTask(APICall, id: Int, made: Int)
        /// `call` got background task `id`; the run has begun `begun` of them.
        case noBackgroundTask(APICall, id: Int, begun: Int)
        /// Anything else: the words, with the calls they name.
        case message(Message)

        /// The message, with its calls still values.
        public var wording: Message {
            switch self {
            case let .notRunning(call, last?):
                "\(call) needs a running app, but it was terminated (\(last.how.rawValue)) at \(last.at.text) s; call \(APICall.launch) first"
            case let .notRunning(call, nil):
                "\(call) needs a running app; call \(APICall.launch) first"
            case let .suspended(call, since):
                "\(call): the app is suspended (since \(since.text) s, in the background), so none of its code runs; resume it first: \(APICall.foreground), \(APICall.focus), \(script: "app:open_url(...)", swift: "openURL(_:)") or \(APICall.refresh)"
            case .reentrant(let call):
                "\(call): cannot start a lifecycle action from a handler in the middle of another system action; send it as an input, which queues it until the action is over"
            case .restoreReentry:
                "cannot change the simulation from inside a restore \(script: "hook", swift: "check (a scene's SceneCode.restore)"); return true or false and act after the launch"
            case .foreignWindow(let call):
                "\(call): this window belongs to another simulator; use the windows this one gives (windows, liveSessions, session(labeled:))"
            case let .discardedWindow(call, label, at, reason, reopen):
                "\(call): window \(label) no longer exists: its session was discarded at \(at.text) s (\(reason.rawValue)); open a new window with \(reopen)"
            case let .unknownScene(id, declared):
                "unknown scene id \"\(id)\"\(suggestion(for: id, among: declared)); the app declares \(declared.map { "\"\($0)\"" }.joined(separator: ", "))"
            case let .macOnly(call, feature, platform):
                "\(call) is \(feature), which exists only on macos; this app runs on \(platform.rawValue)"
            case let .noTask(call, id, made):
                "\(call): there is no task \(id); \(APICall.after) has made \(made) in this run"
            case let .noBackgroundTask(call, id, begun):
                "\(call): there is no background task \(id); \(APICall.beginBackgroundTask) has begun \(begun) in this run"
            case .message(let message):
                message
            }
        }

        /// The message for `dialect`.
        public func rendered(for dialect: Dialect) -> String {
            wording.rendered(for: dialect)
        }
    }
}
