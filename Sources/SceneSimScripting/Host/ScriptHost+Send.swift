import ByteText
import LuaKit
import SceneSimCore

// A script's lifecycle call is a `SimInput` sent to the core, which runs it at once or, from a
// hook in the middle of a system action, queues it until the action is over (semantics 9.5).
extension ScriptHost {
    /// Sends `input` for the Lua call `call`; its results are the call's (nothing when queued).
    package func send(_ input: SimInput, _ call: LuaCall, _ sim: Simulator) throws(SimError) -> [LuaValue] {
        // Where the call was made is asked only when the core will queue it: finding the line
        // costs a walk of Lua's debug info. Through pcall, the pcall's line: its error is
        // raised later, where no pcall catches it, and a message without a line said nothing.
        let origin = sim.queuesLifecycleActions ? call.scriptLocation() : nil
        switch try sim.send(input, origin: origin) {
        case .done, .queued, .value(nil):
            return []
        case .window(let opening):
            if case .queued = opening { return [] }
            return [opening.window.map(windowValue) ?? .nil, .boolean(opening.isNew)]
        case .closed(let count):
            return [.integer(Int64(count))]
        case .urlHandled(let handled):
            return [.boolean(handled)]
        case .value(let value?):
            return [value.lua]
        }
    }
}
