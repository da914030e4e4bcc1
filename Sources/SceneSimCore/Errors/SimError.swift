import ByteText

/// A misuse of the simulator, with a message written for the person who wrote the scenario.
///
/// An error is a value (`reason`, with typed payloads) that each front end renders: `message`
/// for a script, `swiftMessage` (and `description`) for a Swift caller. The core knows no
/// script locations; the scripting layer prefixes `file:line:`.
public struct SimError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What kind of misuse an error reports, for code that handles some kinds differently.
    public enum Kind: String, Sendable {
        /// An app's declaration (`AppConfig`, a model) that is unknown, of the wrong type or
        /// inconsistent.
        case invalidConfig
        /// A scene id that the app does not declare.
        case unknownScene
        /// A value of the wrong type for a scene group, storage, or an argument.
        case invalidValue
        /// A window handle whose session was discarded.
        case discardedSession
        /// The app is not running (launching a running app is `forbidden`).
        case notRunning
        /// The current lifecycle or app state forbids the operation.
        case forbidden
        /// The clock kept finding work: a livelock.
        case didNotSettle
        /// A simulator operation called while another one is still under way (from a handler).
        case reentrant
        /// Time would pass `VirtualTime.latest`, the end of the virtual clock.
        case clockEnd
        /// The simulator's records would pass their memory budget (`Simulator.memoryBudget`).
        case memoryLimit
        /// The app's own code (a model handler, a timer body, an intent) threw an error.
        case appCode
        /// App code kept queueing lifecycle actions (`Simulator.maxQueuedInputs` for one call).
        case tooManyRequests
        /// The driver stopped work under way (`Simulator.workMeter` answered true: a limit of
        /// its own, or an interrupt). The driver reports its own reason.
        case stopped
    }

    /// The audiences an error is rendered for.
    public enum Dialect: Sendable {
        /// A scenario's author: calls as a scenario script spells them.
        ///
        /// In a scenario script: `app:open_window("doc")`.
        case script
        /// A Swift caller: calls as the Swift API spells them (`openWindow("doc")`).
        case swift
    }

    /// What kind of misuse this is.
    public var kind: Kind
    /// What went wrong, as a value; `message` and `swiftMessage` render it.
    public var reason: Reason
    /// For an input that app code made in the middle of a system action and the core queued:
    /// where it was made (for a script, `file:line: ` of the call), so the front end can say
    /// where the failed request came from. Nil for an input run when it was made.
    public var queuedAt: String?

    /// An error of `kind` for `reason`.
    public init(_ kind: Kind, _ reason: Reason) {
        self.kind = kind
        self.reason = reason
    }

    /// An error of `kind` whose message (text and the calls it names, interpolated as
    /// `APICall` values) tells the scenario's author what went wrong and what to do:
    /// `SimError(.forbidden, "\(label) is minimised; call \(APICall.focus) first")`. Text made
    /// elsewhere comes in as `.text(string)`. (There is deliberately no `String` overload: Swift
    /// would prefer it for every literal, and interpolated calls would print as enum cases.)
    public init(_ kind: Kind, _ message: Message) {
        self.init(kind, .message(message))
    }

    /// Two errors are the same when they are of one kind and say the same to a script (the
    /// Swift text follows from the same reason); tests compare errors with plain-text ones.
    public static func == (lhs: SimError, rhs: SimError) -> Bool {
        lhs.kind == rhs.kind && lhs.queuedAt == rhs.queuedAt && (lhs.reason == rhs.reason || lhs.message == rhs.message)
    }

    /// What went wrong and what to do, in a script's words (`description` spells it for Swift callers).
    public var message: String { reason.rendered(for: .script) }

    /// The message with every call spelled as the Swift API spells it.
    public var swiftMessage: String { reason.rendered(for: .swift) }

    /// The error as a Swift caller reads it: `swiftMessage`, and where a queued request came from.
    public var description: String {
        swiftMessage + (queuedAt == nil ? "" : " (requested by app code during a system action, it ran once the action was over)")
    }
}

/// ` (did you mean "x"?)` for the closest candidate within a small edit distance, else `""`.
package func suggestion(for name: String, among candidates: [String]) -> String {
    guard let best = closest(to: name, among: candidates) else { return "" }
    return " (did you mean \"\(best)\"?)"
}

/// The candidate with the smallest edit distance to `name`, if it is close enough to be a typo:
/// a third of the name's length, at least 1 and at most 8 (longer names are not typos of each
/// other; the cap also bounds the work for a huge name, see `EditDistance`).
package func closest(to name: String, among candidates: [String]) -> String? {
    let limit = max(1, min(name.count / 3, 8))
    return EditDistance.closest(to: name, among: candidates, bound: { _ in limit })
}
