import ByteText

// SceneStorage (§3): live values in the scene, a saved snapshot in the session, save points
// per policy, and the size warning.
extension Simulator {
    /// Copies the live storage into the session if anything changed since the last save.
    func saveStorage(_ id: SessionID) {
        guard let scene = sessions[id.index].scene, scene.dirty else { return }
        changingStorage(of: id) { sessions[id.index].saved = scene.storage }
        sessions[id.index].savedBy = installedVersion
        sessions[id.index].scene?.dirty = false
        emit(.storageSaved(scene: id, keys: scene.storage.count, bytes: scene.storage.byteCount))
    }

    /// The connected scene of a live session in the running app, or the error for `what`;
    /// `disconnected` says, after the window's label, why a disconnected one will not do.
    @discardableResult
    func requireLiveScene(
        _ id: SessionID, _ what: APICall,
        // Autoclosures: the messages are built only for a refusal (every storage write asks).
        disconnected: @autoclosure () -> SimError.Message =
            "is disconnected, and SceneStorage exists only on a connected scene; call \(.focus) to reconnect it, or read \(script: "w.saved", swift: "savedStorage(_:)")",
        closing closingText: @autoclosure () -> SimError.Message =
            "is being closed, and its SceneStorage is discarded with its session; keep what must outlive the window in \(script: "app.defaults", swift: "defaults (setDefault(_:_:))"), or save the draft earlier (on active -> inactive)"
    ) throws(SimError) -> SessionRecord.LiveScene {
        try requireAlive(id, what)
        try requireRunning(what)
        guard let scene = sessions[id.index].scene else {
            // In its `-> disconnected` handlers a closing window's session is still alive, but
            // focusing it will not bring the storage back: it is discarded next.
            if closing == id {
                throw SimError(.forbidden, "\(what): \(sessions[id.index].label) \(closingText())")
            }
            throw SimError(.forbidden, "\(what): \(sessions[id.index].label) \(disconnected())")
        }
        return scene
    }

    /// The live value of `key` in a connected scene; nil when unset.
    /// A window's live `@SceneStorage` value for `key`.
    public func storageValue(_ id: SessionID, key: String) throws(SimError) -> SceneValue? {
        try storageValue(id, key: ByteString(key))
    }

    package func storageValue(_ id: SessionID, key: ByteString) throws(SimError) -> SceneValue? {
        try checkStorageKey(id, key)
        return try requireLiveScene(id, .readStorage).storage[key]
    }

    /// Writes (or with nil deletes) `key` in a connected scene's storage.
    /// Writes (or with nil removes) a connected window's `@SceneStorage` key.
    public func setStorage(_ id: SessionID, key: String, value: SceneValue?) throws(SimError) {
        try setStorage(id, key: ByteString(key), value: value)
    }

    package func setStorage(_ id: SessionID, key: ByteString, value: SceneValue?) throws(SimError) {
        try checkStorageKey(id, key)
        try setStorage(id, key: key, value: value, changed: nil)
    }

    /// `setStorage` for a driver that folds writes (the Lua bridge's write buffer).
    ///
    /// `changed` says whether the write changed the storage; nil compares the old value with
    /// the new. A caller that folded several writes into one passes true when any of them
    /// changed the value, even if the last one put the old value back.
    package func setStorage(_ id: SessionID, key: ByteString, value: SceneValue?, changed: Bool?) throws(SimError) {
        // A write adds no session or transition, only its entry: deleting is never refused.
        try change(memory: 0) { () throws(SimError) in
            try requireLiveScene(id, .writeStorage)
            try requireAwake(.writeStorage)
            if case .double(let d)? = value, d.isNaN {
                throw SimError(
                    .invalidValue,
                    "storage key \(key.quoted): NaN cannot be stored (it never equals itself); \(script: "store a number or nil", swift: "store a number, or remove the key")")
            }
            if case .table? = value {
                throw SimError(
                    .invalidValue,
                    "storage key \(key.quoted): cannot store a \(script: "table", swift: "SceneValue.table"); SceneStorage holds boolean, integer, float or string values (encode \(script: "tables as strings, or keep them", swift: "it as a string, or keep it") in memory)"
                )
            }
            // At most the new entry twice (live and saved), checked before anything changes.
            try requireMemory(value.map { 2 * (key.count + $0.byteSize + Self.storageEntryCost) } ?? 0)
            let before = Self.cost(of: sessions[id.index].scene!.storage) + Self.cost(of: sessions[id.index].saved)
            defer {
                let after = Self.cost(of: sessions[id.index].scene!.storage) + Self.cost(of: sessions[id.index].saved)
                recordBytes += after - before
            }
            // Mutate in place: copying the scene out would make its storage copy-on-write.
            let old = sessions[id.index].scene!.storage.set(key, value)
            guard changed ?? (old != value) else { return }
            let wasDirty = sessions[id.index].scene!.dirty
            sessions[id.index].scene!.dirty = true
            let bytes = sessions[id.index].scene!.storage.byteCount
            let limit = config.policy.storageWarnBytes
            let large = bytes > limit
            if large != sessions[id.index].scene!.warnedLarge {
                sessions[id.index].scene!.warnedLarge = large
                if large {
                    emit(.warning(.storageLarge(scene: id, bytes: bytes, limit: limit)))
                }
            }
            if config.policy.storageSave == .everyWrite {
                // Saved at once: not a lifecycle event, so not traced. Saved equals live unless
                // writes are pending, so the one write is applied to it: copying the whole
                // storage instead made the next write copy it again (quadratic in keys).
                if wasDirty {
                    sessions[id.index].saved = sessions[id.index].scene!.storage
                } else {
                    sessions[id.index].saved.set(key, value)
                }
                sessions[id.index].savedBy = installedVersion
                sessions[id.index].scene!.dirty = false
            }
        }
    }

    /// Whether a write that keeps the storage's byte count would succeed and do nothing but
    /// change the value: the scene is connected, no system action is under way, and the size
    /// warning already matches the size, so no warning can start or end.
    package func storageWritesAreQuiet(_ id: SessionID) -> Bool {
        guard case .idle = underWay.activity, !isSuspended, (try? requireLiveScene(id, .writeStorage)) != nil, let scene = sessions[id.index].scene else {
            return false
        }
        return scene.warnedLarge == (scene.storage.byteCount > config.policy.storageWarnBytes)
    }

    /// A connected scene's live storage.
    public func liveStorage(_ id: SessionID) throws(SimError) -> SimSceneStorage {
        try requireLiveScene(id, .readStorage).storage
    }

    /// The keys of a connected scene's storage, in byte order.
    public func storageKeys(_ id: SessionID) throws(SimError) -> [ByteString] {
        try requireLiveScene(id, .listStorageKeys).storage.sortedKeys
    }

    /// Keys whose live value differs from the saved one: the writes a crash would lose.
    func unsavedKeys(_ id: SessionID) -> [ByteString] {
        guard let scene = sessions[id.index].scene, scene.dirty else { return [] }
        let saved = sessions[id.index].saved
        let keys = Set(scene.storage.values.keys).union(saved.values.keys)
        return keys.filter { scene.storage[$0] != saved[$0] }.sorted()
    }

    /// What restoration would give this session now: its saved storage.
    public func savedStorage(_ id: SessionID) throws(SimError) -> SimSceneStorage {
        try requireAlive(id, .readSavedStorage)
        return sessions[id.index].saved
    }
}
