// Windows (§2, §4.1–4.4): opening with dedup, dismissing, focusing, closing, and the system's
// disconnects.
extension Simulator {
    /// openWindow(id:) / openWindow(id:value:): opens a window presenting `value`, or brings
    /// the one already presenting it to the front (§4.1–4.4). From app code in the middle of a
    /// system action it is queued (`.queued`) and runs once the action is over.
    @discardableResult
    public func openWindow(_ sceneID: String, value: SceneValue? = nil) throws(SimError) -> WindowOpening {
        guard case .window(let opening) = try send(.openWindow(sceneID, value: value)) else { return .queued }
        return opening
    }

    func openWindow(_ groupID: String, value: SceneValue?, _ process: AppProcess) -> WindowOpening {
        guard let group = config.scenes.firstIndex(where: { $0.id == groupID }) else { return .ignored }
        guard config.allowsMultipleWindows else {
            let why =
                config.platform == .iphone
                ? "iphone shows one window per app"
                : "UIApplicationSupportsMultipleScenes is false (multiple_scenes = false)"
            emit(.warning(.openWindowIgnored(group: groupID, why: why)))
            return .ignored
        }
        let (id, created) = present(group: group, value: value, process)
        return created ? .created(id) : .fronted(id)
    }

    /// Fronts the live window of (group, value) — reconnecting it if the system disconnected
    /// it — or creates one (§4.1–4.3). Dedup is one dictionary lookup.
    func present(group: Int, value: SceneValue?, _ process: AppProcess) -> (SessionID, created: Bool) {
        if let key = dedupKey(group: group, value: value), let existing = dedup[key] {
            if sessions[existing.index].scene == nil {
                connect(existing, reason: .reconnected, process)
            } else {
                emit(.windowFronted(scene: existing, byOpen: true))
            }
            bringToFront(existing, process)
            return (existing, false)
        }
        let id = createSession(group: group, value: value)
        connect(id, reason: .new, process)
        bringToFront(id, process)
        return (id, true)
    }

    func checkValue(_ value: SceneValue?, for group: Int) throws(SimError) {
        guard let value else { return }
        // The accepted case reads one field in place (a copy of the declaration retains each of its fields).
        if let type = config.scenes[group].valueType, value.matches(type) { return }
        let scene = config.scenes[group]
        guard let type = scene.valueType else {
            let kind = scene.kind == .window ? "Window scene" : "WindowGroup"
            throw SimError(
                .invalidValue,
                "scene \"\(scene.id)\" is a \(kind) without a value type, so it cannot present \(value.literal); call \(script: "open_window(\"\(scene.id)\")", swift: APICall.openWindowFor(scene: scene.id, value: nil).swiftSpelling) or declare it with \(script: "value = \"string\" or \"integer\"", swift: "valueType: .string or .integer")"
            )
        }
        guard value.matches(type) else {
            var hint = ""
            if type == .integer, case .double(let d) = value, d == d.rounded(), abs(d) < 9.2e18 {
                hint = " (write \(Int64(d)), not \(value.literal): integer and float are different values)"
            } else if type == .integer, case .string(let s) = value, let text = s.string, Int64(text) != nil {
                hint = " (write \(text) without quotes)"
            } else if type == .string, case .int(let i) = value {
                hint = " (write \"\(i)\" in quotes)"
            }
            throw SimError(.invalidValue, "scene \"\(scene.id)\" presents \(type == .integer ? "integer" : "string") values, not \(value.typeName) \(value.literal)\(hint)")
        }
    }

    func dedupKey(group: Int, value: SceneValue?) -> DedupKey? {
        if config.scenes[group].kind != .windowGroup { return DedupKey(group: group, value: nil) }
        return value.map { DedupKey(group: group, value: $0) }
    }

    func createSession(group: Int, value: SceneValue?) -> SessionID {
        sessionCounters[group] += 1
        let id = SessionID(sessions.count, owner: serial)
        let label = "\(config.scenes[group].id)#\(sessionCounters[group])"
        sessions.append(SessionRecord(id: id, label: label, group: group, value: value))
        liveIndices.append(id.index)  // the newest: the list stays ascending
        accountForNewSession(id)
        labels[label] = id
        if let key = dedupKey(group: group, value: value) { dedup[key] = id }
        return id
    }

    /// dismissWindow(id:) closes every window of the group; with a value, the one presenting it.
    /// Returns how many windows closed (0 when app code's request was queued).
    @discardableResult
    public func dismissWindow(_ sceneID: String, value: SceneValue? = nil) throws(SimError) -> Int {
        guard case .closed(let count) = try send(.dismissWindow(sceneID, value: value)) else { return 0 }
        return count
    }

    func dismissWindow(_ groupID: String, value: SceneValue?, _ process: AppProcess) -> Int {
        guard let group = config.scenes.firstIndex(where: { $0.id == groupID }) else { return 0 }
        let targets: [SessionID]
        if let value {
            let found = dedup[DedupKey(group: group, value: value)]
            targets = found.flatMap { sessions[$0.index].scene == nil ? nil : [$0] } ?? []
        } else {
            noteWalk(process)
            targets = process.order.elements.map { sessionID($0) }.filter { sessions[$0.index].group == group }
        }
        for id in targets { closeScene(id, reason: .dismissed, process) }
        return targets.count
    }

    /// Brings the window to the front, reconnecting or foregrounding it as needed.
    ///
    /// In a scenario script: `w:focus()`.
    public func focus(_ id: SessionID) throws(SimError) { try send(.focus(id)) }

    func focus(_ id: SessionID, _ process: AppProcess) {
        if unminimize(id, process) {
            // Out of the Dock (semantics 13.7): it comes to the front below.
        } else if let phase = scenePhase(id) {
            if phase.isVisible && (process.order.first != id.index || phase != .active) {
                emit(.windowFronted(scene: id, byOpen: false))
            }
        } else {
            connect(id, reason: .reconnected, process)
        }
        bringToFront(id, process)
    }

    /// This scene alone leaves the screen.
    ///
    /// In a scenario script: `w:background()`.
    public func backgroundWindow(_ id: SessionID) throws(SimError) { try send(.backgroundWindow(id)) }

    func backgroundWindow(_ id: SessionID, _ process: AppProcess) {
        walk(id, to: .background, process)
        // Off screen, it is no longer in front of the windows still shown (`app.front`).
        process.order.pushBack(id.index)
        if process.counts.visible == 0 { process.foregroundSet = [id] }
    }

    /// The system reclaims a background scene; the session and storage stay.
    ///
    /// In a scenario script: `w:disconnect()`.
    public func disconnect(_ id: SessionID) throws(SimError) { try send(.disconnect(id)) }

    /// The user closes the window; its session is discarded with its storage (§2.3), except the last window
    /// on visionOS, which goes to background and reopens at next launch (§7).
    ///
    /// In a scenario script: `w:close()`.
    public func close(_ id: SessionID) throws(SimError) { try send(.close(id)) }

    func close(_ id: SessionID, _ process: AppProcess) {
        if config.platform == .visionos, let phase = scenePhase(id), process.counts.connected == 1 {
            if phase.isVisible {
                walk(id, to: .background, process)
            }
            process.foregroundSet = [id]
            return
        }
        closeScene(id, reason: .closed, process)
    }

    /// Takes a window off screen and discards its session: the storage dies with it, unsaved.
    func closeScene(_ id: SessionID, reason: DiscardReason, _ process: AppProcess) {
        if sessions[id.index].scene != nil {
            // An iOS-family scene leaves the screen before it goes; a closed macOS window simply
            // disappears, so the app keeps its phase (and its last value with no window left).
            if !config.platform.keepsPhaseWithoutScenes {
                walk(id, to: .background, process, save: false)
            }
            // Its handlers hear it disconnect (2.3); what they try on it is said as a close.
            let outer = closing
            closing = id
            defer { closing = outer }
            detach(id, save: false, process, traced: false)
        }
        // It may stay in foregroundSet: every reader skips discarded sessions, and removing it
        // here would cost a scan per close.
        discard([id], reason: reason, delivered: true)
    }

    /// Discards sessions for good (§2.3) and tells the app now or at its next launch.
    func discard(_ ids: [SessionID], reason: DiscardReason, delivered: Bool) {
        guard !ids.isEmpty else { return }
        for id in ids {
            let record = sessions[id.index]
            if let key = dedupKey(group: record.group, value: record.value), dedup[key] == id {
                dedup[key] = nil
            }
            if sessions[id.index].discarded == nil, let place = liveIndices.firstIndex(ofAscending: id.index) {
                liveIndices.remove(at: place)
                discardedSinceCheck.append(id.index)
            }
            sessions[id.index].discarded = SessionRecord.Discard(at: now, reason: reason)
            changingStorage(of: id) { sessions[id.index].saved = SimSceneStorage() }
        }
        if !delivered { pendingDiscards.append(contentsOf: ids) }
        emit(.sessionsDiscarded(scenes: ids, reason: reason, delivered: delivered))
    }
}

extension [Int] {
    /// The place of `value` in this ascending array, by binary search; nil if absent.
    func firstIndex(ofAscending value: Int) -> Int? {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if self[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low < count && self[low] == value ? low : nil
    }
}
