import SwiftParser
import SwiftSyntax

/// One type declared in the sources (or an extension of one): what `Scaffolder` needs of it.
struct TypeInfo {
    var name: String
    var file: String
    var line: Int
    var conformances: [String] = []
    var isMain = false
    /// Member blocks: the declaration's and its extensions'.
    var members: [(file: String, converter: SourceLocationConverter, block: MemberBlockSyntax)] = []
    var declared = false
    /// Source order across files: the index of the first declaration.
    var order = 0

    var isView: Bool { conformances.contains("View") || conformances.contains("SwiftUI.View") }
    var isApp: Bool { conformances.contains("App") || conformances.contains("SwiftUI.App") }
    var isScene: Bool { conformances.contains("Scene") || conformances.contains("SwiftUI.Scene") }
}

/// Collects the type declarations of one parsed file.
final class TypeCollector: SyntaxVisitor {
    let file: String
    let converter: SourceLocationConverter
    var found: [(name: String, line: Int, conformances: [String], isMain: Bool, block: MemberBlockSyntax, isExtension: Bool)] = []

    init(file: String, converter: SourceLocationConverter) {
        self.file = file
        self.converter = converter
        super.init(viewMode: .sourceAccurate)
    }

    private func add(
        _ name: String, _ node: some SyntaxProtocol, _ inheritance: InheritanceClauseSyntax?, _ attributes: AttributeListSyntax?,
        _ block: MemberBlockSyntax, isExtension: Bool
    ) {
        let conformances = inheritance?.inheritedTypes.map { $0.type.trimmedText } ?? []
        let isMain =
            attributes?.contains { element in
                element.as(AttributeSyntax.self)?.attributeName.trimmedText == "main"
            } ?? false
        found.append((name, node.startLocation(converter: converter).line, conformances, isMain, block, isExtension))
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        add(node.name.text, node, node.inheritanceClause, node.attributes, node.memberBlock, isExtension: false)
        return .visitChildren
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        add(node.name.text, node, node.inheritanceClause, node.attributes, node.memberBlock, isExtension: false)
        return .visitChildren
    }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        add(node.name.text, node, node.inheritanceClause, node.attributes, node.memberBlock, isExtension: false)
        return .visitChildren
    }

    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        add(node.name.text, node, node.inheritanceClause, node.attributes, node.memberBlock, isExtension: false)
        return .visitChildren
    }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        add(node.extendedType.trimmedText, node, node.inheritanceClause, nil, node.memberBlock, isExtension: true)
        return .visitChildren
    }

    // `#if false` code is never compiled: its types are not the app's.
    override func visit(_ node: IfConfigClauseSyntax) -> SyntaxVisitorContinueKind {
        clauseCondition(node).map(isConstantFalse) == true ? .skipChildren : .visitChildren
    }
}

/// The condition under which an `#if`/`#elseif`/`#else` clause is compiled: its own test
/// after the negations of the clauses before it (`!(os(macOS)) && os(iOS)`); nil for the
/// `#else` of nothing.
func clauseCondition(_ clause: IfConfigClauseSyntax) -> String? {
    guard let list = clause.parent?.as(IfConfigClauseListSyntax.self) else { return clause.condition?.trimmedText }
    // The 32 clauses before it at most: a chain of 100,000 `#elseif`s stays linear.
    let before = Array(list.prefix { $0.id != clause.id }.suffix(32))
    var previous: [String] = []
    for other in before {
        if let test = other.condition?.trimmedText { previous.append("!(\(test))") }
    }
    if let test = clause.condition?.trimmedText { previous.append(previous.isEmpty ? test : "(\(test))") }
    return previous.isEmpty ? nil : previous.joined(separator: " && ")
}

/// The first place a file does not parse: an unexpected or a missing token.
final class ErrorFinder: SyntaxAnyVisitor {
    var first: Syntax?

    init() { super.init(viewMode: .all) }

    override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
        if first != nil || !node.hasError { return .skipChildren }
        if node.is(UnexpectedNodesSyntax.self) {
            first = node
            return .skipChildren
        }
        if let token = node.as(TokenSyntax.self), token.presence == .missing {
            first = node
            return .skipChildren
        }
        return .visitChildren
    }
}

/// What the members of one type do: calls of constructed types, handlers, window calls. Does
/// not enter nested type declarations (they are types of their own).
final class MemberWalker: SyntaxVisitor {
    let converter: SourceLocationConverter
    let phaseNames: Set<String>
    let openNames: Set<String>
    let dismissNames: Set<String>
    var constructed: [String] = []
    /// The names the walked code refers to (`mainContent`, `self.content`), in order, when
    /// asked for (a scene's closure, which may build its views through a property or a method
    /// of the App); nil otherwise, so the walks of every view collect nothing they do not use.
    var referenced: [String]?
    var handlers: [ScaffoldFacts.Handler] = []
    /// Reads an id or activity type written as a constant (`StringConstants`); string
    /// literals only when nil.
    var resolve: ((ExprSyntax) -> (value: String, constant: StringConstants.Resolved?)?)?
    var openWindow: [ScaffoldFacts.WindowCall] = []
    var dismissWindow: [ScaffoldFacts.WindowCall] = []
    /// The conditions of the `#if` clauses the walk is inside (`os(macOS)`), outermost first.
    private var conditions: [String] = []
    /// The `#if` condition the facts found here carry: nil outside any.
    private var condition: String? { conditions.isEmpty ? nil : conditions.joined(separator: " && ") }

    init(converter: SourceLocationConverter, phaseNames: Set<String>, openNames: Set<String>, dismissNames: Set<String>) {
        self.converter = converter
        self.phaseNames = phaseNames
        self.openNames = openNames
        self.dismissNames = dismissNames
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    // `#Preview { ... }` inside a type is not the app's code.
    override func visit(_ node: MacroExpansionDeclSyntax) -> SyntaxVisitorContinueKind {
        node.macroName.text == "Preview" ? .skipChildren : .visitChildren
    }
    override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind {
        node.macroName.text == "Preview" ? .skipChildren : .visitChildren
    }

    private func line(_ node: some SyntaxProtocol) -> Int { node.startLocation(converter: converter).line }

    // `#if false` code is dropped; `#if os(macOS)` code keeps its condition, for the model of
    // each platform to apply.
    override func visit(_ node: IfConfigClauseSyntax) -> SyntaxVisitorContinueKind {
        guard let own = clauseCondition(node) else { return .visitChildren }
        if isConstantFalse(own) { return .skipChildren }
        conditions.append(own.contains("&&") || own.contains("||") ? "(\(own))" : own)
        return .visitChildren
    }

    override func visitPost(_ node: IfConfigClauseSyntax) {
        guard let own = clauseCondition(node), !isConstantFalse(own) else { return }
        conditions.removeLast()
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        referenced?.append(node.baseName.text)
        return .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let name = calledTypeName(node.calledExpression) {
            if openNames.contains(name) {
                openWindow.append(windowCall(node))
            } else if dismissNames.contains(name) {
                dismissWindow.append(windowCall(node))
            } else {
                constructed.append(name)
            }
        } else if let member = node.calledExpression.as(MemberAccessExprSyntax.self) {
            let name = member.declName.baseName.text
            let at = line(member.declName)
            switch name {
            case "onChange":
                if let first = node.arguments.first, first.label?.text == "of",
                    let reference = first.expression.as(DeclReferenceExprSyntax.self), phaseNames.contains(reference.baseName.text)
                {
                    handlers.append(.init(kind: "scene_phase", text: ".onChange(of: \(reference.baseName.text))", condition: condition, line: at))
                }
            case "onOpenURL":
                handlers.append(.init(kind: "open_url", text: ".onOpenURL", condition: condition, line: at))
            case "onContinueUserActivity":
                let type = node.arguments.first.flatMap { resolved($0.expression) }
                var handler = ScaffoldFacts.Handler(
                    kind: "continue_activity", text: ".onContinueUserActivity(\(node.arguments.first?.expression.trimmedText ?? ""))",
                    activityType: type?.value, condition: condition, line: at)
                handler.constant = type?.constant
                handlers.append(handler)
            case "handlesExternalEvents":
                if node.arguments.contains(where: { $0.label?.text == "preferring" || $0.label?.text == "allowing" }) {
                    handlers.append(.init(kind: "handles_external_events", text: ".handlesExternalEvents(preferring:allowing:)", condition: condition, line: at))
                }
            case "callAsFunction":
                if let base = member.base?.as(DeclReferenceExprSyntax.self) {
                    if openNames.contains(base.baseName.text) { openWindow.append(windowCall(node)) }
                    if dismissNames.contains(base.baseName.text) { dismissWindow.append(windowCall(node)) }
                }
            default: break
            }
        }
        return .visitChildren
    }

    private func windowCall(_ node: FunctionCallExprSyntax) -> ScaffoldFacts.WindowCall {
        let argument = node.arguments.first { $0.label?.text == "id" }?.expression
        let resolved = argument.flatMap(resolved)
        let id = argument.map { resolved?.value ?? $0.trimmedText }
        let byValue = node.arguments.contains { $0.label?.text == "value" }
        var call = ScaffoldFacts.WindowCall(id: id, byValue: byValue, condition: condition, line: line(node))
        call.constant = resolved?.constant
        return call
    }

    private func resolved(_ expression: ExprSyntax) -> (value: String, constant: StringConstants.Resolved?)? {
        if let resolve { return resolve(expression) }
        return stringValue(expression).map { ($0, nil) }
    }
}

/// `Foo(...)`, `Foo<T>(...)`: `Foo`.
func calledTypeName(_ expression: ExprSyntax) -> String? {
    if let reference = expression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
    if let generic = expression.as(GenericSpecializationExprSyntax.self) { return calledTypeName(generic.expression) }
    // A type named through the type it is nested in (`Editor.MainView(...)`): every part a type
    // name (upper case first), so a modifier (`.environment(...)`) or a static function
    // (`Color.red`, `Self.make()`) is not taken for one. Types are known by their own name.
    if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base {
        let name = member.declName.baseName.text
        guard name.first?.isUppercase == true, let outer = calledTypeName(base), outer.first?.isUppercase == true else { return nil }
        return name
    }
    return nil
}

/// The text of a string literal without interpolation.
func stringValue(_ expression: ExprSyntax) -> String? {
    expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue
}

/// Every string literal in an expression (`["a", "b"]`, `Set(["a"])`), in order.
func stringLiterals(_ expression: ExprSyntax) -> [String] {
    final class Finder: SyntaxVisitor {
        var found: [String] = []
        override func visit(_ node: StringLiteralExprSyntax) -> SyntaxVisitorContinueKind {
            if let text = node.representedLiteralValue { found.append(text) }
            return .skipChildren
        }
    }
    let finder = Finder(viewMode: .sourceAccurate)
    finder.walk(expression)
    return finder.found
}

/// The type of a literal default: `Bool`, `Int`, `Double`, `String`; `T` for `T(...)`; else nil.
func inferredType(_ expression: ExprSyntax?, allowConstructed: Bool) -> String? {
    guard let expression else { return nil }
    if expression.is(BooleanLiteralExprSyntax.self) { return "Bool" }
    if expression.is(IntegerLiteralExprSyntax.self) { return "Int" }
    if expression.is(FloatLiteralExprSyntax.self) { return "Double" }
    if expression.is(StringLiteralExprSyntax.self) { return "String" }
    if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-" {
        return inferredType(prefix.expression, allowConstructed: false)
    }
    if allowConstructed, let call = expression.as(FunctionCallExprSyntax.self) {
        return calledTypeName(call.calledExpression)
    }
    return nil
}

/// The types a `switch self` builds in a type's members: an enum whose cases each build a view
/// (`enum Sheet { case compose, editor(Draft) ... switch self { case .compose: ComposeView() ...`),
/// the way sheet and navigation destinations are often written.
final class SwitchSelfBuilds: SyntaxVisitor {
    var constructed: [String] = []
    init() { super.init(viewMode: .sourceAccurate) }

    override func visit(_ node: SwitchExprSyntax) -> SyntaxVisitorContinueKind {
        guard node.subject.as(DeclReferenceExprSyntax.self)?.baseName.text == "self" else { return .visitChildren }
        final class Calls: SyntaxVisitor {
            var names: [String] = []
            override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
                if let name = calledTypeName(node.calledExpression) { names.append(name) }
                return .visitChildren
            }
        }
        let calls = Calls(viewMode: .sourceAccurate)
        calls.walk(node)
        constructed += calls.names
        return .skipChildren
    }
}

/// The type names a type's members mention: in type annotations (`@State var sheet: Sheet?`)
/// and as references (`Sheet.compose`), among `wanted`.
final class TypeMentions: SyntaxVisitor {
    let wanted: Set<String>
    var found: [String] = []
    init(wanted: Set<String>) {
        self.wanted = wanted
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
        if wanted.contains(node.name.text) { found.append(node.name.text) }
        return .visitChildren
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        if wanted.contains(node.baseName.text) { found.append(node.baseName.text) }
        return .visitChildren
    }
}
