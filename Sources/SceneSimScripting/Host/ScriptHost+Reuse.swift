import LuaKit
import SceneSimCore

// A host used for many runs (explore's: `scenesim explore` restores one Lua state from its
// snapshot before each run instead of making a new host).
extension ScriptHost {
    /// Brings the host back to where `prepareRuns(path:)` left it: the Lua state
    /// restored from its snapshot, and every field a run changes set as a new host has it.
    /// False when the state cannot be restored (its block pool reached its cap): the host must
    /// then be dropped.
    package func resetRun() -> Bool {
        // Swift's references into the run's Lua state go first (they could not be used after).
        // Every stored property of ScriptHost is either reset here or set once by init
        // (StateReuseTests holds the list).
        simulator = nil
        traceEnabled = true
        traceTimeWidth = TraceRenderer.minimumTimeWidth
        hooks = HookRegistry()
        appCode = []
        swiftModelName = nil
        intentFunctions = [:]
        effectFunctions = [:]
        extensions = []
        hookErrorFrames = nil
        networkBeforeLaunch = true
        seed = options.seed
        cachedStorage = []
        appFieldsCached = false
        recording = nil
        currentSource = nil
        semanticInvariants = SemanticInvariants()
        return lua.restoreSnapshot()
    }

    /// Whether every field `resetRun()` resets holds what it sets, but for the semantic
    /// invariants, which only a run's checks change, and the declared keys and scene handlers,
    /// which only a launch sets.
    package var isAsARunFindsIt: Bool {
        simulator == nil && traceEnabled && hooks.isEmpty && appCode.isEmpty && swiftModelName == nil
            && intentFunctions.isEmpty && hookErrorFrames == nil
            && networkBeforeLaunch && seed == options.seed && cachedStorage.isEmpty && !appFieldsCached && recording == nil
            && currentSource == nil
    }
}
