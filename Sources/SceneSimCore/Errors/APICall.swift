/// An operation an error message names, as a value: each front end spells it its own way
/// (`openWindow("doc", value: 42)` for Swift, and a scenario script's spelling for a script), in one
/// place each (`scriptSpelling` in APICall+Script.swift, `swiftSpelling` in SimError+Swift.swift).
/// Cases take no default arguments: a bare `.after` in an interpolation must be the call, never a
/// function.
public enum APICall: Equatable, Sendable {
    // The lifecycle inputs (SimInput).
    case launch, background, foreground, switcher, interrupt, resume
    /// One kind of termination: `terminate(.user)`.
    case terminate(Termination)
    /// Any of the kinds a caller may ask for: `terminate(.system | .user | .crash)`.
    case terminateAnyKind
    /// Quit and Keep Windows (⌥⌘Q, macOS).
    case quitKeepingWindows
    case openWindow
    /// The `openWindow` call that opens scene `scene` (with the literal of its value).
    case openWindowFor(scene: String, value: String?)
    case dismissWindow
    case focus, backgroundWindow, close, disconnect, minimize
    case openURL, continueActivity, openNotification, openShortcut
    case openSettings, reopen, hide, replyToQuit
    case advance
    /// The clock moving by a span: `advance(seconds: 1.5)`.
    case advanceBy(VirtualTime)
    case settle
    /// Settling bounded by virtual time (Swift only): `settle(within:)`.
    case settleWithin
    /// The clock running until a condition holds (Swift only): `advance(until:)`.
    case advanceUntil
    /// The system runs the app's background refresh.
    ///
    /// In a scenario script: `sim.system.refresh(app)`.
    case refresh
    /// A silent push reaches the app.
    ///
    /// In a scenario script: `sim.system.push(app, info)`.
    case push
    /// A background URLSession transfer finished.
    ///
    /// In a scenario script: `sim.system.transfer_done(app, name)`.
    case transferDone
    /// The system warns the app that memory is short.
    ///
    /// In a scenario script: `sim.system.memory_warning(app)`.
    case memoryWarning
    /// A new version of the app is installed between launches.
    ///
    /// In a scenario script: `app:update { version = ... }`.
    case update
    /// The device locks, unlocks (`lockDevice()`, `unlockDevice()`); the system prewarms the app
    /// (`prewarm()`).
    ///
    /// In a scenario script: `sim.system.prewarm(app)`.
    case lockDevice, unlockDevice, prewarm
    /// One of the model's intents, called without arguments: `perform(intent: "nextStep")`.
    case intent(String)
    /// One of the model's intents, by name: `perform(intent: "save")`.
    case intentName(String)
    /// One of the model's intents with its parameters (`"pin: string, user: string"`).
    case intentSignature(String, parameters: String)
    /// The built-in model's login, with the user it logs in.
    case login(newUser: Bool)

    // The app's own calls.
    case transition
    /// A timer.
    case after
    /// A timer with its delay: `scheduleTask(after: 1.5)`.
    case afterDelay(VirtualTime)
    /// A background refresh request.
    case scheduleRefresh
    /// A background refresh request with its delay: `scheduleRefresh(after: 3600)`.
    case scheduleRefreshAfter(VirtualTime)
    case beginBackgroundTask
    /// Work a background mode keeps running (audio, location): `keepRunning(_:)`.
    case keepRunning
    /// That work ends: `stopRunning()`.
    case stopRunning
    case taskStatus, taskTime, cancelTask
    case backgroundTaskStatus, backgroundTaskName, finishBackgroundTask
    case createSession, validateToken
    case writeDefaults, writeKeychain
    case readAppMemory, writeAppMemory, writeWindowMemory
    case readStorage, writeStorage, listStorageKeys, readSavedStorage, readWindowMemory
    /// An effect the app's code runs: of the app, or of a window.
    case effect(window: Bool)

    // What acts on its own rather than being called.
    /// The clock running what falls due.
    case clock
    /// A background task's expiration handler.
    case expirationHandler
    /// A task's sleep on the virtual clock (Swift only: `SimClock.sleep(until:)`).
    case sleepUntil
    /// A call a front end names in its own words (both spell it the same).
    case named(String)

    /// The call spelled for `dialect`.
    public func spelled(for dialect: SimError.Dialect) -> String {
        switch dialect {
        case .script: scriptSpelling
        case .swift: swiftSpelling
        }
    }
}
