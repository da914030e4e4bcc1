import ByteText

extension TraceEvent {
    /// Bytes the event holds beyond its fixed size: its texts, keys, values and lists, as a
    /// recording of the run (`--timeline`, `--coverage`) keeps them within `--max-memory`. A
    /// note of 16 MiB costs 16 MiB; a phase change costs nothing more.
    package var payloadBytes: Int {
        switch self {
        case .launched(_, _, let restoring): restoring.count * 8
        case .eventLaunched(_, _, let cause, let restoring): cause.payloadBytes + restoring.count * 8
        case .sceneConnected(_, let value, _): value?.byteSize ?? 0
        case .sessionsDiscarded(let scenes, _, _), .discardsDelivered(let scenes): scenes.count * 8
        case .storageLost(_, let keys), .memoryLost(_, let keys, _): keys.reduce(0) { $0 + $1.count + 16 }
        case .appPhaseChanged(_, _, let note): note?.utf8.count ?? 0
        case .stateChanged(let from, let to): from.bytes.count + to.bytes.count
        case .stateRejected(let from, let to, let reason): from.bytes.count + to.bytes.count + reason.utf8.count
        case .validationStarted(let user), .validationFinished(let user, _), .sessionStored(let user, _, _), .serverRevoked(let user, _): user.count
        case .sessionCleared(let user, let reason): user.count + reason.utf8.count
        case .deepLink(let url, let outcome): url.count + outcome.payloadBytes
        case .activityContinued(let type, let outcome): type.utf8.count + outcome.payloadBytes
        case .notificationRouted(let target, let outcome): target.utf8.count + outcome.payloadBytes
        case let .shortcutRouted(type, target, outcome): type.utf8.count + target.utf8.count + outcome.payloadBytes
        case .shortcutOpened(let type, _): type.utf8.count
        case .warning(let warning): warning.payloadBytes
        case .defaultChanged(let key, let value), .memoryWritten(_, let key, let value): key.count + (value?.byteSize ?? 0)
        case .note(let text): text.count
        case .backgroundTaskBegan(let task), .backgroundTaskExpiring(let task, _, _), .backgroundTaskCompletedAtExpiry(let task, _),
            .backgroundTaskFinished(let task):
            task.name.count
        case .watchdogTerminated(let tasks, _): tasks.reduce(0) { $0 + $1.name.count + 16 }
        case .workEnded(.backgroundTask(let task, _)): task.name.count
        case .workEnded(.timer), .workEnded(.request): 0
        case .launchedInBackground(_, _, let reason): reason.utf8.count
        case .woken(let wake): wake.payloadBytes
        case .wakeDropped(let wake, let reason): wake.payloadBytes + reason.utf8.count
        case .keepRunning(let reason): reason?.count ?? 0
        case .staysRunning(let reason): reason.count
        case .notificationOpened(let info, _): info.byteCount + info.count * 16
        case .appUpdated(let from, let to): from.utf8.count + to.utf8.count
        case .storageDroppedAfterUpdate(_, let key, let from): key.count + from.utf8.count
        case .effect(let name, let arguments, _, let location):
            name.count + (location?.count ?? 0) + arguments.reduce(0) { $0 + $1.payloadBytes + 16 }
        case .terminated, .scenePhaseChanged, .sceneDisconnected, .windowFronted, .restoreRejected, .storageSaved,
            .networkChanged, .suspended, .resumed, .refreshRequested, .refreshCancelled, .reopened, .windowMinimized,
            .memoryWarning, .willTerminate, .quitRequest, .deviceLock, .prewarmedLaunch:
            0
        }
    }
}

extension BackgroundWake {
    var payloadBytes: Int {
        switch self {
        case .push: 0
        case .transfer(let name): name.count
        }
    }
}

extension EffectArgument {
    var payloadBytes: Int {
        switch self {
        case .value(let value): value?.byteSize ?? 0
        case .window: 0
        case .text(let text): text.count
        }
    }
}

extension LaunchCause {
    var payloadBytes: Int {
        switch self {
        case .url(let url): url.count
        case .activity(let type): type.utf8.count
        case .notification: 0
        case .shortcut(let type): type.utf8.count
        }
    }
}

extension DeepLinkOutcome {
    var payloadBytes: Int {
        switch self {
        case .notHandled(let reason): reason.utf8.count
        case .handled, .handledByApp: 0
        }
    }
}

extension Warning {
    var payloadBytes: Int {
        switch self {
        case .openWindowIgnored(let group, let why): group.utf8.count + why.utf8.count
        case .flicker(let state, _, _): state.bytes.count
        case .validationSkipped(let user): user.count
        case .unreachableState(let name): name.utf8.count
        case .storageLarge: 0
        }
    }
}
