import ByteText
import SceneSimCore

// Explore's built-in rules, declared here: each one's name, weight, precondition, generators,
// what a step of it does and the statement a found scenario spells for it; and which of them
// the declared app takes. engine.lua gets them from here (`native.builtin_specs`,
// `native.builtin_rules`) and makes its rule values of them; `native.pick` and `native.step`
// check, draw and run them from these values. Adding a built-in rule is one entry in
// `ExploreBuiltinRule.rules(for:)` (and, for a rule whose run or spelling only Lua can do, its
// body in engine.lua's `bodies`).

/// A value a built-in rule's `oneOf` generator draws, as Lua holds it.
enum ExploreValue: Equatable, Sendable {
    case string(String)
    case integer(Int64)
    case number(Double)
    case boolean(Bool)

    /// Its seconds, for an advance.
    var seconds: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .number(let value): value
        default: nil
        }
    }
}

/// The windows a window generator draws from: the app's live windows of that kind, oldest first.
enum ExploreWindowKind: String, CaseIterable, Sendable {
    case live, connected, visible, background

    /// The kind named by `bytes` (a generator's `kind`), without making a String.
    init?(utf8 bytes: some Collection<UInt8>) {
        guard let kind = Self.allCases.first(where: { $0.rawValue.utf8.elementsEqual(bytes) }) else { return nil }
        self = kind
    }
}

/// A generator Swift draws (`ScriptHost.exploreDraw`), from the same random stream and to the
/// same choices as engine.lua's generator of that kind.
enum ExploreGenerator: Equatable, Sendable {
    /// A window of the kind: the choice is its place in the list.
    case window(ExploreWindowKind)
    /// One of the values: the choice is the value's place (1-based).
    case oneOf([ExploreValue])
    /// A module's `sim.gen.one_of` of this many values (Lua holds them): the choice is a place.
    case places(Int64)
    case bool
    /// An integer in lo...hi.
    case int(Int64, Int64)

    /// The generator a module's rule describes to `native.pick_rules` ("window live",
    /// "one_of 3", "bool", "int 1 3"), or nil.
    init?(described text: Substring) {
        let words = text.split(separator: " ")
        switch (words.first.map(String.init) ?? "", words.count) {
        case ("window", 2): guard let kind = ExploreWindowKind(rawValue: String(words[1])) else { return nil }; self = .window(kind)
        case ("one_of", 2): guard let n = Int64(words[1]), n >= 1 else { return nil }; self = .places(n)
        case ("bool", 1): self = .bool
        case ("int", 3):
            guard let lo = Int64(words[1]), let hi = Int64(words[2]), lo <= hi, hi &- lo >= 0, hi - lo < 1 << 62 else { return nil }
            self = .int(lo, hi)
        default: return nil
        }
    }
}

/// When a rule may run: checked in Swift before its draws, or by Lua (`custom`: engine.lua's
/// body for a built-in rule, the module's `pre` for a module's rule).
enum ExplorePrecondition: Sendable {
    case none
    /// The app runs.
    case running
    /// It runs and is not suspended: a suspended app runs none of its code (semantics 11.2).
    case awake
    /// It runs in the background and is not yet suspended: the wait past suspension applies.
    case beforeSuspension
    /// The core would accept the input now (its `validate`).
    case accepts(SimInput)
    /// The app runs, is not suspended, and its state begins with one of these.
    case inState([String])
    case custom

    /// The Lua name engine.lua's rule value knows it by: "custom" is Lua's to check.
    var luaName: String? {
        switch self {
        case .none: nil
        case .custom: "custom"
        default: "swift"
        }
    }
}

/// What names a built-in rule: the input it sends (its name is the kind's script name, or that
/// and "_" and a variant), an intent of the model, or a script operation that is no input
/// (sim.network, sim.server.revoke, SceneStorage writes, scheduling a refresh, background tasks).
package enum ExploreRuleSubject: Equatable, Sendable {
    case input(SimInput.Kind)
    case intent
    case operation
}

/// What a step of the rule does.
enum ExploreAction: Sendable {
    /// Sends the input made from the drawn arguments.
    case send(@Sendable (ExploreArguments) throws(SimError) -> SimInput)
    /// sim.network(up), from the drawn boolean.
    case network
    /// sim.server.revoke(user), from the drawn user.
    case revoke
    /// engine.lua's body runs it.
    case lua
}

/// The statement a found scenario runs for a step of the rule.
enum ExploreStatement: Sendable {
    /// Always the same.
    case fixed(String)
    /// The drawn window (`explore.window("main#2")`), then this.
    case window(String)
    /// engine.lua's body spells it.
    case lua
}

/// Which declared apps take the rule (unless a module lists it in `builtin = { ... }`).
enum ExploreApplies: Sendable {
    case when(Bool)
    /// Where the app uses background tasks: the module says `background_tasks = true` (false
    /// leaves them out), else where its model declares `on_refresh`.
    case backgroundTasks
}

/// The arguments a step drew, in the rule's key order, for its input.
struct ExploreArguments {
    var generators: [ExploreGenerator]
    var drawn: ExploreDrawn

    /// The window drawn.
    func window() throws(SimError) -> SessionID {
        guard let window = drawn.window else { throw SimError(.invalidValue, "explore engine: the rule's input takes a window handle") }
        return window
    }

    /// The value drawn by the `oneOf` generator at `index`.
    func value(_ index: Int) throws(SimError) -> ExploreValue {
        let choice = drawn.choice(index)
        guard index < generators.count, case .oneOf(let values) = generators[index], choice >= 1, choice <= Int64(values.count) else {
            throw SimError(.invalidValue, "explore engine: no value numbered \(choice)")
        }
        return values[Int(choice) - 1]
    }
}

/// The declared app, as the built-in rules read it: its scenes and routes for their arguments;
/// the platform, the model's intents, suspension, background refresh, `on_refresh`, the external
/// events its code answers and whether it asks the server, for which rules apply at all.
struct ExploreDeclared: Equatable, Sendable {
    struct Scene: Equatable, Sendable {
        var id: String
        var isSettings: Bool
        var value: SceneValue.Kind?
        var keys: [String]?
    }

    var platform: Platform
    var scenes: [Scene]
    struct Route: Equatable, Sendable {
        var name: String
        var scene: String
    }

    /// By name.
    var routes: [Route]
    var intents: Set<String>
    var refresh: Bool
    var onRefresh: Bool
    var activities: Bool
    var notifications: Bool
    var server: Bool
    var suspendAfter: Double?
    /// The model declares `on_push` / `on_transfer` (semantics 11.8): pushes and finished
    /// transfers wake it.
    var onPush = false
    var onTransfer = false
    /// The app's OS version has `openWindow` / `dismissWindow` (semantics 14.1): below, they
    /// are errors, not findings.
    var openWindow = true
    var dismissWindow = true
    /// The model declares `on_protected_data` (semantics 8.6): it minds the device's lock.
    var onProtectedData = false
    /// The model declares `on_shortcut` (semantics 12.10).
    var shortcuts = false
    /// The model or a scene declares `on_memory_warning` (semantics 11.10).
    var memoryWarning = false
    /// The model declares `on_restore_value` (semantics 5.6): updates between launches apply.
    var onRestoreValue = false
    /// The model declares `on_should_quit` (semantics 13.8): the replies to a Quit put off apply.
    var onShouldQuit = false

    var isMac: Bool { platform == .macos }
}

struct ExploreBuiltinRule: Sendable {
    var name: String
    var subject: ExploreRuleSubject
    var weight: Double = 1
    var precondition: ExplorePrecondition = .none
    /// In key order (the order engine.lua sorts its keys in).
    var arguments: [(key: String, generator: ExploreGenerator)] = []
    var action: ExploreAction
    var statement: ExploreStatement = .lua
    var applies: ExploreApplies = .when(true)
    /// A number engine.lua's body spells (the seconds the wait past suspension moves).
    var seconds: Double?

    /// The users `revoke` draws, and the values a string-valued scene's windows take
    /// (open_window, dismiss_window and open_url draw a place in them).
    static let revokeUsers = ["ada", "bob"]
    static let stringValues = ["A", "B", "C"]
    /// The type of the shortcut `open_shortcut` opens.
    static let shortcutType = "com.example.shortcut"

    /// The seconds `advance` draws (whole seconds as Lua integers: `sim.advance(10)`).
    static let advanceSeconds: [ExploreValue] = [.number(0.1), .number(0.5), .integer(1), .integer(10), .integer(3600)]

    /// Every built-in rule's name, sorted: what a module's `builtin = { ... }` may list.
    static let names: [String] = rules(for: everyRule).map(\.name).sorted()

    /// An app every built-in rule is made for (one that declares a route, for open_url).
    static let everyRule = ExploreDeclared(
        platform: .iphone, scenes: [.init(id: "main", isSettings: false)], routes: [.init(name: "main", scene: "main")], intents: [], refresh: true,
        onRefresh: true, activities: true, notifications: true, server: true, suspendAfter: 5, onPush: true, onTransfer: true,
        onProtectedData: true, shortcuts: true, memoryWarning: true, onRestoreValue: true, onShouldQuit: true)

    /// The built-in rules made for the declared app: every rule it could take (`taken` says which
    /// it does), with arguments from its scenes and routes.
    static func rules(for app: ExploreDeclared) -> [ExploreBuiltinRule] {
        let mac = app.isMac
        var rules: [ExploreBuiltinRule] = []

        // Window verbs: each sends its input to the window drawn.
        let windowVerbs: [(String, SimInput.Kind, ExploreWindowKind, @Sendable (SessionID) -> SimInput, String, Bool)] = [
            ("focus", .focus, .live, SimInput.focus, ":focus()", true),
            ("background_window", .backgroundWindow, .visible, SimInput.backgroundWindow, ":background()", true),
            ("close", .close, .live, SimInput.close, ":close()", true),
            // AppKit never reclaims a window's scene as UIKit does (semantics 13).
            ("disconnect", .disconnect, .background, SimInput.disconnect, ":disconnect()", !mac),
            ("minimize", .minimize, .visible, SimInput.minimize, ":minimize()", mac),
        ]
        for (name, kind, windows, input, statement, applies) in windowVerbs {
            rules.append(
                ExploreBuiltinRule(
                    name: name, subject: .input(kind), precondition: .running, arguments: [("window", .window(windows))],
                    action: .send { arguments throws(SimError) in input(try arguments.window()) }, statement: .window(statement),
                    applies: .when(applies)))
        }

        // App-level calls the core's `validate` decides on. A terminated app spends its steps
        // relaunching: terminations are rarer than the rest. The Mac has no overlays (the app
        // switcher, Control Center, alerts); Force Quit, Hide and Reopen are the Mac's only.
        let appCalls: [(String, SimInput, String, Bool)] = [
            ("launch", .launch, "app:launch()", true), ("background", .background, "app:background()", true),
            ("foreground", .foreground, "app:foreground()", true), ("switcher", .switcher, "app:switcher()", !mac),
            ("interrupt", .interrupt, "app:interrupt()", !mac), ("resume", .resume, "app:resume()", !mac),
            ("terminate_system", .terminate(.system), "app:terminate(\"system\")", true),
            ("terminate_user", .terminate(.user), "app:terminate(\"user\")", true),
            ("terminate_crash", .terminate(.crash), "app:terminate(\"crash\")", true),
            ("terminate_force", .terminate(.force), "app:terminate(\"force\")", mac),
            ("hide", .hide, "app:hide()", mac), ("reopen", .reopen, "app:reopen()", mac),
            ("refresh", .refresh, "sim.system.refresh(app)", app.refresh),
        ]
        for (name, input, statement, applies) in appCalls {
            rules.append(
                ExploreBuiltinRule(
                    name: name, subject: .input(input.kind), weight: name.hasPrefix("terminate") ? 0.3 : 1, precondition: .accepts(input),
                    action: .send { _ in input }, statement: .fixed(statement), applies: .when(applies)))
        }
        // The system's and the device's events of platform v5, for an app whose code answers
        // them (issue 41): silent pushes and finished transfers (semantics 11.8; push_silent,
        // not push, and lock_device, not lock: a module's own rule may well be called that),
        // memory warnings (11.10), an update between launches (5.6), the replies to a Quit put
        // off (13.8), the device's lock and prewarming (8.6, 11.11).
        let v5Calls: [(String, SimInput, String, Double, Bool)] = [
            ("push_silent", .push(SimSceneStorage()), "sim.system.push(app, {})", 1, app.onPush),
            ("transfer_done", .transferDone(ByteString("explore")), "sim.system.transfer_done(app, \"explore\")", 1, app.onTransfer),
            ("memory_warning", .memoryWarning, "sim.system.memory_warning(app)", 1, app.memoryWarning && !mac),
            ("update", .update(version: "2.0"), "app:update { version = \"2.0\" }", 0.3, app.onRestoreValue),
            ("reply_to_quit_true", .replyToQuit(true), "app:reply_to_quit(true)", 1, mac && app.onShouldQuit),
            ("reply_to_quit_false", .replyToQuit(false), "app:reply_to_quit(false)", 1, mac && app.onShouldQuit),
            ("lock_device", .lock, "sim.system.lock(app)", 0.5, app.onProtectedData),
            ("unlock_device", .unlock, "sim.system.unlock(app)", 0.5, app.onProtectedData),
            ("prewarm", .prewarm, "sim.system.prewarm(app)", 0.5, app.onProtectedData),
        ]
        for (name, input, statement, weight, applies) in v5Calls {
            rules.append(
                ExploreBuiltinRule(
                    name: name, subject: .input(input.kind), weight: weight, precondition: .accepts(input), action: .send { _ in input },
                    statement: .fixed(statement), applies: .when(applies)))
        }
        rules.append(
            ExploreBuiltinRule(
                name: "terminate_keep_windows", subject: .input(.terminate), weight: 0.3, precondition: .running,
                action: .send { _ in .terminateKeepingWindows }, statement: .fixed("app:terminate(\"user\", { keep_windows = true })"),
                applies: .when(mac)))
        rules.append(
            ExploreBuiltinRule(
                name: "open_settings", subject: .input(.openSettings), precondition: .running, action: .send { _ in .openSettings },
                statement: .fixed("app:open_settings()"), applies: .when(app.scenes.contains(where: \.isSettings))))

        // The clock and the world.
        rules.append(
            ExploreBuiltinRule(
                name: "advance", subject: .input(.advance), arguments: [("seconds", .oneOf(advanceSeconds))],
                action: .send { arguments throws(SimError) in try advance(arguments.value(0).seconds) }))
        rules.append(ExploreBuiltinRule(name: "settle", subject: .input(.settle), weight: 0.5, action: .send { _ in .settle }, statement: .fixed("sim.settle()")))
        // Past the suspension moment of a backgrounded app that runs (what an app's timers,
        // server answers and tasks do across a suspension).
        let wait = (app.suspendAfter ?? 5) + 1
        rules.append(
            ExploreBuiltinRule(
                name: "advance_past_suspension", subject: .input(.advance), weight: 0.5, precondition: .beforeSuspension,
                action: .send { _ throws(SimError) in try advance(wait) }, applies: .when(app.suspendAfter != nil), seconds: wait))
        // The network and the server's revocations reach only an app whose code asks the server.
        rules.append(
            ExploreBuiltinRule(name: "network", subject: .operation, weight: 0.5, arguments: [("up", .bool)], action: .network, applies: .when(app.server)))
        rules.append(
            ExploreBuiltinRule(
                name: "revoke", subject: .operation, weight: 0.3, arguments: [("user", .oneOf(revokeUsers.map { .string($0) }))], action: .revoke,
                applies: .when(app.server)))
        rules.append(
            ExploreBuiltinRule(
                name: "schedule_refresh", subject: .operation, weight: 0.5, precondition: .awake,
                arguments: [("seconds", .oneOf([.integer(0), .integer(60), .integer(3600)]))], action: .lua, applies: .when(app.refresh)))

        // Scenes: open_window and dismiss_window draw a scene (not the Settings scene, which
        // opens with app:open_settings() only, semantics 13.3) and a value for it.
        let ids = app.scenes.filter { !$0.isSettings }
        let sceneArguments: [(key: String, generator: ExploreGenerator)] = [("scene", .oneOf(ids.map { .string($0.id) })), ("value", .int(1, 3))]
        let opening: @Sendable (ExploreArguments) throws(SimError) -> (String, SceneValue?) = { arguments throws(SimError) in
            let place = arguments.drawn.choice(0), number = arguments.drawn.choice(1)
            guard place >= 1, place <= Int64(ids.count) else { throw SimError(.invalidValue, "explore engine: native.step: no scene numbered \(place)") }
            let scene = ids[Int(place) - 1]
            switch scene.value {
            case .string?:
                guard number >= 1, number <= Int64(stringValues.count) else {
                    throw SimError(.invalidValue, "explore engine: native.step: no value numbered \(number)")
                }
                return (scene.id, .string(stringValues[Int(number) - 1]))
            case .integer?: return (scene.id, .int(number))  // the integer pool is 1, 2, 3: the place is the value
            case nil: return (scene.id, nil)
            }
        }
        rules.append(
            ExploreBuiltinRule(
                name: "open_window", subject: .input(.openWindow), precondition: .running, arguments: sceneArguments,
                action: .send { arguments throws(SimError) in
                    let (id, value) = try opening(arguments)
                    return .openWindow(id, value: value)
                }, applies: .when(app.openWindow)))
        // dismissWindow is the app's own code: not while it is suspended (semantics 11.2).
        rules.append(
            ExploreBuiltinRule(
                name: "dismiss_window", subject: .input(.dismissWindow), precondition: .awake, arguments: sceneArguments,
                action: .send { arguments throws(SimError) in
                    let (id, value) = try opening(arguments)
                    return .dismissWindow(id, value: value)
                }, applies: .when(app.dismissWindow)))
        if !app.routes.isEmpty {
            rules.append(
                ExploreBuiltinRule(
                    name: "open_url", subject: .input(.openURL), precondition: .running,
                    arguments: [("route", .oneOf(app.routes.map { .string($0.name) })), ("value", .int(1, 3))], action: .lua))
        }

        // SceneStorage: where a scene declares its keys, the key drawn is a place, 1 to the
        // longest list, taken round the window's scene's list ("a" and "b" for a scene that
        // declares none). Where every scene declares keys = {}, no window takes a write.
        let keyed = app.scenes.compactMap(\.keys)
        let key: ExploreGenerator = keyed.isEmpty ? .oneOf([.string("a"), .string("b")]) : .int(1, Int64(max(2, keyed.map(\.count).max() ?? 0)))
        rules.append(
            ExploreBuiltinRule(
                name: "storage_write", subject: .operation, precondition: .awake,
                arguments: [
                    ("key", key), ("value", .oneOf([.integer(1), .string("x"), .boolean(true), .number(2.5)])), ("window", .window(.connected)),
                ], action: .lua, applies: .when(app.scenes.contains { $0.keys.map { !$0.isEmpty } ?? true })))

        // Background tasks: begin one whose expiration handler finishes it; finish the oldest open.
        rules.append(
            ExploreBuiltinRule(
                name: "begin_background_task", subject: .operation, weight: 0.5, precondition: .awake, action: .lua,
                statement: .fixed("app:begin_background_task(\"explore\", function(_, task) task:finish() end)"), applies: .backgroundTasks))
        rules.append(
            ExploreBuiltinRule(name: "finish_background_task", subject: .operation, precondition: .custom, action: .lua, applies: .backgroundTasks))

        // External events (semantics 12), for an app whose code answers them: they launch a
        // terminated app, so they need no running one.
        rules.append(
            ExploreBuiltinRule(
                name: "continue_activity", subject: .input(.continueActivity), weight: 0.5,
                arguments: [
                    ("id", .int(1, 3)), ("target", .oneOf([.string("doc/A"), .string("edit/B"), .string("elsewhere")])),
                    ("type", .oneOf([.string("com.example.view"), .string("com.example.edit")])),
                ], action: .lua, applies: .when(app.activities)))
        rules.append(
            ExploreBuiltinRule(
                name: "open_notification", subject: .input(.openNotification), weight: 0.5, arguments: [("id", .int(1, 3))], action: .lua,
                applies: .when(app.notifications)))
        // A home-screen quick action (iOS family), for a model that declares on_shortcut.
        rules.append(
            ExploreBuiltinRule(
                name: "open_shortcut", subject: .input(.openShortcut), weight: 0.5, action: .send { _ in .openShortcut(shortcutType) },
                statement: .fixed("app:open_shortcut(\"\(shortcutType)\")"), applies: .when(app.shortcuts && !mac)))

        // The built-in model's intents: each one's rule is taken when the declared model has it.
        let intents: [(String, [String], [(key: String, generator: ExploreGenerator)], ExploreStatement)] = [
            ("login", ["unauthenticated"], [("new_user", .bool), ("user", .oneOf([.string("ada"), .string("bob")]))], .lua),
            ("logout", ["authenticated", "error"], [], .fixed("app:logout()")),
            ("next_step", ["onboarding"], [], .fixed("app:next_step()")),
            ("cancel_onboarding", ["onboarding"], [], .fixed("app:cancel_onboarding()")),
            ("retry", ["error"], [], .fixed("app:retry()")),
        ]
        for (name, states, arguments, statement) in intents {
            rules.append(
                ExploreBuiltinRule(
                    name: name, subject: .intent, precondition: .inState(states), arguments: arguments, action: .lua, statement: statement,
                    applies: .when(app.intents.contains(name))))
        }
        return rules
    }

    /// Whether the declared app takes the rule, unless a module lists its built-in rules
    /// (`backgroundTasks`: the module's background_tasks).
    func isTaken(backgroundTasks: Bool?, by app: ExploreDeclared) -> Bool {
        switch applies {
        case .when(let applies): applies
        case .backgroundTasks: backgroundTasks ?? app.onRefresh
        }
    }

    /// Why the declared app can never make built-in rule `name`'s call (the call is an error,
    /// not refused), or nil: a module that lists it in `builtin = { ... }` is told so.
    static func cannotTake(_ name: String, _ app: ExploreDeclared) -> String? {
        let platform = app.platform.rawValue
        switch name {
        case "open_url" where app.routes.isEmpty: return "it declares no routes (sim.launch { routes = ... })"
        case "minimize" where !app.isMac: return "w:minimize() exists only on macos; this app runs on " + platform
        case "terminate_keep_windows" where !app.isMac: return "Quit and Keep Windows exists only on macos; this app runs on " + platform
        case "open_settings":
            if !app.isMac { return "app:open_settings() exists only on macos; this app runs on " + platform }
            return app.scenes.contains(where: \.isSettings) ? nil : "it declares no Settings scene ({ id = \"settings\", kind = \"settings\" })"
        default: return nil
        }
    }

    private static func advance(_ seconds: Double?) throws(SimError) -> SimInput {
        guard let seconds, let time = VirtualTime(checkedSeconds: seconds), time >= .zero else {
            throw SimError(.invalidValue, "explore engine: native.run(\"advance\", seconds) takes a number of seconds")
        }
        return .advance(time)
    }
}

/// The built-in rules made for the declared app of the run under way (`native.declared`), by
/// name; `generation` is new each time they are made for another app.
struct ExploreBuiltins {
    /// The launch memo the app was launched from, when it was (the same memo, the same app).
    var memoID: Int?
    var declared: ExploreDeclared?
    var ordered: [ExploreBuiltinRule] = []
    private var byName: [String: ExploreBuiltinRule] = [:]
    private(set) var generation = 0

    subscript(name: String) -> ExploreBuiltinRule? { byName[name] }

    mutating func make(for app: ExploreDeclared, memoID: Int?) {
        // The same app as the last run's (launched without a memo): the same rules.
        if app == declared {
            self.memoID = memoID
            return
        }
        (self.memoID, declared) = (memoID, app)
        ordered = ExploreBuiltinRule.rules(for: app)
        byName = Dictionary(ordered.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        generation += 1
    }
}

/// Every built-in rule's name and what it names, whichever app takes it (InputCoverageTests
/// checks it against `SimInput.Kind` both ways).
package enum ExploreBuiltinCatalog {
    package static var subjects: [(name: String, subject: ExploreRuleSubject)] {
        ExploreBuiltinRule.rules(for: ExploreBuiltinRule.everyRule).map { ($0.name, $0.subject) }.sorted { $0.name < $1.name }
    }

    /// The most generators one built-in rule draws: the draw keeps three inline per rule
    /// (`ExplorePick.Rule`), so a fourth would be dropped; InputCoverageTests checks it.
    package static var mostArguments: (name: String, count: Int) {
        ExploreBuiltinRule.rules(for: ExploreBuiltinRule.everyRule).map { ($0.name, $0.arguments.count) }.max { $0.1 < $1.1 } ?? ("", 0)
    }
}
