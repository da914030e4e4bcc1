import ByteText
import LuaKit
import SceneSimCore

/// Reads the `sim.launch` option bag into an `AppConfig`, naming the key of every problem:
/// unknown keys (with "did you mean"), wrong types, bad enum values. The app's own code in it
/// (a scene's handlers, a declared model's) becomes the model's: closures that run the Lua
/// functions at their events through the host (`sceneCode`, `model`).
struct ConfigParser {
    private let where_: String = "sim.launch"
    /// The host whose Lua state runs the app's code (it owns the parser's result).
    unowned(unsafe) let host: ScriptHost
    /// Each scene's code, by scene id, for the model the app runs (filled by `parse`).
    private(set) var sceneCode: [String: AppModel.SceneCalls] = [:]
    /// The model declared in Lua (filled by `parse`); nil: the built-in one or a Swift one.
    private(set) var model: AppModel?
    /// How the Lua model's intents take a script's call (filled by `parse`; see ModelParser).
    private(set) var intentCall: LuaIntentCall?
    /// The Lua model's `effects`, by name (filled by `parse`).
    private(set) var effects: [ByteString: LuaFunctionRef] = [:]
    /// Every Lua function of the app's code: the model's and the scenes' (filled by `parse`).
    private(set) var appCode: [LuaFunctionRef] = []
    /// A registered Swift model the script named (filled by `parse`).
    private(set) var swiftModel: AppModel?
    /// Its registered name.
    private(set) var swiftModelName: String?
    /// What reports call the model: a declared model's `name`, or the registered model's name;
    /// nil for the built-in model and an unnamed declared one (filled by `parse`).
    private(set) var modelName: String?
    /// Names a model's intent cannot take (the app handle's methods and fields).
    var reservedNames: [String] = []
    /// The Swift models a script may name.
    var models = ModelRegistry()
    /// The platform a run of a platform matrix is on (`-- platforms:`, `--platform`): the
    /// platform when the options name none; naming another is an error.
    var defaultPlatform: Platform?

    /// The keys of a scene entry of `scenes`.
    static let sceneKeys = [
        "id", "value", "kind", "on_phase", "on_url", "handles", "restore",
        "prefers", "allows", "matching", "on_activity", "on_notification", "on_shortcut", "launch", "restoration", "keys", "memory",
        "on_memory_warning",
    ]

    /// The handlers of a scene entry (semantics 10.8, 12), each with the shape its error
    /// message names; `sceneCalls` makes them the scene's code.
    static let sceneHandlers = [
        ("on_phase", "function(w, old, new)"), ("on_url", "function(w, url)"),
        ("handles", "function(url)"), ("restore", "function(w)"),
        ("prefers", "function(w, event)"), ("allows", "function(w, event)"),
        ("on_activity", "function(w, type, info)"), ("on_notification", "function(w, info)"),
        ("on_shortcut", "function(w, type)"),
        ("on_memory_warning", "function(w)"),
    ]

    init(host: ScriptHost) {
        self.host = host
    }

    mutating func parse(_ value: LuaValue) throws(SimError) -> AppConfig {
        let table: LuaTable
        switch value {
        case .nil: table = LuaTable()
        case .table(let t): table = t
        default: throw fail("expects a table of options, e.g. sim.launch{ platform = \"ipados\" }, not \(aLuaTypeName(value))")
        }
        try checkKeys(
            table,
            allowed: [
                "platform", "scenes", "session", "session_ttl", "min_loading", "auth_latency",
                "multiple_scenes", "visible_limit", "routes", "policy", "model", "url_schemes", "os",
            ], path: "")
        let platform = try enumValue(table[field: "platform"], key: "platform", default: defaultPlatform ?? Platform.ipados)
        if let defaultPlatform, platform != defaultPlatform {
            throw fail(
                "platform = \"\(platform.rawValue)\", but this run is on \(defaultPlatform.rawValue) (a platform of the scenario's '-- platforms:' line, or --platform): leave platform out of sim.launch so each run takes its own"
            )
        }
        let sessionTTL = try seconds(table[field: "session_ttl"], key: "session_ttl", default: 3600, positive: true)
        var config = AppConfig(
            platform: platform,
            scenes: try scenes(table[field: "scenes"], platform: platform),
            storedSession: try session(table[field: "session"], defaultTTL: sessionTTL),
            sessionTTL: sessionTTL,
            minLoading: try seconds(table[field: "min_loading"], key: "min_loading", default: 0.5),
            authLatency: try seconds(table[field: "auth_latency"], key: "auth_latency", default: 0.2),
            multipleScenes: try bool(table[field: "multiple_scenes"], key: "multiple_scenes", default: true),
            routes: try routes(table[field: "routes"]),
            policy: try policy(table[field: "policy"], platform: platform)
        )
        if case .string(let name) = table[field: "model"] {
            // "builtin" is the model a launch without `model` gets.
            if name.escaped != ModelRegistry.builtinName {
                swiftModel = try registeredModel(name.escaped)
                swiftModelName = name.escaped
                modelName = name.escaped
            }
            // A Swift model that carries its scenes declares the app's body itself.
            if let declared = swiftModel?.scenes, !declared.isEmpty {
                guard table[field: "scenes"].isNil else {
                    throw fail("model \"\(name.escaped)\" declares the app's scenes itself (\(declared.map(\.id).joined(separator: ", "))); remove scenes from sim.launch")
                }
                config.scenes = declared
            }
        } else if !table[field: "model"].isNil {
            var parser = ModelParser(reserved: reservedNames, host: host)
            model = try parser.parse(table[field: "model"])
            (modelName, intentCall, effects) = (parser.name, parser.intentCall, parser.effects)
            appCode = parser.functions + appCode
        }
        config.urlSchemes = try urlSchemes(table[field: "url_schemes"])
        config.osVersion = try osVersion(table[field: "os"], platform)
        if !table[field: "visible_limit"].isNil {
            config.visibleLimit = Int(try integer(table[field: "visible_limit"], key: "visible_limit"))
        }
        do {
            try config.validate()
        } catch {
            throw fail(error.message)
        }
        return config
    }

    /// `model = "notes"`: a fresh model from the registry, whose intents must not take the app
    /// handle's own names (a Lua model's are checked the same way).
    private func registeredModel(_ name: String) throws(SimError) -> AppModel {
        let made: AppModel?
        do {
            made = try models.make(name)
        } catch {
            throw fail("model \"\(name)\": \(error.message)")
        }
        guard let model = made else {
            throw fail(
                "model \"\(name)\" is not a registered model\(suggestion(for: name, among: models.names)); registered models are \(models.names.joined(separator: ", ")) "
                    + "(Swift models are registered by an executable built with the SceneSimCLI library), or declare one as a table, model = { states = ..., initial = ... }")
        }
        for intent in model.intentHandlers.keys.sorted() where reservedNames.contains(intent) {
            throw fail("model \"\(name)\": intent \(intent): app:\(intent) is a built-in method or field of app; give the intent another name")
        }
        return model
    }

    private func fail(_ message: String) -> SimError {
        SimError(.invalidConfig, "\(where_): \(message)")
    }

    private func checkKeys(_ table: LuaTable, allowed: [String], path: String) throws(SimError) {
        for key in table.keys {
            guard case .string(let bytes) = key else {
                // `path` is the prefix of a nested option ("scenes[1]."), without its dot here.
                let table = path.isEmpty ? "options" : String(path.dropLast(path.hasSuffix(".") ? 1 : 0))
                throw fail("\(table) must use string keys (found \(describeKey(key))); options are \(allowed.joined(separator: ", "))")
            }
            let name = bytes.escaped
            if !allowed.contains(name) {
                let hint = closest(to: name, among: allowed).map { " (did you mean \"\($0)\"?)" } ?? "; options are \(allowed.joined(separator: ", "))"
                throw fail("unknown option \"\(path)\(name)\"\(hint)")
            }
        }
    }

    private func describeKey(_ key: LuaValue) -> String {
        switch key {
        case .integer(let i): "[\(i)]"
        case .number(let d): "[\(d)]"
        default: "a \(key.typeName) key"
        }
    }

    private func enumValue<E: RawRepresentable & CaseIterable>(_ value: LuaValue, key: String, default fallback: E) throws(SimError) -> E where E.RawValue == String {
        if value.isNil { return fallback }
        let names = E.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        guard case .string(let bytes) = value else {
            throw fail("\(key) must be one of \(names), not \(aLuaTypeName(value))")
        }
        let text = bytes.escaped
        guard let result = E(rawValue: text) else {
            let hint = suggestion(for: text, among: E.allCases.map(\.rawValue))
            throw fail("\(key) must be one of \(names) (got \"\(text)\")\(hint)")
        }
        return result
    }

    /// `positive`: the key must be more than 0 (AppConfig.validate says so for 0), so a span
    /// under the clock's microsecond, which would read 0, is refused in the same words.
    private func seconds(_ value: LuaValue, key: String, default fallback: Double, positive: Bool = false) throws(SimError) -> VirtualTime {
        switch value {
        case .nil: return VirtualTime(seconds: fallback)
        case .integer(let i):
            guard let time = VirtualTime(checkedSeconds: Double(i)) else { throw fail("\(key) must be at most 1e12 seconds, not \(i)") }
            return time
        case .number(let d):
            guard let time = VirtualTime(checkedSeconds: d) else { throw fail("\(key) must be a finite number of seconds, at most 1e12, not \(literal(value))") }
            // A time under the clock's step would silently read 0 (and "must be positive, got 0").
            if d != 0, time.microseconds == 0 {
                let allowed = positive ? "must be positive: at least" : "must be 0 or at least"
                throw fail("\(key) \(allowed) 0.000001 seconds (the clock counts whole microseconds), not \(literal(value))")
            }
            return time
        default: throw fail("\(key) must be a number of seconds, not \(luaTypeName(value)) \(literal(value))")
        }
    }

    private func bool(_ value: LuaValue, key: String, default fallback: Bool, or other: String? = nil) throws(SimError) -> Bool {
        switch value {
        case .nil: return fallback
        case .boolean(let b): return b
        default: throw fail("\(key) must be true or false\(other.map { ", or \($0)," } ?? ""), not \(luaTypeName(value)) \(literal(value))")
        }
    }

    private func integer(_ value: LuaValue, key: String) throws(SimError) -> Int64 {
        guard case .integer(let i) = value else {
            throw fail("\(key) must be an integer, not \(luaTypeName(value)) \(literal(value))")
        }
        return i
    }

    private func string(_ value: LuaValue, key: String) throws(SimError) -> String {
        guard case .string(let s) = value else {
            throw fail("\(key) must be a string, not \(luaTypeName(value)) \(literal(value))")
        }
        // Ids and routes are names in the app's code: text, not arbitrary bytes.
        guard let text = s.string else { throw fail("\(key) must be UTF-8 text, not \(s.quoted)") }
        return text
    }

    private func literal(_ value: LuaValue) -> String {
        switch value {
        case .boolean(let b): b ? "true" : "false"
        case .integer(let i): String(i)
        case .number(let d): d.isNaN ? "nan" : "\(d)"  // (Swift spells a NaN with its sign bit set -nan: 0/0 in Lua on x86)
        case .string(let s): s.quoted
        default: ""
        }
    }

    /// `os = "18"`: the OS major version, as text (`"15.2"` reads 15) or an integer.
    private func osVersion(_ value: LuaValue, _ platform: Platform) throws(SimError) -> Int? {
        let known = platform.knownOS.map { "\"\($0)\"" }.joined(separator: ", ")
        switch value {
        case .nil: return nil
        case .integer(let i) where i > 0 && i < 1000: return Int(i)
        case .string(let s):
            let text = s.string ?? ""
            let major = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
            if let version = Int(major), version > 0, version < 1000, text.split(separator: ".", omittingEmptySubsequences: false).allSatisfy({ Int($0) != nil }) {
                return version
            }
            throw fail("os must be a version of \(platform.osName) such as \(known) (got \(s.quoted))")
        default:
            throw fail("os must be a version of \(platform.osName) such as \(known), as a string (\"15.2\" for a minor version) or an integer, not \(aLuaTypeName(value))")
        }
    }

    /// `url_schemes = { "icecubesapp" }` (CFBundleURLTypes): a list of scheme names.
    private func urlSchemes(_ value: LuaValue) throws(SimError) -> [String] {
        if value.isNil { return [] }
        guard case .table(let list) = value, list.count == list.sequence.count, !list.isEmpty else {
            throw fail("url_schemes must be a list of the URL schemes the app registers, e.g. url_schemes = { \"myapp\" }")
        }
        var schemes: [String] = []
        for (offset, item) in list.sequence.enumerated() {
            let scheme = try string(item, key: "url_schemes[\(offset + 1)]")
            let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+-.")
            guard let first = scheme.first, first.isLetter, scheme.allSatisfy(allowed.contains) else {
                let hint = scheme.contains(":") ? "; write \"myapp\", not \"myapp://\"" : ""
                throw fail("url_schemes[\(offset + 1)] must be a scheme name: a letter, then letters, digits, '+', '-' or '.' (got \(ByteString(scheme).quoted)\(hint))")
            }
            schemes.append(scheme)
        }
        return schemes
    }

    /// `keys = { "selectedTab" }`: a list of key names (possibly empty); nil when not given.
    private func keyList(_ value: LuaValue, _ key: String, example: String) throws(SimError) -> [String]? {
        try declaredKeyList(value, key, example: example, fail: fail)
    }

    /// `matching = { "doc", "*" }`: strings an event's text must contain; `{}` (SwiftUI's
    /// `matching: []`) declares that no event opens a window of the scene.
    private func matching(_ value: LuaValue, _ path: String) throws(SimError) -> [String]? {
        if value.isNil { return nil }
        if case .string = value { return [try string(value, key: "\(path).matching")] }
        guard case .table(let list) = value, list.count == list.sequence.count else {
            throw fail(
                "\(path).matching must be a list of strings an event's URL or target contains, e.g. matching = { \"doc\" } (\"*\" matches every event), not \(aLuaTypeName(value))"
            )
        }
        var result: [String] = []
        for (offset, item) in list.sequence.enumerated() {
            result.append(try string(item, key: "\(path).matching[\(offset + 1)]"))
        }
        return result
    }

    private mutating func scenes(_ value: LuaValue, platform: Platform) throws(SimError) -> [SceneDeclaration] {
        if value.isNil { return [SceneDeclaration(id: "main")] }
        guard case .table(let list) = value, list.count == list.sequence.count else {
            throw fail("scenes must be a list of scene tables, e.g. scenes = { { id = \"main\" }, { id = \"detail\", value = \"string\" } }")
        }
        var result: [SceneDeclaration] = []
        for (offset, item) in list.sequence.enumerated() {
            let path = "scenes[\(offset + 1)]"
            guard case .table(let scene) = item else {
                throw fail("\(path) must be a table like { id = \"main\" }, not \(aLuaTypeName(item))")
            }
            try checkKeys(scene, allowed: Self.sceneKeys, path: "\(path).")
            guard !scene[field: "id"].isNil else { throw fail("\(path) needs an id, e.g. { id = \"main\" }") }
            let id = try string(scene[field: "id"], key: "\(path).id")
            let kind = try enumValue(scene[field: "kind"], key: "\(path).kind", default: SceneDeclaration.Kind.windowGroup)
            var valueType: SceneValue.Kind?
            if !scene[field: "value"].isNil {
                valueType = try enumValue(scene[field: "value"], key: "\(path).value", default: SceneValue.Kind.string)
            }
            var handlers: [String: LuaFunctionRef] = [:]
            for (key, shape) in Self.sceneHandlers {
                switch scene[field: key] {
                case .nil: break
                case .function(let handler): handlers[key] = handler
                case let other: throw fail("\(path).\(key) must be a \(shape), not \(aLuaTypeName(other))")
                }
            }
            if handlers["handles"] != nil && handlers["allows"] != nil {
                throw fail("\(path) gives both handles and allows; handles is the older name of allows: keep allows = function(w, event)")
            }
            if !handlers.isEmpty {
                sceneCode[id] = sceneCalls(handlers)
                appCode += Self.sceneHandlers.compactMap { handlers[$0.0] }
            }
            var declaration = SceneDeclaration(id: id, kind: kind, valueType: valueType)
            declaration.keys = try keyList(scene[field: "keys"], "\(path).keys", example: "keys = { \"selectedTab\" }")
            declaration.memory = try keyList(scene[field: "memory"], "\(path).memory", example: "memory = { \"draft\" }")
            declaration.matching = try matching(scene[field: "matching"], path)
            if !scene[field: "launch"].isNil && !platform.hasSceneLaunchBehaviors {
                throw fail("\(path).launch: defaultLaunchBehavior exists only on macos and visionos, not on \(platform.rawValue); remove launch")
            }
            declaration.restorationDeclared = !scene[field: "restoration"].isNil
            declaration.launch = try enumValue(scene[field: "launch"], key: "\(path).launch", default: LaunchBehavior.automatic)
            declaration.restoration = try bool(scene[field: "restoration"], key: "\(path).restoration", default: true)
            result.append(declaration)
        }
        return result
    }

    /// A scene's handlers as the code the simulator calls: each runs its Lua function at its
    /// event through the host, as hooks run (`callAppCode`); one that failed or did not run
    /// answers false (its error is raised once the system action is over). A Lua condition
    /// decides: anything but nil and false is true.
    private func sceneCalls(_ handlers: [String: LuaFunctionRef]) -> AppModel.SceneCalls {
        let ref = ScriptHostRef(host: host)  // the calls are @Sendable (AppModel is Sendable)
        @Sendable func truthy(_ results: [LuaValue]?) -> Bool {
            switch results?.first {
            case nil, .nil?, .boolean(false)?: false
            default: true
            }
        }
        var calls = AppModel.SceneCalls()
        if let function = handlers["on_phase"] {
            calls.phase = { _, id, from, to in
                _ = ref.host.callAppCode(function, [ref.host.windowValue(id), .string(ByteString(from.text)), .string(ByteString(to.text))])
            }
        }
        if let function = handlers["on_url"] {
            calls.url = { _, id, url in truthy(ref.host.callAppCode(function, [ref.host.windowValue(id), .string(url)])) }
        }
        if let function = handlers["on_activity"] {
            calls.activity = { _, id, type, info in
                truthy(ref.host.callAppCode(function, [ref.host.windowValue(id), .string(ByteString(type)), info.luaTable]))
            }
        }
        if let function = handlers["on_notification"] {
            calls.notification = { _, id, info in _ = ref.host.callAppCode(function, [ref.host.windowValue(id), info.luaTable]) }
        }
        if let function = handlers["on_shortcut"] {
            calls.shortcut = { _, id, type in _ = ref.host.callAppCode(function, [ref.host.windowValue(id), .string(ByteString(type))]) }
        }
        // prefers and allows are asked only about an event with a text (ExternalEvent.text).
        if let function = handlers["prefers"] {
            calls.prefers = { _, id, event in truthy(ref.host.callAppCode(function, [ref.host.windowValue(id), .string(event.text ?? ByteString())])) }
        }
        if let function = handlers["allows"] {
            calls.allows = { _, id, event in truthy(ref.host.callAppCode(function, [ref.host.windowValue(id), .string(event.text ?? ByteString())])) }
        } else if let function = handlers["handles"] {
            calls.allows = { _, _, event in
                guard case .url(let url) = event else { return false }
                return truthy(ref.host.callAppCode(function, [.string(url)]))
            }
        }
        if let function = handlers["restore"] {
            // A restore check only answers (semantics 9.7): it runs outside the hooks' nesting.
            calls.restore = { _, id in ref.host.askRestore(function, id) }
        }
        if let function = handlers["on_memory_warning"] {
            calls.memoryWarning = { _, id in _ = ref.host.callAppCode(function, [ref.host.windowValue(id)]) }
        }
        return calls
    }

    private func session(_ value: LuaValue, defaultTTL: VirtualTime) throws(SimError) -> InitialSession? {
        if value.isNil { return nil }
        guard case .table(let table) = value else {
            throw fail("session must be a table like { user = \"ada\", ttl = 3600 }, not \(aLuaTypeName(value))")
        }
        try checkKeys(table, allowed: ["user", "ttl", "accessible"], path: "session.")
        guard !table[field: "user"].isNil else { throw fail("session needs a user, e.g. session = { user = \"ada\" }") }
        let user = try string(table[field: "user"], key: "session.user")
        let ttl = try seconds(table[field: "ttl"], key: "session.ttl", default: defaultTTL.seconds, positive: true)
        let accessible = try enumValue(table[field: "accessible"], key: "session.accessible", default: KeychainAccessibility.whenUnlocked)
        return InitialSession(user: ByteString(user), ttl: ttl, accessible: accessible)
    }

    private func routes(_ value: LuaValue) throws(SimError) -> [String: String] {
        if value.isNil { return [:] }
        guard case .table(let table) = value else {
            throw fail("routes must be a table like { item = \"detail\" }, not \(aLuaTypeName(value))")
        }
        var result: [String: String] = [:]
        for (key, target) in table.entries {
            guard let route = key.stringValue else { throw fail("routes must use string keys (route names)") }
            result[route] = try string(target, key: "routes.\(route)")
        }
        return result
    }

    private mutating func policy(_ value: LuaValue, platform: Platform) throws(SimError) -> Policy {
        if value.isNil { return Policy() }
        guard case .table(let table) = value else {
            throw fail("policy must be a table like { force_quit = \"keep\" }, not \(aLuaTypeName(value))")
        }
        try checkKeys(
            table,
            allowed: [
                "force_quit", "storage_save", "storage_warn_bytes", "flicker_threshold",
                "suspend_after", "app_switch_force_quit", "background_time", "expiration_warning", "refresh_time", "push_time",
                "close_windows_on_quit", "quit_when_last_window_closes", "first_unlock",
            ], path: "policy.")
        var policy = Policy()
        policy.forceQuit = try enumValue(table[field: "force_quit"], key: "policy.force_quit", default: Policy.ForceQuit.discard)
        policy.storageSave = try enumValue(table[field: "storage_save"], key: "policy.storage_save", default: Policy.StorageSave.background)
        if !table[field: "storage_warn_bytes"].isNil {
            policy.storageWarnBytes = Int(try integer(table[field: "storage_warn_bytes"], key: "policy.storage_warn_bytes"))
        }
        policy.flickerThreshold = try seconds(table[field: "flicker_threshold"], key: "policy.flicker_threshold", default: 0.1)
        switch table[field: "suspend_after"] {
        case .nil: break
        case .boolean(false): policy.suspendAfter = .never
        case .integer, .number:
            policy.suspendAfter = .after(try seconds(table[field: "suspend_after"], key: "policy.suspend_after", default: 5))
        case let other:
            throw fail("policy.suspend_after must be a number of seconds, or false for an app that is never suspended, not \(luaTypeName(other)) \(literal(other))")
        }
        if !table[field: "app_switch_force_quit"].isNil {
            policy.appSwitchForceQuit = try enumValue(table[field: "app_switch_force_quit"], key: "policy.app_switch_force_quit", default: Policy.AppSwitchForceQuit.background)
        }
        policy.backgroundTime = try seconds(table[field: "background_time"], key: "policy.background_time", default: 30, positive: true)
        policy.expirationWarning = try seconds(table[field: "expiration_warning"], key: "policy.expiration_warning", default: 5)
        policy.refreshTime = try seconds(table[field: "refresh_time"], key: "policy.refresh_time", default: 30, positive: true)
        policy.pushTime = try seconds(table[field: "push_time"], key: "policy.push_time", default: 30, positive: true)
        // The Mac's quitting settings (semantics 13.4, 13.6); force_quit is the iOS family's.
        if platform == .macos && !table[field: "force_quit"].isNil {
            throw fail(
                "policy.force_quit is about a force quit from the app switcher, which macos has not; there Quit (terminate(\"user\")) follows policy.close_windows_on_quit and terminate(\"force\") keeps restoration data"
            )
        }
        for key in ["close_windows_on_quit", "quit_when_last_window_closes"] where !table[field: key].isNil && platform != .macos {
            throw fail("policy.\(key) is a macOS setting; this app runs on \(platform.rawValue) (remove it, or set platform = \"macos\")")
        }
        policy.closeWindowsOnQuit = try bool(table[field: "close_windows_on_quit"], key: "policy.close_windows_on_quit", default: true)
        if case .function(let function) = table[field: "quit_when_last_window_closes"] {
            // Asked each time the last window closes (a setting such as "show in menu bar").
            appCode.append(function)
            let host = host
            policy.quitWhenLastWindowCloses = Policy.LastWindowQuit(askingDirectly: { [unowned(unsafe) host] _ in
                guard let results = host.callAppCode(function, [host.appValue]) else { return false }
                guard case .boolean(let quits)? = results.first else {
                    throw SimError(
                        .appCode,
                        "policy.quit_when_last_window_closes must return true or false, not \(ModelParser.shown(results.first ?? .nil)); it is asked each time the last window closes"
                    )
                }
                return quits
            })
        } else {
            let quits = try bool(
                table[field: "quit_when_last_window_closes"], key: "policy.quit_when_last_window_closes", default: false,
                or: "a function(app) that answers when the last window closes")
            policy.quitWhenLastWindowCloses = Policy.LastWindowQuit(quits)
        }
        policy.firstUnlock = try bool(table[field: "first_unlock"], key: "policy.first_unlock", default: true)
        if !policy.firstUnlock && platform == .macos {
            throw fail("policy.first_unlock is about the iOS family's data protection, which scenesim does not model on macos (remove it, or set platform = \"iphone\")")
        }
        return policy
    }
}
