import ByteText
import LuaKit
import SceneSimCore

// The Lua spelling of every input (issue 17): one exhaustive switch over `SimInput.Kind`, so a
// new input does not compile until scripts can call it, and the app, window and `sim` tables
// install exactly the inputs whose script names they carry (tests check the completion lists,
// the LuaLS definitions and explore's rules against the same kinds).
extension ScriptHost {
    /// The input a script's call of `kind` makes, its arguments checked at the calling line;
    /// `window` is the handle's session for a window's method. Nil for `.intent`: intents are
    /// methods by their own names (ScriptHost+Model).
    func input(_ kind: SimInput.Kind, _ call: LuaCall, window: SessionID?) throws(SimError) -> SimInput? {
        try Self.checkArguments(kind, call)
        switch kind {
        case .launch: return .launch
        case .background: return .background
        case .foreground: return .foreground
        case .switcher: return .switcher
        case .interrupt: return .interrupt
        case .resume: return .resume
        case .terminate:
            let kinds = Termination.requestable.map(\.rawValue)
            guard let text = call.string(at: 2) else {
                throw SimError(.invalidValue, "app:terminate(how) needs how = \"system\", \"user\" or \"crash\" (got \(call.typeName(at: 2)))")
            }
            guard let how = Termination(rawValue: text) else {
                let hint = suggestion(for: text, among: kinds)
                throw SimError(
                    .invalidValue,
                    "app:terminate: unknown kind \"\(text)\"\(hint); use \"system\" (killed while suspended), \"user\" (force quit; Quit on macos), \"crash\" or, on macos, \"force\" (Force Quit)"
                )
            }
            return try terminateOptions(how, call)
        case .openWindow:
            let (group, value) = try windowTarget(call, "app:open_window")
            return .openWindow(group, value: value)
        case .dismissWindow:
            let (group, value) = try windowTarget(call, "app:dismiss_window")
            return .dismissWindow(group, value: value)
        case .focus: return window.map(SimInput.focus)
        case .backgroundWindow: return window.map(SimInput.backgroundWindow)
        case .close: return window.map(SimInput.close)
        case .disconnect: return window.map(SimInput.disconnect)
        case .openURL:
            guard let url = call.bytes(at: 2) else {
                throw SimError(.invalidValue, "app:open_url(url) needs a URL string like \"app://item/42\" (got \(call.typeName(at: 2)))")
            }
            return .openURL(url)
        case .advance: return .advance(try seconds(call, "sim.advance"))
        case .settle: return .settle
        case .intent: return nil
        case .refresh:
            guard call.handle(at: 1, of: classes.app) != nil else {
                throw SimError(.invalidValue, "sim.system.refresh(app) needs the app handle, e.g. sim.system.refresh(app) (got \(call.typeName(at: 1)))")
            }
            return .refresh
        case .push:
            try systemApp(call, "sim.system.push(app, info?)", example: "sim.system.push(app, { sync = \"inbox\" })")
            return .push(try eventInfo(call, at: 2, "sim.system.push"))
        case .transferDone:
            try systemApp(call, "sim.system.transfer_done(app, name)", example: "sim.system.transfer_done(app, \"photos\")")
            guard let name = call.bytes(at: 2) else {
                throw SimError(
                    .invalidValue,
                    "sim.system.transfer_done(app, name) needs the background session's name, e.g. sim.system.transfer_done(app, \"photos\") (got \(call.typeName(at: 2)))")
            }
            return .transferDone(name)
        case .memoryWarning:
            guard call.handle(at: 1, of: classes.app) != nil else {
                throw SimError(
                    .invalidValue, "sim.system.memory_warning(app) needs the app handle, e.g. sim.system.memory_warning(app) (got \(call.typeName(at: 1)))")
            }
            return .memoryWarning
        case .update: return .update(version: try updateVersion(call))
        case .lock, .unlock, .prewarm:
            guard call.handle(at: 1, of: classes.app) != nil else {
                throw SimError(.invalidValue, "\(kind.scriptName)(app) needs the app handle, e.g. \(kind.scriptName)(app) (got \(call.typeName(at: 1)))")
            }
            return kind == .lock ? .lock : kind == .unlock ? .unlock : .prewarm
        case .continueActivity:
            guard let type = call.string(at: 2) else {
                throw SimError(
                    .invalidValue,
                    "app:continue_activity(type, info?) needs the activity type, e.g. app:continue_activity(\"com.example.edit\", { id = 7 }) (got \(call.typeName(at: 2)))")
            }
            let info = try eventInfo(call, at: 3, "app:continue_activity")
            let options = try eventOptions(call, at: 4, "app:continue_activity(type, info?, options?)", ["target", "webpage"])
            return .continueActivity(type, info: info, target: options["target"], webpage: options["webpage"])
        case .openNotification:
            let info = try eventInfo(call, at: 2, "app:open_notification")
            return .openNotification(info, target: try eventOptions(call, at: 3, "app:open_notification(info?, options?)", ["target"])["target"])
        case .openShortcut:
            guard let type = call.string(at: 2) else {
                throw SimError(
                    .invalidValue,
                    "app:open_shortcut(type, options?) needs the shortcut's type, e.g. app:open_shortcut(\"com.example.new-note\", { target = \"note-3\" }) (got \(call.typeName(at: 2)))"
                )
            }
            return .openShortcut(type, target: try eventOptions(call, at: 3, "app:open_shortcut(type, options?)", ["target"])["target"])
        case .openSettings: return .openSettings
        case .reopen: return .reopen
        case .hide: return .hide
        case .replyToQuit:
            guard let quits = call.bool(at: 2) else {
                throw SimError(.invalidValue, "app:reply_to_quit(quits) needs true (quit now) or false (keep running) (got \(call.typeName(at: 2)))")
            }
            return .replyToQuit(quits)
        case .minimize: return window.map(SimInput.minimize)
        }
    }

    /// A `sim.system` call's first argument: the app handle.
    private func systemApp(_ call: LuaCall, _ text: String, example: String) throws(SimError) {
        guard call.handle(at: 1, of: classes.app) == nil else { return }
        throw SimError(.invalidValue, "\(text) needs the app handle first, e.g. \(example) (got \(call.typeName(at: 1)))")
    }

    /// `app:terminate(how, { keep_windows = true })`: the options of a termination; every key
    /// but `keep_windows` is an error that names it.
    private func terminateOptions(_ how: Termination, _ call: LuaCall) throws(SimError) -> SimInput {
        if call.isNil(at: 3) { return .terminate(how) }
        guard let options = call.table(at: 3) else {
            throw SimError(.invalidValue, "app:terminate(how, options?): options must be a table such as { keep_windows = true } (got \(call.typeName(at: 3)))")
        }
        var keep: Bool?
        for (key, value) in options.entries.sorted(by: { ($0.key.bytesValue?.escaped ?? "") < ($1.key.bytesValue?.escaped ?? "") }) {
            let name = key.bytesValue?.escaped ?? "[\(luaTypeName(key))]"
            guard name == "keep_windows" else {
                throw SimError(
                    .invalidValue,
                    "app:terminate: unknown option \"\(name)\"\(suggestion(for: name, among: ["keep_windows"])); the only option is keep_windows (Quit and Keep Windows, macos)")
            }
            guard case .boolean(let flag) = value else {
                throw SimError(.invalidValue, "app:terminate: keep_windows must be true or false, not \(aLuaTypeName(value))")
            }
            keep = flag
        }
        guard let keep else { return .terminate(how) }
        // keep_windows, true or false, is an error with any kind but "user" and off macOS
        // (semantics 13.4): false there would read as a choice the platform does not offer.
        guard how == .user else {
            throw SimError(
                .invalidValue,
                "app:terminate(\"\(how.rawValue)\", { keep_windows = \(keep) }): keep_windows is Quit and Keep Windows (⌥⌘Q), a kind of \"user\" termination; call app:terminate(\"user\", { keep_windows = true }), or leave the option out"
            )
        }
        if !keep, let simulator, simulator.config.platform != .macos {  // (true: the core's own check says the same)
            throw SimError(
                .forbidden,
                "app:terminate(\"user\", { keep_windows = \(keep) }): keep_windows is Quit and Keep Windows (⌥⌘Q), which exists only on macos; this app runs on \(simulator.config.platform.rawValue)"
            )
        }
        return keep ? .terminateKeepingWindows : .terminate(how)
    }

    /// `app:update { version = "2.0" }`: the version, a non-empty string; any other key is an
    /// error that names it.
    private func updateVersion(_ call: LuaCall) throws(SimError) -> String {
        guard let options = call.table(at: 2) else {
            throw SimError(.invalidValue, "app:update(options) needs a table naming the new version, e.g. app:update { version = \"2.0\" } (got \(call.typeName(at: 2)))")
        }
        for key in options.keys.map({ $0.bytesValue?.escaped ?? "[\(luaTypeName($0))]" }).sorted() where key != "version" {
            throw SimError(
                .invalidValue, "app:update: unknown option \"\(key)\"\(suggestion(for: key, among: ["version"])); the only option is version, e.g. app:update { version = \"2.0\" }"
            )
        }
        let given = options[field: "version"]
        guard case .string(let bytes) = given, bytes.count > 0, let version = bytes.string else {
            let got = given.bytesValue.map(\.quoted) ?? aLuaTypeName(given)
            throw SimError(.invalidValue, "app:update: version must be a non-empty string such as \"2.0\" (got \(got))")
        }
        return version
    }

    /// An event's `info` (userInfo): a table of string keys and storable values, or nothing.
    private func eventInfo(_ call: LuaCall, at index: Int, _ what: String) throws(SimError) -> SimSceneStorage {
        if call.isNil(at: index) { return SimSceneStorage() }
        guard let table = call.table(at: index) else {
            throw SimError(.invalidValue, "\(what): info must be a table of storable values, e.g. { id = 7 } (got \(call.typeName(at: index)))")
        }
        var info = SimSceneStorage()
        for (key, value) in table.entries {
            guard case .string(let name) = key else {
                throw SimError(.invalidValue, "\(what): info keys are strings (found \(aLuaTypeName(key)) key)")
            }
            let stored = try storedValue(value, "\(what): info.\(name.escaped)", holder: "info holds")
            // As storage refuses it (semantics 12.9: info holds storable values, 3.2).
            if case .double(let d)? = stored, d.isNaN {
                throw SimError(.invalidValue, "\(what): info.\(name.escaped) is NaN, which cannot be stored (it never equals itself); pass a number")
            }
            info[name] = stored
        }
        return info
    }

    /// An event's options (semantics 12.3, 12.10): `{ target = "doc-3", webpage = "https://…" }`,
    /// each a string; a key not in `allowed` is an error that names it.
    private func eventOptions(_ call: LuaCall, at index: Int, _ what: String, _ allowed: [String]) throws(SimError) -> [String: String] {
        if call.isNil(at: index) { return [:] }
        let example = allowed.count > 1 ? "{ target = \"doc-3\" } or { webpage = \"https://example.com/doc/3\" }" : "{ target = \"doc-3\" }"
        guard let table = call.table(at: index) else {
            throw SimError(.invalidValue, "\(what): options must be a table such as \(example) (got \(call.typeName(at: index)))")
        }
        var options: [String: String] = [:]
        let list = allowed.joined(separator: " and ")
        for (key, value) in table.entries.sorted(by: { ($0.key.bytesValue?.escaped ?? "") < ($1.key.bytesValue?.escaped ?? "") }) {
            let name = key.bytesValue?.escaped ?? "[\(luaTypeName(key))]"
            guard case .string = key, allowed.contains(name) else {
                throw SimError(.invalidValue, "\(what): unknown option \"\(name)\"\(suggestion(for: name, among: allowed)); the options are \(list)")
            }
            guard case .string(let text) = value else {
                throw SimError(.invalidValue, "\(what): \(name) must be a string such as \(example), not \(aLuaTypeName(value))")
            }
            options[name] = String(decoding: text.bytes, as: UTF8.self)
        }
        return options
    }

    /// The kinds a handle or table offers as its own functions: `app:`, `w:` or `sim.`.
    /// `sim.` takes the functions directly on `sim`; `sim.system.` those of `sim.system`.
    static func inputKinds(prefix: String) -> [SimInput.Kind] {
        SimInput.Kind.allCases.filter { kind in
            guard kind != .intent else { return false }
            let name = kind.scriptName
            return name.hasPrefix(prefix) && !name.utf8.dropFirst(prefix.utf8.count).contains(UInt8(ascii: "."))
        }
    }

    /// The name a kind's function has on its table (`open_window`, `background` for `w:`,
    /// `refresh` for `sim.system.refresh`): what follows the last `:` or `.`. Bytes, not
    /// Characters: every new Lua state installs each function by this name.
    static func functionName(_ kind: SimInput.Kind) -> String {
        let name = kind.scriptName
        guard let cut = name.utf8.lastIndex(where: { $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: ".") }) else { return name }
        return String(name[name.utf8.index(after: cut)...])
    }

    /// The function that makes a script's call of `kind` an input and sends it; `what` names the
    /// call in the error for a script that has not launched the app yet.
    func inputFunction(_ kind: SimInput.Kind, what: String, window: @escaping (Int64) -> SessionID? = { _ in nil }) -> (LuaCall, Int64) -> LuaReturn {
        { [unowned(unsafe) self] call, id in
            request(call, what) { () throws(SimError) in
                guard let input = try input(kind, call, window: window(id)) else {
                    throw SimError(.invalidValue, "\(kind.scriptName) is not a call scripts make this way")
                }
                return input
            }
        }
    }

    /// How a script calls `kind`, its parameters named (nil for `.intent`, whose methods check
    /// their own).
    static func signature(_ kind: SimInput.Kind) -> (text: String, parameters: Int)? {
        switch kind {
        case .launch, .background, .foreground, .switcher, .interrupt, .resume, .openSettings, .reopen, .hide,
            .focus, .backgroundWindow, .close, .disconnect, .minimize, .settle:
            return (kind.scriptName + "()", 0)
        case .terminate: return ("app:terminate(how, options?)", 2)
        case .openWindow, .dismissWindow: return (kind.scriptName + "(id, value?)", 2)
        case .openURL: return ("app:open_url(url)", 1)
        case .replyToQuit: return ("app:reply_to_quit(quits)", 1)
        case .continueActivity: return ("app:continue_activity(type, info?, options?)", 3)
        case .openNotification: return ("app:open_notification(info?, options?)", 2)
        case .openShortcut: return ("app:open_shortcut(type, options?)", 2)
        case .advance: return ("sim.advance(seconds)", 1)
        case .refresh, .lock, .unlock, .prewarm: return (kind.scriptName + "(app)", 1)
        case .push: return ("sim.system.push(app, info?)", 2)
        case .transferDone: return ("sim.system.transfer_done(app, name)", 2)
        case .memoryWarning: return ("sim.system.memory_warning(app)", 1)
        case .update: return ("app:update(options)", 1)
        case .intent: return nil
        }
    }

    /// An argument past the last a call takes (trailing nils aside) is an error that names it:
    /// an option table or a flag a call does not take would otherwise be dropped without a
    /// word (`app:open_url(url, { new_window = true })`).
    static func checkArguments(_ kind: SimInput.Kind, _ call: LuaCall) throws(SimError) {
        guard let (text, parameters) = signature(kind) else { return }
        // A method's first argument is its handle (`app:` and `w:`); sim.system.refresh's is the app.
        let first = kind.scriptName.hasPrefix("sim.") ? 1 : 2
        try checkArgumentCount(call, after: first + parameters - 1, text)
    }

    /// Throws when `call` has a non-nil argument past position `last`: "TEXT takes N
    /// arguments; argument K is a TYPE; drop it".
    static func checkArgumentCount(_ call: LuaCall, after last: Int, _ text: String) throws(SimError) {
        var top = call.count
        while top > last && call.isNil(at: top) { top -= 1 }
        guard top > last else { return }
        let method = text.hasPrefix("app:") || text.hasPrefix("w:")
        let taken = method ? last - 1 : last
        let extra = method ? last : last + 1
        throw SimError(
            .invalidValue,
            "\(text) takes \(taken == 0 ? "no arguments" : taken == 1 ? "1 argument" : "\(taken) arguments"), but argument \(extra) is \(aLuaTypeName(call.value(at: last + 1))); drop it"
        )
    }

    /// The (group, value) arguments of open_window / dismiss_window.
    private func windowTarget(_ call: LuaCall, _ what: String) throws(SimError) -> (String, SceneValue?) {
        guard let group = call.string(at: 2) else {
            throw SimError(.invalidValue, "\(what)(id, value?) needs a scene id string, e.g. \(what)(\"main\") (got \(call.typeName(at: 2)))")
        }
        if call.isNil(at: 3) { return (group, nil) }
        let raw = call.value(at: 3)
        guard let value = SceneValue(lua: raw) else {
            throw SimError(.invalidValue, "\(what): a window value must be a \(storableTypes), not \(aLuaTypeName(raw))")
        }
        return (group, value)
    }

    /// The seconds argument of `sim.advance`.
    private func seconds(_ call: LuaCall, _ what: String) throws(SimError) -> VirtualTime {
        guard let seconds = call.number(at: 1) else {
            throw SimError(.invalidValue, "\(what) needs a number of seconds, e.g. \(what)(1.5) (got \(call.typeName(at: 1)))")
        }
        guard let time = VirtualTime(checkedSeconds: seconds) else {
            throw SimError(
                .invalidValue,
                "\(what) needs a finite number of seconds, at most 1e12 (got \((try? call.describe(at: 1)).map { String(decoding: $0, as: UTF8.self) } ?? "a number"))")
        }
        guard time >= .zero else {
            throw SimError(.invalidValue, "\(what) needs zero or more seconds (got \(time.text)); the clock only moves forward")
        }
        return time
    }
}
