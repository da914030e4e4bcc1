import ByteText

/// Everything the app declares about itself: its scenes, its platform and its policies.
///
/// In a scenario script: `sim.launch { ... }`.
public struct AppConfig: Sendable, Equatable {
    /// The device the app runs on.
    public var platform: Platform
    /// The App's body, in body order: the first WindowGroup opens when there is nothing to restore.
    public var scenes: [SceneDeclaration]
    /// A login session stored in the keychain before the first launch.
    public var storedSession: InitialSession?
    /// How long a login session the server creates stays valid.
    public var sessionTTL: VirtualTime
    /// The shortest time the built-in model's `loading` state stays on screen.
    public var minLoading: VirtualTime
    /// How long the auth server takes to answer.
    public var authLatency: VirtualTime
    /// UIApplicationSupportsMultipleScenes; only consulted on ipados.
    public var multipleScenes: Bool
    /// Windows on screen at once; nil is unlimited.
    public var visibleLimit: Int?
    /// Deep-link routes: `app://<route>/<value>` opens the named scene group.
    public var routes: [String: String]
    /// The switches for platform rules that can go either way, and the thresholds of the trace's warnings.
    public var policy: Policy
    /// The URL schemes the app registers (CFBundleURLTypes); empty: every scheme reaches it.
    /// Compared without case (semantics 12.6).
    public var urlSchemes: [String] = []
    /// The OS major version the app runs on (`os = "18"`); nil: the newest scenesim knows
    /// (`Platform.newestOS`). Features newer than it are refused (semantics 14.1).
    public var osVersion: Int?

    /// A configuration; every default is an iPad app with one `main` WindowGroup and no stored session.
    public init(
        platform: Platform = .ipados,
        scenes: [SceneDeclaration] = [SceneDeclaration(id: "main")],
        storedSession: InitialSession? = nil,
        sessionTTL: VirtualTime = VirtualTime(seconds: 3600),
        minLoading: VirtualTime = VirtualTime(seconds: 0.5),
        authLatency: VirtualTime = VirtualTime(seconds: 0.2),
        multipleScenes: Bool = true,
        visibleLimit: Int?? = nil,
        routes: [String: String] = [:],
        policy: Policy = Policy()
    ) {
        self.platform = platform
        self.scenes = scenes
        self.storedSession = storedSession
        self.sessionTTL = sessionTTL
        self.minLoading = minLoading
        self.authLatency = authLatency
        self.multipleScenes = multipleScenes
        self.visibleLimit = visibleLimit ?? platform.defaultVisibleLimit
        self.routes = routes
        self.policy = policy
    }

    /// Whether `openWindow` can create windows (semantics §4.4).
    public var allowsMultipleWindows: Bool {
        switch platform {
        case .iphone: false
        case .ipados: multipleScenes
        case .macos, .visionos: true
        }
    }

    /// The first WindowGroup: what opens when there is nothing to restore.
    package var primaryGroup: Int? { scenes.firstIndex { $0.kind == .windowGroup } }

    /// `myapp://item` as (scheme, host); nil for a route without a scheme.
    static func splitRoute(_ route: String) -> (String, String)? {
        let bytes = Array(route.utf8)
        guard bytes.count >= 3 else { return nil }
        for start in 0...(bytes.count - 3) where bytes[start] == UInt8(ascii: ":") && bytes[start + 1] == UInt8(ascii: "/") && bytes[start + 2] == UInt8(ascii: "/") {
            return (String(decoding: bytes[..<start], as: UTF8.self), String(decoding: bytes[(start + 3)...], as: UTF8.self))
        }
        return nil
    }

    /// The OS version in effect: the declared one, or the newest known.
    package var os: Int { osVersion ?? platform.newestOS }

    /// Refuses a feature that needs OS `needed` on this platform (semantics 14.1).
    func require(_ feature: SimError.Message, _ needed: Int?) throws(SimError) {
        guard let needed, os < needed else { return }
        throw SimError(
            .invalidConfig,
            "\(feature) needs \(platform.osName) \(needed), and this app runs on \(platform.osName) \(os) (\(script: "os = \"\(os)\"", swift: "osVersion \(os)")); raise \(script: "os", swift: "osVersion"), or drop the feature"
        )
    }

    /// Checks what cannot be expressed in the types: unique ids, Window scenes only where they
    /// exist, routes to declared groups, sane numbers. Throws the first problem found.
    package func validate() throws(SimError) {
        if scenes.isEmpty {
            throw SimError(
                .invalidConfig, "scenes must declare at least one scene (e.g. \(script: "scenes = { { id = \"main\" } }", swift: "scenes: [SceneDeclaration(id: \"main\")]"))")
        }
        var seen: Set<String> = []
        for scene in scenes {
            if scene.id.isEmpty {
                throw SimError(.invalidConfig, "scenes: a scene id must not be empty")
            }
            if !seen.insert(scene.id).inserted {
                throw SimError(.invalidConfig, "scenes: duplicate scene id \"\(scene.id)\"; every scene needs its own id")
            }
            if scene.kind == .window && !platform.supportsWindowScenes {
                throw SimError(
                    .invalidConfig,
                    "scenes: \"\(scene.id)\" has \(script: "kind = \"window\"", swift: "kind .window"), but \(platform.rawValue) has no Window scenes (only macos and visionos); use a WindowGroup (drop \(script: "kind", swift: "kind: .window"))"
                )
            }
            if scene.kind == .window && scene.valueType != nil {
                throw SimError(
                    .invalidConfig, "scenes: \"\(scene.id)\" is a Window scene and cannot take a value; drop \(script: "value", swift: "valueType") or make it a WindowGroup")
            }
        }
        if let version = osVersion, !platform.knownOS.contains(version) {
            throw SimError(
                .invalidConfig,
                "\(script: "os = \"\(version)\"", swift: "osVersion \(version)") is not a version of \(platform.osName) scenesim knows; use one of \(platform.knownOS.map { "\"\($0)\"" }.joined(separator: ", "))"
            )
        }
        for scene in scenes {
            if scene.kind == .window {
                try require("scenes: \"\(scene.id)\" (\(script: "kind = \"window\"", swift: "kind .window"), a Window scene)", platform.windowSceneOS)
            }
            if scene.launch != .automatic {
                try require("scenes: \"\(scene.id)\".launch (defaultLaunchBehavior)", platform.sceneBehaviorOS)
            }
            if scene.restorationDeclared || !scene.restoration {
                let behavior = scene.restoration ? "restorationBehavior(.automatic)" : "restorationBehavior(.disabled)"
                try require("scenes: \"\(scene.id)\".restoration (\(behavior))", platform.restorationOS(disabled: !scene.restoration))
            }
            if scene.valueType != nil {
                try require("scenes: \"\(scene.id)\".\(script: "value", swift: "valueType") (a WindowGroup presenting a value)", platform.openWindowOS)
            }
        }
        for scene in scenes where scene.kind == .settings {
            if platform != .macos {
                throw SimError(
                    .invalidConfig,
                    "scenes: \"\(scene.id)\" has \(script: "kind = \"settings\"", swift: "kind .settings"), but the Settings scene exists only on macos; drop it or use a WindowGroup"
                )
            }
            if scene.valueType != nil {
                throw SimError(.invalidConfig, "scenes: \"\(scene.id)\" is the Settings scene and cannot take a value; drop \(script: "value", swift: "valueType")")
            }
            // Named by the second one (the loop is at the first).
            if let second = scenes.filter({ $0.kind == .settings }).dropFirst().first {
                throw SimError(.invalidConfig, "scenes: an app has one Settings scene, and \"\(second.id)\" is a second after \"\(scene.id)\"; keep one")
            }
        }
        // A body of Window scenes only is legal SwiftUI on macOS and visionOS (semantics 13.3).
        if platform.supportsWindowScenes {
            if !scenes.contains(where: { $0.kind != .settings }) {
                throw SimError(.invalidConfig, "scenes: the app needs at least one WindowGroup or Window besides Settings")
            }
        } else if primaryGroup == nil {
            throw SimError(.invalidConfig, "scenes: the app needs at least one WindowGroup (a scene without \(script: "kind = \"window\"", swift: "kind .window"))")
        }
        for route in routes.keys.sorted() {
            let target = routes[route]!
            // `scheme://host` keys a route to one scheme, which the app must register.
            if let (scheme, host) = Self.splitRoute(route) {
                if scheme.isEmpty || host.isEmpty {
                    throw SimError(.invalidConfig, "routes[\"\(route)\"]: a route is a host (item) or a scheme and a host (myapp://item)")
                }
                if !urlSchemes.isEmpty && !urlSchemes.contains(where: { $0.lowercased() == scheme.lowercased() }) {
                    throw SimError(
                        .invalidConfig,
                        "routes[\"\(route)\"]: scheme \"\(scheme)\" is not registered in \(script: "url_schemes", swift: "urlSchemes") (\(urlSchemes.joined(separator: ", "))), so no such URL reaches the app; add it to \(script: "url_schemes", swift: "urlSchemes") or route \"\(host)\" for every scheme"
                    )
                }
            }
            guard let scene = scenes.first(where: { $0.id == target }) else {
                throw SimError(.invalidConfig, "routes.\(route) names scene \"\(target)\", which is not declared\(suggestion(for: target, among: scenes.map(\.id)))")
            }
            if scene.valueType == nil {
                throw SimError(
                    .invalidConfig,
                    "routes.\(route) names scene \"\(target)\", which takes no value; route to a WindowGroup declared with \(script: "value = \"string\" or \"integer\"", swift: "valueType: .string or .integer")"
                )
            }
        }
        if let limit = visibleLimit, limit < 1 {
            throw SimError(.invalidConfig, "\(script: "visible_limit", swift: "visibleLimit") must be at least 1 (got \(limit))")
        }
        for (name, swiftName, value) in [("min_loading", "minLoading", minLoading), ("auth_latency", "authLatency", authLatency)] where value.microseconds < 0 {
            throw SimError(.invalidConfig, "\(script: name, swift: swiftName) must not be negative (got \(value.text))")
        }
        if sessionTTL.microseconds <= 0 {
            throw SimError(.invalidConfig, "\(script: "session_ttl", swift: "sessionTTL") must be positive (got \(sessionTTL.text))")
        }
        if let session = storedSession {
            if session.user.isEmpty { throw SimError(.invalidConfig, "\(script: "session.user", swift: "storedSession.user") must not be empty") }
            if session.ttl.microseconds <= 0 {
                throw SimError(.invalidConfig, "\(script: "session.ttl", swift: "storedSession.ttl") must be positive (got \(session.ttl.text))")
            }
        }
        if policy.storageWarnBytes < 0 {
            throw SimError(.invalidConfig, "\(script: "policy.storage_warn_bytes", swift: "policy.storageWarnBytes") must not be negative")
        }
        if policy.flickerThreshold.microseconds < 0 {
            throw SimError(.invalidConfig, "\(script: "policy.flicker_threshold", swift: "policy.flickerThreshold") must not be negative")
        }
        if case .after(let delay)? = policy.suspendAfter, delay.microseconds < 0 {
            throw SimError(
                .invalidConfig,
                "\(script: "policy.suspend_after", swift: "policy.suspendAfter") must not be negative (got \(delay.text)); use \(script: "false", swift: ".never") for an app that is never suspended"
            )
        }
        if policy.backgroundTime.microseconds <= 0 {
            throw SimError(.invalidConfig, "\(script: "policy.background_time", swift: "policy.backgroundTime") must be positive (got \(policy.backgroundTime.text))")
        }
        if policy.refreshTime.microseconds <= 0 {
            throw SimError(.invalidConfig, "\(script: "policy.refresh_time", swift: "policy.refreshTime") must be positive (got \(policy.refreshTime.text))")
        }
        if policy.expirationWarning.microseconds < 0 || policy.expirationWarning > policy.backgroundTime || policy.expirationWarning > policy.refreshTime {
            throw SimError(
                .invalidConfig,
                "\(script: "policy.expiration_warning", swift: "policy.expirationWarning") must be between 0 and \(script: "background_time", swift: "backgroundTime") and \(script: "refresh_time", swift: "refreshTime") (got \(policy.expirationWarning.text)); it is how long before the time runs out the expiration handlers are called"
            )
        }
        if policy.pushTime.microseconds <= 0 || policy.expirationWarning > policy.pushTime {
            throw SimError(
                .invalidConfig,
                "\(script: "policy.push_time", swift: "policy.pushTime") must be positive and at least \(script: "expiration_warning", swift: "expirationWarning") (\(policy.expirationWarning.text)) (got \(policy.pushTime.text)); it is the time a silent push's or a finished transfer's task gets"
            )
        }
    }
}

/// One scene of the App's body: `WindowGroup(id:)`, `WindowGroup(id:for:)` or `Window(id:)`.
public struct SceneDeclaration: Sendable, Equatable {
    /// Whether the scene is a `WindowGroup` (any number of windows), a single `Window`, or the
    /// macOS `Settings` scene.
    public enum Kind: String, Sendable, CaseIterable { case windowGroup = "window_group", window, settings }
    /// The scene's id, as `openWindow(id:)` and window labels (`main#1`) name it.
    public var id: String
    /// Whether the scene is a WindowGroup or a Window.
    public var kind: Kind
    /// The presented value's type for `WindowGroup(id:for:)`; nil when the group takes none.
    public var valueType: SceneValue.Kind?
    /// `Scene.handlesExternalEvents(matching:)`: a new window of this scene takes an external
    /// event whose URL text or activity type contains one of these (`"*"`: every event); nil
    /// when the scene does not declare it, and empty for `matching: []`, which declares that no
    /// event opens a window of it (semantics 12.4).
    public var matching: [String]?
    /// `defaultLaunchBehavior` (macOS, visionOS): whether the scene opens a window at launch
    /// when nothing is restored (semantics 13.1).
    public var launch: LaunchBehavior = .automatic
    /// `restorationBehavior`: false (`.disabled`) means the scene's windows are never restored
    /// (semantics 13.2).
    public var restoration = true
    /// The script wrote `restoration` (true or false): the modifier is used, and needs the
    /// version that has it (semantics 14.1).
    package var restorationDeclared = false
    /// The `@SceneStorage` keys its views declare: any other key is an error with "did you
    /// mean" (scenarios/README.md, "Declared keys"); nil: any key.
    public var keys: [String]?
    /// The names of its views' in-memory state (`@State`, `@StateObject`): any other key of
    /// `w.memory` is an error with "did you mean"; nil: any key.
    public var memory: [String]?

    /// A scene with `id`; a WindowGroup unless `kind` says otherwise, presenting values of `valueType` when given.
    public init(id: String, kind: Kind = .windowGroup, valueType: SceneValue.Kind? = nil) {
        self.id = id
        self.kind = kind
        self.valueType = valueType
    }
}

/// A login session that is already in the keychain before the first launch.
public struct InitialSession: Sendable, Equatable {
    /// The user the session belongs to.
    public var user: ByteString
    /// How long the session stays valid from the start of the run.
    public var ttl: VirtualTime
    /// The keychain item's accessibility class (semantics 8.6).
    public var accessible: KeychainAccessibility
    /// A stored session of `user`, valid for `ttl`, readable as `accessible` says.
    public init(user: ByteString, ttl: VirtualTime, accessible: KeychainAccessibility = .whenUnlocked) {
        self.user = user
        self.ttl = ttl
        self.accessible = accessible
    }
}

/// The switches behind the observed (O) and inferred (I) rules of docs/semantics.md.
public struct Policy: Sendable, Equatable {
    /// What a force quit does to restoration data: discard it, as Apple documents, or keep it.
    public enum ForceQuit: String, Sendable, CaseIterable { case discard, keep }
    /// When the system saves a scene's storage: as the app goes to the background, or after every write.
    public enum StorageSave: String, Sendable, CaseIterable {
        case background
        case everyWrite = "every_write"
    }
    /// What a force quit does to restoration data.
    public var forceQuit: ForceQuit
    /// When the system saves a scene's storage.
    public var storageSave: StorageSave
    /// The size in bytes past which a scene's storage gets a warning in the trace.
    public var storageWarnBytes: Int
    /// How briefly a loading screen (a state declared `loading`) may be on screen before the
    /// trace warns of a flicker.
    public var flickerThreshold: VirtualTime
    /// How long the app runs in the background before the system suspends it (semantics 11.2);
    /// nil: the platform's default (5 s on iphone, ipados and visionos; never on macos).
    public var suspendAfter: Suspension?
    /// What a force quit from the app switcher does to scenes still on screen (semantics 11.5);
    /// nil: the platform's default (`noBackground` on iphone and ipados, `background` elsewhere).
    public var appSwitchForceQuit: AppSwitchForceQuit?
    /// The time the system grants a backgrounded app's background tasks, from the moment the
    /// app's phase becomes background (semantics 11.3).
    public var backgroundTime: VirtualTime
    /// How long before `backgroundTime` runs out the system calls the tasks' expiration handlers.
    public var expirationWarning: VirtualTime
    /// The time a background refresh's task gets (semantics 11.4).
    public var refreshTime: VirtualTime
    /// The time a silent push's or a finished background transfer's task gets (semantics 11.8).
    public var pushTime = VirtualTime(seconds: 30)

    /// When a backgrounded app is suspended.
    public enum Suspension: Equatable, Sendable {
        /// Never: the app keeps running in the background (a Mac app).
        case never
        /// After this long in the background, unless a background task runs.
        case after(VirtualTime)
    }

    /// A force quit of an app whose scenes are on screen (the app switcher is up).
    public enum AppSwitchForceQuit: String, Sendable, CaseIterable {
        /// The scenes go inactive, then disconnect: no background step, no save (observed on iOS).
        case noBackground = "no_background"
        /// The scenes go to the background first (saving their storage), then the process ends.
        case background
    }
    /// macOS "Close windows when quitting an application": Quit (⌘Q) discards restoration data
    /// (true, macOS's default) or keeps it (semantics 13.4).
    public var closeWindowsOnQuit = true
    /// macOS `applicationShouldTerminateAfterLastWindowClosed`: the app quits when its last
    /// window closes (semantics 13.6), always, never, or as the app's code answers then.
    public var quitWhenLastWindowCloses: LastWindowQuit = false

    /// `applicationShouldTerminateAfterLastWindowClosed`'s answer: fixed, or the app's code,
    /// asked each time the last window closes (a setting such as "show in menu bar").
    public struct LastWindowQuit: @unchecked Sendable, Equatable, ExpressibleByBooleanLiteral {
        /// The fixed answer (when `ask` is nil).
        public let fixed: Bool
        package let ask: ((Simulator) throws -> Bool)?

        /// Always `value`.
        public init(booleanLiteral value: Bool) { self.init(value) }
        /// Always `value`.
        public init(_ value: Bool) {
            fixed = value
            ask = nil
        }
        /// Asks `body` each time the last window closes.
        public init(asking body: @escaping @MainActor (Simulator) throws -> Bool) {
            fixed = false
            ask = { sim in try onMainActor(sim) { sim in try body(sim) } }
        }
        /// A script's function (its call hops nowhere).
        package init(askingDirectly body: @escaping (Simulator) throws -> Bool) {
            fixed = false
            ask = body
        }
        /// Two fixed answers are equal when they agree; code is never equal to anything.
        public static func == (a: Self, b: Self) -> Bool { a.ask == nil && b.ask == nil && a.fixed == b.fixed }
    }
    /// The device has been unlocked since it booted (true, the default); false: it starts
    /// locked, before its first unlock, until `unlockDevice()` (semantics 8.6). A user launch
    /// does not count as unlocking (a modelling shortcut).
    public var firstUnlock = true

    /// A policy with the switches given; each one left out keeps its default.
    public init(
        forceQuit: ForceQuit = .discard,
        storageSave: StorageSave = .background,
        storageWarnBytes: Int = 4096,
        flickerThreshold: VirtualTime = VirtualTime(seconds: 0.1),
        suspendAfter: Suspension? = nil,
        appSwitchForceQuit: AppSwitchForceQuit? = nil,
        backgroundTime: VirtualTime = VirtualTime(seconds: 30),
        expirationWarning: VirtualTime = VirtualTime(seconds: 5),
        refreshTime: VirtualTime = VirtualTime(seconds: 30)
    ) {
        self.forceQuit = forceQuit
        self.storageSave = storageSave
        self.storageWarnBytes = storageWarnBytes
        self.flickerThreshold = flickerThreshold
        self.suspendAfter = suspendAfter
        self.appSwitchForceQuit = appSwitchForceQuit
        self.backgroundTime = backgroundTime
        self.expirationWarning = expirationWarning
        self.refreshTime = refreshTime
    }
}

extension AppConfig {
    /// How long the app runs in the background before it is suspended; nil: never.
    public var suspendDelay: VirtualTime? {
        switch policy.suspendAfter {
        case .never: return nil
        case .after(let delay): return delay
        case nil: return platform == .macos ? nil : VirtualTime(seconds: 5)
        }
    }

    /// What a force quit does to scenes on screen, the platform's default applied.
    public var forceQuitOnScreen: Policy.AppSwitchForceQuit {
        policy.appSwitchForceQuit ?? (platform == .iphone || platform == .ipados ? .noBackground : .background)
    }

    /// Whether the app can schedule background refreshes (BGTaskScheduler: not on macOS).
    package var hasBackgroundRefresh: Bool { platform != .macos }
}
