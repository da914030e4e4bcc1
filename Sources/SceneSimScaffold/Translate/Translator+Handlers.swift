import SwiftSyntax

/// A lifecycle modifier in the sources: `.onChange(of: scenePhase)`, `.onOpenURL`,
/// `.onContinueUserActivity(type)`, found where the scan found it (its file and line).
struct HandlerSite {
    var kind: String
    var owner: String
    var file: String
    var converter: SourceLocationConverter
    var call: FunctionCallExprSyntax
}

/// Finds the handler modifiers of one type's members, keyed as the scan keys them.
private final class HandlerFinder: SyntaxVisitor {
    let owner: String
    let file: String
    let converter: SourceLocationConverter
    let phaseNames: Set<String>
    var found: [String: HandlerSite] = [:]
    /// `.onAppear`, `.onDisappear`, `.task`, `.onReceive`, in the order met.
    var lifecycle: [(name: String, site: HandlerSite, line: Int)] = []

    init(owner: String, file: String, converter: SourceLocationConverter, phaseNames: Set<String>) {
        self.owner = owner
        self.file = file
        self.converter = converter
        self.phaseNames = phaseNames
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard let member = node.calledExpression.as(MemberAccessExprSyntax.self) else { return .visitChildren }
        let kind: String
        switch member.declName.baseName.text {
        case "onChange":
            guard let first = node.arguments.first, first.label?.text == "of",
                let reference = first.expression.as(DeclReferenceExprSyntax.self), phaseNames.contains(reference.baseName.text)
            else { return .visitChildren }
            kind = "on_phase"
        case "onOpenURL": kind = "on_url"
        case "onContinueUserActivity": kind = "on_activity"
        case "onAppear", "onDisappear", "task", "onReceive":
            // The window's lifecycle, read from the scene's root view (spec §2 "+").
            let name = member.declName.baseName.text
            let line = member.declName.startLocation(converter: converter).line
            lifecycle.append((name, HandlerSite(kind: name, owner: owner, file: file, converter: converter, call: node), line))
            return .visitChildren
        default: return .visitChildren
        }
        let line = member.declName.startLocation(converter: converter).line
        found["\(file):\(line):\(kind)"] = HandlerSite(kind: kind, owner: owner, file: file, converter: converter, call: node)
        return .visitChildren
    }
}

extension Translator {
    /// The handler modifiers at `origins` (where the scan found them), by `file:line:kind`:
    /// found from the line's first token, not by walking every view again (scaffold's speed,
    /// scripts/bench-scaffold.sh); and the lifecycle modifiers of the `roots` (the scenes' root views).
    func handlerSites(_ index: SourceIndex, origins: [(ModelShape.Origin, String)], roots: Set<String>) -> [String: HandlerSite] {
        var sites: [String: HandlerSite] = [:]
        let files = Dictionary(index.files.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        let names = ["on_phase": "onChange", "on_url": "onOpenURL", "on_activity": "onContinueUserActivity"]
        for (origin, kind) in origins {
            guard let file = files[origin.file], let name = names[kind] else { continue }
            let key = "\(origin.file):\(origin.line):\(kind)"
            guard sites[key] == nil else { continue }
            var token = file.tree.token(at: file.converter.position(ofLine: origin.line, column: 1))
            var steps = 0
            while let current = token, steps < 4096 {
                let line = current.startLocation(converter: file.converter).line
                if line > origin.line { break }
                if line == origin.line, current.text == name, let member = current.parent?.parent?.as(MemberAccessExprSyntax.self),
                    let call = member.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == member.id,
                    let owner = enclosingType(of: Syntax(call))
                {
                    sites[key] = HandlerSite(kind: kind, owner: owner, file: origin.file, converter: file.converter, call: call)
                    break
                }
                token = current.nextToken(viewMode: .sourceAccurate)
                steps += 1
            }
        }
        for info in index.orderedTypes where roots.contains(info.name) {
            let phaseNames = Set(
                (symbols.properties[info.name] ?? [:]).compactMap { name, property -> String? in
                    if case .phase = property { return name }
                    return nil
                })
            for (file, converter, block) in info.members {
                let finder = HandlerFinder(owner: info.name, file: file, converter: converter, phaseNames: phaseNames)
                finder.walk(block)
                lifecycleSites[info.name, default: []] += finder.lifecycle.sorted { $0.line < $1.line }.map(\.site)
            }
        }
        return sites
    }

    /// The name of the type (or extended type) whose members hold `node`.
    private func enclosingType(of node: Syntax) -> String? {
        var current = node.parent
        while let parent = current {
            if let decl = parent.as(StructDeclSyntax.self) { return decl.name.text }
            if let decl = parent.as(ClassDeclSyntax.self) { return decl.name.text }
            if let decl = parent.as(EnumDeclSyntax.self) { return decl.name.text }
            if let decl = parent.as(ActorDeclSyntax.self) { return decl.name.text }
            if let decl = parent.as(ExtensionDeclSyntax.self) { return decl.extendedType.trimmedDescription }
            current = parent.parent
        }
        return nil
    }

    /// The Lua body of a model or scene handler that stands for the Swift handlers at `origins`.
    func handlerBody(_ kind: String, handlers: [ModelShape.Named], scene: Bool, sites: [String: HandlerSite]) -> [String]? {
        let found = handlers.compactMap { handler -> (site: HandlerSite, note: String, origin: ModelShape.Origin, what: String)? in
            guard let origin = handler.origin, let site = sites["\(origin.file):\(origin.line):\(kind)"] else { return nil }
            return (site, "-- \(origin.text) \(LuaText.comment(handler.note ?? ""))", origin, handler.note ?? kind)
        }
        guard !found.isEmpty else { return nil }
        let indent = scene ? "        " : "      "
        var out: [String] = []
        if scene { out.append("\(indent)local app = sim.app") }
        let several = found.count > 1 || kind == "on_activity"
        if kind == "on_activity" { out.append("\(indent)local handled = false") }
        for (site, title, origin, what) in found {
            guard let closure = handlerClosure(site.call) else {
                // `.onOpenURL(perform: handle)`: a method named, not a closure.
                out.append(entryMark(file: origin.file, line: origin.line, what, indent: indent))
                out += namedHandler(site, scene: scene, indent: indent)
                continue
            }
            var ctx = Context(file: site.file, converter: site.converter, owner: site.owner, place: scene ? .scene : .app)
            ctx.indent = several ? indent + "  " : indent
            let parameters = closureParameters(closure)
            var guardLines: [String] = []
            var header: String?
            switch kind {
            case "on_phase":
                let initial = site.call.arguments.contains { $0.label?.text == "initial" && $0.expression.trimmedDescription == "true" }
                // Swift's closure sees scene phases only: never "disconnected" (spec §2).
                if scene {
                    guardLines.append("\(ctx.indent)if new == \"disconnected\" then return end")
                    if initial {
                        guardLines.append("\(ctx.indent)local old, new = old, new")
                        guardLines.append("\(ctx.indent)if old == \"disconnected\" then old = new end -- initial: true")
                    } else {
                        guardLines.append("\(ctx.indent)if old == \"disconnected\" then return end")
                    }
                }
                ctx.phaseNew = "new"
                if parameters.count >= 2 {
                    if let name = parameters[0] { ctx.declare(name, .init(lua: "old", type: .phase)) }
                    if let name = parameters[1] { ctx.declare(name, .init(lua: "new", type: .phase)) }
                    ctx.declare("$0", .init(lua: "old", type: .phase))
                    ctx.declare("$1", .init(lua: "new", type: .phase))
                } else if parameters.count == 1 {
                    if let name = parameters[0] { ctx.declare(name, .init(lua: "new", type: .phase)) }
                    ctx.declare("$0", .init(lua: "new", type: .phase))
                } else {
                    ctx.declare("$0", .init(lua: "new", type: .phase))
                    ctx.declare("$1", .init(lua: "new", type: .phase))
                }
            case "on_url":
                if let name = parameters.first, let name { ctx.declare(name, .init(lua: "url", type: .url)) }
                ctx.declare("$0", .init(lua: "url", type: .url))
                ctx.returnValue = several ? nil : "true"
            case "on_activity":
                if let name = parameters.first, let name { ctx.declare(name, .init(lua: "info", type: .named("NSUserActivity"))) }
                ctx.declare("$0", .init(lua: "info", type: .named("NSUserActivity")))
                if let type = site.call.arguments.first?.expression {
                    var scratch = ctx
                    let written = value(type, &scratch, expect: .string)
                    header = "if type == \(written.code) then"
                }
            default: break
            }
            let body = [entryMark(file: origin.file, line: origin.line, what, indent: ctx.indent)] + block(closure.statements, &ctx)
            if several {
                if let header {
                    out.append("\(indent)\(header) \(title)")
                    out.append("\(indent)  handled = true")
                    out.append("\(indent)  ;(function()")
                    out += (guardLines + body).map { "  " + $0 }
                    out.append("\(indent)  end)()")
                    out.append("\(indent)end")
                } else {
                    out.append("\(indent);(function() \(title)")
                    out += guardLines + body
                    out.append("\(indent)end)()")
                }
            } else {
                out.append("\(indent)\(title)")
                out += guardLines + body
            }
        }
        if kind == "on_url" { out.append("\(indent)return true") }
        if kind == "on_activity" { out.append("\(indent)return handled") }
        return out
    }

    /// The closure a handler modifier runs: its trailing closure, or its `perform:`/`action:` one.
    private func handlerClosure(_ call: FunctionCallExprSyntax) -> ClosureExprSyntax? {
        if let trailing = call.trailingClosure { return trailing }
        return call.arguments.last?.expression.as(ClosureExprSyntax.self)
    }

    /// `.onOpenURL(perform: handleURL)`: a call of that method with the handler's arguments.
    private func namedHandler(_ site: HandlerSite, scene: Bool, indent: String) -> [String] {
        var ctx = Context(file: site.file, converter: site.converter, owner: site.owner, place: scene ? .scene : .app)
        ctx.indent = indent
        guard let argument = site.call.arguments.last?.expression else { return [notTranslated(site.call, ctx)] }
        let name = argument.as(DeclReferenceExprSyntax.self)?.baseName.text ?? argument.as(MemberAccessExprSyntax.self)?.declName.baseName.text
        guard let name, let decl = symbols.functions["\(site.owner).\(name)"]?.first, let lua = follow(decl, from: ctx) else { return [notTranslated(site.call, ctx)] }
        let arguments: String
        switch site.kind {
        case "on_url": arguments = ", url"
        case "on_activity": arguments = ", info"
        case "on_phase": arguments = decl.parameters.count >= 2 ? ", old, new" : (decl.parameters.count == 1 ? ", new" : "")
        default: arguments = ""
        }
        return ["\(indent)\(lua)(\(scene ? "w" : "nil")\(arguments)) -- \(site.file):\(line(site.call, ctx))"]
    }

    /// `on_launch`: the App's `init()`, then the delegate's launch method (spec §5 "Order").
    func launchBody(_ index: SourceIndex, delegate: String?) -> [String]? {
        var chunks: [[String]] = []
        func translate(_ owner: String, _ body: CodeBlockItemListSyntax, _ file: String, _ converter: SourceLocationConverter, _ line: Int, _ title: String) {
            var ctx = Context(file: file, converter: converter, owner: owner, place: .app)
            ctx.indent = "      "
            chunks.append(["      -- \(file):\(line) \(title)", entryMark(file: file, line: line, title, indent: ctx.indent)] + block(body, &ctx))
        }
        if let app = index.types[index.appName] {
            for (file, converter, block) in app.members {
                for member in block.members {
                    guard let initializer = member.decl.as(InitializerDeclSyntax.self), initializer.signature.parameterClause.parameters.isEmpty,
                        let body = initializer.body
                    else { continue }
                    translate(app.name, body.statements, file, converter, initializer.startLocation(converter: converter).line, "\(app.name).init()")
                }
            }
        }
        if let delegate, let functions = symbols.functions["\(delegate).application"] ?? symbols.functions["\(delegate).applicationDidFinishLaunching"] {
            let launch = functions.first { decl in
                decl.name == "applicationDidFinishLaunching" || decl.parameters.contains { $0.label == "didFinishLaunchingWithOptions" }
            }
            if let launch {
                translate(delegate, launch.body, launch.file, launch.converter, launch.line, "\(delegate).\(launch.name)")
            }
        }
        if let didFinish = delegate.flatMap({ symbols.functions["\($0).applicationDidFinishLaunching"]?.first }), symbols.functions["\(delegate!).application"] != nil {
            translate(delegate!, didFinish.body, didFinish.file, didFinish.converter, didFinish.line, "\(delegate!).applicationDidFinishLaunching")
        }
        guard !chunks.isEmpty else { return nil }
        if chunks.count == 1 { return chunks[0] }
        return chunks.flatMap { ["      ;(function()"] + $0.map { "  " + $0 } + ["      end)()"] }
    }
}
