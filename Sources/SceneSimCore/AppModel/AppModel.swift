import ByteText

/// The app's model (semantics 10): its states, each with the argument it carries, the state a process
/// starts in, which states each may move to, and the app's code for launch and phase changes. The
/// built-in model (the seed's AppStateController, `AppModel.builtin` in SceneSimBuiltin) is one value
/// of this type, built on this API; a Swift package or a scenario declares others. The simulator runs
/// every model the same way: the transition table decides transitions, the handlers run at their
/// handler points.
///
/// A declaration is checked when it is made (`init` throws), so a model in hand is consistent:
/// every state a transition or `initial` names is declared.
///
/// A model is `Sendable`: a `@MainActor` factory may make it and another thread run it. Its
/// handlers are `@MainActor` closures (which may capture the main actor's state, such as an
/// `@Observable @MainActor` controller), and the simulator hops to the main actor to call them.
///
/// The handlers that answer nothing (`onLaunch`, `onPhase`, `onPush`, …) are async: a
/// synchronous closure is one, and runs as before; an async one starts at its handler point and,
/// when it awaits, goes on as one of the app's tasks on the virtual clock (semantics 10.11):
///
/// ```swift
/// model.onLaunch = { sim in
///     await controller.start()   // sleeps on sim.clock; resumes when the test advances it
/// }
/// ```
///
/// The handlers whose answer the system needs at once (`onURL`, `onActivity`, `onReopen`,
/// `onShouldQuit`, `onTransitionRequest`, `onRestoreValue`) are synchronous, as SwiftUI's are:
/// start a `Task` in them for slow work.
public struct AppModel: Sendable {
    /// The declared states, in declaration order.
    public private(set) var states: [StateDeclaration]
    /// The state each new process starts in.
    public private(set) var initial: ModelState
    /// By state name: the names it may move to, in declaration order.
    public private(set) var transitions: [String: [String]]
    /// The names of the intents the model offers (`app:<name>(...)`), sorted.
    public internal(set) var intents: [String]
    /// A Swift model's intents, by name (see `addIntent`); a scenario's model runs its own.
    public internal(set) var intentHandlers: [String: Intent] = [:]
    /// A Swift model's effects, by name (see `addEffect`); a Lua model's run in the script.
    package var effectHandlers: [String: @Sendable (Simulator, SessionID?, [SceneValue?]) throws -> SceneValue?] = [:]
    /// Runs when the process starts, before its first scene connects (the App's init).
    /// Lifecycle actions it makes (`openWindow`, ...) run once the launch is over; if it
    /// throws, the launch completes and then throws that error. It runs after the model's
    /// `controller` (the built-in model's initialization), which it adds to, never replaces.
    public var onLaunch: (@MainActor (Simulator) async throws -> Void)? {
        didSet {
            launchCode = onLaunch.map { body in { @Sendable sim in try onMainActor(sim, handler: "onLaunch") { sim in try await body(sim) } } }
        }
    }
    /// Runs when the aggregate phase changes, after the driver's handlers of that change
    /// (`onHandlerPoint`), with the old and the new phase (`.onChange(of: scenePhase)` on the App). It
    /// runs after the model's `controller` (the built-in model's session validation).
    public var onPhase: (@MainActor (Simulator, SimScenePhase, SimScenePhase) async throws -> Void)? {
        didSet {
            phaseCode = onPhase.map { body in { @Sendable sim, old, new in try onMainActor(sim, handler: "onPhase") { sim in try await body(sim, old, new) } } }
        }
    }
    /// What `onPhase` does on entering a phase, for the trace's phase lines (the built-in
    /// model's "validate session and refresh"); nil: the line says only the phases.
    public var phaseNote: (@Sendable (SimScenePhase) -> String?)?
    /// The app's `.onOpenURL`, asked for each URL (semantics 10.7) after the model's
    /// `controller` passed it on (the built-in model's refuses it unless authenticated, 4.6):
    /// it handles it, refuses it, or passes it on to the windows and the routes. A window it
    /// opens opens once the URL's action is over.
    public var onURL: (@MainActor (Simulator, String) throws -> URLAnswer)? {
        didSet {
            urlCode = onURL.map { body in
                { @Sendable sim, url in try onMainActor(sim) { sim in try body(sim, String(decoding: url.bytes, as: UTF8.self)) } }
            }
        }
    }

    /// Runs when a script asks for a raw transition on this Swift model: the model moves its controller
    /// (and the simulator with `transition(to:)`) and returns whether it did. Without it a script cannot
    /// move a Swift model's state behind its controller's back, so the two never disagree.
    ///
    /// In a scenario script: `app:transition`.
    public var onTransitionRequest: (@MainActor (Simulator, ModelState) throws -> Bool)? {
        didSet {
            transitionRequestCode = onTransitionRequest.map { body in
                { @Sendable sim, target in try onMainActor(sim) { sim in try body(sim, target) } }
            }
        }
    }
    package var transitionRequestCode: (@Sendable (Simulator, ModelState) throws -> Bool)?

    /// Runs a background refresh the system launched or woke the app for (the handler
    /// registered with `BGTaskScheduler`), with the refresh's background task: finish it with
    /// `finishBackgroundTask` before `Policy.refreshTime` runs out (semantics 11.4).
    public var onRefresh: (@MainActor (Simulator, BackgroundTaskID) async throws -> Void)? {
        didSet { refreshCode = onRefresh.map { body in { @Sendable sim, task in try onMainActor(sim, handler: "onRefresh") { sim in try await body(sim, task) } } } }
    }
    /// The refresh task's expiration handler.
    public var onRefreshExpired: (@MainActor (Simulator, BackgroundTaskID) async throws -> Void)? {
        didSet {
            refreshExpiredCode = onRefreshExpired.map { body in { @Sendable sim, task in try onMainActor(sim, handler: "onRefreshExpired") { sim in try await body(sim, task) } } }
        }
    }
    package var refreshCode: (@Sendable (Simulator, BackgroundTaskID) throws -> Void)?
    /// `applicationDidReceiveMemoryWarning` (`UIApplication.didReceiveMemoryWarningNotification`):
    /// runs when the system warns the running app that memory is short, before each window's
    /// scene code hears it (semantics 11.10). Free what can be rebuilt (caches).
    public var onMemoryWarning: (@MainActor (Simulator) async throws -> Void)? {
        didSet { memoryWarningCode = onMemoryWarning.map { body in { @Sendable sim in try onMainActor(sim, handler: "onMemoryWarning") { sim in try await body(sim) } } } }
    }
    package var memoryWarningCode: (@Sendable (Simulator) throws -> Void)?
    /// Decodes a window's restored SceneStorage value that an earlier version of the app saved
    /// (semantics 5.6): the window, the key, the value and the version that saved it. It returns
    /// the value to restore: the same one to keep it, another to replace it, nil to drop it (as
    /// decoding an old `NavigationPath.CodableRepresentation` fails). Runs once per key, in key
    /// order, when the window's scene comes back in a later version.
    public var onRestoreValue: (@MainActor (Simulator, SessionID, String, SceneValue, String) throws -> SceneValue?)? {
        didSet {
            restoreValueCode = onRestoreValue.map { body in
                { @Sendable sim, id, key, value, from in
                    try onMainActor(sim) { sim in try body(sim, id, String(decoding: key.bytes, as: UTF8.self), value, from) }
                }
            }
        }
    }
    package var restoreValueCode: (@Sendable (Simulator, SessionID, ByteString, SceneValue, String) throws -> SceneValue?)?
    /// Runs when protected data becomes available (true) or unavailable (false) as the device
    /// unlocks or locks, in a running app that is not suspended
    /// (`applicationProtectedDataDidBecomeAvailable`, semantics 8.6).
    public var onProtectedData: (@MainActor (Simulator, Bool) async throws -> Void)? {
        didSet {
            protectedDataCode = onProtectedData.map { body in
                { @Sendable sim, available in try onMainActor(sim, handler: "onProtectedData") { sim in try await body(sim, available) } }
            }
        }
    }
    package var protectedDataCode: (@Sendable (Simulator, Bool) throws -> Void)?
    package var refreshExpiredCode: (@Sendable (Simulator, BackgroundTaskID) throws -> Void)?

    /// The app's background modes (`UIBackgroundModes`, semantics 11.8 and 11.9): a silent
    /// push reaches only an app with `.remoteNotification`; `keepRunning` needs `.audio` or
    /// `.location`. Empty: none.
    public var backgroundModes: [BackgroundMode] = []
    /// A silent push (`application(_:didReceiveRemoteNotification:fetchCompletionHandler:)`),
    /// with its payload and a background task of `Policy.pushTime`: finish it when the work is
    /// done (the completion handler). The system launches the app in the background for it if
    /// it is not running (semantics 11.8).
    public var onPush: (@MainActor (Simulator, SimSceneStorage, BackgroundTaskID) async throws -> Void)? {
        didSet { pushCode = onPush.map { body in { @Sendable sim, info, task in try onMainActor(sim, handler: "onPush") { sim in try await body(sim, info, task) } } } }
    }
    /// A background URLSession's transfer finished (`handleEventsForBackgroundURLSession`):
    /// the session's name and a background task of `Policy.pushTime`.
    public var onTransfer: (@MainActor (Simulator, String, BackgroundTaskID) async throws -> Void)? {
        didSet {
            transferCode = onTransfer.map { body in
                { @Sendable sim, name, task in try onMainActor(sim, handler: "onTransfer") { sim in try await body(sim, String(decoding: name.bytes, as: UTF8.self), task) } }
            }
        }
    }
    package var pushCode: (@Sendable (Simulator, SimSceneStorage, BackgroundTaskID) throws -> Void)?
    package var transferCode: (@Sendable (Simulator, ByteString, BackgroundTaskID) throws -> Void)?

    /// The model's own code that is not the app's `@MainActor` code (see `ModelController`):
    /// the built-in model's AppStateController. The simulator calls it at its handler points
    /// before `onLaunch`, `onPhase` and `onURL`, which add to it.
    public var controller: (any ModelController)?

    /// The app's body, when the model carries it (see `addScene`); empty: the config declares it.
    public internal(set) var scenes: [SceneDeclaration] = []
    /// The code of each scene, by scene id: the scenes the model declares, or a config's.
    var sceneCode: [String: SceneCalls] = [:]

    /// `UserDefaults` keys (`@AppStorage`) the app declares: any other key is an error with
    /// "did you mean" (scenarios/README.md, "Declared keys"); nil: any key.
    public var defaultsKeys: [String]?
    /// The App's own in-memory state (`@State`, `@StateObject`) by name: any other key of
    /// `app.memory` is an error with "did you mean"; nil: any key.
    public var memoryKeys: [String]?

    // The handlers as the simulator calls them, on whatever thread drives it: a Swift model's
    // hop to the main actor (set through the properties above); a script's call Lua directly.
    package var launchCode: (@Sendable (Simulator) throws -> Void)?
    package var phaseCode: (@Sendable (Simulator, SimScenePhase, SimScenePhase) throws -> Void)?
    package var urlCode: (@Sendable (Simulator, ByteString) throws -> URLAnswer)?
    /// The App's `.onContinueUserActivity`, asked first for each activity as `urlCode` is for
    /// URLs (semantics 12.1): type and `userInfo`.
    package var activityCode: (@Sendable (Simulator, String, SimSceneStorage) throws -> URLAnswer)?
    /// The notification center delegate's response handler, run once the app is active after
    /// the user opens one of its notifications (semantics 12.9).
    package var notificationCode: (@Sendable (Simulator, SimSceneStorage) throws -> Void)?
    /// The handler of a home-screen quick action (`windowScene(_:performActionFor:)`), run once
    /// the app is active after the user picks one (semantics 12.10): the shortcut's type.
    package var shortcutCode: (@Sendable (Simulator, String) throws -> Void)?
    /// `applicationShouldHandleReopen` (macOS): false stops the default of opening the launch
    /// windows (or unminimising one) when the Dock icon is clicked.
    package var reopenCode: (@Sendable (Simulator, Bool) throws -> Bool)?
    /// `applicationWillTerminate`: the process is about to end (semantics 5.7), with how.
    package var terminateCode: (@Sendable (Simulator, TerminateReason) throws -> Void)?
    /// `applicationShouldTerminate` (macOS): asked at each Quit (semantics 13.8).
    package var shouldQuitCode: (@Sendable (Simulator) throws -> QuitReply)?
    /// Asked for each window about to be restored at launch, after its scene's own `restore`:
    /// the checks a driver adds for the whole app (a script's `restore` hooks); false makes the
    /// window start empty. It must not change the simulator: every change then gets a
    /// `reentrant` error (`note` may).
    package var restoreCheck: (@Sendable (Simulator, SessionID) -> Bool)?

    /// The App's `.onContinueUserActivity`, as `onURL` for URLs: type and `userInfo`.
    public var onActivity: (@MainActor (Simulator, String, SimSceneStorage) throws -> URLAnswer)? {
        didSet { activityCode = onActivity.map { body in { @Sendable sim, type, info in try onMainActor(sim) { sim in try body(sim, type, info) } } } }
    }
    /// The response to a notification the user opened, run once the app is active.
    public var onNotification: (@MainActor (Simulator, SimSceneStorage) async throws -> Void)? {
        didSet { notificationCode = onNotification.map { body in { @Sendable sim, info in try onMainActor(sim, handler: "onNotification") { sim in try await body(sim, info) } } } }
    }
    /// The response to a home-screen quick action the user picked (iOS family), run once the app
    /// is active: the shortcut's type.
    public var onShortcut: (@MainActor (Simulator, String) async throws -> Void)? {
        didSet { shortcutCode = onShortcut.map { body in { @Sendable sim, type in try onMainActor(sim, handler: "onShortcut") { sim in try await body(sim, type) } } } }
    }
    /// `applicationShouldHandleReopen(_:hasVisibleWindows:)` (macOS), at every Dock click on
    /// the running app, with whether a window is visible or minimised: false stops the default.
    public var onReopen: (@MainActor (Simulator, Bool) throws -> Bool)? {
        didSet { reopenCode = onReopen.map { body in { @Sendable sim, visible in try onMainActor(sim) { sim in try body(sim, visible) } } } }
    }

    /// `applicationWillTerminate`: runs when a running, not suspended app is ended by a Quit
    /// (macOS), by the user from the app switcher, or by the system while it runs in the
    /// background; never on a Force Quit, a crash, a watchdog or a suspended app's kill
    /// (semantics 5.7). Its writes to `UserDefaults` persist.
    public var onTerminate: (@MainActor (Simulator, TerminateReason) async throws -> Void)? {
        didSet { terminateCode = onTerminate.map { body in { @Sendable sim, how in try onMainActor(sim, handler: "onTerminate") { sim in try await body(sim, how) } } } }
    }
    /// `applicationShouldTerminate` (macOS): asked at each Quit, ⌘Q or the last window's
    /// (semantics 13.8); `.later` waits for `replyToQuit(_:)`.
    public var onShouldQuit: (@MainActor (Simulator) throws -> QuitReply)? {
        didSet { shouldQuitCode = onShouldQuit.map { body in { @Sendable sim in try onMainActor(sim) { sim in try body(sim) } } } }
    }

    /// How the process is ending, as `onTerminate` hears it.
    public enum TerminateReason: String, Sendable, CaseIterable {
        /// A Quit (macOS: ⌘Q, ⌥⌘Q, the last window closed).
        case quit
        /// The user ended the app from the app switcher.
        case user
        /// The system ended the app while it ran in the background.
        case system
    }

    /// `NSApplication.TerminateReply`: what the app answers a Quit.
    public enum QuitReply: String, Sendable, CaseIterable {
        /// `.terminateNow`: the app quits.
        case now
        /// `.terminateCancel`: the app keeps running.
        case cancel
        /// `.terminateLater`: the quit waits for `replyToQuit(_:)`.
        case later
    }

    /// What the model's URL handler did with a URL.
    public enum URLAnswer: Equatable, Sendable {
        /// The app handled the URL itself.
        case handled
        /// Nothing else may take it; the trace says why.
        case refused(String)
        /// Not the app's: the routes try it.
        case passed
    }

    /// One declared state.
    public struct StateDeclaration: Equatable, Sendable {
        /// The state's name, as the transition table and scripts write it.
        public var name: String
        /// The argument the state carries, if any.
        public var argument: ArgumentType
        /// How messages speak of the argument (the built-in model's "a user", "steps", ...).
        public var wording: Wording
        /// Whether the state is a loading screen (the built-in model's `loading`): a crash while
        /// in it discards restoration data (semantics 5.3), and only such a state warns of a
        /// flicker when it is on screen too briefly (4.7).
        public var isLoading: Bool

        /// A state called `name` with an argument of type `argument`; `wording` defaults to words that fit the type.
        public init(_ name: String, _ argument: ArgumentType = .none, wording: Wording? = nil, loading: Bool = false) {
            self.name = name
            self.argument = argument
            self.wording = wording ?? Wording(for: argument)
            self.isLoading = loading
        }
    }

    /// The argument a state carries.
    public enum ArgumentType: Equatable, Sendable {
        case none
        case string
        case integer
        /// One of these words.
        case oneOf([String])
    }

    /// The words messages use for a state's argument.
    public struct Wording: Equatable, Sendable {
        /// In "states are signedIn(<placeholder>)".
        public var placeholder: String
        /// In "needs <noun>".
        public var noun: String
        /// For a list: in "<plural> are a, b".
        public var plural: String
        /// The argument of the example in messages.
        public var example: String

        /// The words messages use for an argument, each as its property describes.
        public init(placeholder: String, noun: String, plural: String, example: String) {
            self.placeholder = placeholder
            self.noun = noun
            self.plural = plural
            self.example = example
        }

        init(for argument: ArgumentType) {
            switch argument {
            case .none: self.init(placeholder: "", noun: "", plural: "", example: "")
            case .string: self.init(placeholder: "string", noun: "a string argument", plural: "", example: "text")
            case .integer: self.init(placeholder: "integer", noun: "an integer argument", plural: "", example: "1")
            case .oneOf(let words): self.init(placeholder: words.joined(separator: "|"), noun: "one of its arguments", plural: "its arguments", example: words.first ?? "")
            }
        }
    }

    /// A declared model; every problem is an error whose message says what is wrong and what
    /// would be right (with "did you mean"). `initial` is canonical state text.
    public init(states: [StateDeclaration], initial: String, transitions: [String: [String]], intents: [String] = []) throws(SimError) {
        self.states = states
        self.transitions = [:]
        self.intents = intents.sorted()
        self.initial = ModelState("")
        try checkStates()
        do {
            self.initial = try parse(ByteString(initial))
        } catch {
            throw SimError(.invalidConfig, "model.initial: \(error.message)")
        }
        try checkTransitions(transitions)
        self.transitions = transitions
    }

    /// A model whose states carry no argument, named by `ModelState`s.
    @_disfavoredOverload
    public init(states: [ModelState], initial: ModelState, transitions: [String: [String]], intents: [String] = []) throws(SimError) {
        try self.init(states: states.map { StateDeclaration($0.name) }, initial: initial.text, transitions: transitions, intents: intents)
    }

    /// `init(states:initial:transitions:intents:)` with the initial state as a `ModelState`
    /// (disfavored, as are the two beside it: a string literal, which a `ModelState` can be,
    /// picks the declaration form).
    @_disfavoredOverload
    public init(states: [StateDeclaration], initial: ModelState, transitions: [String: [String]], intents: [String] = []) throws(SimError) {
        try self.init(states: states, initial: initial.text, transitions: transitions, intents: intents)
    }

    /// A model whose states carry no argument, named by `ModelState`s, its initial state by name.
    @_disfavoredOverload
    public init(states: [ModelState], initial: String, transitions: [String: [String]], intents: [String] = []) throws(SimError) {
        try self.init(states: states.map { StateDeclaration($0.name) }, initial: initial, transitions: transitions, intents: intents)
    }

    /// The declared states' names, in declaration order.
    public var stateNames: [String] { states.map(\.name) }

    /// The declaration of the state called `name`; nil when the model declares none.
    public func declaration(of name: String) -> StateDeclaration? {
        states.first { $0.name == name }
    }

    /// The names `name` may move to.
    public func targets(from name: String) -> [String] { transitions[name] ?? [] }

    /// Whether the transition table lets the app move from `from` to `to` (only the states' names
    /// count).
    public func allows(from: ModelState, to: ModelState) -> Bool {
        targets(from: from.name).contains(to.name)
    }

    /// Declared states no transition leads to (the initial state is reached by launching),
    /// in declaration order: worth a warning, not an error, as models grow a state at a time.
    public var unreachableStates: [String] {
        let reached = Set(transitions.values.joined())
        return stateNames.filter { $0 != initial.name && !reached.contains($0) }
    }
}

extension AppModel.StateDeclaration: ExpressibleByStringLiteral {
    /// A state without an argument: `"locked"`.
    public init(stringLiteral name: String) {
        self.init(name)
    }
}
