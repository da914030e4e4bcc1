import ByteText
import LuaKit
import SceneSimCore

/// A script's call of a Lua model's intent on its way through `Simulator.perform(intent:)`
/// (a `SimInput.intent`, as a Swift intent's): the Lua values the call passes, which a
/// `SceneValue` cannot all hold (a function, a window), go to the intent's code here, and all
/// its results (or the error it raised) come back. A call that did not come from a script
/// (`send(.intent(...))` from Swift) passes its `SceneValue`s.
final class LuaIntentCall {
    /// The script's arguments, taken by the intent's code as it starts (so one intent called
    /// from another's code gets its own).
    var arguments: [LuaValue]?
    /// What the intent's function returned, as it returned it.
    var results: [LuaValue] = []
    /// The error the intent's function raised (thrown as a `SimError` through the simulator).
    var error: LuaError?

    /// Runs an intent's `function` with the app and the arguments; its first result is the
    /// call's value for Swift (nil when it is not a stored value).
    func run(_ function: LuaFunctionRef, _ values: [SceneValue], _ host: ScriptHost) throws(SimError) -> SceneValue? {
        let given = arguments ?? values.map(\.lua)
        arguments = nil
        do {
            results = try host.lua.call(function, [host.appValue] + given)
        } catch {
            host.noteHookError(error)
            self.error = error
            throw SimError(.appCode, .text(error.message))
        }
        return results.first.flatMap { SceneValue(lua: $0) }
    }
}

/// Reads `model = {...}` (semantics 10) into the core's `AppModel`, whose code is closures that
/// run the model's Lua functions at their events through the host, as it runs hooks
/// (`callAppCode`). Each problem is an error naming the part of the declaration, with "did you
/// mean" for misspelt names. What stays with the script is kept here for the host: the model's
/// name, how its intents take a script's call, its effects' functions, and every function of
/// its code.
struct ModelParser {
    /// Names an intent cannot take: they are the app handle's own methods and fields.
    let reserved: [String]
    /// The host whose Lua state runs the model's code (it owns the parser's result).
    unowned(unsafe) let host: ScriptHost
    /// What reports call the model (`name = "notes"`); nil: named after the first scenario
    /// that declares it (filled by `parse`).
    private(set) var name: String?
    /// How a script's `app:<intent>(...)` hands its Lua values to the intents' code and takes
    /// back what it returned (set by `parse` when the model has intents).
    private(set) var intentCall: LuaIntentCall?
    /// `effects = { ["ApiClient.send"] = function(app, w, ...) end }`: what `app:effect` and
    /// `w:effect` of that name do (scenarios/README.md, "Effects"; filled by `parse`).
    private(set) var effects: [ByteString: LuaFunctionRef] = [:]
    /// Every function of the model's code, handlers, intents and effects, in that order.
    private(set) var functions: [LuaFunctionRef] = []

    static let keys = [
        "name", "states", "initial", "transitions", "on_launch", "on_phase", "on_url", "on_refresh", "on_refresh_expired", "on_protected_data", "phase_notes", "intents",
        "on_activity", "on_notification", "on_shortcut", "on_reopen", "on_terminate", "on_should_quit", "defaults_keys", "memory", "effects", "background_modes", "on_push",
        "on_transfer", "on_memory_warning", "on_restore_value",
    ]

    /// `background_modes = { "remote-notification", "audio" }` (UIBackgroundModes), each once.
    private func backgroundModes(_ value: LuaValue) throws(SimError) -> [BackgroundMode] {
        if value.isNil { return [] }
        let example = "background_modes = { \"remote-notification\", \"audio\" }"
        guard case .table(let list) = value else {
            throw fail("model.background_modes must be a list of UIBackgroundModes, e.g. \(example), not \(aLuaTypeName(value))")
        }
        guard list.count == list.sequence.count else {
            throw fail("model.background_modes must be a list of UIBackgroundModes, e.g. \(example), not a table with named keys")
        }
        var modes: [BackgroundMode] = []
        for (offset, item) in list.sequence.enumerated() {
            guard case .string(let bytes) = item else {
                throw fail("model.background_modes[\(offset + 1)] must be a mode's name as a string, not \(aLuaTypeName(item))")
            }
            guard let mode = bytes.string.flatMap(BackgroundMode.init(rawValue:)) else {
                throw fail("model.background_modes[\(offset + 1)]: \(BackgroundMode.unknown(bytes.escaped))")
            }
            if !modes.contains(mode) { modes.append(mode) }
        }
        return modes
    }

    mutating func parse(_ value: LuaValue) throws(SimError) -> AppModel {
        guard case .table(let table) = value else {
            throw fail(
                "model must be a table declaring the app's states, initial, transitions, handlers and intents, or the name of a registered model, e.g. model = \"builtin\", not \(aLuaTypeName(value))"
            )
        }
        try checkKeys(table, allowed: Self.keys, path: "model")
        let states = try stateDeclarations(table[field: "states"])
        guard case .string(let initial) = table[field: "initial"], let initialText = initial.string else {
            let given = table[field: "initial"]
            throw fail("model.initial must name the state a process starts in, e.g. initial = \"loading\"" + (given.isNil ? "" : " (got \(aLuaTypeName(given)))"))
        }
        let transitionTable = try transitions(table[field: "transitions"])
        let intents = try intentFunctions(table[field: "intents"])
        var model: AppModel
        do {
            model = try AppModel(states: states, initial: initialText, transitions: transitionTable, intents: intents.keys.sorted())
        } catch {
            throw fail(error.message)
        }
        func handler(_ key: String, _ shape: String) throws(SimError) -> LuaFunctionRef? {
            switch table[field: key] {
            case .nil: return nil
            case .function(let function):
                functions.append(function)
                return function
            case let other: throw fail("model.\(key) must be a \(shape), not \(aLuaTypeName(other))")
            }
        }
        // The model's calls are @Sendable (AppModel is Sendable): they hold the host as a ScriptHostRef.
        let ref = ScriptHostRef(host: host)
        if let function = try handler("on_launch", "function(app)") {
            model.launchCode = { _ in _ = ref.host.callAppCode(function, [ref.host.appValue]) }
        }
        if let function = try handler("on_phase", "function(app, old, new)") {
            model.phaseCode = { _, old, new in
                _ = ref.host.callAppCode(function, [ref.host.appValue, .string(ByteString(old.rawValue)), .string(ByteString(new.rawValue))])
            }
        }
        if let function = try handler("on_url", "function(app, url)") {
            model.urlCode = { _, url in
                ref.host.callAppCode(function, [ref.host.appValue, .string(url)]).map(Self.eventAnswer) ?? .passed
            }
        }
        if let function = try handler("on_refresh", "function(app, task)") {
            model.refreshCode = { _, task in _ = ref.host.callAppCode(function, [ref.host.appValue, ref.host.backgroundTaskValue(task)]) }
        }
        if let function = try handler("on_refresh_expired", "function(app, task)") {
            model.refreshExpiredCode = { _, task in _ = ref.host.callAppCode(function, [ref.host.appValue, ref.host.backgroundTaskValue(task)]) }
        }
        if let function = try handler("on_push", "function(app, info, task)") {
            model.pushCode = { _, info, task in _ = ref.host.callAppCode(function, [ref.host.appValue, info.luaTable, ref.host.backgroundTaskValue(task)]) }
        }
        if let function = try handler("on_transfer", "function(app, name, task)") {
            model.transferCode = { _, name, task in _ = ref.host.callAppCode(function, [ref.host.appValue, .string(name), ref.host.backgroundTaskValue(task)]) }
        }
        model.backgroundModes = try backgroundModes(table[field: "background_modes"])
        if let function = try handler("on_protected_data", "function(app, available)") {
            model.protectedDataCode = { _, available in _ = ref.host.callAppCode(function, [ref.host.appValue, .boolean(available)]) }
        }
        if let function = try handler("on_activity", "function(app, type, info)") {
            model.activityCode = { _, type, info in
                ref.host.callAppCode(function, [ref.host.appValue, .string(ByteString(type)), info.luaTable]).map(Self.eventAnswer) ?? .passed
            }
        }
        if let function = try handler("on_notification", "function(app, info)") {
            model.notificationCode = { _, info in _ = ref.host.callAppCode(function, [ref.host.appValue, info.luaTable]) }
        }
        if let function = try handler("on_shortcut", "function(app, type)") {
            model.shortcutCode = { _, type in _ = ref.host.callAppCode(function, [ref.host.appValue, .string(ByteString(type))]) }
        }
        if let function = try handler("on_reopen", "function(app, has_visible_windows)") {
            // false stops the default; anything else lets it run.
            model.reopenCode = { _, visible in
                ref.host.callAppCode(function, [ref.host.appValue, .boolean(visible)]).map { $0.first != .boolean(false) } ?? false
            }
        }
        if let function = try handler("on_terminate", "function(app, how)") {
            model.terminateCode = { _, how in _ = ref.host.callAppCode(function, [ref.host.appValue, .string(ByteString(how.rawValue))]) }
        }
        if let function = try handler("on_should_quit", "function(app)") {
            model.shouldQuitCode = { _ in
                // A failed call quits nothing: its error is raised once the Quit is over.
                guard let results = ref.host.callAppCode(function, [ref.host.appValue]) else { return .cancel }
                if case .string(let text)? = results.first, let reply = AppModel.QuitReply(rawValue: text.escaped) { return reply }
                throw SimError(
                    .appCode,
                    "model.on_should_quit must return \"now\", \"cancel\" or \"later\", not \(Self.shown(results.first ?? .nil)); \"later\" waits for app:reply_to_quit(true|false)"
                )
            }
        }
        if let function = try handler("on_memory_warning", "function(app)") {
            model.memoryWarningCode = { _ in _ = ref.host.callAppCode(function, [ref.host.appValue]) }
        }
        if let function = try handler("on_restore_value", "function(w, key, value, from_version)") {
            model.restoreValueCode = { _, id, key, value, from in
                try ref.host.restoredValue(function, id, key, value, from)
            }
        }
        if !intents.isEmpty {
            nonisolated(unsafe) let channel = LuaIntentCall()  // used, as the host is, on its Lua state's thread only
            for (name, function) in intents {
                model.setIntent(
                    name,
                    AppModel.Intent(parameters: [], checksArguments: false) { _, arguments in
                        try channel.run(function, arguments, ref.host)
                    })
            }
            intentCall = channel
        }
        let notes = try phaseNotes(table[field: "phase_notes"])
        if !notes.isEmpty { model.phaseNote = { phase in notes[phase.rawValue] } }
        name = try modelName(table[field: "name"])
        model.defaultsKeys = try declaredKeyList(table[field: "defaults_keys"], "model.defaults_keys", example: "defaults_keys = { \"theme\" }", fail: fail)
        model.memoryKeys = try declaredKeyList(table[field: "memory"], "model.memory", example: "memory = { \"store\" }", fail: fail)
        effects = try effectFunctions(table[field: "effects"])
        functions += intents.keys.sorted().map { intents[$0]! } + effects.keys.sorted().map { effects[$0]! }
        return model
    }

    /// A value app code returned, for the error that says it will not do: `nil`, `the string
    /// "yes"`, `an integer`.
    static func shown(_ value: LuaValue) -> String {
        switch value {
        case .nil: "nil"
        case .string(let text): "the string \(text.quoted)"
        default: aLuaTypeName(value)
        }
    }

    /// What the model's `on_url` or `on_activity` answered: false with a reason, refused; nil or
    /// false, passed on; any other value handled, as Lua reads a condition (so `return "yes"`
    /// is true here as in `allows` and a window's `on_url`, not a silent "passed").
    static func eventAnswer(_ results: [LuaValue]) -> AppModel.URLAnswer {
        switch (results.first, results.dropFirst().first) {
        case (nil, _), (.nil?, _): return .passed
        case (.boolean(false)?, .string(let reason)?): return .refused(reason.escaped)
        case (.boolean(false)?, _): return .passed
        default: return .handled
        }
    }

    /// `name = "notes"`: letters, digits, `_`, `-`, `.` and spaces, as reports print it as is.
    private func modelName(_ value: LuaValue) throws(SimError) -> String? {
        if value.isNil { return nil }
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-. ")
        guard case .string(let bytes) = value, let text = bytes.string, !text.isEmpty, text.count <= 64, text.allSatisfy(allowed.contains),
            text.first != " ", text.last != " "
        else {
            let got = value.bytesValue.map(\.quoted) ?? aLuaTypeName(value)
            throw fail("model.name is what coverage reports call the model: up to 64 letters, digits, '_', '-', '.' or inner spaces, e.g. name = \"notes\" (got \(got))")
        }
        return text
    }

    private func fail(_ message: String) -> SimError {
        SimError(.invalidConfig, "sim.launch: \(message)")
    }

    private func checkKeys(_ table: LuaTable, allowed: [String], path: String) throws(SimError) {
        for key in table.keys {
            let name = key.bytesValue?.escaped ?? "[\(luaTypeName(key))]"
            guard allowed.contains(name) else {
                let hint = closest(to: name, among: allowed).map { " (did you mean \"\($0)\"?)" } ?? "; \(path) takes \(allowed.joined(separator: ", "))"
                throw fail("unknown key \"\(name)\" in \(path)\(hint)")
            }
        }
    }

    private func stateDeclarations(_ value: LuaValue) throws(SimError) -> [AppModel.StateDeclaration] {
        guard case .table(let table) = value, !table.isEmpty else {
            throw fail("model.states must be a table of the app's states, e.g. states = { loading = {}, signed_in = { arg = \"string\" } }")
        }
        var result: [AppModel.StateDeclaration] = []
        // By name: a Lua table has no order, and messages must read the same on every run.
        for (key, entry) in table.entries.sorted(by: { ($0.key.bytesValue?.escaped ?? "") < ($1.key.bytesValue?.escaped ?? "") }) {
            guard case .string(let bytes) = key, let name = bytes.string else {
                throw fail("model.states must be keyed by state names, e.g. states = { locked = {} } (found a \(luaTypeName(key)) key)")
            }
            guard case .table(let body) = entry else {
                throw fail("model.states.\(name) must be a table, {} or { arg = ... }, not \(aLuaTypeName(entry))")
            }
            try checkKeys(body, allowed: ["arg", "loading"], path: "model.states.\(name)")
            let loading = body[field: "loading"]
            guard loading.isNil || loading.boolValue != nil else {
                throw fail("model.states.\(name).loading must be true or false (true: the state is a loading screen, semantics 5.3 and 4.7), not \(aLuaTypeName(loading))")
            }
            result.append(AppModel.StateDeclaration(name, try argument(body[field: "arg"], of: name), loading: loading.boolValue ?? false))
        }
        return result
    }

    private func argument(_ value: LuaValue, of state: String) throws(SimError) -> AppModel.ArgumentType {
        let expected = "must be \"string\", \"integer\" or a list of allowed values like { \"offline\", \"expired\" }"
        switch value {
        case .nil:
            return .none
        case .string(let bytes):
            let text = bytes.escaped
            switch text {
            case "string": return .string
            case "integer": return .integer
            default: throw fail("model.states.\(state).arg \(expected) (got \"\(text)\")\(suggestion(for: text, among: ["string", "integer"]))")
            }
        case .table(let list) where list.count == list.sequence.count && !list.isEmpty:
            var words: [String] = []
            for item in list.sequence {
                guard case .string(let bytes) = item, let word = bytes.string else {
                    throw fail("model.states.\(state).arg lists allowed values as strings, not \(aLuaTypeName(item))")
                }
                words.append(word)
            }
            return .oneOf(words)
        default:
            throw fail("model.states.\(state).arg \(expected), not \(aLuaTypeName(value))")
        }
    }

    private func transitions(_ value: LuaValue) throws(SimError) -> [String: [String]] {
        if value.isNil { return [:] }
        guard case .table(let table) = value else {
            throw fail("model.transitions must be a table of state name -> list of states, e.g. transitions = { locked = { \"signed_in\" } }, not \(aLuaTypeName(value))")
        }
        var result: [String: [String]] = [:]
        for (key, entry) in table.entries {
            guard case .string(let bytes) = key, let from = bytes.string else {
                throw fail("model.transitions must be keyed by state names (found a \(luaTypeName(key)) key)")
            }
            guard case .table(let list) = entry, list.count == list.sequence.count else {
                throw fail("model.transitions.\(from) must be a list of state names, e.g. { \"signed_in\" }, not \(aLuaTypeName(entry))")
            }
            var targets: [String] = []
            for item in list.sequence {
                guard case .string(let name) = item, let target = name.string else {
                    throw fail("model.transitions.\(from) lists state names as strings, not \(aLuaTypeName(item))")
                }
                targets.append(target)
            }
            result[from] = targets
        }
        return result
    }

    private func phaseNotes(_ value: LuaValue) throws(SimError) -> [String: String] {
        if value.isNil { return [:] }
        let phases = SimScenePhase.allCases.map(\.rawValue)
        guard case .table(let table) = value else {
            throw fail("model.phase_notes must be a table of phase -> text, e.g. { active = \"refresh\" }, not \(aLuaTypeName(value))")
        }
        try checkKeys(table, allowed: phases, path: "model.phase_notes")
        var notes: [String: String] = [:]
        for phase in phases where !table[field: phase].isNil {
            guard case .string(let text) = table[field: phase] else {
                throw fail("model.phase_notes.\(phase) must be a string, not \(aLuaTypeName(table[field: phase]))")
            }
            notes[phase] = text.escaped
        }
        return notes
    }

    /// `effects = { ["Type.method"] = function(app, w, ...) ... end }`.
    private func effectFunctions(_ value: LuaValue) throws(SimError) -> [ByteString: LuaFunctionRef] {
        if value.isNil { return [:] }
        guard case .table(let table) = value else {
            throw fail(
                "model.effects must be a table of effect name -> function(app, w, ...), e.g. effects = { [\"ApiClient.send\"] = function(app, w, body) end }, not \(aLuaTypeName(value))"
            )
        }
        var result: [ByteString: LuaFunctionRef] = [:]
        for (key, entry) in table.entries {
            guard case .string(let name) = key, !name.isEmpty else {
                throw fail(
                    "model.effects must be keyed by effect names such as \"ApiClient.send\" (found \(key.bytesValue != nil ? "an empty name" : "a \(luaTypeName(key)) key"))")
            }
            guard case .function(let function) = entry else {
                throw fail("model.effects[\(name.quoted)] must be a function(app, w, ...), not \(aLuaTypeName(entry))")
            }
            result[name] = function
        }
        return result
    }

    private func intentFunctions(_ value: LuaValue) throws(SimError) -> [String: LuaFunctionRef] {
        if value.isNil { return [:] }
        guard case .table(let table) = value else {
            throw fail("model.intents must be a table of name -> function(app, ...), not \(aLuaTypeName(value))")
        }
        var result: [String: LuaFunctionRef] = [:]
        for (key, entry) in table.entries {
            guard case .string(let bytes) = key, let name = bytes.string, AppModel.isIntentName(name) else {
                throw fail("model.intents must be keyed by names of letters, digits and _ (found \(key.bytesValue.map { "\"\($0.escaped)\"" } ?? "a \(luaTypeName(key)) key"))")
            }
            guard !reserved.contains(name) else {
                throw fail("model.intents.\(name): app:\(name) is a built-in method or field of app; give the intent another name")
            }
            guard case .function(let function) = entry else {
                throw fail("model.intents.\(name) must be a function(app, ...), not \(aLuaTypeName(entry))")
            }
            result[name] = function
        }
        return result
    }
}

extension ScriptHost {
    /// The model's `on_restore_value(w, key, value, from_version)` for one restored value: what
    /// it returned (nil drops the value); the value unchanged when the function failed (the
    /// failure is the launch's error).
    func restoredValue(_ function: LuaFunctionRef, _ id: SessionID, _ key: ByteString, _ value: SceneValue, _ from: String) throws(SimError) -> SceneValue? {
        guard let results = callAppCode(function, [windowValue(id), .string(key), value.lua, .string(ByteString(from))]) else { return value }
        let answer = try storedValue(results.first ?? .nil, "model.on_restore_value for storage key \(key.quoted)", holder: "SceneStorage holds")
        if case .double(let d)? = answer, d.isNaN {
            throw SimError(
                .invalidValue,
                "model.on_restore_value for storage key \(key.quoted) returned NaN, which cannot be stored (it never equals itself); return a number, or nil to drop the value")
        }
        return answer
    }
}
