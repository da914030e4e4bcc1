import LuaKit
import SceneSimCore

/// The hook events of `app:on`.
enum HookEvent: String, CaseIterable {
    case phase
    case scenePhase = "scene_phase"
    case state
    case restore
}

/// A hook call owed for an event, made once the simulator operation that caused it returns.
struct PendingHook {
    var event: HookEvent
    var arguments: [Argument]

    enum Argument {
        case text(String)
        case window(SessionID)
    }
}

/// The functions registered with `app:on`, called in registration order. Script-side state:
/// it survives relaunches (semantics §5.5).
struct HookRegistry {
    private var functions: [HookEvent: [LuaFunctionRef]] = [:]

    mutating func add(_ event: HookEvent, _ function: LuaFunctionRef) {
        functions[event, default: []].append(function)
    }

    mutating func removeAll(_ event: HookEvent) { functions[event] = nil }

    func functions(for event: HookEvent) -> [LuaFunctionRef] { functions[event] ?? [] }

    /// The hook calls a handler point owes, if any hook listens for it.
    func collect(_ point: HandlerPoint, into pending: inout [PendingHook]) {
        guard !functions.isEmpty else { return }
        switch point {
        case let .appPhase(from, to) where functions[.phase] != nil:
            pending.append(PendingHook(event: .phase, arguments: [.text(from.rawValue), .text(to.rawValue)]))
        case let .appState(from, to) where functions[.state] != nil:
            pending.append(PendingHook(event: .state, arguments: [.text(from.text), .text(to.text)]))
        case let .scenePhase(id, from, to) where functions[.scenePhase] != nil:
            pending.append(PendingHook(event: .scenePhase, arguments: [.window(id), .text(from.text), .text(to.text)]))
        case .processStarted, .appPhase, .appState, .scenePhase:
            break
        }
    }
}
