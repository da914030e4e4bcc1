// SceneStorage (§3): live values in the scene, a saved snapshot in the session, save points
// per policy, and the size warning.
extension Simulator {
    /// Copies the live storage into the session if anything changed since the last save.
    func saveStorage(_ id: SessionID) {
        guard let scene = sessions[id.index].scene, !scene.dirtyKeys.isEmpty else { return }
        sessions[id.index].saved = scene.storage
        sessions[id.index].scene!.dirtyKeys = []
        emit(.storageSaved(scene: sessions[id.index].label, keys: scene.storage.count, bytes: scene.storage.byteCount))
    }

    private func requireLiveScene(_ id: SessionID, _ what: String) throws(SimError) {
        try requireAlive(id, what)
        try requireRunning(what)
        guard sessions[id.index].scene != nil else {
            let label = sessions[id.index].label
            throw SimError(.forbidden, "\(what): \(label) is disconnected, and SceneStorage exists only on a connected scene; call w:focus() to reconnect it, or read w.saved")
        }
    }

    /// The live value of `key` in a connected scene; nil when unset.
    public func storageValue(_ id: SessionID, key: String) throws(SimError) -> SceneValue? {
        try requireLiveScene(id, "reading storage")
        return sessions[id.index].scene!.storage[key]
    }

    /// Writes (or with nil deletes) `key` in a connected scene's storage.
    public func setStorage(_ id: SessionID, key: String, value: SceneValue?) throws(SimError) {
        try operation { () throws(SimError) in
            try requireLiveScene(id, "writing storage")
            if case .double(let d)? = value, d.isNaN {
                throw SimError(.invalidValue, "storage key \"\(key)\": NaN cannot be stored (it never equals itself); store a number or nil")
            }
            var scene = sessions[id.index].scene!
            guard scene.storage[key] != value else { return }
            scene.storage[key] = value
            scene.dirtyKeys.insert(key)
            let limit = config.policy.storageWarnBytes
            let large = scene.storage.byteCount > limit
            let warn = large && !scene.warnedLarge
            scene.warnedLarge = large
            sessions[id.index].scene = scene
            if warn {
                emit(.warning(.storageLarge(scene: sessions[id.index].label, bytes: scene.storage.byteCount, limit: limit)))
            }
            if config.policy.storageSave == .everyWrite {
                // Saved at once: not a lifecycle event, so not traced.
                sessions[id.index].saved = scene.storage
                sessions[id.index].scene!.dirtyKeys = []
            }
        }
    }

    /// The keys of a connected scene's storage, in byte order.
    public func storageKeys(_ id: SessionID) throws(SimError) -> [String] {
        try requireLiveScene(id, "listing storage keys")
        return sessions[id.index].scene!.storage.sortedKeys
    }

    /// The live storage of a connected scene (for displays), or nil when disconnected.
    public func liveStorage(_ id: SessionID) -> SceneStorage? { sessions[id.index].scene?.storage }

    /// What restoration would give this session now: its saved storage.
    public func savedStorage(_ id: SessionID) throws(SimError) -> SceneStorage {
        try requireAlive(id, "reading saved storage")
        return sessions[id.index].saved
    }
}
