import ByteText
import LuaKit
import SceneSimCore

// Field caches: reads of app fields, fixed window fields and storage values are answered in C
// from a table on the handle, without a call into Swift (see `LuaCall.cacheField`). Each cache
// is filled by a read and dropped whenever the trace says its value may have changed: every
// change the simulator makes is traced, so the trace is the invalidation signal. The simulator
// hands each event over as it happens (`traced`, its `traceSink`), before any Lua runs again.
// A cached field must also be traced before any handler point can follow its change, which
// holds for the app's fields (`mayChangeAppFields`) and not for a window's phase: a closed
// window is detached before its discard is traced, and a handler runs in between
// (FieldCacheTests), so those window fields are never cached.
extension ScriptHost {
    /// Drops the app handle's cache, if a read filled it (or counted a read: scn_index).
    func invalidateAppCache() {
        guard appFieldsCached else { return }
        lua.clearFieldCache(of: LuaHandle(classes.app, id: 1))
        appFieldsCached = false
    }

    /// Whether an event may change an app field the app handle caches (running, launches,
    /// phase, state, suspended; its intents and the defaults and memory proxies never change).
    /// Each such change is traced at once, with no handler point before its event: a launch or
    /// a termination, the App's phase, the model's state, a suspension or a resumption
    /// (Simulator's startProcess, end, updateAggregate, request, suspendIfIdle and
    /// resumeIfSuspended), or a scene connecting (the first one of a launch by the user sets the
    /// App's phase untraced, semantics 1.7). The other events of scenes, storage, the server and
    /// the clock's work change none; any other kind (an external event, a reopen) drops the
    /// cache too.
    static func mayChangeAppFields(_ event: TraceEvent) -> Bool {
        switch event {
        case .scenePhaseChanged, .sceneDisconnected, .windowFronted, .restoreRejected,
            .sessionsDiscarded, .discardsDelivered, .storageSaved, .storageLost, .stateRejected, .validationStarted,
            .validationFinished, .sessionStored, .sessionCleared, .networkChanged, .serverRevoked, .warning,
            .defaultChanged, .note, .memoryLost, .memoryWritten, .backgroundTaskBegan, .backgroundTaskExpiring, .backgroundTaskCompletedAtExpiry,
            .backgroundTaskFinished, .refreshRequested, .refreshCancelled, .windowMinimized, .effect, .woken, .wakeDropped,
            .keepRunning, .staysRunning, .memoryWarning, .storageDroppedAfterUpdate:
            return false
        default:
            return true
        }
    }

    /// Drops the app and storage caches an event may have made stale.
    func invalidateCaches(after event: TraceEvent) {
        if appFieldsCached && Self.mayChangeAppFields(event) { invalidateAppCache() }
        guard !cachedStorage.isEmpty else { return }
        switch event {
        case let .sceneConnected(scene, _, _), let .sceneDisconnected(scene), let .restoreRejected(scene):
            clearStorageCache(scene)
        case let .sessionsDiscarded(scenes, _, _):
            for scene in scenes { clearStorageCache(scene) }
        // A suspended app takes no writes, so no cached value may accept one in C.
        case .terminated, .launched, .eventLaunched, .watchdogTerminated, .launchedInBackground, .suspended:
            for index in cachedStorage {
                lua.clearFieldCache(of: LuaHandle(classes.storage, id: Int64(index)))
            }
            cachedStorage.removeAll()
        default:
            break
        }
    }

    private func clearStorageCache(_ id: SessionID) {
        guard cachedStorage.remove(id.index) != nil else { return }
        lua.clearFieldCache(of: LuaHandle(classes.storage, id: Int64(id.index)))
    }

    /// Caches a storage value just read or written through the proxy at argument 1.
    func cacheStorage(_ call: LuaCall, session: SessionID, key: ByteString, value: LuaValue) {
        if value.isNil {
            // A deleted key must read nil: drop the whole cache rather than track absences.
            if cachedStorage.remove(session.index) != nil {
                lua.clearFieldCache(of: LuaHandle(classes.storage, id: Int64(session.index)))
            }
            return
        }
        call.cacheField(key, value, acceptsWrites: simulator?.storageWritesAreQuiet(session) ?? false)
        cachedStorage.insert(session.index)
    }
}
