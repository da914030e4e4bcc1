import ByteText

/// One input to the simulator: a lifecycle operation of the user or the system, a move of the
/// clock, or a call of one of the model's intents. Inputs are data: `Simulator.send(_:)` runs
/// one, `Simulator.validate(_:)` says whether it would be accepted now, with the same guards,
/// and an input that app code makes in the middle of a system action is queued by the core and
/// runs once the action is over (semantics 9.5).
public enum SimInput: Equatable, Sendable {
    /// `app:launch()`: starts the app, restoring what the system kept (§5.4).
    case launch
    /// `app:background()`: the user leaves the app.
    case background
    /// `app:foreground()`: the user returns to the app.
    case foreground
    /// `app:switcher()`: the app switcher opens over the app.
    case switcher
    /// `app:interrupt()`: a system overlay covers the app.
    case interrupt
    /// `app:resume()`: the overlay goes away.
    case resume
    /// `app:terminate(how)`: the process ends.
    case terminate(Termination)
    /// `app:open_window(id, value?)`: `openWindow(id:value:)`.
    case openWindow(String, value: SceneValue?)
    /// `app:dismiss_window(id, value?)`: `dismissWindow(id:value:)`.
    case dismissWindow(String, value: SceneValue?)
    /// `w:focus()`: a window comes to the front.
    case focus(SessionID)
    /// `w:background()`: one window leaves the screen.
    case backgroundWindow(SessionID)
    /// `w:close()`: the user closes a window.
    case close(SessionID)
    /// `w:disconnect()`: the system reclaims a background scene.
    case disconnect(SessionID)
    /// `app:open_url(url)`: the system opens a URL in the app.
    case openURL(ByteString)
    /// `sim.advance(seconds)`: the clock moves, running what falls due.
    case advance(VirtualTime)
    /// `sim.settle()`: the clock runs until nothing is scheduled.
    case settle
    /// `app:<name>(...)`: one of the model's Swift intents.
    case intent(String, [SceneValue])
    /// `sim.system.refresh(app)`: the system runs the app's due background refresh, launching
    /// it in the background if it is not running (semantics 11.4).
    case refresh
    /// `sim.system.push(app, info)`: a silent push (`content-available`) with its payload,
    /// launching the app in the background if it is not running (semantics 11.8).
    case push(SimSceneStorage)
    /// `sim.system.transfer_done(app, name)`: the background URLSession `name` finished its
    /// transfers, launching the app in the background if it is not running (semantics 11.8).
    case transferDone(ByteString)
    /// `sim.system.lock(app)`: the user locks the device; protected data becomes unavailable
    /// and a foreground app goes to the background (semantics 8.6).
    case lock
    /// `sim.system.unlock(app)`: the user unlocks the device; protected data becomes available.
    case unlock
    /// `sim.system.prewarm(app)`: the system prewarms the app: its process starts and runs
    /// `on_launch` with no scene; the next `launch` brings it forward (semantics 11.11).
    case prewarm
    /// `app:continue_activity(type, info, { target, webpage })`: the system hands the app a
    /// user activity, with its `targetContentIdentifier` and `webpageURL` when it has them.
    case continueActivity(String, info: SimSceneStorage, target: String? = nil, webpage: String? = nil)
    /// `app:open_notification(info, { target })`: the user opens one of the app's
    /// notifications; with a target it is routed to a scene as activities are.
    case openNotification(SimSceneStorage, target: String? = nil)
    /// `app:open_shortcut(type, { target })` (iOS family): the user picks one of the app's
    /// home-screen quick actions; with a target it is routed to a scene as activities are.
    case openShortcut(String, target: String? = nil)
    /// `app:open_settings()` (macOS): the Settings scene opens or comes to the front.
    case openSettings
    /// `app:reopen()` (macOS): the user clicks the app's Dock icon.
    case reopen
    /// `app:hide()` (macOS, ⌘H): every window leaves the screen.
    case hide
    /// `w:minimize()` (macOS; `w:background()` there): the window goes to the Dock.
    case minimize(SessionID)
    /// `app:terminate("user", { keep_windows = true })` (macOS): Quit and Keep Windows (⌥⌘Q).
    case terminateKeepingWindows
    /// `sim.system.memory_warning(app)` (iOS family): the system warns the running app that
    /// memory is short (`didReceiveMemoryWarning`; semantics 11.10).
    case memoryWarning
    /// `app:update { version = "2.0" }`: a new version of the app is installed while it is not
    /// running (semantics 5.6).
    case update(version: String)
    /// `app:reply_to_quit(quits)` (macOS): the app's answer to a Quit its `on_should_quit`
    /// put off (`NSApplication.reply(toApplicationShouldTerminate:)`).
    case replyToQuit(Bool)

    /// The kinds of input, each with the name scripts call it by. The Lua bindings, the REPL's
    /// completion, the LuaLS definitions and explore's built-in rules are tested against this
    /// list in both directions, so a new input cannot miss one of them.
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

        /// How a script calls it: `app:launch`, `w:focus`, `sim.advance`, `app:<intent>`.
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
