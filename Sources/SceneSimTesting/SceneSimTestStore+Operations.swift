import SceneSim
import Testing

// One method per user or system action, named as in scenarios. Times are `Duration`s (or
// seconds as `Double`); windows are labels. Each throws the simulator's error (a `SimError`, whose message says what to do) for a
// misuse, e.g. backgrounding an app that is not running, and checks the simulator's invariants.
extension SceneSimTestStore {
    // MARK: Inputs

    /// Sends one input, as `Simulator.send(_:)` does.
    @discardableResult
    public func send(_ input: SimInput, sourceLocation: SourceLocation = #_sourceLocation) throws -> InputResult {
        try perform("send(\(input))", sourceLocation: sourceLocation) { try $0.send(input) }
    }

    // MARK: The clock and the device

    /// Runs everything due in the next `seconds` of virtual time. NaN, an infinity, more than
    /// 1e12 seconds or a negative span is the simulator's error (it trapped).
    public func advance(_ seconds: Double, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try perform("advance(\(seconds))", sourceLocation: sourceLocation) { try $0.advance(seconds: seconds) }
    }

    /// Advances the virtual clock by `duration` (`.seconds(2)`), running everything that falls
    /// due, the app's tasks asleep on `clock` included.
    public func advance(by duration: Duration, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try perform("advance(by: \(duration))", sourceLocation: sourceLocation) { try $0.advance(by: duration) }
    }

    /// The virtual clock as a Swift `Clock`, to hand to the app's code (`Simulator.clock`).
    public var clock: SimClock { simulator.clock }

    /// Runs until nothing is scheduled but repeating timers (`Simulator.settle()`).
    public func settle(sourceLocation: SourceLocation = #_sourceLocation) throws { try perform("settle()", sourceLocation: sourceLocation) { try $0.settle() } }

    /// Settles within `limit` of virtual time (`.seconds(30)`): what would still be to come
    /// after it is the simulator's error, naming the timers by where they were scheduled.
    public func settle(within limit: Duration, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try perform("settle(within: \(limit))", sourceLocation: sourceLocation) { try $0.settle(within: limit) }
    }

    /// Runs the app's work event by event until `condition` holds, at most `limit` of virtual
    /// time when given; the clock stays at the event that made it hold.
    public func advance(
        within limit: Duration? = nil, sourceLocation: SourceLocation = #_sourceLocation, until condition: (Simulator) -> Bool
    ) throws {
        try perform("advance(until:)", sourceLocation: sourceLocation) { try $0.advance(until: condition, within: limit) }
    }

    /// Runs the app's work event by event until its model is in `state` (`"unauthenticated"`),
    /// at most `limit` of virtual time when given.
    public func advance(until state: ModelState, within limit: Duration? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try perform("advance(until: \(state.text))", sourceLocation: sourceLocation) { try $0.advance(until: state, within: limit) }
    }

    /// Makes the auth server reachable or unreachable.
    public func network(reachable: Bool, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try perform("network(reachable: \(reachable))", sourceLocation: sourceLocation) { try $0.setNetwork(reachable: reachable) }
    }

    // MARK: The app's lifecycle

    /// Launches the app: the first time cold, later restoring what the system kept.
    public func launch(sourceLocation: SourceLocation = #_sourceLocation) throws { try perform("launch()", sourceLocation: sourceLocation) { try $0.launch() } }
    /// The user leaves the app: visible scenes go inactive, then background.
    public func background(sourceLocation: SourceLocation = #_sourceLocation) throws { try perform("background()", sourceLocation: sourceLocation) { try $0.background() } }
    /// The user returns to the app: the scenes that were on screen come back.
    public func foreground(sourceLocation: SourceLocation = #_sourceLocation) throws { try perform("foreground()", sourceLocation: sourceLocation) { try $0.foreground() } }
    /// The app switcher opens: visible scenes go inactive.
    public func openAppSwitcher(sourceLocation: SourceLocation = #_sourceLocation) throws {
        try perform("openAppSwitcher()", sourceLocation: sourceLocation) { try $0.openAppSwitcher() }
    }
    /// A system overlay (Control Center, an alert) covers the app: active scenes go inactive.
    public func interrupt(sourceLocation: SourceLocation = #_sourceLocation) throws { try perform("interrupt()", sourceLocation: sourceLocation) { try $0.interrupt() } }
    /// The overlay goes away: inactive scenes go active.
    public func resume(sourceLocation: SourceLocation = #_sourceLocation) throws { try perform("resume()", sourceLocation: sourceLocation) { try $0.resume() } }
    /// Ends the process: a system kill, a user's force quit or a crash.
    public func terminate(_ how: Termination, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try perform("terminate(.\(how))", sourceLocation: sourceLocation) { try $0.terminate(how) }
    }

    // MARK: Windows

    /// `openWindow(id:value:)`: the window's label, or nil when the platform ignored the request.
    @discardableResult
    public func openWindow(_ scene: String, value: SceneValue? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws -> String? {
        try perform("openWindow(\"\(scene)\", value: \(value?.literal ?? "nil"))", sourceLocation: sourceLocation) { sim in
            try sim.openWindow(scene, value: value).window.map(sim.label(of:))
        }
    }

    /// `dismissWindow(id:value:)`: how many windows it closed.
    @discardableResult
    public func dismissWindow(_ scene: String, value: SceneValue? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws -> Int {
        try perform("dismissWindow(\"\(scene)\", value: \(value?.literal ?? "nil"))", sourceLocation: sourceLocation) { try $0.dismissWindow(scene, value: value) }
    }

    /// Brings the window to the front, reconnecting or foregrounding it as needed.
    public func focus(_ window: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let id = try self.window(window)
        try perform("focus(\"\(window)\")", sourceLocation: sourceLocation) { try $0.focus(id) }
    }

    /// This window alone leaves the screen.
    public func backgroundWindow(_ window: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let id = try self.window(window)
        try perform("backgroundWindow(\"\(window)\")", sourceLocation: sourceLocation) { try $0.backgroundWindow(id) }
    }

    /// The system reclaims the background window's scene; its session and storage stay.
    public func disconnect(_ window: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let id = try self.window(window)
        try perform("disconnect(\"\(window)\")", sourceLocation: sourceLocation) { try $0.disconnect(id) }
    }

    /// The user closes the window; its session is discarded with its storage.
    public func close(_ window: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let id = try self.window(window)
        try perform("close(\"\(window)\")", sourceLocation: sourceLocation) { try $0.close(id) }
    }

    /// Writes (or with nil removes) a `@SceneStorage` key of a connected window.
    public func setStorage(_ window: String, _ key: String, _ value: SceneValue?, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let id = try self.window(window)
        try perform("setStorage(\"\(window)\", \"\(key)\", \(value?.literal ?? "nil"))", sourceLocation: sourceLocation) {
            try $0.setStorage(id, key: ByteString(key), value: value)
        }
    }

    /// Opens a URL (`.onOpenURL`): whether anything handled it.
    @discardableResult
    public func openURL(_ url: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Bool {
        try perform("openURL(\"\(url)\")", sourceLocation: sourceLocation) { try $0.openURL(url) }
    }

    /// Writes (or with nil removes) a key of a connected window's in-memory view state
    /// (`@State`), which dies with its scene.
    public func setMemory(_ window: String, _ key: String, _ value: SceneValue?, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let id = try self.window(window)
        try perform("setMemory(\"\(window)\", \"\(key)\", \(value?.literal ?? "nil"))", sourceLocation: sourceLocation) {
            try $0.setWindowMemory(id, key: key, value: value)
        }
    }

    /// A key of a connected window's in-memory view state (`@State`); nil when it is not set.
    public func memory(_ window: String, _ key: String) throws -> SceneValue? {
        try simulator.windowMemory(self.window(window)).values[ByteString(key)]
    }

    /// A key of the running App's in-memory state; nil when it is not set.
    public func appMemory(_ key: String) throws -> SceneValue? {
        try simulator.appMemory().values[ByteString(key)]
    }

    /// Writes (or with nil removes) a key of the App's in-memory state, which dies with the process.
    public func setAppMemory(_ key: String, _ value: SceneValue?, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try perform("setAppMemory(\"\(key)\", \(value?.literal ?? "nil"))", sourceLocation: sourceLocation) { try $0.setAppMemory(key: key, value: value) }
    }

    // MARK: External events and the Mac

    /// The system hands the app a user activity (Handoff, a Spotlight item): whether anything
    /// handled it. Launches a terminated app (semantics 12.8). Scenes are matched on `target`
    /// (`targetContentIdentifier`), else `webpage` (`webpageURL`), never the type (12.3).
    @discardableResult
    public func continueActivity(
        _ type: String, info: SimSceneStorage = SimSceneStorage(), target: String? = nil, webpage: String? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Bool {
        try perform("continueActivity(\"\(type)\"\(Self.eventOptions(target: target, webpage: webpage)))", sourceLocation: sourceLocation) {
            try $0.continueActivity(type, info: info, target: target, webpage: webpage)
        }
    }

    /// The user opens one of the app's notifications (semantics 12.9); with a `target` it is
    /// routed to a scene as activities are (12.10).
    public func openNotification(_ info: SimSceneStorage = SimSceneStorage(), target: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try perform("openNotification(\(info.literal)\(Self.eventOptions(target: target)))", sourceLocation: sourceLocation) { try $0.openNotification(info, target: target) }
    }

    /// The user picks one of the app's home-screen quick actions (iOS family; semantics
    /// 12.10); with a `target` it is routed to a scene as activities are.
    public func openShortcut(_ type: String, target: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try perform("openShortcut(\"\(type)\"\(Self.eventOptions(target: target)))", sourceLocation: sourceLocation) { try $0.openShortcut(type, target: target) }
    }

    /// An event call's options as its trace text shows them: `, target: "doc-3"`.
    private static func eventOptions(target: String?, webpage: String? = nil) -> String {
        (target.map { ", target: \"\($0)\"" } ?? "") + (webpage.map { ", webpage: \"\($0)\"" } ?? "")
    }

    /// macOS: the Settings scene opens or comes to the front; its window's label.
    @discardableResult
    public func openSettings(sourceLocation: SourceLocation = #_sourceLocation) throws -> String? {
        try perform("openSettings()", sourceLocation: sourceLocation) { sim in try sim.openSettings().window.map { sim.label(of: $0) } }
    }

    /// macOS: the user clicks the app's Dock icon.
    public func reopen(sourceLocation: SourceLocation = #_sourceLocation) throws { try perform("reopen()", sourceLocation: sourceLocation) { try $0.reopen() } }

    /// macOS: the user hides the app (⌘H).
    public func hide(sourceLocation: SourceLocation = #_sourceLocation) throws { try perform("hide()", sourceLocation: sourceLocation) { try $0.hide() } }

    /// macOS: the window goes to the Dock.
    public func minimize(_ window: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let id = try self.window(window)
        try perform("minimize(\"\(window)\")", sourceLocation: sourceLocation) { try $0.minimize(id) }
    }

    /// macOS: Quit and Keep Windows (⌥⌘Q).
    public func quitKeepingWindows(sourceLocation: SourceLocation = #_sourceLocation) throws {
        try perform("quitKeepingWindows()", sourceLocation: sourceLocation) { try $0.quitKeepingWindows() }
    }

    /// macOS: the app's answer to a Quit its `onShouldQuit` put off (true: it quits now).
    public func replyToQuit(_ quits: Bool, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try perform("replyToQuit(\(quits))", sourceLocation: sourceLocation) { try $0.replyToQuit(quits) }
    }

    // MARK: The process

    /// The system runs the app's due background refresh (semantics 11.4).
    public func runBackgroundRefresh(sourceLocation: SourceLocation = #_sourceLocation) throws {
        try perform("runBackgroundRefresh()", sourceLocation: sourceLocation) { try $0.runBackgroundRefresh() }
    }

    /// A silent push reaches the app, launching it in the background if it is not running
    /// (semantics 11.8).
    public func receivePush(_ info: SimSceneStorage = SimSceneStorage(), sourceLocation: SourceLocation = #_sourceLocation) throws {
        try perform("receivePush(_:)", sourceLocation: sourceLocation) { try $0.receivePush(info) }
    }

    /// The app's background URLSession `name` finished its transfers (semantics 11.8).
    public func finishTransfer(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try perform("finishTransfer(\"\(name)\")", sourceLocation: sourceLocation) { try $0.finishTransfer(name) }
    }

    /// The app's work a background mode keeps running begins (semantics 11.9).
    public func keepRunning(_ reason: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try perform("keepRunning(\"\(reason)\")", sourceLocation: sourceLocation) { try $0.keepRunning(reason) }
    }

    /// That work ends: the app may be suspended in the background again.
    public func stopRunning(sourceLocation: SourceLocation = #_sourceLocation) throws { try perform("stopRunning()", sourceLocation: sourceLocation) { try $0.stopRunning() } }

    /// The system warns the running app that memory is short (semantics 11.10): the model's
    /// `onMemoryWarning`, then each window's scene code, front to back.
    public func sendMemoryWarning(sourceLocation: SourceLocation = #_sourceLocation) throws {
        try perform("sendMemoryWarning()", sourceLocation: sourceLocation) { try $0.sendMemoryWarning() }
    }

    /// Installs version `version` of the app while it is not running (semantics 5.6): the next
    /// launch hands each restored value an earlier version saved to the model's `onRestoreValue`.
    public func update(toVersion version: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try perform("update(toVersion: \"\(version)\")", sourceLocation: sourceLocation) { try $0.update(toVersion: version) }
    }

    /// The user locks the device: a foreground app goes to the background, protected data
    /// becomes unavailable (semantics 8.6).
    public func lockDevice(sourceLocation: SourceLocation = #_sourceLocation) throws { try perform("lockDevice()", sourceLocation: sourceLocation) { try $0.lockDevice() } }

    /// The user unlocks the device: protected data becomes available (semantics 8.6).
    public func unlockDevice(sourceLocation: SourceLocation = #_sourceLocation) throws { try perform("unlockDevice()", sourceLocation: sourceLocation) { try $0.unlockDevice() } }

    /// The system prewarms the app: its process starts and runs `onLaunch` with no scene;
    /// the next `launch()` brings it forward (semantics 11.11).
    public func prewarm(sourceLocation: SourceLocation = #_sourceLocation) throws { try perform("prewarm()", sourceLocation: sourceLocation) { try $0.prewarm() } }

    /// Asks for a background refresh no earlier than `delay` from now (`.seconds(3600)`).
    public func scheduleRefresh(after delay: Duration, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try perform("scheduleRefresh(after: \(delay))", sourceLocation: sourceLocation) { try $0.scheduleRefresh(after: delay) }
    }

    /// Asks for a background refresh no earlier than `seconds` from now.
    public func scheduleRefresh(after seconds: Double, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try perform("scheduleRefresh(after: \(seconds))", sourceLocation: sourceLocation) { try $0.scheduleRefresh(after: seconds) }
    }

    /// Begins a background task; its expiration handler runs as the app's code.
    @discardableResult
    public func beginBackgroundTask(
        named name: String, sourceLocation: SourceLocation = #_sourceLocation, expirationHandler: (@MainActor (Simulator, BackgroundTaskID) throws -> Void)? = nil
    ) throws -> BackgroundTaskID {
        try perform("beginBackgroundTask(named: \"\(name)\")", sourceLocation: sourceLocation) { try $0.beginBackgroundTask(named: name, expirationHandler: expirationHandler) }
    }

    /// Finishes a background task: false when it was already finished.
    @discardableResult
    public func finishBackgroundTask(_ task: BackgroundTaskID, sourceLocation: SourceLocation = #_sourceLocation) throws -> Bool {
        try perform("finishBackgroundTask(\(task.rawValue))", sourceLocation: sourceLocation) { try $0.finishBackgroundTask(task) }
    }

    // MARK: The model

    /// Runs one of the model's Swift intents, as the app's UI would; returns its result.
    @discardableResult
    public func perform(intent name: String, _ arguments: [SceneValue] = [], sourceLocation: SourceLocation = #_sourceLocation) throws -> SceneValue? {
        try perform("perform(intent: \"\(name)\")", sourceLocation: sourceLocation) { try $0.perform(intent: name, arguments) }
    }

    /// A transition request from outside the app (`Simulator.transition(to:)`: through the
    /// model's `onTransitionRequest` when it has one, else validated by its transitions): whether
    /// it was accepted.
    @discardableResult
    public func transition(to state: ModelState, sourceLocation: SourceLocation = #_sourceLocation) throws -> Bool {
        try perform("transition(to: \(state.text))", sourceLocation: sourceLocation) { sim in
            if case .accepted = try sim.transition(to: state) { return true }
            return false
        }
    }
}
