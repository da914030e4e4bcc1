// Phase primitives: every change of a scene's phase goes through `setPhase`, which keeps the
// counts, the visible list and the aggregate in step, and fires the app-level handler (§1).
extension Simulator {
    /// Moves one connected scene to `phase` in a single step (callers order the steps).
    func setPhase(_ id: SessionID, _ phase: ScenePhase, save: Bool = true) {
        guard var scene = sessions[id.index].scene else { return }
        let old = scene.phase
        guard old != phase else { return }
        scene.phase = phase
        sessions[id.index].scene = scene
        process!.counts.remove(old)
        process!.counts.add(phase)
        emit(.scenePhaseChanged(scene: sessions[id.index].label, from: old, to: phase))
        if old.isVisible && !phase.isVisible {
            process!.visible.remove(id.index)
            if save { saveStorage(id) }
        } else if !old.isVisible && phase.isVisible {
            process!.visible.pushFront(id.index)
        }
        updateAggregate()
    }

    /// The steps from the scene's phase to `target`: never active ⇄ background in one step,
    /// except on macOS (§1.2).
    func walk(_ id: SessionID, to target: ScenePhase, save: Bool = true) {
        guard let current = sessions[id.index].scene?.phase, current != target else { return }
        let direct = config.platform.skipsInactiveWhenHiding
        if !direct, current != .inactive, target != .inactive {
            setPhase(id, .inactive, save: save)
        }
        setPhase(id, target, save: save)
    }

    /// Moves several scenes in lockstep: all take their first step before any takes the second,
    /// as every scene of an app gets willResignActive before any gets didEnterBackground.
    func walkTogether(_ ids: [SessionID], to target: ScenePhase) {
        if !config.platform.skipsInactiveWhenHiding {
            for id in ids {
                guard let current = sessions[id.index].scene?.phase else { continue }
                if current != .inactive && current != target && target != .inactive {
                    setPhase(id, .inactive)
                }
            }
        }
        for id in ids { setPhase(id, target) }
    }

    /// The app phase `counts` make, given the phase reported so far (which a platform that
    /// keeps its phase without scenes holds on to).
    func aggregatePhase(of counts: PhaseCounts, reported: ScenePhase) -> ScenePhase {
        counts.aggregate(whenEmpty: config.platform.keepsPhaseWithoutScenes ? reported : .background)
    }

    /// Re-derives the aggregate from the counts; on a change, traces it and runs the handler.
    func updateAggregate() {
        guard let process else { return }
        let aggregate = aggregatePhase(of: process.counts, reported: process.reportedPhase)
        guard aggregate != process.reportedPhase else { return }
        let old = process.reportedPhase
        self.process!.reportedPhase = aggregate
        emit(.appPhaseChanged(from: old, to: aggregate))
        if aggregate == .active { startActiveValidation() }
    }

    /// Attaches a scene to its session, with the saved storage, in `inactive` (§2.1, §2.2).
    func connect(_ id: SessionID, reason: ConnectReason) {
        let record = sessions[id.index]
        changingStorage(of: id) {
            sessions[id.index].scene = SessionRecord.LiveScene(phase: .inactive, storage: record.saved)
        }
        process!.counts.add(.inactive)
        process!.visible.pushFront(id.index)
        emit(.sceneConnected(scene: record.label, value: record.value, reason: reason))
        updateAggregate()
    }

    /// Detaches a scene (a background one, or on macOS a closed visible one); storage is saved
    /// first when `save` (§2.2). `traced` is false when the session is being discarded: its
    /// "disconnected (session kept)" line would be untrue.
    func detach(_ id: SessionID, save: Bool, traced: Bool = true) {
        guard let scene = sessions[id.index].scene else { return }
        if save { saveStorage(id) }
        process!.counts.remove(scene.phase)
        process!.visible.remove(id.index)
        process!.order.remove(id.index)
        changingStorage(of: id) { sessions[id.index].scene = nil }
        if traced { emit(.sceneDisconnected(scene: sessions[id.index].label)) }
        updateAggregate()
    }

    /// Puts a connected scene at the front and on screen, active unless an overlay is up, then
    /// sends the least recently focused visible scene to background if over `visible_limit` (§1.6).
    func bringToFront(_ id: SessionID) {
        process!.order.pushFront(id.index)
        if sessions[id.index].scene!.phase.isVisible {
            process!.visible.pushFront(id.index)
        }
        walk(id, to: process!.overlay ? .inactive : .active)
        enforceVisibleLimit(keeping: id)
    }

    func enforceVisibleLimit(keeping id: SessionID) {
        guard let limit = config.visibleLimit else { return }
        while process!.visible.count > limit, let last = process!.visible.last, last != id.index {
            walk(SessionID(last), to: .background)
        }
    }
}
