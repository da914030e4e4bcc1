// Errors are values that each front end renders (issue 17, item 7): `message` is a script's
// text, word for word as scenarios have always read it; `swiftMessage` is the same error for a
// Swift caller, with each call spelled as the Swift API spells it (`openWindow(_:value:)`, not
// `app:open_window`). `description`, what Swift prints for a thrown error, is the Swift one.
extension SimError {
    /// The message with every scenario API call spelled in Swift.
    public var swiftMessage: String {
        var text = message
        for (lua, swift) in Self.fixedSpellings { text = text.replacingAll(lua, with: swift) }
        text = text.replacing(Self.terminateKind) { "terminate(.\($0.output.1))" }
        text = text.replacing(Self.openWindowCall) { match in
            guard let scene = match.output.1 else { return "openWindow(_:value:)" }
            return "openWindow(\(scene)" + (match.output.2.map { ", value: \($0)" } ?? "") + ")"
        }
        text = text.replacing(Self.intentCall) { "perform(intent: \"\($0.output.1)\")" }
        return text
    }

    /// Lua spellings with one Swift spelling each, longest first where one contains another.
    static let fixedSpellings: [(String, String)] = [
        ("app:terminate(\"system\" | \"user\" | \"crash\")", "terminate(.system | .user | .crash)"),
        ("app:terminate(how)", "terminate(_:)"),
        ("app:login{ user = \"...\", new_user = true }", "perform(intent: \"login\", [.string(\"...\"), .bool(true)])"),
        ("app:login{ user = \"...\" }", "perform(intent: \"login\", [.string(\"...\"), .bool(false)])"),
        ("app:launch()", "launch()"), ("app:background()", "background()"), ("app:foreground()", "foreground()"),
        ("app:switcher()", "openAppSwitcher()"), ("app:interrupt()", "interrupt()"), ("app:resume()", "resume()"),
        ("app:dismiss_window", "dismissWindow(_:value:)"), ("app:open_url", "openURL(_:)"),
        ("app:continue_activity", "continueActivity(_:info:)"), ("app:open_notification", "openNotification(_:)"),
        ("app:transition", "transition(to:)"), ("app:after", "scheduleTask(after:_:)"),
        ("w:focus()", "focus(_:)"), ("w:background()", "backgroundWindow(_:)"), ("w:close()", "close(_:)"),
        ("w:disconnect()", "disconnect(_:)"),
        // The Mac's inputs are the simulator's own methods, not intents (`app:\w+()` below).
        ("app:terminate(\"user\", { keep_windows = true })", "quitKeepingWindows()"),
        ("app:open_settings()", "openSettings()"), ("app:reopen()", "reopen()"), ("app:hide()", "hide()"),
        ("w:minimize()", "minimize(_:)"),
        ("sim.advance", "advance(by:)"), ("sim.settle()", "settle()"),
        // The livelock guard's hint: a Swift app has handlers, not a script's hooks.
        ("(a hook that reacts to every change?)", "(a model handler, such as onPhase, that reacts to every change?)"),
        ("sim.server.validate", "validate(token:_:)"), ("sim.server.create_session", "createSession(user:ttl:)"),
        ("writing app.defaults", "setDefault(_:_:)"), ("writing app.keychain", "setKeychain(token:)"),
        // A task handle's fields and methods: a background task's first, where the text says so.
        ("task.status: there is no background task", "backgroundTaskStatus(_:): there is no background task"),
        ("task.name: there is no background task", "backgroundTaskName(_:): there is no background task"),
        ("task.status", "taskStatus(_:)"), ("task.at", "taskTime(_:)"), ("task:cancel()", "cancelTask(_:)"),
        ("task:finish()", "finishBackgroundTask(_:)"),
        ("app:begin_background_task", "beginBackgroundTask(named:expirationHandler:)"),
    ]
    /// `app:terminate("user")`
    nonisolated(unsafe) static let terminateKind = #/app:terminate\("(\w+)"\)/#
    /// `app:open_window("doc", "42")`, `app:open_window("main")`, and the bare name.
    nonisolated(unsafe) static let openWindowCall = #/app:open_window(?:\(("[^"]*")(?:, ([^)]*))?\))?/#
    /// `app:next_step()` and the other intents called without arguments.
    nonisolated(unsafe) static let intentCall = #/app:(\w+)\(\)/#
}

private extension String {
    func replacingAll(_ target: String, with replacement: String) -> String {
        guard contains(target) else { return self }
        return replacing(target, with: replacement)
    }
}
