import ByteText

// External events as SwiftUI routes them (semantics 12): the model's handler, the single-scene
// rule, `prefers` then `allows` over the connected windows front to back, a new window by
// `matching`, the window's own handler, then the routes; and launching by an event.
extension Simulator {
    /// app:continue_activity(type, info): the system hands the app a user activity (Handoff,
    /// Spotlight, a widget); it launches the app when it is not running. Whether anything
    /// handled it (false when app code's request was queued).
    @discardableResult
    public func continueActivity(_ type: String, info: SceneStorage = SceneStorage()) throws(SimError) -> Bool {
        guard case .urlHandled(let handled) = try send(.continueActivity(type, info: info)) else { return false }
        return handled
    }

    /// app:open_notification(info): the user opens one of the app's notifications; it launches
    /// the app when it is not running, and the model's response handler runs once it is active.
    public func openNotification(_ info: SceneStorage = SceneStorage()) throws(SimError) {
        try send(.openNotification(info))
    }

    /// The guards of an event input: a URL must parse, an activity type must be text.
    func checkEvent(_ input: SimInput) throws(SimError) {
        switch input {
        case .openURL(let url):
            do throws(SimError) {
                _ = try AppURL(parsing: url)
            } catch {
                throw SimError(.invalidValue, "\(.openURL): \(url.quoted) is not a URL: \(error.message)")
            }
        case .continueActivity(let type, _):
            if type.isEmpty {
                throw SimError(.invalidValue, "\(.continueActivity, scriptArguments: "(type, info)") needs an activity type, e.g. \"com.example.edit\" (got an empty string)")
            }
        default:
            break
        }
    }

    /// Runs an event input on a running app, or launches the app for it (§2 of the issue).
    func runEvent(_ input: SimInput, _ process: AppProcess?) -> InputResult {
        let event: ExternalEvent?
        switch input {
        case .openURL(let url): event = .url(url)
        case let .continueActivity(type, info): event = .activity(type: type, info: info)
        default: event = nil
        }
        // A scheme the app does not register never reaches it, so it does not launch either.
        if case .url(let url)? = event, let refusal = schemeRefusal(url) {
            emit(.deepLink(url: url, outcome: .notHandled(reason: refusal)))
            return .urlHandled(false)
        }
        var target: SessionID?
        let running: AppProcess
        if let process {
            running = process
            comeForward(process)
            // Resumed by the event: what fell due while suspended runs after the phase changes
            // and before the event reaches the app's code (semantics 11.2), as for a refresh.
            if process.resumedInAction {
                runFallenDue(process)
                guard self.process === process else { return event == nil ? .done : .urlHandled(false) }
            }
        } else {
            let cause: LaunchCause
            switch event {
            case .url(let url)?: cause = .url(url)
            case .activity(let type, _)?: cause = .activity(type)
            case nil: cause = .notification
            }
            target = startProcess(for: event, cause: cause)
            guard let started = self.process else { return .done }
            running = started
        }
        guard let event else {
            if case .openNotification(let info) = input { respondToNotification(info) }
            return .done
        }
        return .urlHandled(route(event, running, target: target))
    }

    /// A suspended, hidden or covered app comes to the foreground for an event (semantics 12.7).
    private func comeForward(_ process: AppProcess) {
        noteWalk(process)
        let covered = process.visible.elements.contains { scenePhase(sessionID($0)) == .inactive }
        if process.visible.isEmpty || covered { returnToForeground(process) }
    }

    /// The notification's response handler, once the app is active (semantics 12.9).
    private func respondToNotification(_ info: SceneStorage) {
        emit(.notificationOpened(info: info, handler: model.notificationCode != nil))
        if let code = model.notificationCode { runAppCode { try code(self, info) } }
    }

    /// Why a URL never reaches the app: its scheme is not one the app registers.
    func schemeRefusal(_ url: ByteString) -> String? {
        guard !config.urlSchemes.isEmpty, let parsed = try? AppURL(parsing: url) else { return nil }
        let scheme = parsed.scheme.escaped
        if config.urlSchemes.contains(where: { $0.lowercased() == scheme }) { return nil }
        return "no app handles scheme \"\(scheme)\""
    }

    /// Routes an event in a running app (semantics 12.1–12.5); `target` is the window a cold
    /// launch opened for it. Traces the outcome; true when something handled it.
    func route(_ event: ExternalEvent, _ process: AppProcess, target: SessionID?) -> Bool {
        func finish(_ outcome: DeepLinkOutcome) -> Bool {
            switch event {
            case .url(let url): emit(.deepLink(url: url, outcome: outcome))
            case .activity(let type, _): emit(.activityContinued(type: type, outcome: outcome))
            }
            if case .notHandled = outcome { return false }
            return true
        }
        // 1. The App's own handler.
        var answer = AppModel.URLAnswer.passed
        switch event {
        case .url(let url):
            // The model's controller first (the built-in model refuses links unless
            // authenticated); the app's handler has what it passes on.
            if let controller = model.controller { runAppCode { answer = controller.answer(url: String(decoding: url.bytes, as: UTF8.self), self) } }
            if answer == .passed, let code = model.urlCode { runAppCode { answer = try code(self, url) } }
        case let .activity(type, info):
            if let code = model.activityCode { runAppCode { answer = try code(self, type, info) } }
        }
        switch answer {
        case .handled: return finish(.handledByApp)
        case .refused(let reason): return finish(.notHandled(reason: reason))
        case .passed: break
        }
        // 2–4. The window that gets it; 5. its handler.
        let stage: String
        if let window = target ?? pickWindow(for: event, process) {
            switch deliver(event, to: window) {
            case true?: return finish(.handled(scene: window))
            case false?: stage = "\(sessions[window.index].label)'s \(event.handlerName) did not handle it"
            case nil: stage = "\(sessions[window.index].label) has no \(event.handlerName)"
            }
        } else {
            stage = "no scene prefers, allows or matches it"
        }
        // Then the routes, for a URL, when the app declares any.
        guard case .url(let url) = event, !config.routes.isEmpty else { return finish(.notHandled(reason: stage)) }
        switch routeByTable(url, process) {
        case .notHandled(let reason): return finish(.notHandled(reason: "\(stage); \(reason)"))
        case let outcome: return finish(outcome)
        }
    }

    /// Rules 2–4: the window that gets the event, brought to the front (connected or created
    /// as needed); nil when no scene prefers, allows or matches it.
    private func pickWindow(for event: ExternalEvent, _ process: AppProcess) -> SessionID? {
        if !config.allowsMultipleWindows {
            // 2. The one scene, whatever its modifiers say.
            if let front = process.order.first {
                let id = sessionID(front)
                focus(id, process)
                return id
            }
            if let id = (process.foregroundSet + sessions.filter(\.alive).map(\.id)).first(where: { sessions[$0.index].alive }) {
                focus(id, process)
                return id
            }
            return openLaunchWindows(process).first
        }
        // 3. Front to back: the first that prefers it, else the first that allows it.
        let connected = process.order.elements.map { sessionID($0) }
        var chosen: SessionID?
        for id in connected where windowPrefers(id, event) {
            chosen = id
            break
        }
        if chosen == nil {
            for id in connected where windowAllows(id, event) {
                chosen = id
                break
            }
        }
        if let chosen {
            focus(chosen, process)
            return chosen
        }
        // 4. A new window of the first scene whose `matching` matches, else of the first
        // scene that declares none of the modifiers.
        guard let group = newWindowScene(for: event, process) else { return nil }
        return present(group: group, value: nil, process).0
    }

    /// Rule 4's scene over the current windows: never Settings, nor a `Window` already open.
    func newWindowScene(for event: ExternalEvent, _ process: AppProcess?) -> Int? {
        let text = event.text.bytes
        if let process { noteWalk(process) }
        func available(_ group: Int) -> Bool {
            switch config.scenes[group].kind {
            case .settings: return false
            case .window: return !(process?.order.elements.contains { sessions[$0].group == group } ?? false)
            case .windowGroup: return true
            }
        }
        func matches(_ pattern: String) -> Bool {
            pattern == "*" || Self.contains(text, Array(pattern.utf8))
        }
        let groups = config.scenes.indices.filter(available)
        if let group = groups.first(where: { config.scenes[$0].matching?.contains(where: matches) ?? false }) { return group }
        return groups.first { config.scenes[$0].matching == nil && !declaresEventModifiers($0) }
    }

    private static func contains(_ text: [UInt8], _ part: [UInt8]) -> Bool {
        guard !part.isEmpty else { return true }
        guard text.count >= part.count else { return false }
        for start in 0...(text.count - part.count) where text[start..<(start + part.count)].elementsEqual(part) {
            return true
        }
        return false
    }

    // MARK: The windows' code

    func declaresEventModifiers(_ group: Int) -> Bool {
        model.sceneCode[config.scenes[group].id]?.declaresEventModifiers ?? false
    }

    private func windowPrefers(_ id: SessionID, _ event: ExternalEvent) -> Bool {
        guard let prefers = sceneCode(of: id)?.prefers else { return false }
        var answer = false
        runAppCode { answer = try prefers(self, id, event) }
        return answer
    }

    private func windowAllows(_ id: SessionID, _ event: ExternalEvent) -> Bool {
        guard let allows = sceneCode(of: id)?.allows else { return false }
        var answer = false
        runAppCode { answer = try allows(self, id, event) }
        return answer
    }

    /// The window's `on_url` or `on_activity`: nil when it has none, else whether it handled it.
    private func deliver(_ event: ExternalEvent, to id: SessionID) -> Bool? {
        let code = sceneCode(of: id)
        var handled = false
        switch event {
        case .url(let url):
            guard let onURL = code?.url else { return nil }
            runAppCode { handled = try onURL(self, id, url) }
        case let .activity(type, info):
            guard let onActivity = code?.activity else { return nil }
            runAppCode { handled = try onActivity(self, id, type, info) }
        }
        return handled
    }
}
