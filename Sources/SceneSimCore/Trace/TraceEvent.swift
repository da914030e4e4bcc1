import ByteText

/// One lifecycle event, as it is traced. Events are named for what happened and carry session
/// ids, not labels: rendering (`TraceRenderer`) makes the text, so the core never formats a
/// line nobody reads and a driver needs no label-to-id lookup to act on an event.
public enum TraceEvent: Equatable, Sendable {
    /// The process started; `restoring` lists the scenes it brings back (empty: a fresh window opens).
    case launched(number: Int, platform: Platform, restoring: [SessionID])
    /// The process ended; `cause` says why, when it is not the termination itself.
    case terminated(how: Termination, restorationKept: Bool, cause: TerminationCause? = nil)
    /// A scene attached to its session and entered `inactive`.
    case sceneConnected(scene: SessionID, value: SceneValue?, reason: ConnectReason)
    /// A connected scene moved between phases.
    case scenePhaseChanged(scene: SessionID, from: SimScenePhase, to: SimScenePhase)
    /// The system reclaimed a background scene; its session stays.
    case sceneDisconnected(scene: SessionID)
    /// An existing window came to the front (`byOpen`: an `openWindow` for a value it already shows).
    case windowFronted(scene: SessionID, byOpen: Bool)
    /// The app's restore check refused a restored scene, which starts empty.
    case restoreRejected(scene: SessionID)
    /// Sessions were discarded with their storage; `delivered` says whether the app was told now.
    case sessionsDiscarded(scenes: [SessionID], reason: DiscardReason, delivered: Bool)
    /// didDiscardSceneSessions for sessions discarded while the app was not running.
    case discardsDelivered(scenes: [SessionID])
    /// A scene's SceneStorage reached its session (a save point of policy `storageSave`).
    case storageSaved(scene: SessionID, keys: Int, bytes: Int)
    /// Writes made since the last save died with the process.
    case storageLost(scene: SessionID, keys: [ByteString])
    /// The aggregate scene phase changed and the app-level handler ran (§1.4); `note` says
    /// what the model's handler does then, when the model describes it (the built-in one does).
    case appPhaseChanged(from: SimScenePhase, to: SimScenePhase, note: String?)
    /// The app's model moved from one state to another.
    case stateChanged(from: ModelState, to: ModelState)
    /// A transition the model refused; the state stays `from`.
    case stateRejected(from: ModelState, to: ModelState, reason: String)
    /// The app asked the auth server whether `user`'s stored session is still valid.
    case validationStarted(user: ByteString)
    /// The auth server answered a validation.
    case validationFinished(user: ByteString, result: ValidationResult)
    /// A login session was stored in the keychain, valid until `expires`.
    case sessionStored(user: ByteString, expires: VirtualTime, accessible: KeychainAccessibility)
    /// The stored session was removed from the keychain (a logout, an expiry, a revocation).
    case sessionCleared(user: ByteString, reason: String)
    /// The auth server became reachable or unreachable.
    case networkChanged(reachable: Bool)
    /// The server invalidated `sessions` sessions of `user`.
    case serverRevoked(user: ByteString, sessions: Int)
    /// The app was asked to open a URL.
    case deepLink(url: ByteString, outcome: DeepLinkOutcome)
    /// Something that works but that the app's developer should look at.
    case warning(Warning)
    /// The app wrote (or with nil removed) a key of `app.defaults`.
    case defaultChanged(key: ByteString, value: SceneValue?)
    /// A note in the trace (`note(_:)`).
    case note(ByteString)
    /// What lived only in memory died with its holder: `scene` nil for the app's memory (the
    /// App's state, singletons), else that window's view state (semantics 11.1).
    case memoryLost(scene: SessionID?, keys: [ByteString], cause: MemoryLossCause)
    /// A script wrote (or with nil removed) `key` of the app's memory (`scene` nil) or a
    /// window's; traced only when the run asks for it (`-- trace: memory`, semantics 11.1).
    case memoryWritten(scene: SessionID?, key: ByteString, value: SceneValue?)
    /// The system suspended the app: none of its code runs until it resumes (semantics 11.2).
    case suspended
    /// The app runs again after `suspended` seconds.
    case resumed(suspended: VirtualTime)
    /// The app began a background task (`beginBackgroundTask(withName:expirationHandler:)`).
    case backgroundTaskBegan(BackgroundTaskRef)
    /// The background time is about to run out: the task's expiration handler runs now, with
    /// `remaining` seconds left (`handler` false: the app gave none).
    case backgroundTaskExpiring(BackgroundTaskRef, remaining: VirtualTime, handler: Bool)
    /// A refresh task whose handler set no expiration handler reached the warning moment: the
    /// system marks it complete and unsuccessful (`setTaskCompleted(success: false)`), with
    /// `remaining` seconds left (semantics 11.4).
    case backgroundTaskCompletedAtExpiry(BackgroundTaskRef, remaining: VirtualTime)
    /// The app finished a background task (`endBackgroundTask`).
    case backgroundTaskFinished(BackgroundTaskRef)
    /// The watchdog ended the process: `tasks` were still running when the `after` seconds of
    /// background time ran out. Restoration data is kept, as for a system kill.
    case watchdogTerminated(tasks: [BackgroundTaskRef], after: VirtualTime)
    /// The system started the app in the background for `reason` (a background refresh): no
    /// scene connects until the user brings it to the foreground.
    case launchedInBackground(number: Int, platform: Platform, reason: String)
    /// The device locked (`locked`) or unlocked, `firstUnlock` the first unlock since it
    /// booted: protected data becomes unavailable or available (semantics 8.6).
    case deviceLock(locked: Bool, firstUnlock: Bool)
    /// The user launched the app the system had prewarmed as launch `number`: the same process comes
    /// forward, without running `onLaunch` again (semantics 11.11).
    case prewarmedLaunch(number: Int, platform: Platform)
    /// The app asked for a background refresh no earlier than `earliest`
    /// (`BGTaskScheduler.submit`); it replaces any pending request.
    case refreshRequested(earliest: VirtualTime)
    /// A pending background refresh request was dropped: iOS cancels a force-quit app's requests.
    case refreshCancelled
    /// A silent push or a finished background transfer reached the app (semantics 11.8).
    case woken(BackgroundWake)
    /// The system did not deliver a silent push or a transfer's wake, for `reason`.
    case wakeDropped(BackgroundWake, reason: String)
    /// The app began work a background mode keeps running (`reason`), or ended it (nil)
    /// (semantics 11.9).
    case keepRunning(reason: ByteString?)
    /// The app is in the background and is not suspended: its work `reason` keeps it running.
    case staysRunning(reason: ByteString)
    /// The app was handed a user activity (semantics 12).
    case activityContinued(type: String, outcome: DeepLinkOutcome)
    /// The process started because of an event (semantics 12.8); otherwise as `launched`.
    case eventLaunched(number: Int, platform: Platform, cause: LaunchCause, restoring: [SessionID])
    /// The user opened one of the app's notifications; `handler`: the model responds to it.
    case notificationOpened(info: SimSceneStorage, handler: Bool)
    /// The user picked one of the app's home-screen quick actions; `handler`: the model's `onShortcut`
    /// responds to it (semantics 12.10).
    case shortcutOpened(type: String, handler: Bool)
    /// A notification naming `target` was routed to a scene (semantics 12.10).
    case notificationRouted(target: String, outcome: DeepLinkOutcome)
    /// A shortcut naming `target` was routed to a scene (semantics 12.10).
    case shortcutRouted(type: String, target: String, outcome: DeepLinkOutcome)
    /// The Dock icon was clicked (macOS); `visible`: a window was visible; `handler`: the model's
    /// `onReopen` answered (`nil`: it has none), false stopping the default.
    case reopened(visible: Bool, handler: Bool?)
    /// The model's `onTerminate` runs (`applicationWillTerminate`): the process is ending.
    case willTerminate(AppModel.TerminateReason)
    /// A Quit the model's `onShouldQuit` put off or cancelled, a reply to one put off, or a Quit
    /// ignored because one is waiting (macOS, semantics 13.8).
    case quitRequest(QuitRequest)
    /// A window went to the Dock (macOS), or came back from it.
    case windowMinimized(scene: SessionID, minimized: Bool)
    /// The system warned the app that memory is short (semantics 11.10); `delivered` false: the
    /// app is suspended, runs no code, and is not sent the warning.
    case memoryWarning(delivered: Bool)
    /// A new version of the app was installed while it was not running (semantics 5.6).
    case appUpdated(from: String, to: String)
    /// The model's `onRestoreValue` dropped a SceneStorage value that version `from` saved, as the
    /// window's scene came back in a later version (semantics 5.6).
    case storageDroppedAfterUpdate(scene: SessionID, key: ByteString, from: String)
    /// Work the app had under way ended with its process, unfinished (semantics 11.7): a
    /// timer that had not fired, a server request with no answer, a background task running.
    case workEnded(LostWork)
    /// The app's code called what the model does not simulate (`perform(effect:scene:_:)` with
    /// `"ApiClient.send"`, a call scaffold did not translate): from the code of window `scene`, or
    /// App-level code (`nil`); `location` is the Swift `file:line` of the call when the caller gave
    /// one.
    case effect(name: ByteString, arguments: [EffectArgument], scene: SessionID?, location: ByteString?)
}

/// Why a process ended, when it is not the termination's kind alone.
public enum TerminationCause: String, Equatable, Sendable, CaseIterable {
    /// A Mac app quit because its last window closed (semantics 13.6).
    case lastWindowClosed = "the last window closed"
    /// A background launch for a refresh of an app whose model declares no `onRefresh`: no launch
    /// handler was registered for the task, and the app crashes (semantics 11.4).
    case noRefreshLaunchHandler = "no launch handler registered for the refresh task"
}

/// What became of a Quit the app was asked about (macOS, semantics 13.8).
public enum QuitRequest: Equatable, Sendable {
    /// `onShouldQuit` returned "cancel": the app keeps running.
    case cancelled
    /// `onShouldQuit` returned "later": the quit waits for `replyToQuit(_:)`.
    case deferred
    /// The app replied to a Quit put off (true: it quits now).
    case replied(Bool)
    /// A second Quit while one waits for the reply: ignored.
    case ignored
}

/// Work under way that a termination ends unfinished, as the trace names it.
public enum LostWork: Equatable, Sendable {
    /// A timer (`scheduleTask(after:_:)`) that was due at `due`.
    case timer(TaskID, due: VirtualTime)
    /// A `validate(token:_:)` request the server had not answered.
    case request(ValidationRequestID)
    /// A background task that had not finished (`expired`: its expiration handler had run).
    case backgroundTask(BackgroundTaskRef, expired: Bool)
}

/// An argument of an effect as the trace shows it.
public enum EffectArgument: Equatable, Sendable {
    /// nil, a boolean, a number or a string.
    case value(SceneValue?)
    /// A window handle: the trace shows its label.
    case window(SessionID)
    /// Any other value a scenario prints, as it shows it.
    case text(ByteString)
}

/// What woke the app in the background besides a refresh (semantics 11.8).
public enum BackgroundWake: Equatable, Sendable {
    /// A silent push (`content-available`).
    case push
    /// The background URLSession named so finished its transfers.
    case transfer(ByteString)

    /// The reason of a background launch for it: `push`, `transfer`.
    public var launchReason: String {
        switch self {
        case .push: "push"
        case .transfer: "transfer"
        }
    }

    /// `silent push`, `background transfer "photos"`.
    public var text: String {
        switch self {
        case .push: "silent push"
        case .transfer(let name): "background transfer \(name.quoted)"
        }
    }
}

/// A background task as the trace names it: `background task 1 "upload"`.
public struct BackgroundTaskRef: Equatable, Sendable, CustomStringConvertible {
    /// Its number.
    public var id: BackgroundTaskID
    /// The name the app gave it.
    public var name: ByteString

    /// The task numbered `id`, named `name`.
    public init(id: BackgroundTaskID, name: ByteString) {
        self.id = id
        self.name = name
    }

    /// `background task 1 "upload"`.
    public var description: String { "background task \(id.rawValue) \(name.quoted)" }
}

/// Why something that lived only in memory is gone.
public enum MemoryLossCause: String, Sendable, CaseIterable {
    /// The system disconnected the window's scene (its session stays).
    case disconnected
    /// The window was closed (by the user or `dismissWindow`): its session is gone too.
    case closed
    /// The process ended (any kind of termination).
    case terminated
}

/// One traced event at its virtual time.
public struct TraceRecord: Equatable, Sendable {
    /// When the event happened, on the virtual clock.
    public var time: VirtualTime
    /// What happened.
    public var event: TraceEvent
    /// The event `event` at `time`.
    public init(time: VirtualTime, event: TraceEvent) {
        self.time = time
        self.event = event
    }
}

/// How the process ended (semantics §5).
public enum Termination: String, Sendable, CaseIterable {
    /// `system`: the system kills the suspended app; `user`: a force quit from the app switcher
    /// (on macOS: Quit, ⌘Q); `crash`: the app crashes.
    case system, user, crash
    /// macOS Force Quit (⌥⌘⎋, `kill`): no events, restoration kept (semantics 13.4).
    case force
    /// The watchdog ended an app whose background task outlived its background time (the system does
    /// this itself: `terminate(_:)` cannot ask for it).
    case watchdog

    /// The kinds `terminate(_:)` may ask for (the watchdog acts on its own).
    public static let requestable: [Termination] = [.system, .user, .crash, .force]
}

/// How and when a process ended (`Simulator.lastTermination`).
public struct TerminationRecord: Equatable, Sendable {
    /// How the process ended.
    public var how: Termination
    /// When it ended, on the virtual clock.
    public var at: VirtualTime

    /// A process that ended `how` at `at`.
    public init(how: Termination, at: VirtualTime) {
        self.how = how
        self.at = at
    }
}

/// Why a scene connected.
public enum ConnectReason: String, Sendable {
    /// A session created by `openWindow` or at a launch with nothing to restore.
    case new
    /// Reconnected at launch from the saved session.
    case restored
    /// Reconnected while running, after the system had disconnected it.
    case reconnected
}

/// Why sessions were discarded, as the trace words it.
public enum DiscardReason: String, Sendable {
    /// The user closed the window.
    case closed = "closed by the user"
    /// The app dismissed the window with `dismissWindow`.
    case dismissed = "dismissWindow"
    /// A force quit, under the policy that discards restoration data.
    case forceQuit = "force quit discards restoration data"
    /// The app crashed while loading, which discards restoration data.
    case crashWhileLoading = "crash while loading discards restoration data"
    /// A process launched in the background crashed before any scene connected (semantics 11.4).
    case crashAtLaunch = "crash at launch discards restoration data"
    /// The scene is never restored: `restorationBehavior(.disabled)`.
    case restorationDisabled = "restoration disabled for the scene"
    /// The Settings scene, whose window macOS never restores (semantics 13.2).
    case settingsNotRestored = "the Settings window is never restored"
    /// macOS Quit with "Close windows when quitting an application" on (`closeWindowsOnQuit`).
    case quitClosesWindows = "quit closes windows (close_windows_on_quit)"
}

/// What the auth server answered about a stored session, as the trace words it.
public enum ValidationResult: String, Sendable {
    /// The session is valid, has expired, was revoked, or is not one the server knows.
    case valid, expired, revoked, unknown
    /// The server could not be reached.
    case unreachable = "network unreachable"
}

/// What became of a URL the app was asked to open.
public enum DeepLinkOutcome: Equatable, Sendable {
    /// A window took the URL (`.onOpenURL`), or a route opened one for it.
    case handled(scene: SessionID)
    /// The model's own URL handler took it (semantics 10.7).
    case handledByApp
    /// Nothing took the URL; `reason` says why.
    case notHandled(reason: String)
}

/// Something the app does that works but that its developer should look at.
public enum Warning: Equatable, Sendable {
    /// `openWindow` on a platform or configuration without multiple windows (§4.4).
    case openWindowIgnored(group: String, why: String)
    /// One scene's storage grew past `storageWarnBytes` (§3.4).
    case storageLarge(scene: SessionID, bytes: Int, limit: Int)
    /// An app state was on screen shorter than `flickerThreshold` (§4.7).
    case flicker(state: ModelState, shown: VirtualTime, threshold: VirtualTime)
    /// Validation could not reach the server while authenticated; the user stays logged in (§4.5).
    case validationSkipped(user: ByteString)
    /// No transition of the app's model leads to this declared state (semantics 10.1).
    case unreachableState(name: String)
}
