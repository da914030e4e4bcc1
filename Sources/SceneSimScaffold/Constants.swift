import SwiftSyntax

/// String constants the sources declare, to read an id, a storage key, an activity type or a
/// notification name written through one (spec behaviour-from-source §3): `static let
/// mainWindowID = "main"` (in a type, an extension of `String`, or at the top level), and enum
/// cases with a String raw value (`WindowID.main.rawValue`).
package struct StringConstants: Sendable {
    /// A resolved constant: its literal, how the source named it, and where it is declared.
    package struct Resolved: Sendable, Equatable {
        package var value: String
        /// `.mainWindowID`, `Keys.tab`, `WindowID.main.rawValue` as written.
        package var written: String
        package var file: String
        package var line: Int
        package var note: String { "\(written) = \(luaString(value)) at \(file):\(line)" }
        /// `{ "written": ".mainWindowID", "file": "Ids.swift", "line": 2 }` for --format json.
        var json: JSONWriter.Value {
            .raw("{ \"written\": \(JSONWriter.quote(written)), \"file\": \(JSONWriter.quote(file)), \"line\": \(line) }")
        }
    }

    private struct Declared: Sendable {
        var value: String
        var file: String
        var line: Int
    }

    /// `Type.name` (the type's own name, without the types it is nested in) and, for the top
    /// level, `name`.
    private var byQualifiedName: [String: Declared] = [:]
    /// `name` → every declaration of that member name, for `.name` and unqualified reads.
    private var byMemberName: [String: [(type: String, declared: Declared)]] = [:]
    /// `Enum.case` → its raw value, for enums with a String raw value.
    private var rawValues: [String: Declared] = [:]

    init() {}

    /// Reads the constants of every type (`types`) and of each file's top level (`files`).
    init(types: [String: TypeInfo], topLevel files: [SourceIndex.File]) {
        for info in types.values.sorted(by: { $0.order < $1.order }) {
            let isStringEnum = info.conformances.contains("String")
            for (file, converter, block) in info.members {
                eachMember(block.members) { decl in
                    if let variable = decl.as(VariableDeclSyntax.self), variable.bindingSpecifier.text == "let" {
                        for binding in variable.bindings {
                            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                                let value = binding.initializer.flatMap({ stringValue($0.value) })
                            else { continue }
                            add(type: info.name, name: name, .init(value: value, file: file, line: binding.startLocation(converter: converter).line))
                        }
                    } else if isStringEnum, let cases = decl.as(EnumCaseDeclSyntax.self) {
                        for element in cases.elements {
                            let value = element.rawValue.map { stringValue($0.value) } ?? element.name.text
                            guard let value else { continue }
                            rawValues["\(info.name).\(element.name.text)"] =
                                rawValues["\(info.name).\(element.name.text)"]
                                ?? .init(value: value, file: file, line: element.startLocation(converter: converter).line)
                        }
                    }
                }
            }
        }
        for (file, converter, tree) in files.map({ ($0.path, $0.converter, $0.tree) }) {
            for item in tree.statements {
                guard let variable = item.item.as(VariableDeclSyntax.self), variable.bindingSpecifier.text == "let" else { continue }
                for binding in variable.bindings {
                    guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                        let value = binding.initializer.flatMap({ stringValue($0.value) })
                    else { continue }
                    byQualifiedName[name] = byQualifiedName[name] ?? .init(value: value, file: file, line: binding.startLocation(converter: converter).line)
                }
            }
        }
    }

    private mutating func add(type: String, name: String, _ declared: Declared) {
        let key = "\(type).\(name)"
        if byQualifiedName[key] == nil { byQualifiedName[key] = declared }
        byMemberName[name, default: []].append((type, declared))
    }

    /// The literal `expression` stands for: a string literal (no constant), a constant, or an
    /// enum case's raw value; nil when the sources do not say (an interpolation, a call).
    /// `owner` is the type the expression is written in (for `name` and `Self.name`).
    package func resolve(_ expression: ExprSyntax, owner: String?) -> (value: String, constant: Resolved?)? {
        if let literal = stringValue(expression) { return (literal, nil) }
        let written = expression.trimmedText
        func found(_ declared: Declared?) -> (value: String, constant: Resolved?)? {
            declared.map { ($0.value, Resolved(value: $0.value, written: written, file: $0.file, line: $0.line)) }
        }
        // `Enum.case.rawValue`, `.case.rawValue` is not a String (no type to read it from).
        if let member = expression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "rawValue",
            let inner = member.base?.as(MemberAccessExprSyntax.self), let base = inner.base, let type = lastTypeName(base)
        {
            return found(rawValues["\(type).\(inner.declName.baseName.text)"])
        }
        if let member = expression.as(MemberAccessExprSyntax.self) {
            let name = member.declName.baseName.text
            guard let base = member.base else {
                // `.mainWindowID`: a static member of the parameter's type, String here.
                return found(byQualifiedName["String.\(name)"] ?? unique(name))
            }
            if let reference = base.as(DeclReferenceExprSyntax.self), ["Self", "self"].contains(reference.baseName.text), let owner {
                return found(byQualifiedName["\(owner).\(name)"])
            }
            if let type = lastTypeName(base) { return found(byQualifiedName["\(type).\(name)"]) }
            return nil
        }
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            if let owner, let declared = byQualifiedName["\(owner).\(name)"] { return found(declared) }
            return found(byQualifiedName[name] ?? unique(name))
        }
        return nil
    }

    /// The one declaration of member `name` (nil when none or several disagree).
    private func unique(_ name: String) -> Declared? {
        guard let all = byMemberName[name], let first = all.first?.declared,
            all.allSatisfy({ $0.declared.value == first.value })
        else { return nil }
        return first
    }

    /// `Keys`, `Constants.Windows` → `Windows`: the type a member is read from.
    private func lastTypeName(_ expression: ExprSyntax) -> String? {
        if let reference = expression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        if let member = expression.as(MemberAccessExprSyntax.self), member.base != nil { return member.declName.baseName.text }
        return nil
    }

    private func eachMember(_ members: MemberBlockItemListSyntax, _ body: (DeclSyntax) -> Void) {
        var pending = [members]
        while let list = pending.popLast() {
            for member in list {
                if let ifConfig = member.decl.as(IfConfigDeclSyntax.self) {
                    for clause in ifConfig.clauses {
                        if case .decls(let inner) = clause.elements { pending.append(inner) }
                    }
                } else {
                    body(member.decl)
                }
            }
        }
    }
}
