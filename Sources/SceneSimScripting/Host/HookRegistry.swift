import LuaKit
import SceneSimCore

/// The hook events of `app:on`.
enum HookEvent: String, CaseIterable {
    case phase
    case scenePhase = "scene_phase"
    case state
    case restore
}

/// The hooks a handler point calls, and what it passes them.
struct HookCall {
    /// A snapshot: a hook that registers or removes hooks changes the next point's calls.
    var functions: [LuaFunctionRef]
    var arguments: [Argument]

    enum Argument {
        case text(String)
        case window(SessionID)
    }

    /// Functions and the Lua values they are called with, ready to call.
    struct Direct {
        var functions: [LuaFunctionRef]
        var arguments: [LuaValue]
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

    /// Whether no function is registered.
    var isEmpty: Bool { functions.isEmpty }

    /// The hook call a handler point makes, if any hook listens for it.
    func call(for point: HandlerPoint) -> HookCall? {
        guard !functions.isEmpty else { return nil }
        let event: HookEvent
        let arguments: [HookCall.Argument]
        switch point {
        case let .appPhase(from, to):
            (event, arguments) = (.phase, [.text(from.rawValue), .text(to.rawValue)])
        case let .appState(from, to):
            (event, arguments) = (.state, [.text(from.text), .text(to.text)])
        case let .scenePhase(id, from, to):
            (event, arguments) = (.scenePhase, [.window(id), .text(from.text), .text(to.text)])
        case .processStarted, .taskDue, .serverAnswered:
            return nil
        }
        guard let registered = functions[event] else { return nil }
        return HookCall(functions: registered, arguments: arguments)
    }
}
