import ByteText

/// One input to the simulator: a lifecycle operation of the user or the system, a move of the
/// clock, or a call of one of the model's intents. Inputs are data: `Simulator.send(_:)` runs
/// one, `Simulator.validate(_:)` says whether it would be accepted now, with the same guards,
/// and an input that app code makes in the middle of a system action is queued by the core and
/// runs once the action is over (semantics 9.5).
public enum SimInput: Equatable, Sendable {
    /// Starts the app, restoring what the system kept (§5.4).
    ///
    /// In a scenario script: `app:launch()`.
    case launch
    /// The user leaves the app.
    ///
    /// In a scenario script: `app:background()`.
    case background
    /// The user returns to the app.
    ///
    /// In a scenario script: `app:foreground()`.
    case foreground
    /// The app switcher opens over the app.
    ///
    /// In a scenario script: `app:switcher()`.
    case switcher
    /// A system overlay covers the app.
    ///
    /// In a scenario script: `app:interrupt()`.
    case interrupt
    /// The overlay goes away.
    ///
    /// In a scenario script: `app:resume()`.
    case resume
    /// The process ends.
    ///
    /// In a scenario script: `app:terminate(how)`.
    case terminate(Termination)
    /// `openWindow(id:value:)`.
    ///
    /// In a scenario script: `app:open_window(id, value?)`.
    case openWindow(String, value: SceneValue?)
    /// `dismissWindow(id:value:)`.
    ///
    /// In a scenario script: `app:dismiss_window(id, value?)`.
    case dismissWindow(String, value: SceneValue?)
    /// A window comes to the front.
    ///
    /// In a scenario script: `w:focus()`.
    case focus(SessionID)
    /// One window leaves the screen.
    ///
    /// In a scenario script: `w:background()`.
    case backgroundWindow(SessionID)
    /// The user closes a window.
    ///
    /// In a scenario script: `w:close()`.
    case close(SessionID)
    /// The system reclaims a background scene.
    ///
    /// In a scenario script: `w:disconnect()`.
    case disconnect(SessionID)
    /// The system opens a URL in the app.
    ///
    /// In a scenario script: `app:open_url(url)`.
    case openURL(ByteString)
    /// The clock moves, running what falls due.
    ///
    /// In a scenario script: `sim.advance(seconds)`.
    case advance(VirtualTime)
    /// The clock runs until nothing is scheduled.
    ///
    /// In a scenario script: `sim.settle()`.
    case settle
    /// `app:<name>(...)`: one of the model's Swift intents.
    case intent(String, [SceneValue])
    /// The system runs the app's due background refresh, launching it in the background if it is not
    /// running (semantics 11.4).
    ///
    /// In a scenario script: `sim.system.refresh(app)`.
    case refresh
    /// A silent push (`content-available`) with its payload, launching the app in the background if it is
    /// not running (semantics 11.8).
    ///
    /// In a scenario script: `sim.system.push(app, info)`.
    case push(SimSceneStorage)
    /// The background URLSession `name` finished its transfers, launching the app in the background if it
    /// is not running (semantics 11.8).
    ///
    /// In a scenario script: `sim.system.transfer_done(app, name)`.
    case transferDone(ByteString)
    /// The user locks the device; protected data becomes unavailable and a foreground app goes to the
    /// background (semantics 8.6).
    ///
    /// In a scenario script: `sim.system.lock(app)`.
    case lock
    /// The user unlocks the device; protected data becomes available.
    ///
    /// In a scenario script: `sim.system.unlock(app)`.
    case unlock
    /// The system prewarms the app: its process starts and runs `onLaunch` with no scene; the next
    /// `launch` brings it forward (semantics 11.11).
    ///
    /// In a scenario script: `sim.system.prewarm(app)`.
    case prewarm
    /// The system hands the app a user activity, with its `targetContentIdentifier` and `webpageURL` when
    /// it has them.
    ///
    /// In a scenario script: `app:continue_activity(type, info, { target, webpage })`.
    indirect case continueActivity(String, info: SimSceneStorage, target: String? = nil, webpage: String? = nil)
    /// The user opens one of the app's notifications; with a target it is routed to a scene as activities
    /// are.
    ///
    /// In a scenario script: `app:open_notification(info, { target })`.
    case openNotification(SimSceneStorage, target: String? = nil)
    /// The user picks one of the app's home-screen quick actions; with a target it is routed to a scene as
    /// activities are (iOS family).
    ///
    /// In a scenario script: `app:open_shortcut(type, { target })`.
    case openShortcut(String, target: String? = nil)
    /// The Settings scene opens or comes to the front (macOS).
    ///
    /// In a scenario script: `app:open_settings()`.
    case openSettings
    /// The user clicks the app's Dock icon (macOS).
    ///
    /// In a scenario script: `app:reopen()`.
    case reopen
    /// Every window leaves the screen (macOS, ⌘H).
    ///
    /// In a scenario script: `app:hide()`.
    case hide
    /// The window goes to the Dock (macOS; `backgroundWindow` there).
    ///
    /// In a scenario script: `w:minimize()`.
    case minimize(SessionID)
    /// Quit and Keep Windows (⌥⌘Q) (macOS).
    ///
    /// In a scenario script: `app:terminate("user", { keep_windows = true })`.
    case terminateKeepingWindows
    /// The system warns the running app that memory is short (`didReceiveMemoryWarning`; semantics 11.10)
    /// (iOS family).
    ///
    /// In a scenario script: `sim.system.memory_warning(app)`.
    case memoryWarning
    /// A new version of the app is installed while it is not running (semantics 5.6).
    ///
    /// In a scenario script: `app:update { version = "2.0" }`.
    case update(version: String)
    /// The app's answer to a Quit its `onShouldQuit` put off
    /// (`NSApplication.reply(toApplicationShouldTerminate:)`) (macOS).
    ///
    /// In a scenario script: `app:reply_to_quit(quits)`.
    case replyToQuit(Bool)

    /// The kinds of input, each with the name scripts call it by. The scripting bindings, the REPL's
    /// completion, the LuaLS definitions and explore's built-in rules are tested against this list in
    /// both directions, so a new input cannot miss one of them.
    public enum Kind: String, CaseIterable, Sendable {
        case launch, background, foreground, switcher, interrupt, resume, terminate
        case openWindow = "open_window"
        case dismissWindow = "dismiss_window"
        case focus
        case backgroundWindow = "background_window"
        case close, disconnect
        case openURL = "open_url"
        case advance, settle, intent
        case refresh, push, lock, unlock, prewarm
        case transferDone = "transfer_done"
        case continueActivity = "continue_activity"
        case openNotification = "open_notification"
        case openShortcut = "open_shortcut"
        case openSettings = "open_settings"
        case reopen, hide, minimize
        case memoryWarning = "memory_warning"
        case update
        case replyToQuit = "reply_to_quit"

        /// The name a scenario script calls it by.
        ///
        /// In a scenario script: `app:launch`, `w:focus`, `sim.advance`, `app:<intent>`.
        public var scriptName: String {
            switch self {
            case .launch, .background, .foreground, .switcher, .interrupt, .resume, .terminate,
                .openWindow, .dismissWindow, .openURL, .continueActivity, .openNotification,
                .openShortcut, .openSettings, .reopen, .hide, .update, .replyToQuit:
                "app:\(rawValue)"
            case .focus, .close, .disconnect, .minimize: "w:\(rawValue)"
            case .backgroundWindow: "w:background"
            case .advance, .settle: "sim.\(rawValue)"
            case .intent: "app:<intent>"
            case .refresh, .push, .transferDone, .memoryWarning, .lock, .unlock, .prewarm: "sim.system.\(rawValue)"
            }
        }
    }

    /// The input's kind, without its arguments.
    public var kind: Kind {
        switch self {
        case .launch: .launch
        case .background: .background
        case .foreground: .foreground
        case .switcher: .switcher
        case .interrupt: .interrupt
        case .resume: .resume
        case .terminate: .terminate
        case .openWindow: .openWindow
        case .dismissWindow: .dismissWindow
        case .focus: .focus
        case .backgroundWindow: .backgroundWindow
        case .close: .close
        case .disconnect: .disconnect
        case .openURL: .openURL
        case .advance: .advance
        case .settle: .settle
        case .intent: .intent
        case .refresh: .refresh
        case .push: .push
        case .transferDone: .transferDone
        case .lock: .lock
        case .unlock: .unlock
        case .prewarm: .prewarm
        case .continueActivity: .continueActivity
        case .openNotification: .openNotification
        case .openShortcut: .openShortcut
        case .openSettings: .openSettings
        case .reopen: .reopen
        case .hide: .hide
        case .minimize: .minimize
        case .terminateKeepingWindows: .terminate
        case .memoryWarning: .memoryWarning
        case .update: .update
        case .replyToQuit: .replyToQuit
        }
    }

    /// Whether it is a lifecycle action (everything but an intent call): made by app code in
    /// the middle of a system action, it waits in the core's queue. An intent is a change the
    /// app's code makes, and runs at once wherever it is called.
    public var isLifecycleAction: Bool {
        if case .intent = self { return false }
        return true
    }
}

/// What an input did.
public enum InputResult: Equatable, Sendable {
    /// It ran, and has nothing to return.
    case done
    /// App code made it in the middle of a system action: the core runs it once the action is
    /// over (its errors are then the error of the call that started the action).
    case queued
    /// `openWindow`: what happened to the window.
    case window(WindowOpening)
    /// `dismissWindow`: how many windows closed.
    case closed(Int)
    /// `openURL`: whether anything handled the URL.
    case urlHandled(Bool)
    /// An intent's result.
    case value(SceneValue?)
}

/// What `openWindow(_:value:)` did.
public enum WindowOpening: Equatable, Sendable {
    /// A new session was created and its window connected.
    case created(SessionID)
    /// The window already showing the value came to the front (reconnected if it had to be).
    case fronted(SessionID)
    /// The platform shows one window per app, so the request was ignored (traced as a warning).
    case ignored
    /// App code asked in the middle of a system action: it opens once the action is over.
    case queued

    /// The window that shows the value, if the request ran and was not ignored.
    public var window: SessionID? {
        switch self {
        case .created(let id), .fronted(let id): id
        case .ignored, .queued: nil
        }
    }

    /// Whether a new window was created.
    public var isNew: Bool {
        if case .created = self { return true }
        return false
    }
}
