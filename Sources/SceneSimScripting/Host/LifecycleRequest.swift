import ByteText
import LuaKit
import SceneSimCore

/// A lifecycle request from Lua, with its arguments checked (semantics 9.5):
/// run at once at the top level, or queued from the app's code until the system action is over.
/// Data, not a closure: building a closure that captures the arguments cost an allocation on
/// every call, queued or not (the colleague's bench-lua measurement of open_window, ~1.4x).
enum LifecycleRequest {
    case openWindow(group: String, value: SceneValue?)
    case dismissWindow(group: String, value: SceneValue?)
    case background, foreground, switcher, interrupt, resume, launch
    case terminate(Termination)
    case openURL(ByteString)
    case advance(VirtualTime)
    case settle
    case focus(SessionID)
    case backgroundWindow(SessionID)
    case close(SessionID)
    case disconnect(SessionID)
}

extension ScriptHost {
    /// Runs a request on the simulator; its results are the Lua call's.
    func run(_ request: LifecycleRequest, _ sim: Simulator) throws(SimError) -> [LuaValue] {
        switch request {
        case let .openWindow(group, value):
            let (window, created) = try sim.openWindow(group, value: value)
            return [window.map(windowValue) ?? .nil, .boolean(created)]
        case let .dismissWindow(group, value):
            return [.integer(Int64(try sim.dismissWindow(group, value: value)))]
        case .background: try sim.background()
        case .foreground: try sim.foreground()
        case .switcher: try sim.switcher()
        case .interrupt: try sim.interrupt()
        case .resume: try sim.resume()
        case .launch: try sim.launch()
        case .terminate(let how): try sim.terminate(how)
        case .openURL(let url): return [.boolean(try sim.openURL(url))]
        case .advance(let duration): try sim.advance(by: duration, afterEach: runRequestsBetweenEvents)
        case .settle: try sim.settle(afterEach: runRequestsBetweenEvents)
        case .focus(let id): try sim.focus(id)
        case .backgroundWindow(let id): try sim.backgroundWindow(id)
        case .close(let id): try sim.close(id)
        case .disconnect(let id): try sim.disconnect(id)
        }
        return []
    }
}
