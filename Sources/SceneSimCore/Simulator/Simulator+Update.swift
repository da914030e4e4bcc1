import ByteText

// App updates between launches (semantics 5.6): a new version is installed while the app is
// not running (the App Store, TestFlight). The system keeps the scene sessions and their
// restoration data across the update, and each window's scene, coming back in the new
// version, decodes what the old one saved: the model's `on_restore_value` may keep, replace or
// drop each value, as decoding an old `NavigationPath.CodableRepresentation` or `Codable`
// value fails in real apps.
extension Simulator {
    /// The installed app's version: "1.0" until `update(toVersion:)` (`app.version`).
    public var appVersion: String { versions[Int(installedVersion)] }

    /// Installs version `version` of the app while it is not running.
    ///
    /// In a scenario script: `app:update { version = ... }`.
    public func update(toVersion version: String) throws(SimError) { try send(.update(version: version)) }

    /// The guards of `SimInput.update`: a version, another than the installed one, and an app
    /// that is not running.
    func checkUpdate(_ version: String) throws(SimError) {
        guard !version.isEmpty else {
            throw refusal(.invalidValue, "\(.update) needs a version, a non-empty string such as \(script: "{ version = \"2.0\" }", swift: "\"2.0\"")")
        }
        if process != nil {
            throw refusal(
                .forbidden,
                "\(.update): the app is running (launch #\(launchCount)); the system installs an update only while the app is not running: terminate it first with \(.terminateAnyKind)"
            )
        }
        guard version != appVersion else {
            throw refusal(.forbidden, "\(.update): version \(ByteString(version).quoted) is already installed; name the new version")
        }
        try requireMemory(version.utf8.count + 16)
    }

    /// Installs `version` (the guards passed); the sessions and what they saved are kept.
    func update(to version: String) {
        let from = appVersion
        if let known = versions.firstIndex(of: version) {
            installedVersion = UInt32(known)
        } else {
            versions.append(version)
            recordBytes += version.utf8.count + 16
            installedVersion = UInt32(versions.count - 1)
        }
        emit(.appUpdated(from: from, to: version))
    }

    /// The storage a scene comes back with when it differs from what its session saved: each
    /// value another version saved is handed to the model's `on_restore_value` first, in key
    /// order; a value it answers nil for is dropped (traced), another value replaces it. Nil:
    /// the saved storage as it is (no handler, this version saved it, or every value kept).
    func restoredStorage(_ id: SessionID) -> SimSceneStorage? {
        guard sessions[id.index].savedBy != installedVersion, let code = model.restoreValueCode, !sessions[id.index].saved.isEmpty else { return nil }
        let saved = sessions[id.index].saved
        let from = versions[Int(sessions[id.index].savedBy)]
        var storage = saved
        var changed = false
        for key in saved.sortedKeys {
            guard let value = saved[key] else { continue }
            var answer: SceneValue? = value
            runAppCode { answer = try code(self, id, key, value, from) }
            // Failed app code stops here: the entry throws its error once the launch is over.
            if underWay.hasFailed { break }
            guard answer != value else { continue }
            changed = true
            storage.set(key, answer)
            if answer == nil { emit(.storageDroppedAfterUpdate(scene: id, key: key, from: from)) }
        }
        return changed ? storage : nil
    }
}
