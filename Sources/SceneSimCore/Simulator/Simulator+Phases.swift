// Phase primitives: every change of a scene's phase goes through `setPhase`, which keeps the
// counts, the visible list and the aggregate in step, and reaches the handler points (§1).
extension Simulator {
    /// The phase of a connected scene; nil while disconnected.
    func scenePhase(_ id: SessionID) -> SimScenePhase? {
        // Through the buffer: reading `sessions[i].scene?.phase` copied the whole record
        // (storage included) on every call, a hot path of every phase step.
        sessions.withUnsafeBufferPointer { $0[id.index].scene?.phase }
    }

    /// Moves one connected scene to `phase` in a single step (callers order the steps).
    ///
    /// The scene's handler point comes with the scene in its new phase and, when it leaves the
    /// screen, before its storage is saved, so what its handler writes is saved with it (§3.3);
    /// the aggregate follows, with its own point.
    func setPhase(_ id: SessionID, _ phase: SimScenePhase, _ process: AppProcess, save: Bool = true) {
        guard let old = scenePhase(id), old != phase else { return }
        if phase.isVisible, process.isSuspended { resumeIfSuspended(process) }
        sessions[id.index].scene?.phase = phase
        process.counts.remove(old)
        process.counts.add(phase)
        emit(.scenePhaseChanged(scene: id, from: old, to: phase))
        let hides = old.isVisible && !phase.isVisible
        if hides {
            process.visible.remove(id.index)
        } else if !old.isVisible && phase.isVisible {
            process.visible.pushFront(id.index)
        }
        reach(.scenePhase(id, from: .connected(old), to: .connected(phase)))
        if hides && save { saveStorage(id) }
        updateAggregate(process)
    }

    /// The steps from the scene's phase to `target`: never active ⇄ background in one step,
    /// except on macOS (§1.2).
    func walk(_ id: SessionID, to target: SimScenePhase, _ process: AppProcess, save: Bool = true) {
        guard let current = scenePhase(id), current != target else { return }
        let direct = config.platform.skipsInactiveWhenHiding
        if !direct, current != .inactive, target != .inactive {
            setPhase(id, .inactive, process, save: save)
        }
        setPhase(id, target, process, save: save)
    }

    /// Moves several scenes in lockstep: all take their first step before any takes the second,
    /// as every scene of an app gets willResignActive before any gets didEnterBackground.
    /// On macOS, where each goes in one step, the windows that are not active go first (a
    /// minimised one is inactive): the App's phase then changes once, when the last active
    /// window goes, never through `inactive` on the way to the background (semantics 13.7).
    func walkTogether(_ ids: [SessionID], to target: SimScenePhase, _ process: AppProcess) {
        if !config.platform.skipsInactiveWhenHiding {
            for id in ids {
                guard let current = scenePhase(id) else { continue }
                if current != .inactive && current != target && target != .inactive {
                    setPhase(id, .inactive, process)
                }
            }
        } else if target == .background, ids.contains(where: { scenePhase($0) == .inactive }) {
            for id in ids where scenePhase(id) != .active { setPhase(id, target, process) }
        }
        for id in ids { setPhase(id, target, process) }
    }

    /// The app phase `counts` make, given the phase reported so far (which a platform that
    /// keeps its phase without scenes holds on to).
    func aggregatePhase(of counts: PhaseCounts, reported: SimScenePhase) -> SimScenePhase {
        counts.aggregate(whenEmpty: config.platform.keepsPhaseWithoutScenes ? reported : .background)
    }

    /// Re-derives the aggregate from the counts; on a change, traces it and reaches the app's
    /// phase point, then runs the app-level handler (§1.4).
    func updateAggregate(_ process: AppProcess) {
        let old = process.reportedPhase
        let aggregate = aggregatePhase(of: process.counts, reported: old)
        guard aggregate != old else { return }
        process.reportedPhase = aggregate
        emit(.appPhaseChanged(from: old, to: aggregate, note: model.phaseNote?(aggregate) ?? nil))
        // The background stay starts (or ends) with the App's phase, before its handler runs,
        // so a task begun there is counted from this moment (semantics 11.2, 11.3); the line
        // saying a background mode keeps the app running follows the phase line (11.9).
        if aggregate == .background {
            enterBackground(process)
        } else if old == .background {
            leaveBackground(process)
        }
        reach(.appPhase(from: old, to: aggregate))
    }

    /// Attaches a scene to its session, with the saved storage, in `inactive` (§2.1, §2.2).
    func connect(_ id: SessionID, reason: ConnectReason, _ process: AppProcess) {
        if process.isSuspended { resumeIfSuspended(process) }
        // A process launched in the background whose scene connects another way (w:focus, a
        // URL) has been brought up by the user: its deferred restore is over, else a later
        // app:foreground() would connect that scene a second time (found by scenesim explore).
        process.deferredRestore = nil
        // Saved by another version of the app: the model's on_restore_value decodes it first
        // (semantics 5.6); what it changed is written at the next save point.
        let decoded = restoredStorage(id)
        changingStorage(of: id) {
            sessions[id.index].scene = SessionRecord.LiveScene(phase: .inactive, storage: decoded ?? sessions[id.index].saved, dirty: decoded != nil)
        }
        // On macOS an app that is active with no window stays active while a window opens
        // (it connects inactive and comes to the front at once): the App hears no dip to
        // inactive (semantics 13.10).
        let opensIntoActiveApp = config.platform == .macos && process.counts.connected == 0 && process.reportedPhase == .active
        process.counts.add(.inactive)
        if process.initialPhasePending {
            // A process the user launched: its first scene gives the App the phase SwiftUI
            // starts it with, `inactive`, and no change is heard (semantics 1.7); set before the
            // connection is traced, which tells front ends the App's fields changed. A process
            // launched in the background hears every change.
            process.initialPhasePending = false
            if process.reportedPhase == .background {
                process.reportedPhase = .inactive
                leaveBackground(process)
            }
        }
        process.minimized.remove(id.index)
        // In the window order at once (at the back, until the caller places it), so code at
        // the connect point finds it among the app's windows.
        process.order.pushBack(id.index)
        process.visible.pushFront(id.index)
        emit(.sceneConnected(scene: id, value: sessions[id.index].value, reason: reason))
        reach(.scenePhase(id, from: .disconnected, to: .connected(.inactive)))
        if !opensIntoActiveApp { updateAggregate(process) }
    }

    /// Detaches a scene (a background one, or on macOS a closed visible one); storage is saved
    /// first when `save` (§2.2). `traced` is false when the session is being discarded: its
    /// "disconnected (session kept)" line would be untrue. The handlers hear of it either way
    /// (`-> disconnected`: sceneDidDisconnect comes before didDiscardSceneSessions).
    ///
    /// What lived in the scene's memory is gone with it, traced as lost (`disconnected`, or
    /// `closed` for a scene going with its session). `updatesAggregate` is false for a force
    /// quit's disconnects, after which the App's phase is not re-derived (semantics 11.5).
    func detach(_ id: SessionID, save: Bool, _ process: AppProcess, traced: Bool = true, updatesAggregate: Bool = true) {
        guard let phase = scenePhase(id) else { return }
        if save { saveStorage(id) }
        process.counts.remove(phase)
        process.visible.remove(id.index)
        process.order.remove(id.index)
        process.minimized.remove(id.index)
        let memory = isTracing ? sessions.withUnsafeBufferPointer { $0[id.index].scene?.memory } : nil
        changingStorage(of: id) { sessions[id.index].scene = nil }
        if traced {
            emit(.sceneDisconnected(scene: id))
        }
        if let memory, !memory.isEmpty {
            emit(.memoryLost(scene: id, keys: memory.sortedKeys, cause: traced ? .disconnected : .closed))
        }
        reach(.scenePhase(id, from: .connected(phase), to: .disconnected))
        if updatesAggregate { updateAggregate(process) }
    }

    /// Puts a connected scene at the front and on screen, active unless an overlay is up, then
    /// sends the least recently focused visible scene to background if over `visible_limit` (§1.6).
    func bringToFront(_ id: SessionID, _ process: AppProcess) {
        // Out of the Dock first, if it was there (semantics 13.7).
        _ = unminimize(id, process)
        process.order.pushFront(id.index)
        if scenePhase(id)?.isVisible == true {
            process.visible.pushFront(id.index)
        }
        walk(id, to: process.overlay ? .inactive : .active, process)
        enforceVisibleLimit(keeping: id, process)
    }

    func enforceVisibleLimit(keeping id: SessionID, _ process: AppProcess) {
        guard let limit = config.visibleLimit else { return }
        while process.visible.count > limit, let last = process.visible.last, last != id.index {
            walk(sessionID(last), to: .background, process)
        }
    }
}
