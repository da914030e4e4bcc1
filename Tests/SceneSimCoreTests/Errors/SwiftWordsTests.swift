import SceneSimBuiltin
import SceneSimCore
import SceneSimTestSupport
import Testing

/// Issue 42, item 8: a Swift caller reads every message in Swift words, never in a script's
/// (`app:x`, `sim.x`, `w:x`, `app.defaults`, `nil`, "a hook", "a table", `kind = "window"`);
/// scripts keep theirs word for word. Each call a message can name is checked here, each reason,
/// and each message that used to leak a script's words, verbatim for both audiences.
/// (`SwiftMessageLiteralTests` in SceneSimCommandsTests reads every message literal in the
/// sources for the same words.)
@Suite("Swift callers read Swift words")
struct SwiftWordsTests {
    /// A script's spellings a Swift message must not contain: a Lua call or field (`app:launch`,
    /// `w:focus`, `task:finish`, `sim.advance`, `app.defaults`, `w.memory`), `nil`, a hook, a
    /// Lua table or function, a Lua option (`kind = "window"`) or a snake_case name.
    nonisolated(unsafe) static let scriptWords =
        #/(?:^|[^\w.])(app|w|task):[a-z_]|(?:^|[^\w.])(sim|app|w|task)\.[a-z]|\bnil\b|\bhooks?\b|(?:^|[^.\w])tables?\b|\bfunctions?\b|\b[a-z]+ = "|\b[a-z]+_[a-z_]+\b/#

    /// Every call an error can name, with its payloads (a switch without `default`: a new case
    /// does not compile until it is listed here).
    static var everyCall: [APICall] {
        func listed(_ call: APICall) -> [APICall] {
            switch call {
            case .launch, .background, .foreground, .switcher, .interrupt, .resume, .terminate, .terminateAnyKind,
                .quitKeepingWindows, .openWindow, .openWindowFor, .dismissWindow, .focus, .backgroundWindow, .close,
                .disconnect, .minimize, .openURL, .continueActivity, .openNotification, .openShortcut, .openSettings,
                .reopen, .hide, .replyToQuit, .advance, .advanceBy, .settle, .settleWithin, .advanceUntil, .refresh, .push, .transferDone,
                .memoryWarning, .update, .lockDevice, .unlockDevice, .prewarm, .intent, .intentName, .intentSignature,
                .login, .transition, .after, .afterDelay, .scheduleRefresh, .scheduleRefreshAfter, .beginBackgroundTask,
                .keepRunning, .stopRunning, .taskStatus, .taskTime, .cancelTask, .backgroundTaskStatus,
                .backgroundTaskName, .finishBackgroundTask, .createSession, .validateToken, .writeDefaults,
                .writeKeychain, .readAppMemory, .writeAppMemory, .writeWindowMemory, .readStorage, .writeStorage,
                .listStorageKeys, .readSavedStorage, .readWindowMemory, .effect, .clock, .expirationHandler,
                .sleepUntil, .named:
                [call]
            }
        }
        let calls: [APICall] =
            [
                .launch, .background, .foreground, .switcher, .interrupt, .resume, .terminateAnyKind,
                .quitKeepingWindows, .openWindow, .openWindowFor(scene: "doc", value: nil), .openWindowFor(scene: "doc", value: "42"),
                .dismissWindow, .focus, .backgroundWindow, .close, .disconnect, .minimize, .openURL, .continueActivity,
                .openNotification, .openShortcut, .openSettings, .reopen, .hide, .replyToQuit, .advance,
                .advanceBy(VirtualTime(seconds: 1.5)), .settle, .settleWithin, .advanceUntil, .refresh, .push, .transferDone, .memoryWarning, .update,
                .lockDevice, .unlockDevice, .prewarm, .intent("save"), .intentName("save"),
                .intentSignature("sign_in", parameters: "user: string"), .login(newUser: false), .login(newUser: true),
                .transition, .after, .afterDelay(VirtualTime(seconds: 2)), .scheduleRefresh,
                .scheduleRefreshAfter(VirtualTime(seconds: 3600)), .beginBackgroundTask, .keepRunning, .stopRunning,
                .taskStatus, .taskTime, .cancelTask, .backgroundTaskStatus, .backgroundTaskName, .finishBackgroundTask,
                .createSession, .validateToken, .writeDefaults, .writeKeychain, .readAppMemory, .writeAppMemory,
                .writeWindowMemory, .readStorage, .writeStorage, .listStorageKeys, .readSavedStorage, .readWindowMemory,
                .effect(window: false), .effect(window: true), .clock, .expirationHandler, .sleepUntil,
            ] + Termination.allCases.map(APICall.terminate)
        return calls.flatMap(listed)
    }

    /// The Swift words an intent's name keeps (it is the model's own string, whatever its case).
    static func withoutIntentNames(_ text: String) -> String {
        text.replacing(#/intent: "[^"]*"/#, with: "intent: \"…\"")
    }

    @Test("every call an error can name is spelled in Swift for a Swift caller, and differently from the script's spelling")
    func everyCallInSwift() {
        for call in Self.everyCall {
            let swift = Self.withoutIntentNames(call.swiftSpelling)
            #expect(swift.firstMatch(of: Self.scriptWords) == nil, "\(call): \(call.swiftSpelling)")
            if case .named = call { continue }
            // Words, not calls, and a Swift-only call: the same for both.
            if call == .clock || call == .expirationHandler || call == .sleepUntil || call == .settleWithin || call == .advanceUntil { continue }
            #expect(call.swiftSpelling != call.scriptSpelling, "\(call) is spelled the script's way for Swift: \(call.scriptSpelling)")
        }
    }

    @Test("every reason reads in Swift words for a Swift caller, verbatim")
    func everyReason() {
        let last = TerminationRecord(how: .crash, at: VirtualTime(seconds: 2))
        let reasons: [(SimError.Reason, String)] = [
            (.notRunning(.background, lastTermination: nil), "background() needs a running app; call launch() first"),
            (.notRunning(.focus, lastTermination: last), "focus(_:) needs a running app, but it was terminated (crash) at 2.000 s; call launch() first"),
            (
                .suspended(.after, since: VirtualTime(seconds: 30)),
                "scheduleTask(after:_:): the app is suspended (since 30.000 s, in the background), so none of its code runs; resume it first: foreground(), focus(_:), openURL(_:) or runBackgroundRefresh()"
            ),
            (
                .reentrant(.launch),
                "launch(): cannot start a lifecycle action from a handler in the middle of another system action; send it as an input, which queues it until the action is over"
            ),
            (.restoreReentry, "cannot change the simulation from inside a restore check (a scene's SceneCode.restore); return true or false and act after the launch"),
            (.foreignWindow(.close), "close(_:): this window belongs to another simulator; use the windows this one gives (windows, liveSessions, session(labeled:))"),
            (
                .discardedWindow(.focus, label: "doc#2", at: VirtualTime(seconds: 1), reason: .closed, reopen: .openWindowFor(scene: "doc", value: "\"a\"")),
                "focus(_:): window doc#2 no longer exists: its session was discarded at 1.000 s (closed by the user); open a new window with openWindow(\"doc\", value: \"a\")"
            ),
            (.unknownScene("dco", declared: ["main", "doc"]), "unknown scene id \"dco\" (did you mean \"doc\"?); the app declares \"main\", \"doc\""),
            (.macOnly(.hide, feature: "Hide (⌘H)", platform: .iphone), "hide() is Hide (⌘H), which exists only on macos; this app runs on iphone"),
            (.noTask(.cancelTask, id: 7, made: 2), "cancelTask(_:): there is no task 7; scheduleTask(after:_:) has made 2 in this run"),
            (
                .noBackgroundTask(.finishBackgroundTask, id: 3, begun: 1),
                "finishBackgroundTask(_:): there is no background task 3; beginBackgroundTask(named:expirationHandler:) has begun 1 in this run"
            ),
        ]
        for (reason, swift) in reasons {
            #expect(reason.rendered(for: .swift) == swift)
            #expect(reason.rendered(for: .swift).firstMatch(of: Self.scriptWords) == nil, "\(reason.rendered(for: .swift))")
        }
        // The script's words stay: a restore hook is a hook to a script.
        #expect(
            SimError.Reason.restoreReentry.rendered(for: .script)
                == "cannot change the simulation from inside a restore hook; return true or false and act after the launch")
    }

    /// The error `body` throws, for each audience.
    @MainActor
    static func texts(_ body: () throws -> Void) -> (swift: String, script: String)? {
        do {
            try body()
            return nil
        } catch let error as SimError {
            return (error.description, error.message)
        } catch {
            return nil
        }
    }

    @MainActor @Test("what the app's code stores: NaN and tables, in defaults, memory and SceneStorage")
    func storedValues() throws {
        let simulator = try Simulator(config: .testing())
        try simulator.launch()
        let window = try #require(simulator.windows.first)
        let table = SceneValue.table([.string("a"): .int(1)])
        let tableKey = SceneValue.table([table: .int(1)])

        let nanDefault = Self.texts { try simulator.setDefault("k", .double(.nan)) }
        #expect(nanDefault?.swift == "default \"k\": NaN cannot be stored (it never equals itself); store a number, or remove the key")
        #expect(nanDefault?.script == "app.defaults key \"k\": NaN cannot be stored (it never equals itself); store a number or nil")
        let tableDefault = Self.texts { try simulator.setDefault("k", table) }
        #expect(
            tableDefault?.swift
                == "default \"k\": cannot store a SceneValue.table; UserDefaults holds boolean, integer, float or string values (encode it as a string)")
        #expect(
            tableDefault?.script
                == "app.defaults key \"k\": cannot store a table; app.defaults holds boolean, integer, float or string values (encode tables as strings)")

        let nanMemory = Self.texts { try simulator.setAppMemory(key: "k", value: .double(.nan)) }
        #expect(nanMemory?.swift == "App memory key \"k\": NaN cannot be stored (it never equals itself); store a number, or remove the key")
        #expect(nanMemory?.script == "app.memory key \"k\": NaN cannot be stored (it never equals itself); store a number or nil")
        let keyedByTable = Self.texts { try simulator.setWindowMemory(window, key: "k", value: tableKey) }
        #expect(
            keyedByTable?.swift
                == "window memory key \"k\": a SceneValue.table cannot be a key of a .table memory holds; key it by booleans, numbers or strings")
        #expect(keyedByTable?.script == "w.memory key \"k\": a table cannot be a key of a table memory holds; key it by booleans, numbers or strings")

        let nanStorage = Self.texts { try simulator.setStorage(window, key: "k", value: .double(.nan)) }
        #expect(nanStorage?.swift == "storage key \"k\": NaN cannot be stored (it never equals itself); store a number, or remove the key")
        #expect(nanStorage?.script == "storage key \"k\": NaN cannot be stored (it never equals itself); store a number or nil")
        let tableStorage = Self.texts { try simulator.setStorage(window, key: "k", value: table) }
        #expect(
            tableStorage?.swift
                == "storage key \"k\": cannot store a SceneValue.table; SceneStorage holds boolean, integer, float or string values (encode it as a string, or keep it in memory)"
        )
        #expect(
            tableStorage?.script
                == "storage key \"k\": cannot store a table; SceneStorage holds boolean, integer, float or string values (encode tables as strings, or keep them in memory)"
        )
    }

    @MainActor @Test("declared keys: a key the model or the scene does not declare")
    func declaredKeys() throws {
        var model = AppModel.builtin
        model.defaultsKeys = ["theme"]
        model.memoryKeys = ["cache"]
        var scene = SceneDeclaration.group("main")
        scene.keys = ["draft"]
        let simulator = try Simulator(config: .testing(scenes: [scene]), model: model)
        try simulator.launch()
        let window = try #require(simulator.windows.first)
        let defaults = Self.texts { try simulator.setDefault("thme", .int(1)) }
        #expect(defaults?.swift.hasPrefix("AppStorage key \"thme\": the model declares no AppStorage key \"thme\"") == true, "\(String(describing: defaults))")
        #expect(defaults?.script.hasPrefix("app.defaults.thme: the model declares no AppStorage key \"thme\"") == true, "\(String(describing: defaults))")
        let memory = Self.texts { try simulator.setAppMemory(key: "cach", value: .int(1)) }
        #expect(memory?.swift.hasPrefix("App memory key \"cach\": the model declares no memory key \"cach\"") == true, "\(String(describing: memory))")
        #expect(memory?.script.hasPrefix("app.memory.cach: the model declares no memory key \"cach\"") == true, "\(String(describing: memory))")
        let storage = Self.texts { try simulator.setStorage(window, key: "drat", value: .int(1)) }
        #expect(storage?.swift.hasPrefix("SceneStorage key \"drat\": scene \"main\" declares no SceneStorage key \"drat\"") == true, "\(String(describing: storage))")
        #expect(storage?.script.hasPrefix("w.storage.drat: scene \"main\" declares no SceneStorage key \"drat\"") == true, "\(String(describing: storage))")
        for text in [defaults, memory, storage].compactMap({ $0?.swift }) {
            #expect(text.firstMatch(of: Self.scriptWords) == nil, "\(text)")
        }
    }

    @MainActor @Test("the app's declaration: Window scenes, URL schemes, routes, the OS version, the model's states")
    func declarations() throws {
        let window = Self.texts { _ = try Simulator(config: .testing(.iphone, scenes: [.group("main"), SceneDeclaration(id: "tool", kind: .window)])) }
        #expect(
            window?.swift
                == "scenes: \"tool\" has kind .window, but iphone has no Window scenes (only macos and visionos); use a WindowGroup (drop kind: .window)")
        #expect(window?.script == "scenes: \"tool\" has kind = \"window\", but iphone has no Window scenes (only macos and visionos); use a WindowGroup (drop kind)")

        let scheme = Self.texts {
            _ = try Simulator(
                config: .testing(scenes: [.group("main"), .group("doc", value: .string)]) {
                    $0.routes = ["other://doc": "doc"]; $0.urlSchemes = ["app"]
                })
        }
        #expect(
            scheme?.swift
                == "routes[\"other://doc\"]: scheme \"other\" is not registered in urlSchemes (app), so no such URL reaches the app; add it to urlSchemes or route \"doc\" for every scheme"
        )
        #expect(scheme?.script.contains("is not registered in url_schemes (app)") == true, "\(String(describing: scheme))")

        let route = Self.texts { _ = try Simulator(config: .testing { $0.routes = ["doc": "main"] }) }
        #expect(route?.swift == "routes.doc names scene \"main\", which takes no value; route to a WindowGroup declared with valueType: .string or .integer")
        #expect(route?.script == "routes.doc names scene \"main\", which takes no value; route to a WindowGroup declared with value = \"string\" or \"integer\"")

        let os = Self.texts { _ = try Simulator(config: .testing { $0.osVersion = 3 }) }
        #expect(os?.swift.hasPrefix("osVersion 3 is not a version of iPadOS scenesim knows; use one of ") == true, "\(String(describing: os))")
        #expect(os?.script.hasPrefix("os = \"3\" is not a version of iPadOS scenesim knows; use one of ") == true, "\(String(describing: os))")

        let states = Self.texts { _ = try AppModel(states: [AppModel.StateDeclaration](), initial: "idle", transitions: [:]) }
        #expect(
            states?.swift
                == "states is empty; declare each state of the app, e.g. states: [StateDeclaration(\"idle\"), StateDeclaration(\"signedIn\", .string)]")
        #expect(states?.script == "model.states is empty; declare each state of the app, e.g. states = { idle = {}, signed_in = { arg = \"string\" } }")
        let words = Self.texts { _ = try AppModel(states: [.init("failed", .oneOf([]))], initial: "failed", transitions: [:]) }
        #expect(words?.swift == "state \"failed\"'s .oneOf is an empty list; list the arguments it allows, e.g. .oneOf([\"offline\", \"expired\"])")
        #expect(words?.script == "model.states.failed.arg is an empty list; list the arguments it allows, e.g. arg = { \"offline\", \"expired\" }")
    }

    @MainActor @Test("the calls issue 42 found garbled read as Swift calls: createSession(user:ttl:), scheduleTask(after:_:)")
    func formerlyGarbled() throws {
        let simulator = try Simulator(config: .testing())
        try simulator.launch()
        let session = Self.texts { _ = try simulator.createSession(user: "") }
        #expect(session?.swift == "createSession(user:ttl:): user must be a non-empty string, e.g. createSession(user: \"ada\")")
        #expect(session?.script == "sim.server.create_session(user, ttl?): user must be a non-empty string, e.g. sim.server.create_session(\"ada\")")
        let timer = Self.texts { _ = try simulator.scheduleTask(after: -1) { _ in } }
        #expect(timer?.swift == "scheduleTask(after:_:) needs zero or more seconds (got -1.000); the clock only moves forward")
        #expect(timer?.script == "app:after(seconds, fn) needs zero or more seconds (got -1.000); the clock only moves forward")
        let keychain = Self.texts { try simulator.setKeychain(token: 999) }
        #expect(keychain?.swift == "setKeychain(token: 999): the server never issued token 999; store a token from createSession(user:ttl:)")
        #expect(keychain?.script == "app.keychain = 999: the server never issued token 999; store a token from sim.server.create_session(user)")
        try simulator.lockDevice()
        let locked = Self.texts { try simulator.setKeychain(nil, accessible: .whenUnlocked) }
        #expect(locked.map { $0.swift.firstMatch(of: Self.scriptWords) == nil } != false, "\(String(describing: locked))")
    }
}
