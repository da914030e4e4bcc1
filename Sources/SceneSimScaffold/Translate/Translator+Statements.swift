import SwiftOperators
import SwiftSyntax

extension Translator {
    /// A block's statements in a scope of their own.
    func block(_ items: CodeBlockItemListSyntax, _ ctx: inout Context) -> [String] {
        ctx.scopes.append([:])
        defer { ctx.scopes.removeLast() }
        return statements(Array(items), &ctx)
    }

    /// Statements in order; `try await Task.sleep(…)` puts the rest in `app:after(N, …)`.
    func statements(_ items: [CodeBlockItemSyntax], _ ctx: inout Context) -> [String] {
        var out: [String] = []
        for (offset, item) in items.enumerated() {
            if let delay = sleepDelay(item, &ctx) {
                out.append("\(ctx.indent)\(after(ctx))(\(delay), function() -- \(at(item, ctx))")
                var inner = ctx.nestedFunction()
                inner.deferred = ctx.place != .app
                out += statements(Array(items[(offset + 1)...]), &inner)
                out.append("\(ctx.indent)end)\(ctx.tracked ? ")" : "")")
                return out
            }
            if let deferred = item.item.as(DeferStmtSyntax.self) {
                // `defer { … }`: the rest of the scope runs first, in a function of its own;
                // then the deferred body; then a `return` the rest made ends this code too.
                let returned = unique("returned"), result = unique("result")
                var rest = ctx
                rest.indent += "  "
                rest.deferReturn = true
                rest.scopes.append([:])
                out.append("\(ctx.indent)local \(returned), \(result) = (function() -- \(at(item, ctx)) the code a defer follows")
                out += statements(Array(items[(offset + 1)...]), &rest)
                out.append("\(ctx.indent)end)()")
                out.append("\(ctx.indent)-- \(at(item, ctx)) defer")
                out += block(deferred.body.statements, &ctx)
                out.append("\(ctx.indent)if \(returned) then return \(ctx.deferReturn ? "true, " : "")\(result) end")
                return out
            }
            out += statement(item, &ctx, isLast: offset == items.count - 1)
        }
        return out
    }

    /// `try await Task.sleep(for: .seconds(N))`, `(nanoseconds: N)`, `(for: .milliseconds(N))`:
    /// the delay in seconds as Lua; nil for any other statement.
    private func sleepDelay(_ item: CodeBlockItemSyntax, _ ctx: inout Context) -> String? {
        guard var expression = expression(of: item) else { return nil }
        while true {
            if let t = expression.as(TryExprSyntax.self) { expression = t.expression; continue }
            if let a = expression.as(AwaitExprSyntax.self) { expression = a.expression; continue }
            break
        }
        guard let call = expression.as(FunctionCallExprSyntax.self), call.calledExpression.trimmedDescription == "Task.sleep",
            let argument = call.arguments.first
        else { return nil }
        switch argument.label?.text {
        case "nanoseconds":
            return "(\(value(argument.expression, &ctx).code)) / 1e9"
        case "for", "seconds":
            if let duration = argument.expression.as(FunctionCallExprSyntax.self),
                let unit = duration.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text,
                let amount = duration.arguments.first?.expression
            {
                let n = value(amount, &ctx).code
                switch unit {
                case "seconds": return n
                case "milliseconds": return "(\(n)) / 1000"
                case "microseconds": return "(\(n)) / 1e6"
                case "nanoseconds": return "(\(n)) / 1e9"
                default: return nil
                }
            }
            return argument.label?.text == "seconds" ? value(argument.expression, &ctx).code : nil
        default: return nil
        }
    }

    private func expression(of item: CodeBlockItemSyntax) -> ExprSyntax? {
        if let expression = item.item.as(ExprSyntax.self) { return expression }
        return item.item.as(ExpressionStmtSyntax.self)?.expression
    }

    /// `code -- File.swift:LINE`.
    private func emit(_ code: String, _ node: some SyntaxProtocol, _ ctx: Context) -> String {
        "\(ctx.indent)\(code) -- \(at(node, ctx))"
    }

    /// One statement as Lua lines.
    func statement(_ item: CodeBlockItemSyntax, _ ctx: inout Context, isLast: Bool) -> [String] {
        if let ifConfig = item.item.as(IfConfigDeclSyntax.self) { return conditional(ifConfig, &ctx) }
        if let variable = item.item.as(VariableDeclSyntax.self) { return declaration(variable, &ctx) }
        if item.item.is(DeclSyntax.self) { return [notTranslated(item, ctx)] }
        if let returned = item.item.as(ReturnStmtSyntax.self) {
            var code = "return"
            if let result = ctx.returnValue {
                if let expression = returned.expression { _ = value(expression, &ctx) }
                code = "return \(result)"
            } else if let expression = returned.expression, ctx.place == .function || ctx.function != nil || ctx.returnsValue {
                code = "return \(value(expression, &ctx).code)"
            }
            if ctx.deferReturn { code = code == "return" ? "return true, nil" : "return true, " + code.dropFirst(7) }
            return [emit(isLast ? code : "do \(code) end", item, ctx)]
        }
        if let thrown = item.item.as(ThrowStmtSyntax.self) {
            return [emit("error(\(value(thrown.expression, &ctx).code))", item, ctx)]
        }
        if let guardStatement = item.item.as(GuardStmtSyntax.self) { return guarded(guardStatement, &ctx) }
        if item.item.is(BreakStmtSyntax.self) { return [emit("break", item, ctx)] }
        if item.item.is(ContinueStmtSyntax.self), let label = ctx.loopLabel {
            usedLabels.insert(label)
            return [emit("goto \(label)", item, ctx)]
        }
        if let doStatement = item.item.as(DoStmtSyntax.self) { return doCatch(doStatement, &ctx) }
        if let loop = item.item.as(ForStmtSyntax.self) { return forLoop(loop, &ctx) }
        if let loop = item.item.as(WhileStmtSyntax.self) {
            guard loop.conditions.count == 1, case .expression(let condition) = loop.conditions.first!.condition else { return [notTranslated(item, ctx)] }
            let test = value(condition, &ctx, expect: .bool)
            return loopBody("while \(test.code) do", loop.body.statements, item, &ctx)
        }
        guard let expression = expression(of: item) else { return [notTranslated(item, ctx)] }
        return expressionStatement(expression, item, &ctx)
    }

    // MARK: Expressions as statements

    private func expressionStatement(_ expression: ExprSyntax, _ item: some SyntaxProtocol, _ ctx: inout Context) -> [String] {
        // The statement's own place, taken before a folded operator sequence moves `bias`.
        let here = at(item, ctx)
        func emit(_ code: String, _ node: some SyntaxProtocol, _ ctx: Context) -> String { "\(ctx.indent)\(code) -- \(here)" }
        if let ifExpression = expression.as(IfExprSyntax.self) { return ifStatement(ifExpression, &ctx) }
        if let switchExpression = expression.as(SwitchExprSyntax.self) { return switchStatement(switchExpression, &ctx) }
        if let sequence = expression.as(SequenceExprSyntax.self) {
            guard sequence.elements.count <= Self.maxOperands,
                let folded = try? OperatorTable.standardOperators.foldSingle(sequence)
            else { return [notTranslated(item, ctx)] }
            let saved = ctx.bias
            ctx.bias = sequence.position.utf8Offset + ctx.bias - folded.position.utf8Offset
            defer { ctx.bias = saved }
            if let infix = folded.as(InfixOperatorExprSyntax.self), let lines = assignment(infix, here, &ctx) { return lines }
            ctx.bias = saved
            if let infix = folded.as(InfixOperatorExprSyntax.self), isAssignment(infix) { return [notTranslated(item, ctx)] }
            // Not an assignment: a value whose effects happen.
            guard let lua = translate(ExprSyntax(sequence), &ctx) else { return [notTranslated(item, ctx)] }
            return [emit("local _ = \(lua.code)", item, ctx)]
        }
        if let infix = expression.as(InfixOperatorExprSyntax.self), isAssignment(infix) {
            return assignment(infix, here, &ctx) ?? [notTranslated(item, ctx)]
        }
        var unwrapped = expression
        var optional = false
        while true {
            if let t = unwrapped.as(TryExprSyntax.self) {
                if t.questionOrExclamationMark?.tokenKind == .postfixQuestionMark { optional = true }
                unwrapped = t.expression
                continue
            }
            if let a = unwrapped.as(AwaitExprSyntax.self) { unwrapped = a.expression; continue }
            break
        }
        if let call = unwrapped.as(FunctionCallExprSyntax.self), let lines = closureCall(call, item, &ctx) { return lines }
        if let call = unwrapped.as(FunctionCallExprSyntax.self), let lines = mutatingCall(call, item, &ctx) { return lines }
        guard let lua = translate(unwrapped, &ctx) else { return [notTranslated(item, ctx)] }
        let code = lua.isStatementOnly ? lua.code : (lua.isCall && !lua.code.hasPrefix("(") ? lua.code : "local _ = \(lua.code)")
        if optional && !lua.isStatementOnly {
            return [emit("pcall(function() \(code) end)", item, ctx)]
        }
        return [emit(code, item, ctx)]
    }

    private func isAssignment(_ infix: InfixOperatorExprSyntax) -> Bool {
        if infix.operator.is(AssignmentExprSyntax.self) { return true }
        guard let op = infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text else { return false }
        return ["+=", "-=", "*=", "/="].contains(op)
    }

    /// `target = value`, `target += value`: state, locals, `_`, array elements, a refresh
    /// request's `earliestBeginDate`.
    private func assignment(_ infix: InfixOperatorExprSyntax, _ here: String, _ ctx: inout Context) -> [String]? {
        guard isAssignment(infix) else { return nil }
        let item = infix
        func emit(_ code: String, _ node: some SyntaxProtocol, _ ctx: Context) -> String { "\(ctx.indent)\(code) -- \(here)" }
        let op = infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text
        let target = infix.leftOperand
        if target.is(DiscardAssignmentExprSyntax.self) {
            let discarded = value(infix.rightOperand, &ctx)
            return [emit("local _ = \(discarded.code)", item, ctx)]
        }
        // request.earliestBeginDate = Date(timeIntervalSinceNow: N) / .now + N
        if let access = target.as(MemberAccessExprSyntax.self), access.declName.baseName.text == "earliestBeginDate",
            let base = access.base.flatMap({ reference($0, &ctx) }), case .local(let local) = base
        {
            return [emit("\(local.lua).earliestBeginDate = \(secondsFromNow(infix.rightOperand, &ctx))", item, ctx)]
        }
        // task.expirationHandler = { … } on a refresh task: the model's on_refresh_expired runs it.
        if let access = target.as(MemberAccessExprSyntax.self), access.declName.baseName.text == "expirationHandler", op == nil,
            let base = access.base, let closure = infix.rightOperand.as(ClosureExprSyntax.self)
        {
            let task = value(base, &ctx)
            var inner = ctx.nestedFunction()
            expirationUsed = true
            return [
                "\(ctx.indent)\(helper("expirations"))[\(task.code).id] = function() -- \(here)",
                entryMark(file: ctx.file, line: line(closure, ctx), "expirationHandler", indent: inner.indent),
            ] + block(closure.statements, &inner) + ["\(ctx.indent)end"]
        }
        var lhs: String
        var current: Lua
        var type = ValueType.unknown
        var windowState = false
        if let subscriptCall = target.as(SubscriptCallExprSyntax.self) {
            if subscriptCall.calledExpression.trimmedDescription == "Defaults", let slot = defaultsSlot(subscriptCall, ctx), let table = stateTable(slot, item, ctx) {
                lhs = LuaText.index(table, slot.key)
                type = slot.type
                current = read(.state(slot), item, &ctx) ?? Lua(lhs, type)
            } else {
                guard let receiver = translate(subscriptCall.calledExpression, &ctx), subscriptCall.arguments.count == 1, let argument = subscriptCall.arguments.first else {
                    return nil
                }
                if case .array = receiver.type.unwrapped {
                    lhs = "\(receiver.code)[(\(value(argument.expression, &ctx, expect: .int).code)) + 1]"
                } else {
                    lhs = "\(receiver.code)[\(value(argument.expression, &ctx).code)]"
                }
                current = Lua(lhs, .unknown)
            }
        } else {
            guard let reference = reference(target, &ctx) else { return nil }
            switch reference {
            case .state(let slot):
                guard let table = stateTable(slot, item, ctx) else { return nil }
                lhs = LuaText.index(table, slot.key)
                type = slot.type
                windowState = slot.store == .storage || slot.store == .windowMemory
                current = read(reference, item, &ctx) ?? Lua(lhs, type)
            case .local(let local):
                lhs = local.lua
                type = local.type
                current = Lua(lhs, type)
            default: return nil
            }
        }
        var rhs = value(infix.rightOperand, &ctx, expect: type)
        if let op {
            let l = current.code, r = rhs.code
            switch op {
            case "+=":
                if type.isString || rhs.type.isString {
                    rhs = Lua("\(l) .. (\(r))", .string)
                } else if type.isNumber || rhs.type.isNumber {
                    rhs = Lua("\(l) + (\(r))", type)
                } else {
                    rhs = Lua("\(helper("add"))(\(l), \(r))", type)
                }
            case "-=": rhs = Lua("\(l) - (\(r))", type)
            case "*=": rhs = Lua("\(l) * (\(r))", type)
            case "/=": rhs = type.unwrapped == .double ? Lua("\(l) / (\(r))", type) : Lua("\(helper("div"))(\(l), \(r))", type)
            default: return nil
            }
        }
        if windowState, case .state(let slot)? = reference(target, &ctx), let watchers = taskWatchers[slot.watchKey], !watchers.isEmpty {
            // A `.task(id:)` watches this key: a write that changes it runs the task again.
            let before = unique("before")
            var lines = [emit("local \(before) = \(lhs)", item, ctx)]
            lines.append(emit(ctx.deferred ? "if w.connected then \(lhs) = \(rhs.code) end" : "\(lhs) = \(rhs.code)", item, ctx))
            _ = (helper("track"), helper("track_task"))
            for watcher in watchers {
                let scenes = watcher.scenes.map { "w.group == \(LuaText.quoted($0))" }.joined(separator: " or ")
                lines.append(
                    emit(
                        "if w.connected and (\(scenes)) and \(lhs) ~= \(before) then \(helper("rerun_task"))(w, \(LuaText.quoted(watcher.key)), \(watcher.function)) end", item, ctx
                    ))
            }
            return lines
        }
        if ctx.deferred, windowState {
            return [emit("if w.connected then \(lhs) = \(rhs.code) end", item, ctx)]
        }
        return [emit("\(lhs) = \(rhs.code)", item, ctx)]
    }

    /// `Date(timeIntervalSinceNow: N)`, `.now + N`, `Date() + N`, `Date().addingTimeInterval(N)`:
    /// N seconds, as `app:schedule_refresh` takes it.
    private func secondsFromNow(_ expression: ExprSyntax, _ ctx: inout Context) -> String {
        var expression = expression
        if let sequence = expression.as(SequenceExprSyntax.self), let folded = try? OperatorTable.standardOperators.foldSingle(sequence) {
            expression = folded
        }
        if let call = expression.as(FunctionCallExprSyntax.self) {
            if call.arguments.first?.label?.text == "timeIntervalSinceNow", let n = call.arguments.first?.expression { return value(n, &ctx, expect: .double).code }
            if call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "addingTimeInterval", let n = call.arguments.first?.expression {
                return value(n, &ctx, expect: .double).code
            }
        }
        if let infix = expression.as(InfixOperatorExprSyntax.self), infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text == "+" {
            let now = infix.leftOperand.trimmedDescription
            if [".now", "Date.now", "Date()", ".now()"].contains(now) { return value(infix.rightOperand, &ctx, expect: .double).code }
        }
        return value(expression, &ctx, expect: .double).code
    }

    /// Calls whose closure is code to run: in place (`Task { }`, `withAnimation { }`,
    /// `DispatchQueue.main.async { }`), later (`asyncAfter(deadline: .now() + N)`), or as the
    /// model's `on_refresh` (`BGTaskScheduler.shared.register`).
    private func closureCall(_ call: FunctionCallExprSyntax, _ item: some SyntaxProtocol, _ ctx: inout Context) -> [String]? {
        let callee = call.calledExpression.trimmedDescription.filter { !$0.isWhitespace }
        let closure = call.trailingClosure ?? call.arguments.last?.expression.as(ClosureExprSyntax.self)
        guard let closure else { return nil }
        switch callee {
        case "Task", "Task.detached", "withAnimation", "DispatchQueue.main.async", "MainActor.run", "withTransaction", "Task<Void,Never>", "Task<Void,Error>":
            return inPlace(closure, item, &ctx)
        case "DispatchQueue.main.asyncAfter":
            guard let deadline = call.arguments.first(where: { $0.label?.text == "deadline" || $0.label?.text == "wallDeadline" }) else { return nil }
            var expression = deadline.expression
            if let sequence = expression.as(SequenceExprSyntax.self), let folded = try? OperatorTable.standardOperators.foldSingle(sequence) { expression = folded }
            guard let infix = expression.as(InfixOperatorExprSyntax.self), infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text == "+" else { return nil }
            var delay = value(infix.rightOperand, &ctx, expect: .double).code
            if let unit = infix.rightOperand.as(FunctionCallExprSyntax.self), let name = unit.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text,
                let amount = unit.arguments.first?.expression
            {
                let n = value(amount, &ctx).code
                switch name {
                case "seconds": delay = n
                case "milliseconds": delay = "(\(n)) / 1000"
                default: return nil
                }
            }
            var inner = ctx.nestedFunction()
            inner.deferred = ctx.place != .app
            return ["\(ctx.indent)\(after(ctx))(\(delay), function() -- \(at(item, ctx))"] + block(closure.statements, &inner) + ["\(ctx.indent)end)\(ctx.tracked ? ")" : "")"]
        case "BGTaskScheduler.shared.register":
            var inner = Context(file: ctx.file, converter: ctx.converter, owner: ctx.owner, place: .app)
            inner.bias = ctx.bias
            inner.indent = "      "
            if let name = closureParameters(closure).first, let name { inner.declare(name, .init(lua: "task", type: .named("BGTask"))) }
            inner.declare("$0", .init(lua: "task", type: .named("BGTask")))
            refreshHandlers.append(
                [
                    "      -- \(at(item, ctx)) \(LuaText.comment(call.calledExpression.trimmedDescription))",
                    entryMark(file: ctx.file, line: line(item, ctx), "BGTaskScheduler.shared.register", indent: inner.indent),
                ] + block(closure.statements, &inner))
            return ["\(ctx.indent)-- registers the model's on_refresh -- \(at(item, ctx))"]
        default:
            return nil
        }
    }

    /// `app:after`, or, in a `.task` or a timer of the window, the same call kept to be
    /// cancelled when the window disconnects (its closing needs one more `)`).
    func after(_ ctx: Context) -> String {
        guard ctx.tracked else { return "app:after" }
        if let group = ctx.trackGroup {
            _ = helper("track")
            return "\(helper("track_task"))(w, \(LuaText.quoted(group)), app:after"
        }
        return "\(helper("track"))(w, app:after"
    }

    /// A closure run where it is written: `;(function() … end)()`, so its `return` ends it alone.
    private func inPlace(_ closure: ClosureExprSyntax, _ item: some SyntaxProtocol, _ ctx: inout Context) -> [String] {
        var inner = ctx.nestedFunction()
        return ["\(ctx.indent);(function() -- \(at(item, ctx))"] + block(closure.statements, &inner) + ["\(ctx.indent)end)()"]
    }

    /// `flag.toggle()`, `list.append(x)` on state or locals.
    private func mutatingCall(_ call: FunctionCallExprSyntax, _ item: some SyntaxProtocol, _ ctx: inout Context) -> [String]? {
        guard let access = call.calledExpression.as(MemberAccessExprSyntax.self), let base = access.base else { return nil }
        let name = access.declName.baseName.text
        guard ["toggle", "append"].contains(name), let reference = reference(base, &ctx) else { return nil }
        var lhs: String
        switch reference {
        case .state(let slot):
            guard let table = stateTable(slot, item, ctx), slot.store != .storage || name == "toggle" else { return nil }
            lhs = LuaText.index(table, slot.key)
        case .local(let local): lhs = local.lua
        default: return nil
        }
        guard let current = read(reference, item, &ctx) else { return nil }
        if name == "toggle" { return [emit("\(lhs) = not \(current.code)", item, ctx)] }
        guard case .local = reference, let element = call.arguments.first else { return nil }
        return [emit("table.insert(\(lhs), \(value(element.expression, &ctx).code))", item, ctx)]
    }

    // MARK: Declarations

    private func declaration(_ variable: VariableDeclSyntax, _ ctx: inout Context) -> [String] {
        var out: [String] = []
        for binding in variable.bindings {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { return [notTranslated(variable, ctx)] }
            var type = ValueType.written(binding.typeAnnotation?.type.trimmedDescription)
            let lua = LuaText.local(name)
            guard let initial = binding.initializer?.value else {
                ctx.declare(name, .init(lua: lua, type: type))
                out.append(emit("local \(lua)", variable, ctx))
                continue
            }
            // `let task = Task { … }`: the body runs in place; the handle is not modelled.
            if let call = initial.as(FunctionCallExprSyntax.self), let lines = closureCall(call, variable, &ctx) {
                ctx.declare(name, .init(lua: lua, type: .unknown))
                out += lines
                out.append(emit("local \(lua) = nil", variable, ctx))
                continue
            }
            let translated = value(initial, &ctx, expect: type)
            if type == .unknown { type = translated.type }
            ctx.declare(name, .init(lua: lua, type: type, object: translated.object))
            out.append(emit("local \(lua) = \(translated.object == nil ? translated.code : "nil")", variable, ctx))
        }
        return out
    }

    /// `#if os(macOS)` inside code: the clause compiled for the platform.
    private func conditional(_ ifConfig: IfConfigDeclSyntax, _ ctx: inout Context) -> [String] {
        for clause in ifConfig.clauses {
            let holds = clause.condition.map { evaluateCondition($0.trimmedDescription, platform: platform) } ?? true
            guard holds else { continue }
            guard case .statements(let inner)? = clause.elements else { return [] }
            return statements(Array(inner), &ctx)
        }
        return []
    }

    // MARK: Control flow

    private func ifStatement(_ node: IfExprSyntax, _ ctx: inout Context) -> [String] {
        let hasBinding = node.conditions.contains {
            if case .optionalBinding = $0.condition { return true }; return false
        }
        let hasPattern = node.conditions.contains {
            if case .matchingPattern = $0.condition { return true }; return false
        }
        var inner = ctx
        inner.indent += "  "
        if !hasBinding && !hasPattern {
            let test = conditions(node.conditions, &ctx)
            var out = ["\(ctx.indent)if \(test) then -- \(at(node, ctx))"]
            out += block(node.body.statements, &inner)
            out += elseBranch(node.elseBody, &ctx)
            out.append("\(ctx.indent)end")
            return out
        }
        // With `if let`: nested tests, a flag for the else branch.
        let flag = unique("matched")
        var out = ["\(ctx.indent)do -- \(at(node, ctx))", "\(ctx.indent)  local \(flag) = false"]
        var depth = 0
        var scoped = ctx
        scoped.indent += "  "
        scoped.scopes.append([:])
        for element in node.conditions {
            switch element.condition {
            case .optionalBinding(let binding):
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { return [notTranslated(node, ctx)] }
                let source = binding.initializer?.value ?? ExprSyntax(DeclReferenceExprSyntax(baseName: .identifier(name)))
                let bound = value(source, &scoped)
                let lua = LuaText.local(name) == LuaText.local(source.trimmedDescription) ? unique(LuaText.local(name)) : LuaText.local(name)
                out.append("\(scoped.indent)local \(lua) = \(bound.code)")
                out.append("\(scoped.indent)if \(lua) ~= nil then")
                scoped.declare(name, .init(lua: lua, type: bound.type.unwrapped, object: bound.object))
            case .expression(let expression):
                out.append("\(scoped.indent)if \(value(expression, &scoped, expect: .bool).code) then")
            case .matchingPattern(let pattern):
                // `if case .post(let id) = route`: the subject in a local, its test, its bindings.
                let subject = value(pattern.initializer.value, &scoped)
                let held = unique("subject")
                let payloads = holdsPayloads(subject.type) || hasPayloadPattern(pattern.pattern)
                guard let matched = match(pattern.pattern, held, subject.type, &scoped, payloads: payloads) else { return [notTranslated(node, ctx)] }
                out.append("\(scoped.indent)local \(held) = \(subject.code)")
                out.append("\(scoped.indent)if \(matched.test) then")
                scoped.indent += "  "
                depth += 1
                out += bind(matched, element, &scoped)
                continue
            default:
                out.append("\(scoped.indent)if true then")
            }
            scoped.indent += "  "
            depth += 1
        }
        out.append("\(scoped.indent)\(flag) = true")
        out += block(node.body.statements, &scoped)
        for level in stride(from: depth, to: 0, by: -1) {
            out.append("\(ctx.indent)  " + String(repeating: "  ", count: level - 1) + "end")
        }
        if let rest = node.elseBody {
            var elseCtx = ctx
            elseCtx.indent += "  "
            out.append("\(ctx.indent)  if not \(flag) then")
            var deeper = elseCtx
            deeper.indent += "  "
            switch rest {
            case .ifExpr(let next): out += ifStatement(next, &deeper)
            case .codeBlock(let body): out += block(body.statements, &deeper)
            }
            out.append("\(ctx.indent)  end")
        }
        out.append("\(ctx.indent)end")
        return out
    }

    private func elseBranch(_ rest: IfExprSyntax.ElseBody?, _ ctx: inout Context) -> [String] {
        guard let rest else { return [] }
        var inner = ctx
        inner.indent += "  "
        switch rest {
        case .codeBlock(let body):
            return ["\(ctx.indent)else"] + block(body.statements, &inner)
        case .ifExpr(let next):
            let plain = !next.conditions.contains {
                if case .expression = $0.condition { return false }; return true
            }
            if plain {
                let test = conditions(next.conditions, &ctx)
                return ["\(ctx.indent)elseif \(test) then -- \(at(next, ctx))"] + block(next.body.statements, &inner) + elseBranch(next.elseBody, &ctx)
            }
            return ["\(ctx.indent)else"] + ifStatement(next, &inner)
        }
    }

    /// Conditions without bindings, joined with `and`; `#available` holds (the model is of the newest system).
    private func conditions(_ list: ConditionElementListSyntax, _ ctx: inout Context) -> String {
        let parts = list.map { element -> String in
            if case .expression(let expression) = element.condition { return "(\(value(expression, &ctx, expect: .bool).code))" }
            return "true"
        }
        return parts.joined(separator: " and ")
    }

    private func guarded(_ node: GuardStmtSyntax, _ ctx: inout Context) -> [String] {
        var out: [String] = []
        var inner = ctx
        inner.indent += "  "
        let otherwise = block(node.body.statements, &inner)
        for element in node.conditions {
            switch element.condition {
            case .optionalBinding(let binding):
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { return [notTranslated(node, ctx)] }
                let source = binding.initializer?.value ?? ExprSyntax(DeclReferenceExprSyntax(baseName: .identifier(name)))
                let bound = value(source, &ctx)
                let lua = LuaText.local(name) == LuaText.local(source.trimmedDescription) ? unique(LuaText.local(name)) : LuaText.local(name)
                out.append(emit("local \(lua) = \(bound.code)", element, ctx))
                out.append("\(ctx.indent)if \(lua) == nil then")
                ctx.declare(name, .init(lua: lua, type: bound.type.unwrapped, object: bound.object))
            case .expression(let expression):
                out.append("\(ctx.indent)if not (\(value(expression, &ctx, expect: .bool).code)) then -- \(at(element, ctx))")
            case .availability:
                continue
            case .matchingPattern(let pattern):
                // `guard case .post(let id) = route else { … }`: the names bound after it.
                let subject = value(pattern.initializer.value, &ctx)
                let held = unique("subject")
                let payloads = holdsPayloads(subject.type) || hasPayloadPattern(pattern.pattern)
                guard let matched = match(pattern.pattern, held, subject.type, &ctx, payloads: payloads) else { return [notTranslated(node, ctx)] }
                out.append(emit("local \(held) = \(subject.code)", element, ctx))
                out.append("\(ctx.indent)if not (\(matched.test)) then")
                out += otherwise
                out.append("\(ctx.indent)end")
                out += bind(matched, element, &ctx)
                continue
            default:
                return [notTranslated(node, ctx)]
            }
            out += otherwise
            out.append("\(ctx.indent)end")
        }
        return out
    }

    private func switchStatement(_ node: SwitchExprSyntax, _ ctx: inout Context) -> [String] {
        let subject = value(node.subject, &ctx)
        let name = unique("subject")
        let payloads =
            holdsPayloads(subject.type)
            || node.cases.contains { element in
                guard case .switchCase(let switchCase) = element, case .case(let label) = switchCase.label else { return false }
                return label.caseItems.contains { hasPayloadPattern($0.pattern) }
            }
        var inner = ctx
        inner.indent += "  "
        var out = ["\(ctx.indent)do -- \(at(node, ctx))", "\(inner.indent)local \(name) = \(subject.code)"]
        var first = true
        var defaultBody: [String]?
        for element in node.cases {
            guard case .switchCase(let switchCase) = element else { return [notTranslated(node, ctx)] }
            let unknown = switchCase.attribute?.attributeName.trimmedDescription == "unknown"
            var body = ctx
            body.indent += "    "
            // A `break` directly in a case ends the switch: nothing to write in Lua.
            let items = switchCase.statements.filter { !$0.item.is(BreakStmtSyntax.self) }
            if items.contains(where: { $0.item.is(FallThroughStmtSyntax.self) }) { return [notTranslated(node, ctx)] }
            switch switchCase.label {
            case .default:
                if unknown { continue }  // @unknown default: dropped (spec §5)
                defaultBody = block(items, &body)
            case .case(let label):
                var tests: [String] = []
                var bound: Match?
                for caseItem in label.caseItems {
                    guard let matched = match(caseItem.pattern, name, subject.type, &ctx, payloads: payloads) else { return [notTranslated(node, ctx)] }
                    // Names bound by one of several patterns: not translated (Swift binds them in each).
                    if !matched.bindings.isEmpty && label.caseItems.count > 1 { return [notTranslated(node, ctx)] }
                    var test = matched.test
                    if let whereClause = caseItem.whereClause {
                        var scoped = ctx
                        scoped.scopes.append([:])
                        for (swift, lua) in matched.bindings { scoped.declare(swift, .init(lua: lua, type: .unknown)) }
                        test = "(\(test) and \(value(whereClause.condition, &scoped, expect: .bool).code))"
                    }
                    tests.append(test)
                    if !matched.bindings.isEmpty { bound = matched }
                }
                out.append("\(inner.indent)\(first ? "if" : "elseif") \(tests.joined(separator: " or ")) then -- \(at(switchCase, ctx))")
                first = false
                body.scopes.append([:])
                if let bound { out += bind(bound, switchCase, &body) }
                out += block(items, &body)
            }
        }
        if let defaultBody {
            if first {
                out.append("\(inner.indent)do")
            } else {
                out.append("\(inner.indent)else")
            }
            out += defaultBody
            out.append("\(inner.indent)end")
        } else if !first {
            out.append("\(inner.indent)end")
        }
        out.append("\(ctx.indent)end")
        return out
    }

    /// `case .active`, `case "a"`, `case 1...5`, `case 0..<3`: a test of `subject`.
    func patternTest(_ expression: ExprSyntax, _ subject: String, _ type: ValueType, _ ctx: inout Context) -> String? {
        var expression = expression
        if let sequence = expression.as(SequenceExprSyntax.self), let folded = try? OperatorTable.standardOperators.foldSingle(sequence) { expression = folded }
        if let infix = expression.as(InfixOperatorExprSyntax.self), let op = infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text, op == "..." || op == "..<" {
            guard let low = translate(infix.leftOperand, &ctx, expect: type), let high = translate(infix.rightOperand, &ctx, expect: type) else { return nil }
            return "(\(subject) >= \(low.code) and \(subject) \(op == "..." ? "<=" : "<") \(high.code))"
        }
        guard let item = translate(expression, &ctx, expect: type) else { return nil }
        return "\(subject) == \(item.code)"
    }

    private func doCatch(_ node: DoStmtSyntax, _ ctx: inout Context) -> [String] {
        var inner = ctx
        inner.indent += "  "
        inner.returnValue = nil
        inner.returnsValue = false
        inner.deferReturn = false
        guard let clause = node.catchClauses.first else {
            return ["\(ctx.indent)do -- \(at(node, ctx))"] + block(node.body.statements, &inner) + ["\(ctx.indent)end"]
        }
        let ok = unique("ok"), failure = unique("failure")
        var out = ["\(ctx.indent)local \(ok), \(failure) = pcall(function() -- \(at(node, ctx))"]
        out += block(node.body.statements, &inner)
        out.append("\(ctx.indent)end)")
        out.append("\(ctx.indent)if not \(ok) then -- \(at(clause, ctx))")
        var handler = ctx
        handler.indent += "  "
        handler.scopes.append([:])
        handler.declare("error", .init(lua: failure, type: .unknown))
        out += block(clause.body.statements, &handler)
        out.append("\(ctx.indent)end")
        return out
    }

    private func forLoop(_ node: ForStmtSyntax, _ ctx: inout Context) -> [String] {
        guard node.whereClause == nil, !node.tryKeyword.map({ _ in true }).isSome, node.awaitKeyword == nil,
            let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text ?? (node.pattern.is(WildcardPatternSyntax.self) ? "_" : nil)
        else {
            return [notTranslated(node, ctx)]
        }
        var sequence = node.sequence
        if let seq = sequence.as(SequenceExprSyntax.self), let folded = try? OperatorTable.standardOperators.foldSingle(seq) { sequence = folded }
        let lua = name == "_" ? "_" : LuaText.local(name)
        var header: String
        var element = ValueType.unknown
        if let infix = sequence.as(InfixOperatorExprSyntax.self), let op = infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text, op == "..." || op == "..<" {
            let low = value(infix.leftOperand, &ctx, expect: .int), high = value(infix.rightOperand, &ctx, expect: .int)
            header = "for \(lua) = \(low.code), \(op == "..." ? high.code : "(\(high.code)) - 1") do"
            element = .int
        } else {
            let items = value(sequence, &ctx)
            if case .array(let inner) = items.type.unwrapped { element = inner }
            header = "for _, \(lua == "_" ? "_item" : lua) in ipairs(\(items.code)) do"
        }
        var scoped = ctx
        scoped.scopes.append([:])
        if name != "_" { scoped.declare(name, .init(lua: lua, type: element)) }
        return loopBody(header, node.body.statements, node, &scoped)
    }

    private func loopBody(_ header: String, _ body: CodeBlockItemListSyntax, _ node: some SyntaxProtocol, _ ctx: inout Context) -> [String] {
        var inner = ctx
        inner.indent += "  "
        let label = unique("continue")
        inner.loopLabel = label
        var out = ["\(ctx.indent)\(header) -- \(at(node, ctx))"]
        out += block(body, &inner)
        if usedLabels.contains(label) { out.append("\(inner.indent)::\(label)::") }
        out.append("\(ctx.indent)end")
        return out
    }

    /// A closure's parameter names in order (nil for `_`).
    func closureParameters(_ closure: ClosureExprSyntax) -> [String?] {
        guard let clause = closure.signature?.parameterClause else { return [] }
        switch clause {
        case .simpleInput(let list): return list.map { $0.name.text == "_" ? nil : $0.name.text }
        case .parameterClause(let parameters):
            return parameters.parameters.map { parameter in
                let name = (parameter.secondName ?? parameter.firstName).text
                return name == "_" ? nil : name
            }
        }
    }
}

extension Optional {
    fileprivate var isSome: Bool { self != nil }
}
