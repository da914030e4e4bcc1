import ByteText

// Declared keys (scenarios/README.md, "Declared keys"): a scene's `keys` (SceneStorage) and
// `memory` (its views' `@State`), the model's `defaultsKeys` (`@AppStorage`) and `memoryKeys`
// (the App's own state). Where a list is declared, another key is an error with "did you mean",
// from a script and from Swift alike; without one, any key.
extension Simulator {
    /// That `key` is a SceneStorage key the scene of window `id` declares (or it declares none).
    package func checkStorageKey(_ id: SessionID, _ key: ByteString) throws(SimError) {
        guard owns(id), let declared = config.scenes[sessions[id.index].group].keys else { return }
        let scene = config.scenes[sessions[id.index].group].id
        try Self.checkKey(key, declared) { "\(script: "w.storage.\($0)", swift: "SceneStorage key \"\($0)\""): scene \"\(scene)\" declares no SceneStorage key \"\($0)\"" }
    }

    /// That `key` is a memory key of window `id`'s scene, or of the App (`id` nil).
    package func checkMemoryKey(_ id: SessionID?, _ key: ByteString) throws(SimError) {
        guard let id else {
            try Self.checkKey(key, model.memoryKeys) { "\(script: "app.memory.\($0)", swift: "App memory key \"\($0)\""): the model declares no memory key \"\($0)\"" }
            return
        }
        guard owns(id), let declared = config.scenes[sessions[id.index].group].memory else { return }
        let scene = config.scenes[sessions[id.index].group].id
        try Self.checkKey(key, declared) { "\(script: "w.memory.\($0)", swift: "window memory key \"\($0)\""): scene \"\(scene)\" declares no memory key \"\($0)\"" }
    }

    /// That `key` is an `app.defaults` key the model declares (or it declares none).
    package func checkDefaultsKey(_ key: ByteString) throws(SimError) {
        try Self.checkKey(key, model.defaultsKeys) { "\(script: "app.defaults.\($0)", swift: "AppStorage key \"\($0)\""): the model declares no AppStorage key \"\($0)\"" }
    }

    /// Refuses `key` when there is a list and it is not in it: `message` of the key as shown,
    /// with the hint. The key's own bytes are compared (its escaped text, `a\\b` for `a\b`, is
    /// only for the message: compared, it refused every key with a backslash or a control byte).
    private static func checkKey(_ key: ByteString, _ declared: [String]?, message: (String) -> SimError.Message) throws(SimError) {
        guard let declared else { return }
        if let raw = key.string, declared.contains(raw) { return }
        let name = key.escaped
        throw SimError(.invalidValue, "\(message(name))\(hint(name, declared))")
    }

    /// `name` is the key as shown (escaped); the declared names are shown escaped too, so a tab
    /// or a newline in one never breaks the message's line.
    private static func hint(_ name: String, _ declared: [String]) -> String {
        let shown = declared.map { ByteString($0).escaped }
        if let best = closest(to: name, among: shown) { return "; did you mean \"\(best)\"?" }
        if declared.isEmpty { return " (it declares none)" }
        return "; it declares \(shown.map { "\"\($0)\"" }.joined(separator: ", "))"
    }
}
