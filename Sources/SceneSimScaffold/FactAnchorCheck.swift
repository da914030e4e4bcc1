import ByteText
import SwiftParser
import SwiftSyntax

/// Whether the anchors of an overlay's facts still name their declarations in the app's
/// source (behaviour-from-source §4.2): `"Path/File.swift:LINE"` must be a line of that file
/// that declares the fact's name (or, for a UserDefaults key, spells it as a string), and
/// `"Type.property"` a member the sources declare in that type or an extension of it.
package struct FactAnchorCheck {
    /// What became of one anchor.
    package enum Outcome: Equatable, Sendable {
        case holds
        /// The declaration is now at `line` of the same file: a warning, not a failure.
        case moved(line: Int)
        /// The anchor names nothing of that name any more; `reason` says what was looked for.
        case broken(reason: String)
    }

    /// Each file's declarations, parsed the first time an anchor asks for that file (most
    /// check-model runs check a few anchors, or none, against hundreds of files).
    private final class Files {
        let sources: [String: String]
        var parsed: [String: [FoundDeclaration]] = [:]
        init(_ sources: [Scaffolder.Source]) {
            self.sources = Dictionary(sources.map { ($0.path, $0.text) }, uniquingKeysWith: { first, _ in first })
        }
        func declarations(in path: String) -> [FoundDeclaration]? {
            if let found = parsed[path] { return found }
            guard let text = sources[path] else { return nil }
            let tree = Parser.parse(source: text)
            let collector = DeclarationCollector(converter: SourceLocationConverter(fileName: path, tree: tree))
            collector.walk(tree)
            parsed[path] = collector.found
            return collector.found
        }
    }
    private let files: Files

    /// The checker for `sources` (as `Scaffolder.sources(under:)` reads them).
    package init(sources: [Scaffolder.Source]) {
        files = Files(sources)
    }

    /// Checks `anchor` of the fact `name` (`"ReadQueue.pending"`, `"journal"`, a defaults key).
    package func check(_ anchor: FactAnchor, of name: String) -> Outcome {
        let member = String(name.split(separator: ".").last ?? Substring(name))
        let owner = name.contains(".") ? String(name.split(separator: ".").dropLast().joined(separator: ".")) : nil
        switch anchor {
        case let .line(file, line):
            guard let found = files.declarations(in: file) else {
                return .broken(reason: "no Swift file \(file) in the sources")
            }
            func names(_ item: FoundDeclaration) -> Bool {
                if item.isString { return item.name == name }
                return item.name == member && (owner.map { item.types.last == $0 } ?? true)
            }
            if found.contains(where: { $0.line == line && names($0) }) { return .holds }
            if let moved = found.first(where: names) { return .moved(line: moved.line) }
            return .broken(reason: "\(file) declares no \(owner.map { "\($0)." } ?? "")\(member)" + (owner == nil ? " and never spells \"\(name)\"" : ""))
        case let .name(type, property):
            let inType = files.sources.keys.sorted().flatMap { files.declarations(in: $0) ?? [] }.filter { !$0.isString && $0.types.last == type }
            if inType.contains(where: { $0.name == property }) { return .holds }
            return .broken(reason: inType.isEmpty ? "no type \(type) in the sources" : "\(type) declares no \(property)")
        }
    }
}

/// Collects every named declaration and string literal of a file with its line and the types
/// around it (an extension counts as its type).
private final class DeclarationCollector: SyntaxVisitor {
    let converter: SourceLocationConverter
    var found: [FoundDeclaration] = []
    private var types: [String] = []

    init(converter: SourceLocationConverter) {
        self.converter = converter
        super.init(viewMode: .sourceAccurate)
    }

    private func line(_ node: some SyntaxProtocol) -> Int { converter.location(for: node.positionAfterSkippingLeadingTrivia).line }

    private func enter(_ name: String, _ node: some SyntaxProtocol) -> SyntaxVisitorContinueKind {
        found.append(.init(name: name, line: line(node), types: types, isString: false))
        types.append(name)
        return .visitChildren
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.text, node) }
    override func visitPost(_ node: StructDeclSyntax) { types.removeLast() }
    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.text, node) }
    override func visitPost(_ node: ClassDeclSyntax) { types.removeLast() }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.text, node) }
    override func visitPost(_ node: EnumDeclSyntax) { types.removeLast() }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.text, node) }
    override func visitPost(_ node: ActorDeclSyntax) { types.removeLast() }
    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        types.append(node.extendedType.trimmedDescription)
        return .visitChildren
    }
    override func visitPost(_ node: ExtensionDeclSyntax) { types.removeLast() }

    override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
        if let pattern = node.pattern.as(IdentifierPatternSyntax.self) {
            found.append(.init(name: pattern.identifier.text.trimmingBackticks, line: line(node), types: types, isString: false))
        }
        return .visitChildren
    }
    override func visit(_ node: EnumCaseElementSyntax) -> SyntaxVisitorContinueKind {
        found.append(.init(name: node.name.text.trimmingBackticks, line: line(node), types: types, isString: false))
        return .visitChildren
    }
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        found.append(.init(name: node.name.text, line: line(node), types: types, isString: false))
        return .visitChildren
    }
    override func visit(_ node: StringLiteralExprSyntax) -> SyntaxVisitorContinueKind {
        // Only a literal without interpolation spells a key.
        let parts = node.segments.compactMap { $0.as(StringSegmentSyntax.self)?.content.text }
        if parts.count == node.segments.count {
            found.append(.init(name: parts.joined(), line: line(node), types: types, isString: true))
        }
        return .skipChildren
    }
}

/// One declaration (or string literal) of a file: its name, line and enclosing types.
private struct FoundDeclaration {
    var name: String
    var line: Int
    var types: [String]
    var isString: Bool
}

private extension String {
    var trimmingBackticks: String { filter { $0 != "`" } }
}
