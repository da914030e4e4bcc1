/// A connected scene's phase, and the app's aggregate of them (semantics §1).
public enum SimScenePhase: String, Sendable, CaseIterable {
    case active, inactive, background

    /// On screen: active or inactive.
    public var isVisible: Bool { self != .background }
}

/// What a window handle reports: its scene's phase, or `disconnected` when no scene is attached.
public enum WindowPhase: Hashable, Sendable {
    case connected(SimScenePhase)
    case disconnected

    /// The phase as the trace writes it (`active`, `disconnected`).
    public var text: String {
        switch self {
        case .connected(let phase): phase.rawValue
        case .disconnected: "disconnected"
        }
    }
}

/// Counts of connected scenes per phase: the aggregate phase is derived from them in O(1).
struct PhaseCounts: Equatable {
    var active = 0
    var inactive = 0
    var background = 0

    var connected: Int { active + inactive + background }
    var visible: Int { active + inactive }

    mutating func add(_ phase: SimScenePhase) { self[phase] += 1 }
    mutating func remove(_ phase: SimScenePhase) { self[phase] -= 1 }

    subscript(phase: SimScenePhase) -> Int {
        get {
            switch phase {
            case .active: active
            case .inactive: inactive
            case .background: background
            }
        }
        set {
            switch phase {
            case .active: active = newValue
            case .inactive: inactive = newValue
            case .background: background = newValue
            }
        }
    }

    /// §1.3: active if any scene is active; else background if all are background; else
    /// inactive. With no connected scene: `whenEmpty`.
    func aggregate(whenEmpty: SimScenePhase) -> SimScenePhase {
        if active > 0 { return .active }
        if inactive > 0 { return .inactive }
        if background > 0 { return .background }
        return whenEmpty
    }
}
