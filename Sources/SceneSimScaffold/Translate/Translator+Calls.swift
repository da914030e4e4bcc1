import SwiftOperators
import SwiftSyntax

extension Translator {
    /// A call: a window action, UserDefaults, a known value method, a followed function, or an
    /// effect (scenarios/README.md, "Effects").
    func call(_ node: FunctionCallExprSyntax, _ ctx: inout Context) -> Lua? {
        var callee = node.calledExpression
        while true {
            if let chain = callee.as(OptionalChainingExprSyntax.self) { callee = chain.expression; continue }
            if let unwrap = callee.as(ForceUnwrapExprSyntax.self) { callee = unwrap.expression; continue }
            break
        }
        if let name = callee.as(DeclReferenceExprSyntax.self) {
            let text = name.baseName.text
            // A notification delegate's completionHandler(…): the system's reply, no event here.
            if ctx.lookup(text)?.type == .named("CompletionHandler") {
                return Lua("-- \(LuaText.comment(node.trimmedDescription, limit: 80)): the system's reply", .unknown).statement
            }
            if ctx.lookup(text) == nil, let property = symbols.property(text, of: ctx.owner), let action = windowAction(property, node, &ctx) { return action }
            if ctx.lookup(text) == nil, let followed = followedCall(owner: ctx.owner, text, node, &ctx, receiverObject: nil) { return followed }
            if let followed = followedCall(owner: nil, text, node, &ctx, receiverObject: nil) { return followed }
            if text.first?.isUppercase == true { return construction(text, node, &ctx) }
            return effect(effectName(node, ctx), node, &ctx)
        }
        guard let access = callee.as(MemberAccessExprSyntax.self) else { return effect(effectName(node, ctx), node, &ctx) }
        let name = access.declName.baseName.text
        if let made = payloadCase(node, access, &ctx) { return made }
        guard let base = access.base else { return effect(effectName(node, ctx), node, &ctx) }
        let baseText = base.trimmedDescription
        if baseText == "Timer", name == "scheduledTimer", let timer = scheduledTimer(node, &ctx) { return timer }
        if name == "invalidate", node.arguments.isEmpty {
            return Lua("\(helper("invalidate"))(\(value(base, &ctx).code))", .unknown, isCall: true)
        }
        if baseText == "UserDefaults.standard", let defaults = userDefaults(name, node, &ctx) { return defaults }
        if baseText == "UIApplication.shared" || baseText == "NSApplication.shared" || baseText == "NSApp" {
            if let task = backgroundTask(name, node, &ctx) { return task }
        }
        if baseText == "BGTaskScheduler.shared", name == "submit", let request = node.arguments.first {
            let value = self.value(request.expression, &ctx)
            return Lua("app:schedule_refresh((\(value.code) or {}).earliestBeginDate or 0)", .unknown, isCall: true)
        }
        if name == "setTaskCompleted" {
            let task = value(base, &ctx)
            return Lua("\(task.code):finish()", .unknown, isCall: true)
        }
        if baseText == "self", let followed = followedCall(owner: ctx.owner, name, node, &ctx, receiverObject: nil) { return followed }
        if let reference = reference(base, &ctx) {
            switch reference {
            case .object(let type):
                if let followed = followedCall(owner: type, name, node, &ctx, receiverObject: type) { return followed }
            case .type(let type):
                if let followed = followedCall(owner: type, name, node, &ctx, receiverObject: nil) { return followed }
            case .environment(let property):
                if name == "callAsFunction", let action = windowAction(property, node, &ctx) { return action }
            case .value, .local, .state:
                if let receiver = read(reference, base, &ctx), let method = valueMethod(receiver, name, node, &ctx) { return method }
            }
        }
        return effect(effectName(node, ctx), node, &ctx)
    }

    /// `Timer.scheduledTimer(withTimeInterval: N, repeats: r) { _ in … }`: a timer that fires
    /// every N seconds (or once) until `invalidate()`, whatever the window does (spec §5). Its
    /// value is an id (a string), which state can hold.
    private func scheduledTimer(_ node: FunctionCallExprSyntax, _ ctx: inout Context) -> Lua? {
        guard let interval = node.arguments.first(where: { $0.label?.text == "withTimeInterval" }),
            let closure = node.trailingClosure ?? node.arguments.last?.expression.as(ClosureExprSyntax.self)
        else { return nil }
        let repeats = node.arguments.first { $0.label?.text == "repeats" }.map { value($0.expression, &ctx, expect: .bool).code } ?? "false"
        let seconds = value(interval.expression, &ctx, expect: .double).code
        var inner = ctx.nestedFunction()
        inner.tracked = false
        if let name = closureParameters(closure).first, let name { inner.declare(name, .init(lua: "nil", type: .named("Timer"))) }
        let body = [entryMark(file: ctx.file, line: line(node, ctx), "Timer.scheduledTimer", indent: inner.indent)] + block(closure.statements, &inner)
        return Lua("\(helper("timer"))(app, \(seconds), \(repeats), function()\n" + body.joined(separator: "\n") + "\n\(ctx.indent)end)", .named("Timer"), isCall: true)
    }

    // MARK: Followed calls

    /// A call of a function `owner` declares (nil: a global one) whose labels fit the call.
    private func followedCall(owner: String?, _ name: String, _ node: FunctionCallExprSyntax, _ ctx: inout Context, receiverObject: String?) -> Lua? {
        let key = owner.map { "\($0).\(name)" } ?? ".\(name)"
        guard let overloads = symbols.functions[key] else { return nil }
        var arguments: [(label: String?, expression: ExprSyntax)] = node.arguments.map { ($0.label?.text, $0.expression) }
        if let trailing = node.trailingClosure { arguments.append((nil, ExprSyntax(trailing))) }
        for decl in overloads {
            guard let matched = match(arguments, to: decl.parameters) else { continue }
            guard let luaName = follow(decl, from: ctx) else {
                return effect(effectName(node, ctx), node, &ctx)  // past the depth: an effect
            }
            var values = [ctx.place == .app ? "nil" : "w"]
            for (parameter, argument) in zip(decl.parameters, matched) {
                guard let argument else { values.append("nil"); continue }
                if argument.is(ClosureExprSyntax.self) { values.append(LuaText.untranslatedValue(argument.trimmedDescription)); continue }
                values.append(value(argument, &ctx, expect: parameter.type).code)
            }
            while values.count > 1, values.last == "nil" { values.removeLast() }
            return Lua("\(luaName)(\(values.joined(separator: ", ")))", decl.returns, object: decl.returns.typeName.flatMap { symbols.held.contains($0) ? $0 : nil }, isCall: true)
        }
        return nil
    }

    /// The call's arguments in the order of `parameters` (nil where a default applies), or nil
    /// when the labels do not fit this overload.
    private func match(_ arguments: [(label: String?, expression: ExprSyntax)], to parameters: [FunctionDecl.Parameter]) -> [ExprSyntax?]? {
        var result: [ExprSyntax?] = []
        var index = 0
        for parameter in parameters {
            if index < arguments.count, arguments[index].label == parameter.label {
                result.append(arguments[index].expression)
                index += 1
            } else if parameter.defaultValue != nil {
                result.append(nil)
            } else {
                return nil
            }
        }
        return index == arguments.count ? result : nil
    }

    // MARK: Effects

    /// `app:effect("Type.method@File.swift:LINE", args…)` in App code, `w:effect(…)` in a
    /// window's, `(w or app):effect(…)` in a followed function (its caller's window).
    func effect(_ name: String, _ node: FunctionCallExprSyntax, _ ctx: inout Context) -> Lua {
        var arguments: [String] = []
        for argument in node.arguments {
            if argument.expression.is(ClosureExprSyntax.self) { arguments.append(LuaText.untranslatedValue(argument.expression.trimmedDescription)); continue }
            arguments.append(value(argument.expression, &ctx).code)
        }
        if let trailing = node.trailingClosure { arguments.append(LuaText.untranslatedValue(trailing.trimmedDescription)) }
        for extra in node.additionalTrailingClosures { arguments.append(LuaText.untranslatedValue(extra.closure.trimmedDescription)) }
        return effectCall(name, at: line(node, ctx), arguments, ctx)
    }

    func effectCall(_ name: String, at line: Int, _ arguments: [String], _ ctx: Context) -> Lua {
        let receiver: String
        switch ctx.place {
        case .scene: receiver = "w"
        case .app: receiver = "app"
        case .function: receiver = "(w or app)"
        }
        let label = LuaText.quoted("\(name)@\(ctx.file):\(line)")
        return Lua("\(receiver):effect(\(([label] + arguments).joined(separator: ", ")))", .unknown, isCall: true)
    }

    /// The effect's name (spec §5): `Type.method` where `Type` is the receiver's declared type
    /// (a singleton `Type.shared` counts as `Type`), else the callee as written.
    func effectName(_ node: FunctionCallExprSyntax, _ ctx: Context) -> String {
        calleeName(node.calledExpression, ctx)
    }

    func calleeName(_ expression: ExprSyntax, _ ctx: Context) -> String {
        if let chain = expression.as(OptionalChainingExprSyntax.self) { return calleeName(chain.expression, ctx) }
        if let unwrap = expression.as(ForceUnwrapExprSyntax.self) { return calleeName(unwrap.expression, ctx) }
        if let name = expression.as(DeclReferenceExprSyntax.self) {
            let text = name.baseName.text
            if text.first?.isUppercase == true { return "\(text).init" }
            // A method of the type in scope called on self (past the depth): `Type.method`.
            if let owner = ctx.owner, ctx.lookup(text) == nil, symbols.functions["\(owner).\(text)"] != nil { return "\(owner).\(text)" }
            return text
        }
        if let access = expression.as(MemberAccessExprSyntax.self) {
            let member = access.declName.baseName.text
            guard let base = access.base else { return member }
            return "\(receiverName(base, ctx)).\(member)"
        }
        if let call = expression.as(FunctionCallExprSyntax.self) { return effectName(call, ctx) }
        if let generic = expression.as(GenericSpecializationExprSyntax.self) { return calleeName(generic.expression, ctx) }
        return expression.trimmedDescription.filter { !$0.isWhitespace }
    }

    private func receiverName(_ base: ExprSyntax, _ ctx: Context) -> String {
        if let chain = base.as(OptionalChainingExprSyntax.self) { return receiverName(chain.expression, ctx) }
        if let unwrap = base.as(ForceUnwrapExprSyntax.self) { return receiverName(unwrap.expression, ctx) }
        if let name = base.as(DeclReferenceExprSyntax.self) {
            let text = name.baseName.text
            if text == "self" || text == "Self" { return ctx.owner ?? text }
            if let local = ctx.lookup(text), let type = local.object ?? local.type.typeName { return type }
            if let property = symbols.property(text, of: ctx.owner) {
                switch property {
                case .object(let type): return type
                case .typed(let type): if let name = type.typeName { return name }
                case .state(let slot): if let name = slot.type.typeName { return name }
                case .computed(let decl): if let name = decl.returns.typeName { return name }
                default: break
                }
            }
            return text
        }
        if let access = base.as(MemberAccessExprSyntax.self), let inner = access.base {
            let member = access.declName.baseName.text
            let outer = receiverName(inner, ctx)
            if Self.singletonNames.contains(member), outer.first?.isUppercase == true { return outer }
            let type = symbols.properties[outer] != nil ? outer : (inner.trimmedDescription == "self" ? ctx.owner : nil)
            if let type, let property = symbols.property(member, of: type) {
                switch property {
                case .object(let held): return held
                case .typed(let value): if let name = value.typeName { return name }
                case .state(let slot): if let name = slot.type.typeName { return name }
                case .computed(let decl): if let name = decl.returns.typeName { return name }
                default: break
                }
            }
            return "\(outer).\(member)"
        }
        if let call = base.as(FunctionCallExprSyntax.self) { return effectName(call, ctx) }
        return base.trimmedDescription.filter { !$0.isWhitespace }
    }

    // MARK: Known calls

    /// `URL(string:)`, `URLComponents(url:…)`, `String(x)`, `Int(x)`, `Double(x)`, a refresh
    /// request; any other construction is an effect `Type.init`.
    private func construction(_ type: String, _ node: FunctionCallExprSyntax, _ ctx: inout Context) -> Lua {
        let first = node.arguments.first
        switch (type, first?.label?.text) {
        case ("URL", "string"): return Lua(value(first!.expression, &ctx).code, .optional(.url))
        case ("URLComponents", "url"), ("URLComponents", "string"): return Lua(value(first!.expression, &ctx).code, .optional(.urlComponents))
        case ("String", nil), ("String", "describing"):
            guard let first else { return Lua("\"\"", .string) }
            let inner = value(first.expression, &ctx)
            return Lua(inner.type == .string ? inner.code : "tostring(\(inner.code))", .string, isCall: true)
        case ("Int", nil):
            guard let first else { return Lua("0", .int) }
            let inner = value(first.expression, &ctx)
            return Lua("math.tointeger(tonumber(\(inner.code)))", inner.type.isString ? .optional(.int) : .int, isCall: true)
        case ("Double", nil):
            guard let first else { return Lua("0.0", .double) }
            let inner = value(first.expression, &ctx)
            return Lua("(tonumber(\(inner.code)) + 0.0)", .double)
        case ("BGAppRefreshTaskRequest", _), ("BGProcessingTaskRequest", _):
            return Lua("{}", .named(type))
        case ("Date", "timeIntervalSinceNow"): return Lua(value(first!.expression, &ctx, expect: .double).code, .named("Date"))
        default:
            var made = effect("\(type).init", node, &ctx)
            made.type = .named(type)
            return made
        }
    }

    /// `openWindow`, `dismissWindow`, `dismiss()` through the environment (spec §2).
    private func windowAction(_ property: Property, _ node: FunctionCallExprSyntax, _ ctx: inout Context) -> Lua? {
        let id = node.arguments.first { $0.label?.text == "id" }.map { value($0.expression, &ctx, expect: .string) }
        let item = node.arguments.first { $0.label?.text == "value" }.map { value($0.expression, &ctx) }
        switch property {
        case .openWindow, .dismissWindow:
            let method = property.isOpen ? "open_window" : "dismiss_window"
            var scene = id?.code
            if scene == nil, let item {
                guard let chosen = valueScene(for: item, node, ctx) else { return nil }
                scene = LuaText.quoted(chosen)
            }
            guard let scene else {
                // dismissWindow(): the window whose view calls it.
                guard !property.isOpen, ctx.place != .app else { return nil }
                return Lua("w:close()", .unknown, isCall: true)
            }
            let arguments = [scene] + (item.map { [$0.code] } ?? [])
            return Lua("app:\(method)(\(arguments.joined(separator: ", ")))", .unknown, isCall: true)
        case .dismiss:
            // The environment's dismiss() closes the window in a scene's root view; elsewhere it
            // dismisses a sheet or a navigation level, which no window shows: an effect.
            guard ctx.place != .app, let owner = ctx.owner, rootViews.contains(owner) else { return effect("dismiss", node, &ctx) }
            return Lua("w:close()", .unknown, isCall: true)
        default: return nil
        }
    }

    /// The scene `openWindow(value:)` opens: the one value scene whose type matches, else the
    /// first, with a warning (spec §5).
    private func valueScene(for item: Lua, _ node: FunctionCallExprSyntax, _ ctx: Context) -> String? {
        guard let first = valueScenes.first else {
            warnings.append("\(at(node, ctx)): warning: openWindow(value:) but no scene takes a value (WindowGroup(for:)); not translated")
            return nil
        }
        if let typeName = item.type.typeName ?? (item.type.unwrapped == .int ? "Int" : nil) {
            let matching = valueScenes.filter { $0.type == typeName }
            if matching.count == 1 { return matching[0].id }
        }
        if valueScenes.count == 1 { return first.id }
        warnings.append(
            "\(at(node, ctx)): warning: openWindow(value:) could open any of \(valueScenes.map(\.id).joined(separator: ", ")) (the value's type is not known here); the first, \(first.id), is used"
        )
        return first.id
    }

    /// `UserDefaults.standard` reads and writes with a literal or constant key.
    private func userDefaults(_ method: String, _ node: FunctionCallExprSyntax, _ ctx: inout Context) -> Lua? {
        guard let keyArgument = node.arguments.first(where: { $0.label?.text == "forKey" }), let key = constantString(keyArgument.expression, ctx) else { return nil }
        let slot = StateSlot(store: .defaults, key: key, type: .unknown, defaultValue: nil, file: ctx.file, line: line(node, ctx))
        guard let table = stateTable(slot, node, ctx) else { return nil }
        let access = LuaText.index(table, key)
        let fallback: [String: (String, ValueType)] = ["bool": ("false", .bool), "integer": ("0", .int), "double": ("0.0", .double), "float": ("0.0", .double)]
        switch method {
        case "set":
            guard let first = node.arguments.first else { return nil }
            return Lua("\(access) = \(value(first.expression, &ctx).code)", .unknown, isCall: true).statement
        case "removeObject":
            return Lua("\(access) = nil", .unknown, isCall: true).statement
        case "bool", "integer", "double", "float":
            let (initial, type) = fallback[method]!
            return Lua("\(helper("read"))(\(table), \(LuaText.quoted(key)), \(initial))", type, isCall: true)
        case "string", "object", "url", "array", "dictionary", "data", "stringArray", "value":
            return Lua(access, method == "string" ? .optional(.string) : .unknown)
        default: return nil
        }
    }

    /// `beginBackgroundTask(withName:expirationHandler:)` and `endBackgroundTask(_:)`.
    private func backgroundTask(_ method: String, _ node: FunctionCallExprSyntax, _ ctx: inout Context) -> Lua? {
        switch method {
        case "beginBackgroundTask":
            let name = node.arguments.first { $0.label?.text == "withName" }.map { value($0.expression, &ctx, expect: .string).code } ?? "\"\""
            let handler = node.arguments.first { $0.label?.text == "expirationHandler" }?.expression.as(ClosureExprSyntax.self) ?? node.trailingClosure
            var body: [String] = []
            if let handler {
                var inner = ctx.nestedFunction()
                body = [entryMark(file: ctx.file, line: line(handler, ctx), "beginBackgroundTask expirationHandler", indent: inner.indent)] + block(handler.statements, &inner)
            }
            let function = body.isEmpty ? "" : ", function()\n" + body.joined(separator: "\n") + "\n\(ctx.indent)end"
            return Lua("app:begin_background_task(\(name) or \"\"\(function))", .named("BackgroundTask"), isCall: true)
        case "endBackgroundTask":
            guard let task = node.arguments.first else { return nil }
            return Lua("\(helper("end_task"))(\(value(task.expression, &ctx).code))", .unknown, isCall: true)
        default: return nil
        }
    }

    /// Methods of Strings and of the refresh task that have a Lua spelling.
    private func valueMethod(_ receiver: Lua, _ name: String, _ node: FunctionCallExprSyntax, _ ctx: inout Context) -> Lua? {
        // queryItems?.first(where: { $0.name == "tab" }): the first item of that name.
        if receiver.type.unwrapped == .named("URLQueryItems"), name == "first",
            let closure = node.trailingClosure ?? node.arguments.first(where: { $0.label?.text == "where" })?.expression.as(ClosureExprSyntax.self),
            let itemName = queryItemName(closure)
        {
            return Lua("\(helper("query_item"))(\(receiver.code), \(LuaText.quoted(itemName)))", .named("URLQueryItem"), isCall: true)
        }
        let argument = node.arguments.first.map { value($0.expression, &ctx, expect: .string) }
        switch (receiver.type.unwrapped, name) {
        case (.url, "host"), (.urlComponents, "host"): return Lua("sim.url(\(receiver.code)).host", .optional(.string))
        case (.url, "path"): return Lua("\(helper("url_path"))(\(receiver.code))", .string, isCall: true)
        case (.string, "lowercased"): return Lua("string.lower(\(receiver.code))", .string, isCall: true)
        case (.string, "uppercased"): return Lua("string.upper(\(receiver.code))", .string, isCall: true)
        case (.string, "hasPrefix"):
            guard let argument else { return nil }
            return Lua("(string.find(\(receiver.code), \(argument.code), 1, true) == 1)", .bool)
        case (.string, "contains"):
            guard let argument, argument.type.isString else { return nil }
            return Lua("(string.find(\(receiver.code), \(argument.code), 1, true) ~= nil)", .bool)
        default: return nil
        }
    }

    /// `{ $0.name == "tab" }`, `{ item in item.name == "tab" }`: "tab".
    private func queryItemName(_ closure: ClosureExprSyntax) -> String? {
        guard closure.statements.count == 1, let only = closure.statements.first,
            let sequence = (only.item.as(ExprSyntax.self) ?? only.item.as(ExpressionStmtSyntax.self)?.expression)?.as(SequenceExprSyntax.self),
            let folded = try? OperatorTable.standardOperators.foldSingle(sequence), let infix = folded.as(InfixOperatorExprSyntax.self),
            infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text == "==",
            infix.leftOperand.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "name"
        else { return nil }
        return stringValue(infix.rightOperand)
    }

    /// A key written as a literal or a constant the sources give (`Keys.lastOpened`,
    /// `SettingKey.theme.rawValue`).
    func constantString(_ expression: ExprSyntax, _ ctx: Context) -> String? {
        if let text = stringValue(expression) { return text }
        var scratch = ctx
        guard let lua = translate(expression, &scratch), lua.type.isString || lua.code.hasPrefix("\""),
            let literal = Self.unquote(lua.code)
        else { return nil }
        return literal
    }

    /// The text of a Lua string literal the escaper wrote, when it is a plain one.
    static func unquote(_ code: String) -> String? {
        guard code.count >= 2, code.hasPrefix("\""), code.hasSuffix("\""), !code.dropFirst().dropLast().contains("\\"), !code.dropFirst().dropLast().contains("\"") else {
            return nil
        }
        return String(code.dropFirst().dropLast())
    }
}

extension Property {
    var isOpen: Bool {
        if case .openWindow = self { return true }
        return false
    }
}

extension Lua {
    /// Code that is a statement (an assignment), not a value.
    var statement: Lua {
        var copy = self
        copy.isStatementOnly = true
        return copy
    }
}
