import ByteText

// Process memory (semantics 11.1): `app.memory` lives as long as the process, `w.memory` as
// long as the window's scene is connected. A loss of a non-empty store is traced at the event
// that caused it; writes are traced only when `tracesMemoryWrites` is on.
extension Simulator {
    /// The App's in-memory state (`@State` on the App, `@Observable` singletons): `app.memory`.
    public func appMemory() throws(SimError) -> SimSceneStorage {
        try runningProcess(.readAppMemory).memory
    }

    /// Writes (or with nil removes) a key of the App's in-memory state.
    public func setAppMemory(key: String, value: SceneValue?) throws(SimError) {
        try setAppMemory(key: ByteString(key), value: value)
    }

    /// `setAppMemory` with the key's exact bytes (a script's string).
    package func setAppMemory(key: ByteString, value: SceneValue?) throws(SimError) {
        try checkMemoryKey(nil, key)
        try change(memory: 0) { () throws(SimError) in
            let process = try runningProcess(.writeAppMemory)
            try requireAwake(.writeAppMemory)
            try checkStorable(value, "\(script: "app.memory key", swift: "App memory key") \(key.quoted)")
            try requireMemory(value.map { key.count + $0.byteSize + Self.storageEntryCost } ?? 0)
            process.memory.set(key, value)
            if isTracing && tracesMemoryWrites { emit(.memoryWritten(scene: nil, key: key, value: value)) }
        }
    }

    /// A window's in-memory view state (`@State`, `@StateObject` in its views): `w.memory`.
    public func windowMemory(_ id: SessionID) throws(SimError) -> SimSceneStorage {
        try connectedScene(id, .readWindowMemory).memory
    }

    /// Writes (or with nil removes) a key of a connected window's in-memory view state.
    public func setWindowMemory(_ id: SessionID, key: String, value: SceneValue?) throws(SimError) {
        try setWindowMemory(id, key: ByteString(key), value: value)
    }

    /// `setWindowMemory` with the key's exact bytes (a script's string).
    package func setWindowMemory(_ id: SessionID, key: ByteString, value: SceneValue?) throws(SimError) {
        try checkMemoryKey(id, key)
        try change(memory: 0) { () throws(SimError) in
            try connectedScene(id, .writeWindowMemory)
            try requireAwake(.writeWindowMemory)
            try checkStorable(value, "\(script: "w.memory key", swift: "window memory key") \(key.quoted)")
            try requireMemory(value.map { key.count + $0.byteSize + Self.storageEntryCost } ?? 0)
            changingStorage(of: id) { sessions[id.index].scene!.memory.set(key, value) }
            if isTracing && tracesMemoryWrites { emit(.memoryWritten(scene: id, key: key, value: value)) }
        }
    }

    /// The connected scene of a live session in the running app: its views (and their memory)
    /// exist only while it is connected.
    @discardableResult
    private func connectedScene(_ id: SessionID, _ what: APICall) throws(SimError) -> SessionRecord.LiveScene {
        try requireLiveScene(
            id, what, disconnected: "is disconnected: its views and their @State are gone; call \(.focus) to reconnect it (it comes back with empty memory)",
            closing:
                "is being closed: its views and their @State are gone with it; keep what must outlive the window in \(script: "app.memory or app.defaults", swift: "the App's memory (setAppMemory(key:value:)) or in defaults (setDefault(_:_:))")"
        )
    }

    /// Memory holds what storage holds and tables of it (copied, keyed by booleans, numbers
    /// or strings): NaN nowhere, no table as a key.
    private func checkStorable(_ value: SceneValue?, _ what: SimError.Message) throws(SimError) {
        guard let value else { return }
        switch value {
        case .double(let d) where d.isNaN:
            throw SimError(.invalidValue, "\(what): NaN cannot be stored (it never equals itself); \(script: "store a number or nil", swift: "store a number, or remove the key")")
        case .table(let entries):
            for (key, item) in entries {
                if case .table = key {
                    throw SimError(
                        .invalidValue,
                        "\(what): \(script: "a table cannot be a key of a table", swift: "a SceneValue.table cannot be a key of a .table") memory holds; key it by booleans, numbers or strings"
                    )
                }
                try checkStorable(key, what)
                try checkStorable(item, what)
            }
        default:
            return
        }
    }

    /// Traces the loss of a window's memory when it is not empty (its scene is going away).
    func traceWindowMemoryLoss(_ id: SessionID, _ cause: MemoryLossCause) {
        guard isTracing, let memory = sessions[id.index].scene?.memory, !memory.isEmpty else { return }
        emit(.memoryLost(scene: id, keys: memory.sortedKeys, cause: cause))
    }
}

// Memory warnings (semantics 11.10): on the iOS family the system tells a running app that
// memory is short (`UIApplication.didReceiveMemoryWarningNotification`, a view controller's
// `didReceiveMemoryWarning`) so it frees what it can rebuild; a suspended app runs no code and
// is not told. The warning is a line of the trace before anything a scenario does next (a kill
// of the app by the system, most often).
extension Simulator {
    /// The system warns the running app that memory is short: the model's `onMemoryWarning`, then each
    /// connected window's scene code, front to back.
    ///
    /// In a scenario script: `sim.system.memory_warning(app)`.
    public func sendMemoryWarning() throws(SimError) { try send(.memoryWarning) }

    /// The guards of `SimInput.memoryWarning`: a platform that sends them, a running app.
    func checkMemoryWarning() throws(SimError) -> AppProcess {
        guard config.platform != .macos else {
            throw refusal(
                .forbidden,
                "\(.memoryWarning): macos sends apps no memory warning (didReceiveMemoryWarning is UIKit's: iphone, ipados and visionos); a Mac app under memory pressure is paged out, not told"
            )
        }
        return try runningProcess(.memoryWarning)
    }

    /// Delivers the warning (the guards passed): traced, then the model's code, then each
    /// window connected when the warning came, front to back, that is still connected.
    func warnOfMemory(_ process: AppProcess) {
        guard !process.isSuspended else {
            emit(.memoryWarning(delivered: false))
            return
        }
        emit(.memoryWarning(delivered: true))
        if let code = model.memoryWarningCode { runAppCode { try code(self) } }
        let windows = process.order.elements.map(sessionID)
        for id in windows where self.process === process && sessions[id.index].scene != nil {
            guard let body = sceneCode(of: id)?.memoryWarning else { continue }
            runAppCode { try body(self, id) }
        }
    }
}
