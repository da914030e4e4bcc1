import ByteText

// External events as SwiftUI routes them (semantics 12): the model's handler, the single-scene
// rule, `prefers` then `allows` over the connected windows front to back, a new window by
// `matching`, the window's own handler, then the routes; and launching by an event.
extension Simulator {
    /// The system hands the app a user activity (Handoff, Spotlight, a widget); it launches the app when it
    /// is not running. `target` is its `targetContentIdentifier`, `webpage` its `webpageURL` (http or
    /// https): scenes are matched on the target, else the webpage (semantics 12.3). Whether anything
    /// handled it (false when app code's request was queued).
    ///
    /// In a scenario script: `app:continue_activity(type, info, { target, webpage })`.
    @discardableResult
    public func continueActivity(_ type: String, info: SimSceneStorage = SimSceneStorage(), target: String? = nil, webpage: String? = nil) throws(SimError) -> Bool {
        guard case .urlHandled(let handled) = try send(.continueActivity(type, info: info, target: target, webpage: webpage)) else { return false }
        return handled
    }

    /// The user opens one of the app's notifications; it launches the app when it is not running, and the
    /// model's response handler runs once it is active. With a `target` the notification is then routed to
    /// a scene as activities are (semantics 12.10).
    ///
    /// In a scenario script: `app:open_notification(info, { target })`.
    public func openNotification(_ info: SimSceneStorage = SimSceneStorage(), target: String? = nil) throws(SimError) {
        try send(.openNotification(info, target: target))
    }

    /// The user picks one of the app's home-screen quick actions (`UIApplicationShortcutItem`); it launches
    /// the app when it is not running, the model's `onShortcut` runs, and with a `target` the shortcut is
    /// routed to a scene as activities are (semantics 12.10) (iOS family).
    ///
    /// In a scenario script: `app:open_shortcut(type, { target })`.
    public func openShortcut(_ type: String, target: String? = nil) throws(SimError) {
        try send(.openShortcut(type, target: target))
    }

    /// The guards of an event input: a URL must parse, an activity or shortcut type must be
    /// text, a webpage URL must be http or https, shortcuts exist on the iOS family only.
    func checkEvent(_ input: SimInput) throws(SimError) {
        switch input {
        case .openURL(let url):
            do throws(SimError) {
                _ = try AppURL(parsing: url)
            } catch {
                throw SimError(.invalidValue, "\(.openURL): \(url.quoted) is not a URL: \(error.message)")
            }
        case .continueActivity(let type, _, _, let webpage):
            if type.isEmpty {
                throw SimError(.invalidValue, "\(.continueActivity, scriptArguments: "(type, info)") needs an activity type, e.g. \"com.example.edit\" (got an empty string)")
            }
            if let webpage {
                let scheme = (try? AppURL(parsing: ByteString(webpage)))?.scheme.escaped.lowercased()
                guard scheme == "http" || scheme == "https" else {
                    throw SimError(
                        .invalidValue,
                        "\(.continueActivity): the webpage \(ByteString(webpage).quoted) is not an http or https URL (NSUserActivity.webpageURL takes only those); pass one like \"https://example.com/doc/3\", or a target"
                    )
                }
            }
        case .openShortcut(let type, _):
            if config.platform == .macos {
                throw SimError(
                    .forbidden,
                    "\(.openShortcut): home-screen quick actions (UIApplicationShortcutItem) exist on iphone, ipad and visionos, not on macos; use \(.openURL) or \(.continueActivity) for a Mac app"
                )
            }
            if type.isEmpty {
                throw SimError(.invalidValue, "\(.openShortcut, scriptArguments: "(type)") needs the shortcut's type, e.g. \"com.example.new-note\" (got an empty string)")
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
        case let .continueActivity(type, info, target, webpage): event = .activity(type: type, info: info, target: target ?? webpage)
        case let .openNotification(info, target): event = target.map { .notification(info: info, target: $0) }
        case let .openShortcut(type, target): event = target.map { .shortcut(type: type, target: $0) }
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
            switch input {
            case .openURL(let url): cause = .url(url)
            case .continueActivity(let type, _, _, _): cause = .activity(type)
            case .openShortcut(let type, _): cause = .shortcut(type)
            default: cause = .notification
            }
            target = startProcess(for: event, cause: cause)
            guard let started = self.process else { return .done }
            running = started
        }
        // A notification's or shortcut's App-level handler runs first (semantics 12.9, 12.10);
        // with a target the event is then routed to a scene.
        switch input {
        case .openNotification(let info, _): respondToNotification(info)
        case .openShortcut(let type, _): respondToShortcut(type)
        default: break
        }
        guard let event else { return .done }
        switch event {
        case .url, .activity:
            return .urlHandled(route(event, running, target: target))
        case .notification, .shortcut:
            // The App's handler may have ended the process or its windows meanwhile.
            guard self.process === running else { return .done }
            _ = route(event, running, target: target.flatMap { sessions[$0.index].alive ? $0 : nil })
            return .done
        }
    }

    /// A suspended, hidden or covered app comes to the foreground for an event (semantics 12.7).
    private func comeForward(_ process: AppProcess) {
        noteWalk(process)
        let covered = process.visible.elements.contains { scenePhase(sessionID($0)) == .inactive }
        if process.visible.isEmpty || covered { returnToForeground(process) }
    }

    /// The notification's response handler, once the app is active (semantics 12.9).
    private func respondToNotification(_ info: SimSceneStorage) {
        emit(.notificationOpened(info: info, handler: model.notificationCode != nil))
        if let code = model.notificationCode { runAppCode { try code(self, info) } }
    }

    /// The shortcut's handler (`windowScene(_:performActionFor:)`), once the app is active
    /// (semantics 12.10).
    private func respondToShortcut(_ type: String) {
        emit(.shortcutOpened(type: type, handler: model.shortcutCode != nil))
        if let code = model.shortcutCode { runAppCode { try code(self, type) } }
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
            case .activity(let type, _, _): emit(.activityContinued(type: type, outcome: outcome))
            case .notification(_, let target): emit(.notificationRouted(target: target, outcome: outcome))
            case let .shortcut(type, target): emit(.shortcutRouted(type: type, target: target, outcome: outcome))
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
        case let .activity(type, info, _):
            if let code = model.activityCode { runAppCode { answer = try code(self, type, info) } }
        case .notification, .shortcut:
            break  // the App's handler ran before the routing (runEvent)
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
        // 3. Front to back: the first that prefers it, else the first that allows it. An event
        // with nothing to compare (an activity with neither target nor webpage) skips them.
        let connected = event.text == nil ? [] : process.order.elements.map { sessionID($0) }
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
        // scene without `matching`.
        guard let group = newWindowScene(for: event, process) else { return nil }
        return present(group: group, value: nil, process).0
    }

    /// Rule 4's scene over the current windows: the first scene in body order whose `matching`
    /// matches the event's text, else the first without `matching` (whatever its views'
    /// `prefers`/`allows`); never Settings, nor a `Window` already open.
    func newWindowScene(for event: ExternalEvent, _ process: AppProcess?) -> Int? {
        if let process { noteWalk(process) }
        func available(_ group: Int) -> Bool {
            switch config.scenes[group].kind {
            case .settings: return false
            case .window: return !(process?.order.elements.contains { sessions[$0].group == group } ?? false)
            case .windowGroup: return true
            }
        }
        let groups = config.scenes.indices.filter(available)
        if let text = event.text.map(ExternalEvent.fold) {
            let matched = groups.first { group in
                config.scenes[group].matching?.contains { ExternalEvent.matches($0, text) } ?? false
            }
            if let matched { return matched }
        }
        return groups.first { config.scenes[$0].matching == nil }
    }

    // MARK: The windows' code

    private func windowPrefers(_ id: SessionID, _ event: ExternalEvent) -> Bool {
        guard event.text != nil, let prefers = sceneCode(of: id)?.prefers else { return false }
        var answer = false
        runAppCode { answer = try prefers(self, id, event) }
        return answer
    }

    private func windowAllows(_ id: SessionID, _ event: ExternalEvent) -> Bool {
        guard event.text != nil, let allows = sceneCode(of: id)?.allows else { return false }
        var answer = false
        runAppCode { answer = try allows(self, id, event) }
        return answer
    }

    /// The window's `on_url`, `on_activity`, `on_notification` or `on_shortcut`: nil when it
    /// has none, else whether it handled it (a notification's and a shortcut's handler answer
    /// nothing: the window got it).
    private func deliver(_ event: ExternalEvent, to id: SessionID) -> Bool? {
        let code = sceneCode(of: id)
        var handled = false
        switch event {
        case .url(let url):
            guard let onURL = code?.url else { return nil }
            runAppCode { handled = try onURL(self, id, url) }
        case let .activity(type, info, _):
            guard let onActivity = code?.activity else { return nil }
            runAppCode { handled = try onActivity(self, id, type, info) }
        case .notification(let info, _):
            guard let onNotification = code?.notification else { return nil }
            runAppCode { try onNotification(self, id, info) }
            handled = true
        case .shortcut(let type, _):
            guard let onShortcut = code?.shortcut else { return nil }
            runAppCode { try onShortcut(self, id, type) }
            handled = true
        }
        return handled
    }
}
