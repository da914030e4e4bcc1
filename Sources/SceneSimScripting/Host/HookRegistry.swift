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

    /// Turns a trace event into the hook calls it owes, if any hook listens for it.
    func collect(_ record: TraceRecord, into pending: inout [PendingHook], sessionNamed: (String) -> SessionID?) {
        guard !functions.isEmpty else { return }
        switch record.event {
        case let .appPhaseChanged(from, to) where functions[.phase] != nil:
            pending.append(PendingHook(event: .phase, arguments: [.text(from.rawValue), .text(to.rawValue)]))
        case let .stateChanged(from, to) where functions[.state] != nil:
            pending.append(PendingHook(event: .state, arguments: [.text(from.text), .text(to.text)]))
        case let .scenePhaseChanged(scene, from, to) where functions[.scenePhase] != nil:
            if let id = sessionNamed(scene) {
                pending.append(PendingHook(event: .scenePhase, arguments: [.window(id), .text(from.rawValue), .text(to.rawValue)]))
            }
        case let .sceneConnected(scene, _, _) where functions[.scenePhase] != nil:
            if let id = sessionNamed(scene) {
                pending.append(PendingHook(event: .scenePhase, arguments: [.window(id), .text("disconnected"), .text("inactive")]))
            }
        case let .sceneDisconnected(scene) where functions[.scenePhase] != nil:
            if let id = sessionNamed(scene) {
                pending.append(PendingHook(event: .scenePhase, arguments: [.window(id), .text("background"), .text("disconnected")]))
            }
        default:
            break
        }
    }
}
