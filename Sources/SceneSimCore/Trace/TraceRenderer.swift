import ByteText

/// Turns trace records into text: one stable line per event, or JSON Lines with the same content.
///
/// Text lines read `[    0.500] main#1      phase inactive -> active`: the virtual time, the
/// subject (app, a scene id, auth, network, server, note) padded to 12 columns (more when a
/// declared scene id is long, see `subjectWidth(scenes:)`), and the message.
/// Every text a script supplied (scene ids, values, users, URLs, notes) is escaped with
/// `ByteString.escaped` / `quoted`, so a line never holds a line break or a control character
/// it did not write itself, and no script can forge a trace line.
public enum TraceRenderer {
    /// One text line; `subjectWidth` is the run's subject column (`subjectWidth(scenes:)`),
    /// `timeWidth` its time column (`timeWidth(_:after:)`).
    public static func text(_ record: TraceRecord, label: (SessionID) -> String, subjectWidth: Int = minimumSubjectWidth, timeWidth: Int = minimumTimeWidth) -> String {
        let (subject, message) = describe(record.event, label: label)
        let time = record.time.text
        let paddedTime = String(repeating: " ", count: max(0, timeWidth - time.count)) + time
        let paddedSubject = subject.count >= subjectWidth ? subject + " " : subject + String(repeating: " ", count: subjectWidth - subject.count)
        return "[\(paddedTime)] \(paddedSubject)\(message)"
    }

    /// The time column of a run whose times all fit it: `   0.000` to `9999.999`.
    public static let minimumTimeWidth = 8

    /// The time column of a run's line at `time`, when the lines before it had `width`: it
    /// widens once, at the first time that does not fit (`10000.000` s, or an instant with
    /// microseconds, `12.000250`), and every later line of the run keeps the wider column, so
    /// the lines from there on align with each other; the lines before it stay as they were
    /// (every trace whose times fit 8 columns is unchanged).
    public static func timeWidth(_ time: VirtualTime, after width: Int) -> Int {
        max(width, time.text.count)
    }

    /// The subject column of a run with no long scene id.
    public static let minimumSubjectWidth = 12

    /// The subject column of a run that declares `scenes`: wide enough that every window label
    /// up to `<id>#9` keeps a space before the message (`MainWindow#1 phase ...`), and 12 when
    /// every id has at most 9 characters (as before: `inspector#1 phase ...`). It depends on the
    /// declaration alone, so every line of a run, and every run of a scenario, aligns the same
    /// way; a tenth window of the longest id is one column over.
    public static func subjectWidth(scenes: [SceneDeclaration]) -> Int {
        scenes.reduce(minimumSubjectWidth) { max($0, shown($1.id).count + 3) }
    }

    /// The subject column and the message of an event; `label` names a session (`group#n`).
    package static func describe(_ event: TraceEvent, label: (SessionID) -> String) -> (subject: String, message: String) {
        func shown(_ id: SessionID) -> String { Self.shown(label(id)) }
        // An event routed to a scene (semantics 12), and where it went.
        func routed(_ what: String, _ outcome: DeepLinkOutcome) -> String {
            switch outcome {
            case .handled(let scene): "\(what): handled by \(shown(scene))"
            case .handledByApp: "\(what): handled by the app"
            case .notHandled(let reason): "\(what): not handled: \(reason)"
            }
        }
        func list(_ ids: [SessionID]) -> String { ids.map(shown).joined(separator: ", ") }
        switch event {
        case let .launched(number, platform, restoring):
            let what = restoring.isEmpty ? "nothing to restore" : "restoring " + list(restoring)
            return ("app", "launch #\(number) on \(platform.rawValue): \(what)")
        case let .terminated(how, kept, cause):
            if cause == .lastWindowClosed { return ("app", "terminated (\(how.rawValue)): \(TerminationCause.lastWindowClosed.rawValue)") }
            if let cause { return ("app", "terminated (\(how.rawValue)): \(cause.rawValue); restoration data \(kept ? "kept" : "discarded")") }
            return ("app", "terminated (\(how.rawValue)): restoration data \(kept ? "kept" : "discarded")")
        case let .willTerminate(how):
            return ("app", "will terminate (\(how.rawValue)): on_terminate runs")
        case let .quitRequest(request):
            switch request {
            case .cancelled: return ("app", "quit cancelled: on_should_quit returned \"cancel\", the app keeps running")
            case .deferred: return ("app", "quit waits: on_should_quit returned \"later\", until reply_to_quit")
            case .replied(true): return ("app", "reply_to_quit(true): the quit goes on")
            case .replied(false): return ("app", "reply_to_quit(false): quit cancelled, the app keeps running")
            case .ignored: return ("app", "quit ignored: a quit is already waiting for reply_to_quit")
            }
        case let .sceneConnected(scene, value, reason):
            let what = reason == .new ? "new session" : reason.rawValue
            let valueText = value.map { ", value \($0.literal)" } ?? ""
            return (shown(scene), "connected (\(what)\(valueText)) -> inactive")
        case let .scenePhaseChanged(scene, from, to):
            return (shown(scene), "phase \(from.rawValue) -> \(to.rawValue)")
        case let .sceneDisconnected(scene):
            return (shown(scene), "disconnected (session kept)")
        case let .windowFronted(scene, byOpen):
            return (shown(scene), byOpen ? "already open: brought to front" : "brought to front")
        case let .restoreRejected(scene):
            return (shown(scene), "restore hook rejected the saved value and storage: starts empty")
        case let .sessionsDiscarded(scenes, reason, delivered):
            let tell = delivered ? "didDiscardSceneSessions delivered" : "the app is told at its next launch"
            return ("app", "sessions discarded (\(reason.rawValue)): \(list(scenes)); \(tell)")
        case let .discardsDelivered(scenes):
            return ("app", "didDiscardSceneSessions delivered: \(list(scenes))")
        case let .storageSaved(scene, keys, bytes):
            return (shown(scene), "storage saved: \(keys) \(keys == 1 ? "key" : "keys"), \(bytes) bytes")
        case let .storageLost(scene, keys):
            return (shown(scene), "storage lost: unsaved writes to \(keys.map(\.escaped).joined(separator: ", "))")
        case let .appPhaseChanged(from, to, note):
            return ("app", "phase \(from.rawValue) -> \(to.rawValue)" + (note.map { ": " + $0 } ?? ""))
        case let .stateChanged(from, to):
            return ("app", "state \(from.text) -> \(to.text)")
        case let .stateRejected(from, to, reason):
            return ("app", "state \(from.text) -> \(to.text) rejected: \(reason)")
        case let .validationStarted(user):
            return ("auth", "validating the session of \(user.escaped) with the server")
        case let .validationFinished(user, result):
            return ("auth", "session of \(user.escaped): \(result.rawValue)")
        case let .sessionStored(user, expires, accessible):
            let readable = accessible == .afterFirstUnlock ? "; readable after the first unlock" : ""
            return ("auth", "session of \(user.escaped) stored in the keychain (expires at \(expires.text)\(readable))")
        case let .sessionCleared(user, reason):
            return ("auth", "session of \(user.escaped) cleared from the keychain (\(reason))")
        case let .networkChanged(reachable):
            return ("network", reachable ? "up" : "down")
        case let .serverRevoked(user, sessions):
            return ("server", "revoked \(sessions) \(sessions == 1 ? "session" : "sessions") of \(user.escaped)")
        case let .deepLink(url, outcome):
            switch outcome {
            case .handled(let scene): return ("app", "open url \(url.escaped): handled by \(shown(scene))")
            case .handledByApp: return ("app", "open url \(url.escaped): handled by the app")
            case .notHandled(let reason): return ("app", "open url \(url.escaped): not handled: \(reason)")
            }
        case let .warning(warning):
            return warningText(warning, label: label)
        case let .defaultChanged(key, value):
            return ("defaults", "\(SimSceneStorage.keyLiteral(key)) = \(value?.literal ?? "nil")")
        case let .note(text):
            return ("note", text.escaped)
        case let .memoryLost(scene, keys, cause):
            return (scene.map(shown) ?? "app", "memory lost (\(cause.rawValue)): \(keys.map(\.escaped).joined(separator: ", "))")
        case let .memoryWritten(scene, key, value):
            return (scene.map(shown) ?? "app", "memory\(memoryKeyPath(key)) = \(value?.literal ?? "nil")")
        case let .workEnded(work):
            switch work {
            case let .timer(id, due): return ("app", "\(id) ended (terminated): it was due at \(due.text)")
            case let .request(id): return ("app", "server request \(id.rawValue) ended (terminated): no answer came")
            case let .backgroundTask(task, expired):
                return ("app", "\(task) ended (terminated)" + (expired ? ": it had expired and was not finished" : ": it was running"))
            }
        case .suspended:
            return ("app", "suspended")
        case let .resumed(suspended):
            return ("app", "resumed (suspended \(suspended.text) s)")
        case let .backgroundTaskBegan(task):
            return ("app", "\(task) began")
        case let .backgroundTaskExpiring(task, remaining, handler):
            return (
                "app",
                "\(task) expiring: \(remaining.text) s of background time left; "
                    + (handler ? "its expiration handler runs" : "it has no expiration handler, so it runs on until it finishes or the watchdog ends the app")
            )
        case let .backgroundTaskCompletedAtExpiry(task, remaining):
            return (
                "app",
                "\(task) expiring: \(remaining.text) s of background time left; it has no expiration handler, so the system marks it complete (unsuccessful)"
            )
        case let .backgroundTaskFinished(task):
            return ("app", "\(task) finished")
        case let .watchdogTerminated(tasks, after):
            let names = tasks.map(\.description).joined(separator: ", ")
            return ("app", "terminated (watchdog): \(names) still running after \(after.text) s")
        case let .launchedInBackground(number, platform, reason):
            return ("app", "launch #\(number) on \(platform.rawValue) (background: \(reason))")
        case let .deviceLock(locked, firstUnlock):
            if locked { return ("device", "locked: protected data unavailable") }
            return ("device", "unlocked\(firstUnlock ? " (first unlock since boot)" : ""): protected data available")
        case let .prewarmedLaunch(number, platform):
            return ("app", "launch #\(number) on \(platform.rawValue): the prewarmed process comes forward")
        case let .refreshRequested(earliest):
            return ("app", "background refresh requested, due at \(earliest.text) s")
        case .refreshCancelled:
            return ("app", "background refresh request cancelled (force quit)")
        case .woken(.push):
            return ("app", "silent push received")
        case .woken(let wake):
            return ("app", "\(wake.text) finished")
        case let .wakeDropped(wake, reason):
            return ("app", "\(wake.text) dropped: \(reason)")
        case .keepRunning(let reason?):
            return ("app", "keeps running in the background: \(reason.quoted)")
        case .keepRunning(nil):
            return ("app", "stops running in the background")
        case .staysRunning(let reason):
            return ("app", "stays running in the background (not suspended): \(reason.quoted)")
        case let .activityContinued(type, outcome):
            return ("app", routed("continue activity \(ByteString(type).escaped)", outcome))
        case let .notificationRouted(target, outcome):
            return ("app", routed("notification for \(ByteString(target).quoted)", outcome))
        case let .shortcutRouted(type, target, outcome):
            return ("app", routed("shortcut \(ByteString(type).escaped) for \(ByteString(target).quoted)", outcome))
        case let .shortcutOpened(type, handler):
            return ("app", "open shortcut \(ByteString(type).escaped): " + (handler ? "on_shortcut responds" : "no on_shortcut, the app comes to the foreground"))
        case let .eventLaunched(number, platform, cause, restoring):
            let what = restoring.isEmpty ? "nothing to restore" : "restoring " + list(restoring)
            return ("app", "launch #\(number) on \(platform.rawValue) (\(causeText(cause))): \(what)")
        case let .reopened(visible, handler):
            let what = visible ? "a window is visible" : "no window visible"
            let answer =
                switch handler {
                case nil: ""
                case true?: "; on_reopen lets the default run"
                case false?: "; on_reopen returned false: no window opens"
                }
            return ("app", "reopen (Dock icon clicked): \(what)\(answer)")
        case let .windowMinimized(scene, minimized):
            return (shown(scene), minimized ? "minimized to the Dock (inactive, off screen)" : "back from the Dock")
        case let .memoryWarning(delivered):
            return ("app", delivered ? "memory warning (didReceiveMemoryWarning)" : "memory warning not delivered: the app is suspended and runs no code")
        case let .appUpdated(from, to):
            return ("app", "updated: version \(ByteString(from).escaped) -> \(ByteString(to).escaped)")
        case let .storageDroppedAfterUpdate(scene, key, from):
            return (shown(scene), "storage dropped after update: \(key.quoted), saved by version \(ByteString(from).escaped)")
        case let .notificationOpened(info, handler):
            return ("app", "open notification \(info.literal): " + (handler ? "on_notification responds" : "no on_notification, the app comes to the foreground"))
        case let .effect(name, arguments, scene, location):
            let shownArguments = arguments.map { argument in
                switch argument {
                case .value(let value): value?.literal ?? "nil"
                case .window(let id): shown(id)
                case .text(let text): text.escaped
                }
            }
            return (scene.map(shown) ?? "app", "effect \(name.escaped)(\(shownArguments.joined(separator: ", ")))" + (location.map { " (\($0.escaped))" } ?? ""))
        }
    }

    /// A memory key as Lua spells its field: `.draft`, or `["two words"]` for a key that is not
    /// a name (quoted and escaped, as every text of the script's).
    static func memoryKeyPath(_ key: ByteString) -> String {
        let literal = SimSceneStorage.keyLiteral(key)
        return literal.hasPrefix("[") ? literal : "." + literal
    }

    /// What launched a process, as its launch line says it.
    static func causeText(_ cause: LaunchCause) -> String {
        switch cause {
        case .url(let url): "url \(url.escaped)"
        case .activity(let type): "activity \(ByteString(type).escaped)"
        case .notification: "notification"
        case .shortcut(let type): "shortcut \(ByteString(type).escaped)"
        }
    }

    /// A scene id or label as the trace shows it (escaped: ids are the script's text).
    static func shown(_ scene: String) -> String { ByteString(scene).escaped }

    static func warningText(_ warning: Warning, label: (SessionID) -> String) -> (String, String) {
        switch warning {
        case let .openWindowIgnored(group, why):
            return ("app", "warning: openWindow(id: \(ByteString(group).quoted)) ignored: \(why)")
        case let .storageLarge(scene, bytes, limit):
            return (shown(label(scene)), "warning: storage is \(bytes) bytes, over storage_warn_bytes = \(limit); keep SceneStorage lightweight")
        case let .flicker(state, shown, threshold):
            return ("app", "warning: state \(state.text) was on screen for \(shown.text) s, under flicker_threshold = \(threshold.text) s (flicker)")
        case let .validationSkipped(user):
            return ("auth", "warning: cannot reach the server to validate the session of \(user.escaped); staying logged in")
        case let .unreachableState(name):
            return ("model", "warning: state \(name) is declared but no transition leads to it")
        }
    }
}
