import SwiftSyntax

/// The app delegate's other methods (spec behaviour-from-source §2 "Which code"): the Dock's
/// reopen, the last-window quit policy, the notification centre's response, and the
/// termination the model cannot hear yet.
extension Translator {
    /// `applicationShouldHandleReopen(_:hasVisibleWindows:)` → the model's `on_reopen`: its
    /// result (false stops the default window) is the handler's.
    func reopenHandler(delegate: String?) -> Translation.ModelHandler? {
        guard let delegate, let decl = symbols.functions["\(delegate).applicationShouldHandleReopen"]?.first else { return nil }
        var ctx = Context(file: decl.file, converter: decl.converter, owner: delegate, place: .app)
        ctx.indent = "      "
        ctx.returnsValue = true
        if let flag = decl.parameters.first(where: { $0.label == "hasVisibleWindows" }) {
            // scenesim asks only when no window is visible; v5 passes the flag itself.
            ctx.declare(flag.name, .init(lua: "(has_visible_windows == true)", type: .bool))
        }
        let title = "\(delegate).applicationShouldHandleReopen"
        let body = ["      -- \(decl.file):\(decl.line) \(title)", entryMark(file: decl.file, line: decl.line, title, indent: ctx.indent)] + block(decl.body, &ctx)
        return .init(name: "on_reopen", parameters: "app, has_visible_windows", body: body)
    }

    /// `applicationShouldTerminateAfterLastWindowClosed(_:)` → `policy.quit_when_last_window_closes`
    /// (macOS only): a literal as it is; an expression (`!showInMenuBar`) is asked by AppKit at
    /// each last-window close, but scenesim's policy is a constant read at launch, so the module
    /// holds its value over the Swift defaults, with a comment saying so (an overlay's `policy`
    /// replaces it). No coverage mark: the answer is computed once as the module loads, not at a
    /// last-window close a scenario takes, so a mark would count every scenario as running it.
    func quitPolicy(delegate: String?) -> [String]? {
        guard platform == "macos", let delegate,
            let decl = symbols.functions["\(delegate).applicationShouldTerminateAfterLastWindowClosed"]?.first
        else { return nil }
        let title = "\(decl.file):\(decl.line) \(delegate).applicationShouldTerminateAfterLastWindowClosed"
        // `return true` / `true`: the literal.
        let items = Array(decl.body)
        if items.count == 1 {
            let only = items[0].item
            let expression = only.as(ReturnStmtSyntax.self)?.expression ?? only.as(ExprSyntax.self) ?? only.as(ExpressionStmtSyntax.self)?.expression
            if let literal = expression?.as(BooleanLiteralExprSyntax.self) {
                return ["  policy = { quit_when_last_window_closes = \(literal.literal.text) }, -- \(title)"]
            }
        }
        var ctx = Context(file: decl.file, converter: decl.converter, owner: delegate, place: .app)
        ctx.indent = "      "
        ctx.returnsValue = true
        var lines = [
            "  -- \(title) decides at each last-window close (\(LuaText.comment(decl.body.trimmedDescription, limit: 80)));",
            "  -- scenesim's policy is a constant read at launch: this is the Swift code's answer over the",
            "  -- Swift defaults (no setting written yet). An overlay's policy replaces it.",
            "  policy = { quit_when_last_window_closes = (function()",
            "    local app = { defaults = {}, memory = {}, phase = \"active\" }",
            "    local ok, quits = pcall(function()",
        ]
        var body = block(decl.body, &ctx)
        // A single expression body returns it (Swift's implicit return).
        if items.count == 1, let expression = items[0].item.as(ExprSyntax.self) ?? items[0].item.as(ExpressionStmtSyntax.self)?.expression,
            !expression.is(IfExprSyntax.self), !expression.is(SwitchExprSyntax.self)
        {
            body = ["      return \(value(expression, &ctx, expect: .bool).code) -- \(at(expression, ctx))"]
        }
        lines += body
        lines += [
            "    end)",
            "    return ok and quits == true",
            "  end)() },",
        ]
        return lines
    }

    /// The type whose `userNotificationCenter(_:didReceive:…)` answers a notification the user
    /// opened: the delegate adaptor's, else the first type declaring one.
    private func notificationDelegate(_ delegate: String?, label: String) -> FunctionDecl? {
        func find(_ type: String) -> FunctionDecl? {
            symbols.functions["\(type).userNotificationCenter"]?.first { $0.parameters.contains { $0.label == label } }
        }
        if let delegate, let found = find(delegate) { return found }
        for info in index?.orderedTypes ?? [] {
            if let found = find(info.name) { return found }
        }
        return nil
    }

    /// `userNotificationCenter(_:didReceive:withCompletionHandler:)` (or its async form) → the
    /// model's `on_notification(app, info)`: the response's `notification.request.content.userInfo`
    /// is `info`; calling the completion handler is the system's business (a comment).
    func notificationHandler(delegate: String?) -> Translation.ModelHandler? {
        guard let decl = notificationDelegate(delegate, label: "didReceive") else { return nil }
        var ctx = Context(file: decl.file, converter: decl.converter, owner: decl.owner, place: .app)
        ctx.indent = "      "
        for parameter in decl.parameters {
            switch parameter.label {
            case "didReceive": ctx.declare(parameter.name, .init(lua: "info", type: .named("UNNotificationResponse")))
            case "withCompletionHandler": ctx.declare(parameter.name, .init(lua: "nil", type: .named("CompletionHandler")))
            default: ctx.declare(parameter.name, .init(lua: "nil", type: .named("UNUserNotificationCenter")))
            }
        }
        let title = "\(decl.owner.map { $0 + "." } ?? "")userNotificationCenter(_:didReceive:)"
        let body = ["      -- \(decl.file):\(decl.line) \(title)", entryMark(file: decl.file, line: decl.line, title, indent: ctx.indent)] + block(decl.body, &ctx)
        return .init(name: "on_notification", parameters: "app, info", body: body)
    }

    /// Delegate methods the simulator has no event for: a comment in the model and an entry of
    /// `untranslated` each, so a reader sees what the app does there and that no scenario runs it.
    func unmodelledDelegateMethods(delegate: String?) -> [String] {
        var notes: [String] = []
        func note(_ decl: FunctionDecl, _ title: String, _ why: String) {
            let text = "\(title): \(why)"
            untranslated.append(.init(file: decl.file, line: decl.line, text: text))
            notes.append("    -- not translated: \(text) (\(decl.file):\(decl.line))")
        }
        if let delegate, let decl = symbols.functions["\(delegate).applicationWillTerminate"]?.first {
            note(decl, "\(delegate).applicationWillTerminate", "no termination hook in the model yet (platform v5's on_terminate, issue 41); its calls would be effects")
        }
        if let decl = notificationDelegate(delegate, label: "willPresent") {
            note(decl, "\(decl.owner.map { $0 + "." } ?? "")userNotificationCenter(_:willPresent:)", "a notification arriving while the app is in front has no scenesim event")
        }
        return notes
    }
}
