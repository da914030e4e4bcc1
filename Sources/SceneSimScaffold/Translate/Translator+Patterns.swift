import SwiftOperators
import SwiftSyntax

/// Patterns (`case .post(let id)`, `case let .user(name, _)`, `if case`, `guard case`): a test
/// of a subject held in a Lua local, and the names the pattern binds. A case with associated
/// values is a Lua table `{ "post", id }` (Symbols.payloadCases); one without stays its name,
/// so `swift.case_name` reads the case of either.
extension Translator {
    struct Match {
        var test: String
        /// Swift name → the Lua expression of the bound value on the subject.
        var bindings: [(name: String, lua: String)] = []
    }

    /// Whether a subject of `type` may hold cases with associated values: its case is read
    /// through `swift.case_name`.
    func holdsPayloads(_ type: ValueType) -> Bool {
        if case .named(let name) = type.unwrapped { return symbols.payloadCases[name] != nil }
        return false
    }

    /// Whether a pattern names a case with associated values (`.post(let id)`).
    func hasPayloadPattern(_ pattern: PatternSyntax) -> Bool {
        final class Finder: SyntaxVisitor {
            var found = false
            override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
                if let member = node.calledExpression.as(MemberAccessExprSyntax.self), member.base == nil || member.base?.trimmedDescription.first?.isUppercase == true {
                    found = true
                }
                return .skipChildren
            }
        }
        let finder = Finder(viewMode: .sourceAccurate)
        finder.walk(pattern)
        return finder.found
    }

    func match(_ pattern: PatternSyntax, _ subject: String, _ type: ValueType, _ ctx: inout Context, binding: Bool = false, payloads: Bool) -> Match? {
        if let bound = pattern.as(ValueBindingPatternSyntax.self) { return match(bound.pattern, subject, type, &ctx, binding: true, payloads: payloads) }
        if pattern.is(WildcardPatternSyntax.self) { return Match(test: "true") }
        if let name = pattern.as(IdentifierPatternSyntax.self), binding { return Match(test: "true", bindings: [(name.identifier.text, subject)]) }
        if let expression = pattern.as(ExpressionPatternSyntax.self) { return match(expression.expression, subject, type, &ctx, binding: binding, payloads: payloads) }
        return nil
    }

    private func match(_ expression: ExprSyntax, _ subject: String, _ type: ValueType, _ ctx: inout Context, binding: Bool, payloads: Bool) -> Match? {
        if let inner = expression.as(PatternExprSyntax.self) { return match(inner.pattern, subject, type, &ctx, binding: binding, payloads: payloads) }
        if expression.is(DiscardAssignmentExprSyntax.self) { return Match(test: "true") }
        if binding, let name = expression.as(DeclReferenceExprSyntax.self) { return Match(test: "true", bindings: [(name.baseName.text, subject)]) }
        // `.post(let id, _)`, `Route.post(id: let id)`: the case, then each value in its place.
        if let call = expression.as(FunctionCallExprSyntax.self), call.trailingClosure == nil,
            let member = call.calledExpression.as(MemberAccessExprSyntax.self)
        {
            let name = member.declName.baseName.text
            let owner = member.base?.trimmedDescription ?? type.typeName
            guard member.base == nil || owner?.first?.isUppercase == true, symbols.payloadEnum(case: name, in: owner) != nil || member.base == nil else { return nil }
            var tests = ["\(helper("case_name"))(\(subject)) == \(LuaText.quoted(name))"]
            var bindings: [(String, String)] = []
            for (offset, argument) in call.arguments.enumerated() {
                guard let inner = match(argument.expression, "\(subject)[\(offset + 2)]", .unknown, &ctx, binding: binding, payloads: false) else { return nil }
                if inner.test != "true" { tests.append(inner.test) }
                bindings += inner.bindings
            }
            return Match(test: tests.count == 1 ? tests[0] : "(" + tests.joined(separator: " and ") + ")", bindings: bindings)
        }
        // `.settings` where the subject may hold values: its case name.
        if payloads, let member = expression.as(MemberAccessExprSyntax.self), member.base == nil || member.base?.trimmedDescription.first?.isUppercase == true {
            return Match(test: "\(helper("case_name"))(\(subject)) == \(LuaText.quoted(member.declName.baseName.text))")
        }
        guard let test = patternTest(expression, subject, type, &ctx) else { return nil }
        return Match(test: test)
    }

    /// `.post(id: 5)`, `Route.post(5)`: a case with associated values, built as `{ "post", 5 }`.
    func payloadCase(_ node: FunctionCallExprSyntax, _ access: MemberAccessExprSyntax, _ ctx: inout Context) -> Lua? {
        let name = access.declName.baseName.text
        var owner: String?
        if let base = access.base {
            let text = base.trimmedDescription
            guard text.first?.isUppercase == true, symbols.payloadCases[text]?[name] != nil else { return nil }
            owner = text
        } else {
            owner = symbols.payloadEnum(case: name, in: nil)
        }
        guard let owner, node.trailingClosure == nil else { return nil }
        let values = node.arguments.map { value($0.expression, &ctx).code }
        return Lua("{ " + ([LuaText.quoted(name)] + values).joined(separator: ", ") + " }", .named(owner))
    }

    /// `local id = subject[2]` for each name a matched pattern binds, declared in `ctx`.
    func bind(_ matched: Match, _ node: some SyntaxProtocol, _ ctx: inout Context) -> [String] {
        matched.bindings.map { name, lua in
            let local = LuaText.local(name)
            ctx.declare(name, .init(lua: local, type: .unknown))
            return "\(ctx.indent)local \(local) = \(lua) -- \(at(node, ctx))"
        }
    }
}
