/// A misuse of the simulator, with a message written for the person who wrote the scenario.
///
/// The core knows no script locations; the scripting layer prefixes `file:line:`.
public struct SimError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: String, Sendable {
        /// `sim.launch` options that are unknown, of the wrong type or inconsistent.
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
        /// A simulator operation called while another one is still under way (from a hook).
        case reentrant
        /// Time would pass `VirtualTime.latest`, the end of the virtual clock.
        case clockEnd
        /// The simulator's records would pass their memory budget (`Simulator.memoryBudget`).
        case memoryLimit
    }

    public var kind: Kind
    public var message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }
}

/// ` (did you mean "x"?)` for the closest candidate within a small edit distance, else `""`.
public func suggestion(for name: String, among candidates: [String]) -> String {
    guard let best = closest(to: name, among: candidates) else { return "" }
    return " (did you mean \"\(best)\"?)"
}

/// The candidate with the smallest edit distance to `name`, if it is close enough to be a typo.
public func closest(to name: String, among candidates: [String]) -> String? {
    let limit = max(1, name.count / 3)
    var best: (String, Int)?
    for candidate in candidates {
        let distance = editDistance(name.lowercased(), candidate.lowercased())
        if distance <= limit, best == nil || distance < best!.1 {
            best = (candidate, distance)
        }
    }
    return best?.0
}

/// Optimal string alignment distance: Levenshtein plus adjacent transpositions ("mian" is one
/// typo away from "main"), the most common slip when typing a name.
private func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var beforePrevious = Array(repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = Array(repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        current[0] = i
        for j in 1...b.count {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                current[j] = min(current[j], beforePrevious[j - 2] + 1)
            }
        }
        (beforePrevious, previous, current) = (previous, current, beforePrevious)
    }
    return previous[b.count]
}
