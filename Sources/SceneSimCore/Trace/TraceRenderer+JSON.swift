import ByteText

extension TraceRenderer {
    /// One JSON object per event, keys sorted, with the same content as the text line:
    /// `{"event":"scenePhaseChanged","from":"inactive","scene":"main#1","text":"phase inactive -> active","time":0.500,"to":"active"}`.
    public static func jsonLine(_ record: TraceRecord, label: (SessionID) -> String) -> String {
        var fields = jsonFields(record.event, label: label)
        fields.append(("time", .raw(record.time.text)))
        fields.append(("text", .string(describe(record.event, label: label).message)))
        let body =
            fields
            .sorted { $0.0 < $1.0 }
            .map { "\(JSON.string($0.0).encoded):\($0.1.encoded)" }
            .joined(separator: ",")
        return "{" + body + "}"
    }

    /// A line of script output (`print`, the REPL's results) as a JSON Lines event, so that in
    /// JSONL mode every line is one JSON object: `{"event":"print","text":"hello","time":0.500}`.
    /// `text` is the line without its newline; bytes that are not valid UTF-8 read U+FFFD.
    package static func jsonPrintLine(_ line: some Collection<UInt8>, at time: VirtualTime) -> String {
        "{\"event\":\"print\",\"text\":\(JSON.bytes(ByteString(Array(line))).encoded),\"time\":\(time.text)}"
    }

    enum JSON {
        case string(String)
        /// A script's bytes: JSON strings hold Unicode text, so bytes that are not valid UTF-8
        /// read U+FFFD here; the `text` field has them exactly, escaped as in the text trace.
        case bytes(ByteString)
        case raw(String)
        case bool(Bool)
        case int(Int)
        case array([JSON])
        case null

        var encoded: String {
            switch self {
            case .string(let s): Self.escape(s)
            case .bytes(let b): Self.escape(String(decoding: b.bytes, as: UTF8.self))
            case .raw(let r): r
            case .bool(let b): b ? "true" : "false"
            case .int(let i): String(i)
            case .array(let items): "[" + items.map(\.encoded).joined(separator: ",") + "]"
            case .null: "null"
            }
        }

        static func value(_ v: SceneValue?) -> JSON {
            switch v {
            case nil: .null
            case .bool(let b)?: .bool(b)
            case .int(let i)?: .raw(String(i))
            case .double(let d)?: d.isFinite ? .raw(SceneValue.floatLiteral(d)) : .string(SceneValue.floatLiteral(d))
            case .string(let s)?: .bytes(s)
            // A table (memory holds them): its entries as [key, value] pairs in key order.
            case .table(let entries)?: .array(SceneValue.sortedKeys(entries).map { .array([value($0), value(entries[$0])]) })
            }
        }

        static func escape(_ s: String) -> String { JSONText.quoted(s) }
    }

    static func jsonFields(_ event: TraceEvent, label: (SessionID) -> String) -> [(String, JSON)] {
        func strings(_ list: [SessionID]) -> JSON { .array(list.map { .string(label($0)) }) }
        func string(_ id: SessionID) -> JSON { .string(label(id)) }
        func routed(_ outcome: DeepLinkOutcome) -> [(String, JSON)] {
            switch outcome {
            case .handled(let scene): [("handled", .bool(true)), ("scene", string(scene))]
            case .handledByApp: [("handled", .bool(true)), ("by", .string("app"))]
            case .notHandled(let reason): [("handled", .bool(false)), ("reason", .string(reason))]
            }
        }
        switch event {
        case let .launched(number, platform, restoring):
            return [("event", .string("launched")), ("number", .int(number)), ("platform", .string(platform.rawValue)), ("restoring", strings(restoring))]
        case let .terminated(how, kept, cause):
            let fields: [(String, JSON)] = [("event", .string("terminated")), ("how", .string(how.rawValue)), ("restorationKept", .bool(kept))]
            return fields + (cause.map { [("cause", JSON.string($0.rawValue))] } ?? [])
        case let .willTerminate(how):
            return [("event", .string("willTerminate")), ("how", .string(how.rawValue))]
        case let .quitRequest(request):
            let (outcome, reply): (String, JSON) =
                switch request {
                case .cancelled: ("cancelled", .null)
                case .deferred: ("deferred", .null)
                case .replied(let quits): ("replied", .bool(quits))
                case .ignored: ("ignored", .null)
                }
            return [("event", .string("quitRequest")), ("outcome", .string(outcome)), ("reply", reply)]
        case let .sceneConnected(scene, value, reason):
            return [("event", .string("sceneConnected")), ("scene", string(scene)), ("value", JSON.value(value)), ("reason", .string(reason.rawValue))]
        case let .scenePhaseChanged(scene, from, to):
            return [("event", .string("scenePhaseChanged")), ("scene", string(scene)), ("from", .string(from.rawValue)), ("to", .string(to.rawValue))]
        case let .sceneDisconnected(scene):
            return [("event", .string("sceneDisconnected")), ("scene", string(scene))]
        case let .windowFronted(scene, byOpen):
            return [("event", .string("windowFronted")), ("scene", string(scene)), ("byOpen", .bool(byOpen))]
        case let .restoreRejected(scene):
            return [("event", .string("restoreRejected")), ("scene", string(scene))]
        case let .sessionsDiscarded(scenes, reason, delivered):
            return [("event", .string("sessionsDiscarded")), ("scenes", strings(scenes)), ("reason", .string(reason.rawValue)), ("delivered", .bool(delivered))]
        case let .discardsDelivered(scenes):
            return [("event", .string("discardsDelivered")), ("scenes", strings(scenes))]
        case let .storageSaved(scene, keys, bytes):
            return [("event", .string("storageSaved")), ("scene", string(scene)), ("keys", .int(keys)), ("bytes", .int(bytes))]
        case let .storageLost(scene, keys):
            return [("event", .string("storageLost")), ("scene", string(scene)), ("keys", .array(keys.map { .bytes($0) }))]
        case let .appPhaseChanged(from, to, _):
            return [("event", .string("appPhaseChanged")), ("from", .string(from.rawValue)), ("to", .string(to.rawValue))]
        case let .stateChanged(from, to):
            return [("event", .string("stateChanged")), ("from", .string(from.text)), ("to", .string(to.text))]
        case let .stateRejected(from, to, reason):
            return [("event", .string("stateRejected")), ("from", .string(from.text)), ("to", .string(to.text)), ("reason", .string(reason))]
        case let .validationStarted(user):
            return [("event", .string("validationStarted")), ("user", .bytes(user))]
        case let .validationFinished(user, result):
            return [("event", .string("validationFinished")), ("user", .bytes(user)), ("result", .string(result.rawValue))]
        case let .sessionStored(user, expires, accessible):
            let base: [(String, JSON)] = [("event", .string("sessionStored")), ("user", .bytes(user)), ("expires", .raw(expires.text))]
            return accessible == .whenUnlocked ? base : base + [("accessible", .string(accessible.rawValue))]
        case let .sessionCleared(user, reason):
            return [("event", .string("sessionCleared")), ("user", .bytes(user)), ("reason", .string(reason))]
        case let .networkChanged(reachable):
            return [("event", .string("networkChanged")), ("reachable", .bool(reachable))]
        case let .serverRevoked(user, sessions):
            return [("event", .string("serverRevoked")), ("user", .bytes(user)), ("sessions", .int(sessions))]
        case let .deepLink(url, outcome):
            switch outcome {
            case .handled(let scene):
                return [("event", .string("deepLink")), ("url", .bytes(url)), ("handled", .bool(true)), ("scene", string(scene))]
            case .handledByApp:
                return [("event", .string("deepLink")), ("url", .bytes(url)), ("handled", .bool(true)), ("by", .string("app"))]
            case .notHandled(let reason):
                return [("event", .string("deepLink")), ("url", .bytes(url)), ("handled", .bool(false)), ("reason", .string(reason))]
            }
        case let .warning(warning):
            return [("event", .string("warning")), ("warning", .string(warningName(warning)))]
        case let .defaultChanged(key, value):
            return [("event", .string("defaultChanged")), ("key", .bytes(key)), ("value", JSON.value(value))]
        case let .note(text):
            return [("event", .string("note")), ("note", .bytes(text))]
        case let .memoryWritten(scene, key, value):
            return [("event", .string("memoryWritten")), ("scene", scene.map(string) ?? .string("app")), ("key", .bytes(key)), ("value", JSON.value(value))]
        case let .memoryLost(scene, keys, cause):
            return [
                ("event", .string("memoryLost")), ("scene", scene.map(string) ?? .string("app")), ("keys", .array(keys.map { .bytes($0) })), ("cause", .string(cause.rawValue)),
            ]
        case let .workEnded(work):
            switch work {
            case let .timer(id, due):
                return [("event", .string("workEnded")), ("work", .string("timer")), ("timer", .raw(String(id.rawValue))), ("due", .raw(due.text))]
            case let .request(id):
                return [("event", .string("workEnded")), ("work", .string("request")), ("request", .raw(String(id.rawValue)))]
            case let .backgroundTask(task, expired):
                return [
                    ("event", .string("workEnded")), ("work", .string("backgroundTask")), ("task", .raw(String(task.id.rawValue))),
                    ("name", .bytes(task.name)), ("expired", .bool(expired)),
                ]
            }
        case .suspended:
            return [("event", .string("suspended"))]
        case let .resumed(suspended):
            return [("event", .string("resumed")), ("suspended", .raw(suspended.text))]
        case let .backgroundTaskBegan(task):
            return [("event", .string("backgroundTaskBegan")), ("task", .int(task.id.rawValue)), ("name", .bytes(task.name))]
        case let .backgroundTaskExpiring(task, remaining, handler):
            return [
                ("event", .string("backgroundTaskExpiring")), ("task", .int(task.id.rawValue)), ("name", .bytes(task.name)), ("remaining", .raw(remaining.text)),
                ("handler", .bool(handler)),
            ]
        case let .backgroundTaskCompletedAtExpiry(task, remaining):
            return [
                ("event", .string("backgroundTaskCompletedAtExpiry")), ("task", .int(task.id.rawValue)), ("name", .bytes(task.name)),
                ("remaining", .raw(remaining.text)),
            ]
        case let .backgroundTaskFinished(task):
            return [("event", .string("backgroundTaskFinished")), ("task", .int(task.id.rawValue)), ("name", .bytes(task.name))]
        case let .watchdogTerminated(tasks, after):
            return [
                ("event", .string("terminated")), ("how", .string("watchdog")), ("restorationKept", .bool(true)),
                ("tasks", .array(tasks.map { .int($0.id.rawValue) })), ("after", .raw(after.text)),
            ]
        case let .launchedInBackground(number, platform, reason):
            return [("event", .string("launched")), ("number", .int(number)), ("platform", .string(platform.rawValue)), ("background", .string(reason))]
        case let .refreshRequested(earliest):
            return [("event", .string("refreshRequested")), ("earliest", .raw(earliest.text))]
        case .refreshCancelled:
            return [("event", .string("refreshCancelled"))]
        case .woken(let wake):
            return [("event", .string("woken"))] + Self.fields(of: wake)
        case let .wakeDropped(wake, reason):
            return [("event", .string("wakeDropped"))] + Self.fields(of: wake) + [("reason", .string(reason))]
        case .keepRunning(let reason?):
            return [("event", .string("keepRunning")), ("reason", .bytes(reason))]
        case .keepRunning(nil):
            return [("event", .string("stopRunning"))]
        case .staysRunning(let reason):
            return [("event", .string("staysRunning")), ("reason", .bytes(reason))]
        case let .deviceLock(locked, firstUnlock):
            return [("event", .string("deviceLock")), ("locked", .bool(locked)), ("firstUnlock", .bool(firstUnlock))]
        case let .prewarmedLaunch(number, platform):
            return [("event", .string("prewarmedLaunch")), ("number", .int(number)), ("platform", .string(platform.rawValue))]
        case let .activityContinued(type, outcome):
            return [("event", .string("activityContinued")), ("type", .string(type))] + routed(outcome)
        case let .notificationRouted(target, outcome):
            return [("event", .string("notificationRouted")), ("target", .string(target))] + routed(outcome)
        case let .shortcutRouted(type, target, outcome):
            return [("event", .string("shortcutRouted")), ("type", .string(type)), ("target", .string(target))] + routed(outcome)
        case let .shortcutOpened(type, handler):
            return [("event", .string("shortcutOpened")), ("type", .string(type)), ("handler", .bool(handler))]
        case let .eventLaunched(number, platform, cause, restoring):
            return [
                ("event", .string("launched")), ("number", .int(number)), ("platform", .string(platform.rawValue)),
                ("restoring", strings(restoring)), ("cause", .string(causeText(cause))),
            ]
        case let .reopened(visible, handler):
            return [("event", .string("reopened")), ("visible", .bool(visible)), ("handler", handler.map { .bool($0) } ?? .null)]
        case let .windowMinimized(scene, minimized):
            return [("event", .string("windowMinimized")), ("scene", string(scene)), ("minimized", .bool(minimized))]
        case let .memoryWarning(delivered):
            return [("event", .string("memoryWarning")), ("delivered", .bool(delivered))]
        case let .appUpdated(from, to):
            return [("event", .string("appUpdated")), ("from", .string(from)), ("to", .string(to))]
        case let .storageDroppedAfterUpdate(scene, key, from):
            return [("event", .string("storageDroppedAfterUpdate")), ("scene", string(scene)), ("key", .bytes(key)), ("from", .string(from))]
        case let .notificationOpened(info, handler):
            return [("event", .string("notificationOpened")), ("info", .string(info.literal)), ("handler", .bool(handler))]
        case let .effect(name, arguments, scene, location):
            let values: [JSON] = arguments.map { argument in
                switch argument {
                case .value(let value): JSON.value(value)
                case .window(let id): string(id)
                case .text(let text): .bytes(text)
                }
            }
            return [
                ("event", .string("effect")), ("name", .bytes(name)), ("arguments", .array(values)),
                ("scene", scene.map(string) ?? .string("app")), ("location", location.map { .bytes($0) } ?? .null),
            ]
        }
    }

    /// The JSON fields naming a background wake: `"wake": "push"`, or the transfer's session.
    static func fields(of wake: BackgroundWake) -> [(String, JSON)] {
        switch wake {
        case .push: [("wake", .string("push"))]
        case .transfer(let name): [("wake", .string("transfer")), ("name", .bytes(name))]
        }
    }

    static func warningName(_ warning: Warning) -> String {
        switch warning {
        case .openWindowIgnored: "openWindowIgnored"
        case .storageLarge: "storageLarge"
        case .flicker: "flicker"
        case .validationSkipped: "validationSkipped"
        case .unreachableState: "unreachableState"
        }
    }
}
