/// The rules a user expects to hold in any app, checked from what a script can observe (not the
/// simulator's own bookkeeping, which `Simulator._checkInvariants()` covers): scenesim explore
/// checks them after every step.
///
/// A value because one rule needs memory across steps: the storage each session had saved
/// when the system killed the app, compared with what the relaunch restored.
package struct SemanticInvariants: Sendable {
    /// A broken rule: its name (as `scenesim explore` reports it) and what is wrong.
    package struct Violation: Equatable, Sendable {
        package var name: String
        package var message: String

        package init(name: String, message: String) {
            self.name = name
            self.message = message
        }
    }

    /// The names, in the order they are checked.
    package static let names = ["unique_values", "visible_limit", "aggregate_phase", "restoration", "watchdog"]

    /// Saved storage of each live session at a system kill (or a watchdog termination, which
    /// keeps restoration as one does), how the app ended, and the launch count then.
    private var savedAtKill: (launches: Int, how: Termination, storage: [(label: String, id: SessionID, saved: SimSceneStorage)])?
    /// When the watchdog termination already reported happened, so it is reported once (two
    /// cannot happen at one instant: a process gets a positive background time).
    private var reportedWatchdog: VirtualTime?
    /// When false, `restoration` is not checked.
    package var checksRestoration: Bool
    /// When true, a watchdog termination is no failure: the exploration expects the app to
    /// overrun its background time (an explore module's `watchdog_ok = true`).
    package var allowsWatchdog: Bool

    package init(checksRestoration: Bool = true, allowsWatchdog: Bool = false) {
        self.checksRestoration = checksRestoration
        self.allowsWatchdog = allowsWatchdog
    }

    /// The first broken rule, in `names` order, or nil.
    package mutating func check(_ simulator: Simulator) -> Violation? {
        uniqueValues(simulator) ?? visibleLimit(simulator) ?? aggregatePhase(simulator) ?? restoration(simulator) ?? watchdog(simulator)
    }

    /// No two live sessions of a group present the same value; a `Window` scene has one at most.
    private func uniqueValues(_ simulator: Simulator) -> Violation? {
        struct Presented: Hashable {
            var group: Int  // the scene's place in the config (scene ids are unique)
            var value: SceneValue?
        }
        // Explore checks this after every step, over a handful of windows: a scan of the ones
        // seen costs less than hashing, up to a few dozen; the live sessions are read in place.
        var seen: [(key: Presented, id: SessionID)] = []
        seen.reserveCapacity(8)
        var index: [Presented: SessionID]?
        let scenes = simulator.config.scenes
        for position in simulator.liveIndices {
            let id = SessionID(position)
            let group = simulator.sessions[position].group
            let value = simulator.sessions[position].value
            guard value != nil || scenes[group].kind == .window else { continue }
            let key = Presented(group: group, value: value)
            let other: SessionID?
            if index == nil && seen.count < 32 {
                other = seen.first { $0.key == key }?.id
                seen.append((key, id))
            } else {
                // The keys seen so far are distinct (a repeat returns below).
                if index == nil { index = Dictionary(uniqueKeysWithValues: seen.map { ($0.key, $0.id) }) }
                other = index?[key]
                index?[key] = id
            }
            if let other {
                let what = value.map { "the value \($0.literal)" } ?? "the single-instance Window \"\(scenes[group].id)\""
                return Violation(name: "unique_values", message: "\(simulator.label(of: other)) and \(simulator.label(of: id)) both present \(what)")
            }
        }
        return nil
    }

    /// No more windows on screen than `visible_limit`.
    private func visibleLimit(_ simulator: Simulator) -> Violation? {
        guard let limit = simulator.config.visibleLimit else { return nil }
        // Counted first, over the window order itself (no array made): explore checks this
        // after every step, and it seldom fails.
        var onScreen = 0
        for index in simulator.process?.order ?? IndexList() where simulator.isOnScreen(SessionID(index)) { onScreen += 1 }
        guard onScreen > limit else { return nil }
        let visible = simulator.windows.filter(simulator.isOnScreen)
        return Violation(
            name: "visible_limit", message: "\(visible.count) windows on screen (\(visible.map { simulator.label(of: $0) }.joined(separator: ", "))), over visible_limit \(limit)")
    }

    /// `app.phase` is what the scenes make it (§1.3): active if any is, else inactive if any is,
    /// else background; with no scene, background, except on macOS, which keeps its last value.
    private func aggregatePhase(_ simulator: Simulator) -> Violation? {
        // Counted, not collected, over the window order itself (no array made): explore checks
        // this after every step.
        var active = false, inactive = false, connected = false
        for index in simulator.process?.order ?? IndexList() {
            guard case .connected(let phase) = simulator.phase(of: SessionID(index)) else { continue }
            connected = true
            if phase == .active { active = true } else if phase == .inactive { inactive = true }
        }
        let derived: SimScenePhase
        if active {
            derived = .active
        } else if inactive {
            derived = .inactive
        } else if !connected && simulator.isRunning && simulator.config.platform.keepsPhaseWithoutScenes {
            return nil
        } else {
            derived = .background
        }
        guard simulator.appPhase != derived else { return nil }
        let scenes = simulator.windows.map { "\(simulator.label(of: $0)) \(simulator.phase(of: $0).text)" }
        return Violation(
            name: "aggregate_phase",
            message: "app.phase is \(simulator.appPhase.rawValue) but the scenes (\(scenes.isEmpty ? "none" : scenes.joined(separator: ", "))) make it \(derived.rawValue)")
    }

    /// After a system kill and relaunch, every restored window's storage is what it had saved:
    /// compared as the window came back (`Simulator.takeRestorations`, what its first handler
    /// sees), not after the step, in which the app's own code may write it (an activity that
    /// launched the app, say). A window a restore check emptied on purpose (the scene's own
    /// `restore`, a `restore` hook: traced `restore hook rejected ...`) is not compared.
    private mutating func restoration(_ simulator: Simulator) -> Violation? {
        let restored = simulator.takeRestorations()
        var violation: Violation?
        if let kill = savedAtKill {
            for window in restored where window.launch == kill.launches + 1 && violation == nil {
                guard let storage = window.storage, let entry = kill.storage.first(where: { $0.id == window.id }), storage != entry.saved else { continue }
                let killed = kill.how == .watchdog ? "the watchdog ended the app" : "the system killed the app"
                violation = Violation(
                    name: "restoration", message: "\(entry.label) saved \(entry.saved.literal) before \(killed), but the relaunch restored it with \(storage.literal)")
            }
            // The relaunch's windows are checked once it is under way; a process launched in
            // the background restores them when the user brings it forward, later.
            if simulator.launchCount > kill.launches + 1 || (simulator.isRunning && simulator.launchCount == kill.launches + 1 && !simulator.hasDeferredRestore) {
                savedAtKill = nil
            }
        }
        if !simulator.isRunning, let last = simulator.lastTermination, last.how == .system || last.how == .watchdog,
            savedAtKill?.launches != simulator.launchCount
        {
            savedAtKill = (
                simulator.launchCount, last.how,
                simulator.liveSessions.compactMap { id in
                    (try? simulator.savedStorage(id)).map { (simulator.label(of: id), id, $0) }
                }
            )
        } else if !simulator.isRunning, savedAtKill?.launches != simulator.launchCount {
            savedAtKill = nil
        }
        simulator.recordsRestorations = checksRestoration && savedAtKill != nil
        return checksRestoration ? violation : nil
    }

    /// No watchdog termination: an app ends its background tasks before its background time
    /// runs out (an expiration handler that finishes its task is the usual way), else iOS
    /// kills it. Skipped when the exploration allows it (`allowsWatchdog`).
    private mutating func watchdog(_ simulator: Simulator) -> Violation? {
        guard !allowsWatchdog, let last = simulator.lastTermination, last.how == .watchdog else { return nil }
        guard reportedWatchdog != last.at else { return nil }
        reportedWatchdog = last.at
        // The tasks that ended with the process the watchdog ended (the last one, unless the
        // app was launched again since).
        let launch = simulator.isRunning ? simulator.launchCount - 1 : simulator.launchCount
        let open = simulator.services.backgroundTasks.filter { $0.launch == launch && $0.status == .ended }.map { "\($0.ref)" }
        let tasks = open.isEmpty ? "a background task was" : open.joined(separator: ", ") + (open.count == 1 ? " was" : " were")
        return Violation(
            name: "watchdog",
            message:
                "the watchdog ended the app at \(last.at.text) s: \(tasks) still running when the background time ran out; finish every task, in its expiration handler at the latest (or set watchdog_ok = true in the exploration if the app is meant to overrun)"
        )
    }
}

/// A window a launch restored (`Simulator.recordsRestorations`): the storage it came back with,
/// or nil when a restore check emptied it on purpose.
package struct Restoration: Sendable {
    package var id: SessionID
    package var launch: Int
    package var storage: SimSceneStorage?
}

extension Simulator {
    /// The windows restored since the last call, in the order they came back; clears them.
    package func takeRestorations() -> [Restoration] {
        defer { restorations.removeAll() }
        return restorations
    }

    /// Whether the running process was launched in the background and has yet to connect the
    /// scenes it restores (semantics 11.4).
    package var hasDeferredRestore: Bool { process?.deferredRestore != nil }
}
