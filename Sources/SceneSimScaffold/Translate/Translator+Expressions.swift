import SwiftOperators
import SwiftSyntax

/// What a name or a member chain stands for before it is read or written.
enum Reference {
    case value(Lua)
    case state(StateSlot)
    case object(String)
    case type(String)
    case local(Translator.Context.Local)
    case environment(Property)
}

extension Translator {
    static let singletonNames: Set<String> = ["shared", "main", "standard", "default", "current"]
    static let maxOperands = 257

    // MARK: Values

    /// `expression` as a Lua value; what does not translate is `nil --[[ source ]]` with a warning.
    func value(_ expression: ExprSyntax, _ ctx: inout Context, expect: ValueType = .unknown) -> Lua {
        translate(expression, &ctx, expect: expect) ?? cannot(expression, ctx)
    }

    /// `expression` as a Lua value, or nil when it does not translate (the caller says so).
    func translate(_ expression: ExprSyntax, _ ctx: inout Context, expect: ValueType = .unknown) -> Lua? {
        if let sequence = expression.as(SequenceExprSyntax.self) {
            // Folded, `a + a + … + a` is a tree as deep as it is long: past this many operands it
            // is not translated (a warning), so a generated file cannot exhaust the stack.
            guard sequence.elements.count <= Self.maxOperands else { return nil }
            guard let folded = try? OperatorTable.standardOperators.foldSingle(sequence) else { return nil }
            let saved = ctx.bias
            ctx.bias = sequence.position.utf8Offset + ctx.bias - folded.position.utf8Offset
            defer { ctx.bias = saved }
            return translate(folded, &ctx, expect: expect)
        }
        if let literal = literal(expression, expect: expect) { return literal }
        if let string = expression.as(StringLiteralExprSyntax.self) { return interpolation(string, &ctx) }
        if expression.is(NilLiteralExprSyntax.self) { return Lua("nil", .optional(expect)) }
        if let tuple = expression.as(TupleExprSyntax.self) {
            guard tuple.elements.count == 1, let only = tuple.elements.first, only.label == nil else { return nil }
            guard let inner = translate(only.expression, &ctx, expect: expect) else { return nil }
            return Lua("(\(inner.code))", inner.type)
        }
        if let tryExpression = expression.as(TryExprSyntax.self) {
            if tryExpression.questionOrExclamationMark?.tokenKind == .postfixQuestionMark {
                // try?: nil when it throws.
                let inner = value(tryExpression.expression, &ctx, expect: expect)
                return Lua("\(helper("try"))(function() return \(inner.code) end)", .optional(inner.type), isCall: true)
            }
            return translate(tryExpression.expression, &ctx, expect: expect)
        }
        if let awaitExpression = expression.as(AwaitExprSyntax.self) { return translate(awaitExpression.expression, &ctx, expect: expect) }
        if let unwrap = expression.as(ForceUnwrapExprSyntax.self) {
            return translate(unwrap.expression, &ctx, expect: expect).map { Lua($0.code, $0.type.unwrapped, object: $0.object, isCall: $0.isCall) }
        }
        if let chain = expression.as(OptionalChainingExprSyntax.self) { return translate(chain.expression, &ctx, expect: expect) }
        if let test = expression.as(IsExprSyntax.self) {
            // `AppState.main.firstAccount is UserAccount`: a question about the app's values at
            // run time that the sources cannot answer; an effect of that name, so the overlay
            // answers it (nil, false, until it does).
            var subject = calleeName(test.expression, ctx)
            if let reference = test.expression.as(DeclReferenceExprSyntax.self), ctx.lookup(reference.baseName.text) == nil,
                let owner = ctx.owner, symbols.property(reference.baseName.text, of: owner) != nil
            {
                subject = "\(owner).\(reference.baseName.text)"  // a property of the type in scope
            }
            let name = "\(subject) is \(test.type.trimmedDescription)"
            var asked = effectCall(name, at: line(test, ctx), [], ctx)
            asked.code = "(\(asked.code) == true)"
            asked.type = .bool
            asked.isCall = false
            return asked
        }
        if let cast = expression.as(AsExprSyntax.self) {
            guard let inner = translate(cast.expression, &ctx) else { return nil }
            let type = ValueType.written(cast.type.trimmedDescription)
            return Lua(inner.code, cast.questionOrExclamationMark?.tokenKind == .postfixQuestionMark ? .optional(type) : type, object: inner.object, isCall: inner.isCall)
        }
        if let prefix = expression.as(PrefixOperatorExprSyntax.self) {
            switch prefix.operator.text {
            case "!":
                let inner = value(prefix.expression, &ctx, expect: .bool)
                return Lua("not (\(inner.code))", .bool)
            case "-":
                let inner = value(prefix.expression, &ctx, expect: expect)
                return Lua("-(\(inner.code))", inner.type)
            default: return nil
            }
        }
        if let infix = expression.as(InfixOperatorExprSyntax.self) { return operation(infix, &ctx, expect: expect) }
        if let ternary = expression.as(TernaryExprSyntax.self) {
            let condition = value(ternary.condition, &ctx, expect: .bool)
            let then = value(ternary.thenExpression, &ctx, expect: expect)
            let otherwise = value(ternary.elseExpression, &ctx, expect: then.type == .unknown ? expect : then.type)
            return Lua("(function() if \(condition.code) then return \(then.code) end return \(otherwise.code) end)()", then.type == .unknown ? otherwise.type : then.type)
        }
        if let array = expression.as(ArrayExprSyntax.self) {
            var element = ValueType.unknown
            if case .array(let inner) = expect { element = inner }
            let items = array.elements.map { value($0.expression, &ctx, expect: element) }
            return Lua("{ \(items.map(\.code).joined(separator: ", ")) }", .array(items.first?.type ?? element))
        }
        if let dictionary = expression.as(DictionaryExprSyntax.self) {
            guard case .elements(let elements) = dictionary.content else { return Lua("{}", .named("Dictionary")) }
            let items = elements.map { "[\(value($0.key, &ctx).code)] = \(value($0.value, &ctx).code)" }
            return Lua("{ \(items.joined(separator: ", ")) }", .named("Dictionary"))
        }
        if let call = expression.as(FunctionCallExprSyntax.self) { return self.call(call, &ctx) }
        if let subscriptCall = expression.as(SubscriptCallExprSyntax.self) { return subscripted(subscriptCall, &ctx) }
        if expression.is(DeclReferenceExprSyntax.self) || expression.is(MemberAccessExprSyntax.self) {
            guard let reference = reference(expression, &ctx, expect: expect) else { return nil }
            return read(reference, expression, &ctx)
        }
        return nil
    }

    /// A number, Boolean or string literal without interpolation; nil otherwise.
    func literal(_ expression: ExprSyntax, expect: ValueType) -> Lua? {
        if let boolean = expression.as(BooleanLiteralExprSyntax.self) { return Lua(boolean.literal.text, .bool) }
        if let integer = expression.as(IntegerLiteralExprSyntax.self) {
            var text = integer.literal.text.filter { $0 != "_" }
            var radix = 10
            if text.hasPrefix("0x") { radix = 16 } else if text.hasPrefix("0o") { radix = 8 } else if text.hasPrefix("0b") { radix = 2 }
            if radix != 10 { text.removeFirst(2) }
            guard let number = Int(text, radix: radix) else { return nil }
            // An Int literal where a Double is declared is a Double in Swift: a float in Lua.
            if expect.unwrapped == .double { return Lua("\(number).0", .double) }
            return Lua(String(number), .int)
        }
        if let float = expression.as(FloatLiteralExprSyntax.self) {
            let text = float.literal.text.filter { $0 != "_" }
            guard let number = Double(text), number.isFinite else { return nil }
            return Lua(number == number.rounded() && abs(number) < 1e15 ? String(format1: number) : "\(number)", .double)
        }
        if let string = expression.as(StringLiteralExprSyntax.self), let text = string.representedLiteralValue {
            return Lua(LuaText.quoted(text), .string)
        }
        return nil
    }

    /// `"a \(b) c"` as `"a " .. tostring(b) .. " c"`; each literal part through the escaper.
    private func interpolation(_ string: StringLiteralExprSyntax, _ ctx: inout Context) -> Lua? {
        // Multi-line and raw interpolated strings: their escapes and indentation are not read here.
        guard string.openingQuote.tokenKind == .stringQuote, string.openingPounds == nil else { return nil }
        var parts: [String] = []
        for segment in string.segments {
            switch segment {
            case .stringSegment(let text):
                guard let decoded = Self.unescape(text.content.text) else { return nil }
                if !decoded.isEmpty { parts.append(LuaText.quoted(decoded)) }
            case .expressionSegment(let inner):
                guard inner.expressions.count == 1, let only = inner.expressions.first, only.label == nil else { return nil }
                let part = value(only.expression, &ctx)
                parts.append(part.type == .string ? "(\(part.code))" : "tostring(\(part.code))")
            }
        }
        return Lua(parts.isEmpty ? "\"\"" : "(" + parts.joined(separator: " .. ") + ")", .string)
    }

    /// The value of a string literal's text between interpolations: Swift's escapes decoded.
    static func unescape(_ text: String) -> String? {
        var out = ""
        var iterator = text.unicodeScalars.makeIterator()
        while let c = iterator.next() {
            guard c == "\\" else { out.unicodeScalars.append(c); continue }
            guard let e = iterator.next() else { return nil }
            switch e {
            case "0": out.append("\0")
            case "\\": out.append("\\")
            case "t": out.append("\t")
            case "n": out.append("\n")
            case "r": out.append("\r")
            case "\"": out.append("\"")
            case "'": out.append("'")
            case "u":
                guard iterator.next() == "{" else { return nil }
                var hex = ""
                while let h = iterator.next(), h != "}" { hex.unicodeScalars.append(h) }
                guard let code = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(code) else { return nil }
                out.unicodeScalars.append(scalar)
            default: return nil
            }
        }
        return out
    }

    // MARK: Operators

    private func operation(_ infix: InfixOperatorExprSyntax, _ ctx: inout Context, expect: ValueType) -> Lua? {
        if let cast = infix.operator.as(UnresolvedAsExprSyntax.self) {
            _ = cast
            return nil
        }
        guard let op = infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text else { return nil }
        // The side whose type is known first, so `.background == phase` reads `.background` as a phase.
        let leftImplicit = infix.leftOperand.as(MemberAccessExprSyntax.self)?.base == nil && infix.leftOperand.is(MemberAccessExprSyntax.self)
        var left: Lua, right: Lua
        if leftImplicit {
            right = value(infix.rightOperand, &ctx)
            left = value(infix.leftOperand, &ctx, expect: right.type)
        } else {
            let operandExpect: ValueType = ["&&", "||"].contains(op) ? .bool : (["+", "-", "*", "/", "%", "??"].contains(op) ? expect : .unknown)
            left = value(infix.leftOperand, &ctx, expect: operandExpect)
            right = value(infix.rightOperand, &ctx, expect: left.type == .unknown ? operandExpect : left.type.unwrapped)
        }
        let l = "(\(left.code))", r = "(\(right.code))"
        let numeric: ValueType =
            left.type.unwrapped == .double || right.type.unwrapped == .double ? .double : (left.type.unwrapped == .int && right.type.unwrapped == .int ? .int : .unknown)
        switch op {
        case "&&": return Lua("\(l) and \(r)", .bool)
        case "||": return Lua("\(l) or \(r)", .bool)
        case "==": return Lua("\(l) == \(r)", .bool)
        case "!=": return Lua("\(l) ~= \(r)", .bool)
        case "<", "<=", ">", ">=": return Lua("\(l) \(op) \(r)", .bool)
        case "+":
            if left.type.isString || right.type.isString { return Lua("\(l) .. \(r)", .string) }
            if left.type.isNumber && right.type.isNumber { return Lua("\(l) + \(r)", numeric) }
            return Lua("\(helper("add"))(\(left.code), \(right.code))", left.type == .unknown ? right.type : left.type, isCall: true)
        case "-", "*": return Lua("\(l) \(op) \(r)", numeric == .unknown ? left.type : numeric)
        case "/":
            if numeric == .double { return Lua("\(l) / \(r)", .double) }
            return Lua("\(helper("div"))(\(left.code), \(right.code))", numeric, isCall: true)
        case "%": return Lua("math.fmod(\(left.code), \(right.code))", numeric)
        case "??":
            return Lua("(function() local v = \(left.code); if v ~= nil then return v end return \(right.code) end)()", right.type)
        case "...", "..<":
            return nil
        default: return nil
        }
    }

    // MARK: Names and members

    /// What a name or a member chain refers to; nil when the translator does not know it.
    func reference(_ expression: ExprSyntax, _ ctx: inout Context, expect: ValueType = .unknown) -> Reference? {
        if let name = expression.as(DeclReferenceExprSyntax.self) {
            let text = name.baseName.text.filter { $0 != "`" }
            if text == "self" {
                if let owner = ctx.owner, symbols.held.contains(owner) { return .object(owner) }
                return nil
            }
            if text == "Self", let owner = ctx.owner { return .type(owner) }
            if let shorthand = shorthandParameter(text, ctx) { return .local(shorthand) }
            if let local = ctx.lookup(text) {
                if let object = local.object { return .object(object) }
                return .local(local)
            }
            if let property = symbols.property(text, of: ctx.owner) { return member(property, ctx) }
            if symbols.properties[text] != nil || text.first?.isUppercase == true { return .type(text) }
            return nil
        }
        guard let access = expression.as(MemberAccessExprSyntax.self) else {
            guard let inner = translate(expression, &ctx) else { return nil }
            return inner.object.map { .object($0) } ?? .value(inner)
        }
        let name = access.declName.baseName.text.filter { $0 != "`" }
        guard let base = access.base else { return .value(implicitMember(name, expect: expect)) }
        // `self.avatarImage` in a view (or any type that is not a held object): its own member.
        if base.as(DeclReferenceExprSyntax.self)?.baseName.text == "self", let owner = ctx.owner, !symbols.held.contains(owner),
            let property = symbols.property(name, of: owner)
        {
            return member(property, ctx)
        }
        if let reference = self.reference(base, &ctx) {
            switch reference {
            case .object(let type):
                if let property = symbols.property(name, of: type) { return member(property, ctx) }
                return nil
            case .type(let type):
                if name == "invalid" { return .value(Lua("nil", .optional(.unknown))) }  // UIBackgroundTaskIdentifier.invalid
                if Self.singletonNames.contains(name), symbols.held.contains(type) { return .object(type) }
                if let property = symbols.property(name, of: type) { return member(property, ctx) }
                if let raw = symbols.rawValue(of: name, in: type) { return .value(Lua(raw ?? LuaText.quoted(name), raw.map { $0.hasPrefix("\"") ? .string : .int } ?? .string)) }
                return nil
            case .environment:
                return nil
            default:
                guard let receiver = read(reference, base, &ctx) else { return nil }
                return memberOfValue(receiver, name, access, &ctx).map { .value($0) }
            }
        }
        return nil
    }

    /// A member of the type in scope, or of a held object.
    private func member(_ property: Property, _ ctx: Context) -> Reference? {
        switch property {
        case .state(let slot): return .state(slot)
        case .phase:
            if let phase = ctx.phaseNew { return .value(Lua(phase, .phase)) }
            return .value(Lua(ctx.place == .app ? "app.phase" : "w.phase", .phase))
        case .openWindow, .dismissWindow, .dismiss: return .environment(property)
        case .object(let type): return .object(type)
        case .constant(let expression):
            return literal(expression, expect: .unknown).map { .value($0) }
        case .typed(let type):
            // `let entryID: UUID?` in the root view of `WindowGroup(for: UUID.self)`: the value.
            if ctx.place != .app, let owner = ctx.owner, let valueType = valueRoots[owner],
                type.typeName == valueType || (type.unwrapped == .int && valueType == "Int")
            {
                return .value(Lua("w.value", type))
            }
            return nil
        case .computed(let decl):
            guard let name = follow(decl, from: ctx) else { return nil }
            return .value(Lua("\(name)(w)", decl.returns, isCall: true))
        }
    }

    /// `$0`, `$1` in a closure: the handler's parameters, by position.
    private func shorthandParameter(_ text: String, _ ctx: Context) -> Context.Local? {
        guard text.hasPrefix("$") else { return nil }
        return ctx.lookup(text)
    }

    /// `.background`, `.home`: the case name, or its raw value when the expected type is an
    /// enum of the sources that declares one.
    func implicitMember(_ name: String, expect: ValueType) -> Lua {
        if name == "invalid" { return Lua("nil", .optional(.unknown)) }
        if case .named(let type) = expect.unwrapped, let raw = symbols.rawValue(of: name, in: type), let literal = raw {
            return Lua(literal, literal.hasPrefix("\"") ? .string : .int)
        }
        if expect.unwrapped == .phase { return Lua(LuaText.quoted(name), .phase) }
        return Lua(LuaText.quoted(name), expect == .unknown ? .string : expect)
    }

    /// A property of a value: URL reads, `.count`, `.isEmpty`, `.rawValue`.
    private func memberOfValue(_ receiver: Lua, _ name: String, _ node: MemberAccessExprSyntax, _ ctx: inout Context) -> Lua? {
        switch (receiver.type.unwrapped, name) {
        case (.url, "scheme"), (.urlComponents, "scheme"): return Lua("sim.url(\(receiver.code)).scheme", .optional(.string))
        case (.url, "host"), (.urlComponents, "host"): return Lua("sim.url(\(receiver.code)).host", .optional(.string))
        case (.url, "path"), (.urlComponents, "path"): return Lua("\(helper("url_path"))(\(receiver.code))", .string, isCall: true)
        case (.url, "pathComponents"): return Lua("\(helper("path_components"))(\(receiver.code))", .array(.string), isCall: true)
        case (.url, "lastPathComponent"): return Lua("\(helper("last_path_component"))(\(receiver.code))", .string, isCall: true)
        case (.url, "absoluteString"), (.url, "description"): return Lua(receiver.code, .string)
        case (.url, "fragment"), (.urlComponents, "fragment"): return Lua("sim.url(\(receiver.code)).fragment", .optional(.string))
        case (.url, "query"), (.urlComponents, "query"): return nil
        case (.urlComponents, "queryItems"): return Lua(receiver.code, .named("URLQueryItems"))
        case (.named("URLQueryItem"), "value"): return Lua(receiver.code, .optional(.string))
        case (.named("NSUserActivity"), "userInfo"): return Lua(receiver.code, .named("Dictionary"))
        // A notification response: response.notification.request.content.userInfo is the info.
        case (.named("UNNotificationResponse"), "notification"): return Lua(receiver.code, .named("UNNotification"))
        case (.named("UNNotification"), "request"): return Lua(receiver.code, .named("UNNotificationRequest"))
        case (.named("UNNotificationRequest"), "content"): return Lua(receiver.code, .named("UNNotificationContent"))
        case (.named("UNNotificationContent"), "userInfo"): return Lua(receiver.code, .named("Dictionary"))
        case (.named("NSUserActivity"), "activityType"): return Lua("type", .string)
        case (_, "count"): return Lua("\(helper("count"))(\(receiver.code))", .int, isCall: true)
        case (_, "isEmpty"): return Lua("(\(helper("count"))(\(receiver.code)) == 0)", .bool)
        case (_, "rawValue"): return receiver
        case (.array(let element), "first"): return Lua("(\(receiver.code))[1]", .optional(element))
        case (.array(let element), "last"): return Lua("(function() local a = \(receiver.code); return a[#a] end)()", .optional(element))
        default: return nil
        }
    }

    /// The Lua value of a reference.
    func read(_ reference: Reference, _ node: some SyntaxProtocol, _ ctx: inout Context) -> Lua? {
        switch reference {
        case .value(let lua): return lua
        case .local(let local): return Lua(local.lua, local.type)
        case .state(let slot):
            guard let table = stateTable(slot, node, ctx) else { return nil }
            let access = LuaText.index(table, slot.key)
            let initial = slot.defaultValue.flatMap { defaultLiteral($0, slot, &ctx) }.flatMap { $0.code == "nil" ? nil : $0 }
            let code = initial.map { "\(helper("read"))(\(table), \(LuaText.quoted(slot.key)), \($0.code))" } ?? access
            if ctx.deferred, slot.store == .storage || slot.store == .windowMemory {
                // Read later, from a window that may be gone: its Swift default then.
                return Lua("(function() if w.connected then return \(code) end return \(initial?.code ?? "nil") end)()", slot.type)
            }
            return Lua(code, slot.type, isCall: initial != nil)
        case .object(let type): return Lua("nil", .named(type), object: type)
        case .type, .environment: return nil
        }
    }

    /// A state slot's default as Lua: a literal or an enum case (a constant the sources give).
    func defaultLiteral(_ expression: ExprSyntax, _ slot: StateSlot, _ ctx: inout Context) -> Lua? {
        if let literal = literal(expression, expect: slot.type) { return literal }
        if expression.is(NilLiteralExprSyntax.self) { return Lua("nil", slot.type) }
        if let member = expression.as(MemberAccessExprSyntax.self), member.base == nil {
            return implicitMember(member.declName.baseName.text, expect: slot.type)
        }
        if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-", let inner = literal(prefix.expression, expect: slot.type) {
            return Lua("-\(inner.code)", inner.type)
        }
        // `= []`: an empty array to read (no value can hold it in storage or memory).
        if let array = expression.as(ArrayExprSyntax.self), array.elements.isEmpty { return Lua("{}", slot.type) }
        return nil
    }

    /// `w.storage`, `w.memory`, `app.memory`, `app.defaults`; nil for window state outside a
    /// window's code.
    func stateTable(_ slot: StateSlot, _ node: some SyntaxProtocol, _ ctx: Context) -> String? {
        switch slot.store {
        case .storage: return ctx.place == .app || ctx.windowGone ? nil : "w.storage"
        case .windowMemory: return ctx.place == .app || ctx.windowGone ? nil : "w.memory"
        case .appMemory:
            if !usedMemoryKeys.contains(where: { $0.key == slot.key }) { usedMemoryKeys.append((slot.key, slot.file, slot.line)) }
            return "app.memory"
        case .defaults:
            if !usedDefaultsKeys.contains(where: { $0.key == slot.key }) { usedDefaultsKeys.append((slot.key, slot.file, slot.line)) }
            return "app.defaults"
        }
    }

    // MARK: Subscripts

    private func subscripted(_ node: SubscriptCallExprSyntax, _ ctx: inout Context) -> Lua? {
        // `Defaults[.autosave]`
        if let base = node.calledExpression.as(DeclReferenceExprSyntax.self), base.baseName.text == "Defaults",
            let slot = defaultsSlot(node, ctx)
        {
            return read(.state(slot), node, &ctx)
        }
        guard node.arguments.count == 1, let argument = node.arguments.first else { return nil }
        let receiver = value(node.calledExpression, &ctx)
        switch receiver.type.unwrapped {
        case .array(let element), .optional(.array(let element)):
            let index = value(argument.expression, &ctx, expect: .int)
            return Lua("(\(receiver.code))[(\(index.code)) + 1]", .optional(element))
        default:
            let key = value(argument.expression, &ctx)
            return Lua("(\(receiver.code) or {})[\(key.code)]", .unknown)
        }
    }

    /// `Defaults[.name]`: the key `Defaults.Keys.name` declares.
    func defaultsSlot(_ node: SubscriptCallExprSyntax, _ ctx: Context) -> StateSlot? {
        guard let member = node.arguments.first?.expression.as(MemberAccessExprSyntax.self),
            let key = symbols.defaultsKeys[member.declName.baseName.text]
        else { return nil }
        return StateSlot(store: .defaults, key: key.key, type: key.type, defaultValue: key.defaultValue, file: key.file, line: key.line)
    }
}

extension String {
    /// `2.0` for a whole Double (Lua reads it as a float, as Swift's Double).
    init(format1 number: Double) {
        self = "\(Int(number)).0"
    }
}
