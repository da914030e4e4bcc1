import SwiftSyntax

/// The Swift type of a translated value, as far as the sources say it.
indirect enum ValueType: Equatable {
    case bool, int, double, string, url, urlComponents, phase
    case array(ValueType)
    case optional(ValueType)
    /// Any other type, by the name written (a declared type, or one from a package).
    case named(String)
    case unknown

    /// The type a declaration writes (`Int`, `String?`, `[URL]`, `Tab`).
    static func written(_ text: String?) -> ValueType {
        guard var text = text?.filter({ $0 != " " }), !text.isEmpty else { return .unknown }
        if text.hasSuffix("?") || text.hasSuffix("!") { return .optional(written(String(text.dropLast()))) }
        if text.hasPrefix("Optional<"), text.hasSuffix(">") { return .optional(written(String(text.dropFirst(9).dropLast()))) }
        if text.hasPrefix("["), text.hasSuffix("]"), !text.contains(":") { return .array(written(String(text.dropFirst().dropLast()))) }
        if text.hasPrefix("Swift.") || text.hasPrefix("SwiftUI.") || text.hasPrefix("Foundation.") { text = String(text.split(separator: ".", maxSplits: 1)[1]) }
        switch text {
        case "Bool": return .bool
        case "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64": return .int
        case "Double", "Float", "CGFloat", "TimeInterval": return .double
        case "String", "Substring", "Character": return .string
        case "URL": return .url
        case "URLComponents": return .urlComponents
        case "ScenePhase": return .phase
        default: return .named(text)
        }
    }

    /// The type of a literal or a construction: `0` Int, `T()` T.
    static func inferred(_ expression: ExprSyntax?) -> ValueType {
        guard let expression else { return .unknown }
        if let type = inferredType(expression, allowConstructed: true) { return written(type) }
        if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base.flatMap({ calledTypeName($0) }),
            base.first?.isUppercase == true
        {
            return .named(base)  // `T.shared`
        }
        return .unknown
    }

    var unwrapped: ValueType {
        if case .optional(let inner) = self { return inner.unwrapped }
        return self
    }

    var isNumber: Bool { unwrapped == .int || unwrapped == .double }
    var isString: Bool { unwrapped == .string }

    /// The declared type's name, for an effect named after its receiver's type.
    var typeName: String? {
        switch unwrapped {
        case .named(let name): return name
        case .url: return "URL"
        case .urlComponents: return "URLComponents"
        case .string: return "String"
        case .array: return "Array"
        default: return nil
        }
    }
}

/// State the sources declare, as the generated module holds it (spec §2, §5 "Keys").
struct StateSlot {
    enum Store { case storage, windowMemory, appMemory, defaults }
    var store: Store
    var key: String
    var type: ValueType
    /// The Swift default a read of a key never written returns; nil when none (or not a literal).
    var defaultValue: ExprSyntax?
    var file: String
    var line: Int
}

extension StateSlot {
    /// The state's identity for a `.task(id:)` watcher: its store and key.
    var watchKey: String { "\(store):\(key)" }
}

/// What a member name of a type stands for in translated code.
enum Property {
    case state(StateSlot)
    /// `@Environment(\.scenePhase)`.
    case phase
    case openWindow, dismissWindow, dismiss
    /// An instance of an `@Observable`/`ObservableObject` type held by the App or a singleton.
    case object(String)
    /// A stored property of a known type that is no state: calls on it are effects named by it.
    case typed(ValueType)
    /// A `let` (or `static let`) whose value is a literal: read as that literal.
    case constant(ExprSyntax)
    /// A computed property: its getter is followed as a function without arguments.
    case computed(FunctionDecl)
}

/// A function or method declared in the sources (or a computed property's getter): what the
/// call follower translates.
struct FunctionDecl {
    struct Parameter {
        var label: String?
        var name: String
        var defaultValue: ExprSyntax?
        var type: ValueType
    }
    /// The declaring type; nil for a global function.
    var owner: String?
    var name: String
    var parameters: [Parameter]
    var body: CodeBlockItemListSyntax
    var file: String
    var converter: SourceLocationConverter
    var line: Int
    var isStatic: Bool
    var returns: ValueType
    /// A `.task(id:)` closure written as a function: its `after`s are tracked under this key.
    var trackGroup: String?

    /// `Type.method(a:_:)`: the key of an overload.
    var key: String { "\(owner.map { $0 + "." } ?? "")\(name)(\(parameters.map { ($0.label ?? "_") + ":" }.joined()))" }
}

/// What the translator knows of the declarations: each type's members by name, the functions,
/// the observable types the App or a singleton holds, enum cases, `Defaults.Keys`.
final class Symbols {
    var properties: [String: [String: Property]] = [:]
    /// By `Type.name` (`.name` for a global function), overloads in source order.
    var functions: [String: [FunctionDecl]] = [:]
    var observable: Set<String> = []
    /// Observable types the App holds or that are singletons: their stored properties are
    /// `app.memory["Type.property"]`.
    var held: Set<String> = []
    /// Enum cases by type, in order, with their raw value as a literal (nil: none declared).
    var enumCases: [String: [(name: String, raw: String?)]] = [:]
    /// Cases with associated values, by type then case: their labels (nil: none). Such a value
    /// is a Lua table `{ "case", value1, … }`; a case without values stays its name.
    var payloadCases: [String: [String: [String?]]] = [:]
    /// `@Default(.name)` / `Defaults[.name]`: `static let name = Key<T>("key", default: v)`.
    var defaultsKeys: [String: (key: String, type: ValueType, defaultValue: ExprSyntax?, file: String, line: Int)] = [:]
    /// The stored properties of held types, in source order: the model's memory names.
    var heldMemory: [(name: String, file: String, line: Int, note: String)] = []
    let appName: String
    var delegateName: String?

    init(index: SourceIndex, rawValueTypes: [String: String], delegate: String?) {
        appName = index.appName
        delegateName = delegate
        let all = index.types.values.sorted { $0.order < $1.order }
        // Pass 1: which types are observable, and which of them a singleton or the App holds.
        for info in all {
            let attributes = info.members.compactMap { $0.block.parent?.as(ClassDeclSyntax.self)?.attributes }.flatMap { $0 }
            let marked = attributes.contains { $0.as(AttributeSyntax.self)?.attributeName.trimmedText == "Observable" }
            if marked || info.conformances.contains("ObservableObject") || info.conformances.contains("Observable") { observable.insert(info.name) }
        }
        for info in all {
            for (file, converter, block) in info.members {
                forEachMember(block.members) { decl, _ in
                    guard let variable = decl.as(VariableDeclSyntax.self) else { return }
                    let isStatic = variable.modifiers.contains { $0.name.text == "static" || $0.name.text == "class" }
                    for binding in variable.bindings {
                        // `Defaults.Keys` members, read by name from @Default(.name).
                        if info.name.hasSuffix("Keys"), isStatic, let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                            let call = binding.initializer?.value.as(FunctionCallExprSyntax.self),
                            let key = call.arguments.first.flatMap({ stringValue($0.expression) })
                        {
                            var keyType = ValueType.unknown
                            if let generic = call.calledExpression.as(GenericSpecializationExprSyntax.self) {
                                keyType = .written(generic.genericArgumentClause.arguments.first?.argument.trimmedText)
                            }
                            let initial = call.arguments.first { $0.label?.text == "default" }?.expression
                            let line = variable.startLocation(converter: converter).line
                            defaultsKeys[name] = (key, keyType, initial, file, line)
                        }
                        var type = ValueType.written(binding.typeAnnotation?.type.trimmedText)
                        if type == .unknown { type = .inferred(binding.initializer?.value) }
                        guard case .named(let name) = type.unwrapped, observable.contains(name) else { continue }
                        if isStatic && name == info.name { held.insert(name) }
                        if info.name == appName || info.name == delegate { held.insert(name) }
                    }
                }
            }
        }
        // Pass 2: members.
        for info in all {
            var members = properties[info.name] ?? [:]
            var cases = enumCases[info.name] ?? []
            var nextInt = 0
            for (file, converter, block) in info.members {
                forEachMember(block.members) { decl, _ in
                    if let variable = decl.as(VariableDeclSyntax.self) {
                        for (name, property) in classify(variable, in: info, file: file, converter: converter) where members[name] == nil {
                            members[name] = property
                        }
                    } else if let function = decl.as(FunctionDeclSyntax.self), let body = function.body {
                        let parameters = function.signature.parameterClause.parameters.map { parameter in
                            let label = parameter.firstName.text == "_" ? nil : parameter.firstName.text
                            return FunctionDecl.Parameter(
                                label: label, name: (parameter.secondName ?? parameter.firstName).text,
                                defaultValue: parameter.defaultValue?.value, type: .written(parameter.type.trimmedText))
                        }
                        let isStatic = function.modifiers.contains { $0.name.text == "static" || $0.name.text == "class" }
                        let declared = FunctionDecl(
                            owner: info.name, name: function.name.text, parameters: parameters, body: body.statements, file: file,
                            converter: converter, line: function.startLocation(converter: converter).line, isStatic: isStatic,
                            returns: .written(function.signature.returnClause?.type.trimmedText))
                        functions["\(info.name).\(function.name.text)", default: []].append(declared)
                    } else if let enumCase = decl.as(EnumCaseDeclSyntax.self) {
                        for element in enumCase.elements {
                            if let parameters = element.parameterClause?.parameters {
                                payloadCases[info.name, default: [:]][element.name.text] = parameters.map { $0.firstName?.text == "_" ? nil : $0.firstName?.text }
                            }
                            var raw: String?
                            if let value = element.rawValue?.value {
                                raw = value.trimmedText
                                if let number = Int(raw ?? "") { nextInt = number + 1 }
                            } else if rawValueTypes[info.name] == "String" {
                                raw = "\"\(element.name.text)\""
                            } else if rawValueTypes[info.name] == "Int" {
                                raw = String(nextInt)
                                nextInt += 1
                            }
                            cases.append((element.name.text, raw))
                        }
                    }
                }
            }
            properties[info.name] = members
            if !cases.isEmpty { enumCases[info.name] = cases }
        }
        // Global functions.
        for file in index.files {
            for item in file.tree.statements {
                guard let function = item.item.as(FunctionDeclSyntax.self), let body = function.body else { continue }
                let parameters = function.signature.parameterClause.parameters.map { parameter in
                    FunctionDecl.Parameter(
                        label: parameter.firstName.text == "_" ? nil : parameter.firstName.text, name: (parameter.secondName ?? parameter.firstName).text,
                        defaultValue: parameter.defaultValue?.value, type: .written(parameter.type.trimmedText))
                }
                functions[".\(function.name.text)", default: []].append(
                    FunctionDecl(
                        owner: nil, name: function.name.text, parameters: parameters, body: body.statements, file: file.path, converter: file.converter,
                        line: function.startLocation(converter: file.converter).line, isStatic: true,
                        returns: .written(function.signature.returnClause?.type.trimmedText)))
            }
        }
    }

    /// What each binding of a property declaration stands for.
    private func classify(_ variable: VariableDeclSyntax, in info: TypeInfo, file: String, converter: SourceLocationConverter) -> [(String, Property)] {
        var result: [(String, Property)] = []
        let line = variable.startLocation(converter: converter).line
        let isStatic = variable.modifiers.contains { $0.name.text == "static" || $0.name.text == "class" }
        let isLet = variable.bindingSpecifier.text == "let"
        let wrappers = variable.attributes.compactMap { $0.as(AttributeSyntax.self) }
        for binding in variable.bindings {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text.filter({ $0 != "`" }) else { continue }
            let writtenType = binding.typeAnnotation?.type.trimmedText
            var type = ValueType.written(writtenType)
            let initial = binding.initializer?.value
            if type == .unknown { type = .inferred(initial) }
            if let wrapper = wrappers.first {
                let wrapperName = wrapper.attributeName.trimmedText
                var arguments: LabeledExprListSyntax?
                if case .argumentList(let list)? = wrapper.arguments { arguments = list }
                let first = arguments?.first?.expression
                switch wrapperName {
                case "SceneStorage", "AppStorage":
                    guard let key = first.flatMap(stringValue) else { continue }
                    let store: StateSlot.Store = wrapperName == "SceneStorage" ? .storage : .defaults
                    result.append((name, .state(.init(store: store, key: key, type: type, defaultValue: initial, file: file, line: line))))
                case "State", "FocusState", "StateObject":
                    if info.name == appName {
                        if case .named(let held) = type.unwrapped, self.held.contains(held) { result.append((name, .object(held))); continue }
                        result.append((name, .state(.init(store: .appMemory, key: name, type: type, defaultValue: initial, file: file, line: line))))
                    } else if info.isView {
                        result.append((name, .state(.init(store: .windowMemory, key: name, type: type, defaultValue: initial, file: file, line: line))))
                    }
                case "Default", "ObservableDefault":
                    // `@Default(.autosave)` (and the Defaults package's `@ObservableDefault(.autosave)`
                    // in an @Observable class): the key `Defaults.Keys.autosave` declares.
                    if let member = first?.as(MemberAccessExprSyntax.self), let key = defaultsKeys[member.declName.baseName.text] {
                        result.append((name, .state(.init(store: .defaults, key: key.key, type: key.type, defaultValue: key.defaultValue, file: key.file, line: key.line))))
                    }
                case "Environment":
                    let path = first?.trimmedText ?? ""
                    if path.hasSuffix(".scenePhase") {
                        result.append((name, .phase))
                    } else if path.hasSuffix(".openWindow") {
                        result.append((name, .openWindow))
                    } else if path.hasSuffix(".dismissWindow") {
                        result.append((name, .dismissWindow))
                    } else if path.hasSuffix(".dismiss") {
                        result.append((name, .dismiss))
                    } else if path.hasSuffix(".self"), let typeName = first.flatMap({ calledTypeName(ExprSyntax($0.as(MemberAccessExprSyntax.self)?.base ?? $0)) }),
                        held.contains(typeName)
                    {
                        result.append((name, .object(typeName)))
                    }
                default:
                    // @EnvironmentObject, @ObservedObject, @Bindable, @Published and the like.
                    if case .named(let typeName) = type.unwrapped, held.contains(typeName) {
                        result.append((name, .object(typeName)))
                    } else if held.contains(info.name), !isStatic, binding.accessorBlock == nil || isObserver(binding) {
                        result.append((name, heldState(info.name, name, type, initial, file, line)))
                    } else {
                        result.append((name, .typed(type)))
                    }
                }
                continue
            }
            if let accessors = binding.accessorBlock, !isObserver(binding) {
                guard let statements = getterStatements(binding) ?? accessorStatements(accessors) else { continue }
                result.append(
                    (
                        name,
                        .computed(
                            FunctionDecl(
                                owner: info.name, name: name, parameters: [], body: statements, file: file, converter: converter,
                                line: line, isStatic: isStatic, returns: type))
                    ))
                continue
            }
            if case .named(let typeName) = type.unwrapped, held.contains(typeName) {
                result.append((name, .object(typeName)))
            } else if let initial, isLet || isStatic, isLiteral(initial) {
                result.append((name, .constant(initial)))
            } else if held.contains(info.name), !isStatic, !isLet {
                result.append((name, heldState(info.name, name, type, initial, file, line)))
            } else {
                result.append((name, .typed(type)))
            }
        }
        return result
    }

    private func heldState(_ owner: String, _ name: String, _ type: ValueType, _ initial: ExprSyntax?, _ file: String, _ line: Int) -> Property {
        let key = "\(owner).\(name)"
        if !heldMemory.contains(where: { $0.name == key }) { heldMemory.append((key, file, line, "@Observable \(owner)")) }
        return .state(.init(store: .appMemory, key: key, type: type, defaultValue: initial, file: file, line: line))
    }

    private func isObserver(_ binding: PatternBindingSyntax) -> Bool {
        guard case .accessors(let list)? = binding.accessorBlock?.accessors else { return false }
        return list.allSatisfy { ["willSet", "didSet"].contains($0.accessorSpecifier.text) }
    }

    private func accessorStatements(_ block: AccessorBlockSyntax) -> CodeBlockItemListSyntax? {
        if case .getter(let statements) = block.accessors { return statements }
        return nil
    }

    /// A literal: a number, a string without interpolation, a Boolean, or one negated.
    func isLiteral(_ expression: ExprSyntax) -> Bool {
        if expression.is(IntegerLiteralExprSyntax.self) || expression.is(FloatLiteralExprSyntax.self) || expression.is(BooleanLiteralExprSyntax.self) { return true }
        if let string = expression.as(StringLiteralExprSyntax.self) { return string.representedLiteralValue != nil }
        if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-" { return isLiteral(prefix.expression) }
        return false
    }

    /// The enum type declaring a case of that name with associated values: `type` when it
    /// does, else the one type of the sources that does (nil when none or several).
    func payloadEnum(case name: String, in type: String?) -> String? {
        if let type, payloadCases[type]?[name] != nil { return type }
        let owners = payloadCases.keys.filter { payloadCases[$0]?[name] != nil }
        return owners.count == 1 ? owners.first : nil
    }

    func property(_ name: String, of type: String?) -> Property? {
        guard let type else { return nil }
        return properties[type]?[name]
    }

    /// The raw value literal of `Type.case`, or nil when the type has no such case.
    func rawValue(of caseName: String, in type: String) -> String?? {
        guard let cases = enumCases[type], let found = cases.first(where: { $0.name == caseName }) else { return nil }
        return .some(found.raw)
    }
}
