import SwiftParser
import SwiftSyntax

/// Reads Swift sources with SwiftParser and gathers `ScaffoldFacts` (no compiler, no build of
/// the app): the `@main App`'s scenes, each view's storage, memory, handlers and window calls,
/// and reachability by type name.
package struct Scaffolder {
    /// One source file: its path as reported (relative to the first path) and its text.
    package struct Source: Sendable {
        package var path: String
        package var text: String
        package init(path: String, text: String) {
            self.path = path
            self.text = text
        }
    }

    package static let sceneKinds: [String: String] = [
        "WindowGroup": "window_group", "Window": "window", "DocumentGroup": "document_group", "Settings": "settings",
        "MenuBarExtra": "menu_bar_extra", "ImmersiveSpace": "immersive_space", "UtilityWindow": "utility_window",
    ]

    package init() {}

    /// The facts of `sources` (in the order given); `lookedIn` names where they came from, for the
    /// error when no `@main App` is among them.
    /// Runs on a thread with a large stack (`LargeStack`): deep but legal Swift is read, and a
    /// file deeper than that stack holds is a warning, never a crash.
    /// `projectFiles`: the `Info.plist` and `project.pbxproj` files found with the sources
    /// (`Scaffolder.inputs(under:)`), read for the facts of `ScaffoldFacts.Project`.
    package func scaffold(_ sources: [Source], projectFiles: [Source] = [], lookedIn: String) throws(ScaffoldError) -> ScaffoldFacts {
        try LargeStack.run { () -> Result<ScaffoldFacts, ScaffoldError> in
            do throws(ScaffoldError) {
                return .success(try scaffoldOnThisStack(sources, projectFiles: projectFiles, lookedIn: lookedIn))
            } catch {
                return .failure(error)
            }
        }.get()
    }

    /// The braces, parentheses, brackets, angle brackets and `#if`s the parser enters before it
    /// stops a file (swift-syntax's `maximumNestingLevel`; the rest of the file is then a parse
    /// warning): what the stack holds, at most 4,096 (swift-syntax's own default is 256 in a
    /// release build and 20 in a debug one, which real views exceed).
    static var nestingLimit: Int { min(4_096, LargeStack.available / (256 << 10)) }

    /// One file as the scaffold reads it before the files are put together: its warnings, its
    /// tree (nil when it is not read) and the types it declares and extends.
    private struct ReadFile {
        var warnings: [String] = []
        var file: SourceIndex.File?
        var collector: TypeCollector?
    }

    /// Reads one file (scanned, parsed, its depth checked, its types collected). Each file is
    /// read on its own, so `scaffoldOnThisStack` reads them on every processor (`LargeStack.map`)
    /// and puts them together in the order given.
    private static func read(_ source: Source) -> ReadFile {
        var read = ReadFile()
        // What the parser would take exponential or cubic time on: said, not parsed.
        let scan = NestingScan(source.text)
        if scan.brackets > NestingScan.bracketLimit {
            read.warnings.append(
                "\(source.path):\(scan.bracketLine): warning: this file nests \(scan.brackets) [ brackets deep here (more than \(NestingScan.bracketLimit)), which the Swift parser takes exponential time to read; it is not read, so its types are not in the model: split the expression"
            )
            return read
        }
        if scan.conditions > NestingScan.conditionLimit {
            read.warnings.append(
                "\(source.path):\(scan.conditionLine): warning: this file nests \(scan.conditions) #if deep here (more than \(NestingScan.conditionLimit)), which the Swift parser takes cubic time to read; it is not read, so its types are not in the model"
            )
            return read
        }
        var text = source.text
        let tree = text.withUTF8 { Parser.parse(source: $0, maximumNestingLevel: Self.nestingLimit) }
        let converter = SourceLocationConverter(fileName: source.path, tree: tree)
        // The visitors below recurse once per level of the tree: a tree deeper than the
        // stack holds (a chain of a million modifiers) is said and skipped, not read.
        let (depth, deepest) = Self.depth(of: tree)
        if depth > Self.depthLimit {
            read.warnings.append(
                "\(source.path):\(deepest.startLocation(converter: converter).line): warning: this file nests \(depth) levels deep here (a chain of modifiers or calls, nested #if or expressions), deeper than scaffold reads (\(Self.depthLimit)); it is not read, so its types are not in the model: split the expression"
            )
            return read
        }
        read.file = .init(path: source.path, converter: converter, tree: tree)
        if tree.hasMaximumNestingLevelOverflow {
            var node = Syntax(tree)
            while let next = node.children(viewMode: .all).first(where: { $0.hasMaximumNestingLevelOverflow }) { node = next }
            read.warnings.append(
                "\(source.path):\(node.startLocation(converter: converter).line): warning: this file nests more than \(Self.nestingLimit) braces, parentheses, brackets or #ifs deep here, more than scaffold reads; kept what parsed before it"
            )
        } else if tree.hasError {
            let finder = ErrorFinder()
            finder.walk(tree)
            let line = finder.first.map { $0.startLocation(converter: converter).line } ?? 1
            read.warnings.append("\(source.path):\(line): warning: this file does not parse here; kept what parsed before and after it")
        }
        let collector = TypeCollector(file: source.path, converter: converter)
        collector.walk(tree)
        read.collector = collector
        return read
    }

    private func scaffoldOnThisStack(_ sources: [Source], projectFiles: [Source], lookedIn: String) throws(ScaffoldError) -> ScaffoldFacts {
        var types: [String: TypeInfo] = [:]
        var order = 0
        var warnings: [String] = []
        // Every file that parsed, for the string constants and the handler translator.
        var files: [SourceIndex.File] = []
        // The files are read in parallel, and put together in their order.
        let reads = LargeStack.map(sources.count) { Self.read(sources[$0]) }
        for (source, read) in zip(sources, reads) {
            warnings += read.warnings
            guard let collector = read.collector, let file = read.file else { continue }
            files.append(file)
            let converter = file.converter
            for found in collector.found {
                var info = types[found.name] ?? TypeInfo(name: found.name, file: source.path, line: found.line)
                // Only an App has scenes to see twice: a UIKit or AppKit delegate marked @main in
                // each platform's target (or in both branches of an #if os) is two programs'
                // entry points, and the run ends in "no @main App" with nothing doubled.
                let isApp = info.isApp || found.conformances.contains { $0 == "App" || $0 == "SwiftUI.App" }
                if !found.isExtension && info.declared && (info.isMain || found.isMain) && isApp {
                    // The same App twice (a copy of the sources, another target): Swift would refuse it.
                    warnings.append(
                        "\(source.path):\(found.line): warning: \(found.name) is declared again (first at \(info.file):\(info.line)); its members are read as one type's, so its scenes appear twice: give the folder or files of one copy"
                    )
                }
                if !found.isExtension && !info.declared {
                    info.declared = true
                    info.file = source.path
                    info.line = found.line
                    info.order = order
                    order += 1
                } else if types[found.name] == nil {
                    info.order = Int.max / 2 + order
                    order += 1
                }
                info.conformances += found.conformances
                info.isMain = info.isMain || found.isMain
                info.members.append((source.path, converter, found.block))
                types[found.name] = info
            }
        }
        guard let app = types.values.filter({ $0.isMain && $0.isApp && $0.declared }).min(by: { $0.order < $1.order }) else {
            // A file that did not parse may be why: its warning comes first.
            let missing = "no @main App found: looked at \(sources.count) Swift file\(sources.count == 1 ? "" : "s") in \(lookedIn) for a type marked @main that conforms to App"
            throw ScaffoldError((warnings + [missing]).joined(separator: "\n"))
        }
        // Swift refuses two @main types in one module: the others are another target's (or a
        // copy); say which App the model is of.
        let others = types.values.filter { $0.isMain && $0.isApp && $0.declared && $0.name != app.name }.sorted { $0.order < $1.order }
        if !others.isEmpty {
            warnings.append(
                "\(app.file):\(app.line): warning: \(others.count + 1) @main Apps found; this model is of \(app.name), the first by path, not of "
                    + others.map { "\($0.name) (\($0.file):\($0.line))" }.joined(separator: ", ") + "; give the folder or files of one app")
        }
        let declaredTypes = Set(types.values.filter(\.declared).map(\.name))
        let viewTypes = Set(types.values.filter { $0.declared && $0.isView }.map(\.name))

        var facts = ScaffoldFacts(app: .init(name: app.name, file: app.file, line: app.line))
        facts.warnings = warnings
        var projectReader = ProjectReader()
        projectReader.read(projectFiles: projectFiles, sources: sources, appFile: app.file)
        facts.project = projectReader.project
        facts.warnings += projectReader.warnings
        facts.source = SourceIndex(types: types, files: files, appName: app.name)
        for info in types.values where info.declared {
            if let raw = info.conformances.first(where: { ["Int", "String"].contains($0) }) { facts.rawValueTypes[info.name] = raw }
        }
        let constants = StringConstants(types: types, topLevel: files)
        var edges: [String: [String]] = [:]
        let ordered = types.values.filter(\.declared).sorted { $0.order < $1.order }
        for info in ordered where info.isView || info.name == app.name {
            var (view, constructed, adaptor) = describe(info, constants: constants)
            view.isApp = info.name == app.name
            if view.isApp { facts.app.delegateAdaptor = adaptor }
            edges[info.name] = constructed.filter { viewTypes.contains($0) && $0 != info.name }
            facts.warnings += view.unreadKeys
            facts.views.append(view)
        }

        // Views built by another type's `switch self` (an enum of sheets or destinations): a
        // view that names that type reaches them (the Lemmy client's comment editor, holding
        // the draft, was missed: it is built by such an enum).
        var builders: [String: [String]] = [:]
        for info in ordered where !info.isView && info.name != app.name {
            let finder = SwitchSelfBuilds()
            for (_, _, block) in info.members { finder.walk(block) }
            let built = finder.constructed.filter { viewTypes.contains($0) }
            if !built.isEmpty { builders[info.name] = built }
        }
        if !builders.isEmpty {
            for info in ordered where info.isView || info.name == app.name {
                let mentions = TypeMentions(wanted: Set(builders.keys))
                for (_, _, block) in info.members { mentions.walk(block) }
                var seen: Set<String> = []
                for name in mentions.found where seen.insert(name).inserted {
                    edges[info.name, default: []] += (builders[name] ?? []).filter { $0 != info.name }
                }
            }
        }

        // The scenes, from the App's body (and from Scene types it constructs).
        var scenes: [ScaffoldFacts.Scene] = []
        var used: [String: Int] = [:]
        func collectScenes(of info: TypeInfo, conditions: [String], depth: Int) {
            collectMemberScenes(of: info, named: "body", method: false, conditions: conditions, depth: depth)
        }
        // A computed property of the App (or of a Scene type) that `body` names (`var body: some
        // Scene { appScene; otherScenes }` with `appScene` in an extension, as real apps split
        // it), or a method it calls (`mainScene()`, a `@SceneBuilder` one): its scenes. False
        // when the type has no such member.
        @discardableResult
        func collectMemberScenes(of info: TypeInfo, named name: String, method: Bool, conditions: [String], depth: Int) -> Bool {
            guard depth < 8 else { return false }
            var found = false
            for (file, converter, block) in info.members {
                for member in block.members {
                    var bodies: [CodeBlockItemListSyntax] = []
                    if method, let function = member.decl.as(FunctionDeclSyntax.self), function.name.text == name, let body = function.body {
                        bodies = [body.statements]
                    } else if !method, let variable = member.decl.as(VariableDeclSyntax.self) {
                        bodies = variable.bindings.filter { $0.pattern.trimmedText == name }.compactMap(getterStatements)
                    }
                    for statements in bodies {
                        found = true
                        walkSceneStatements(statements, file: file, converter: converter, conditions: conditions, depth: depth, owner: info)
                    }
                }
            }
            return found
        }
        func walkSceneStatements(_ statements: CodeBlockItemListSyntax, file: String, converter: SourceLocationConverter, conditions: [String], depth: Int, owner: TypeInfo) {
            for item in statements {
                if let ifConfig = item.item.as(IfConfigDeclSyntax.self) {
                    var previous: [String] = []
                    for clause in ifConfig.clauses {
                        var condition: String
                        if let test = clause.condition?.trimmedText {
                            condition = previous.isEmpty ? test : previous.map { "!(\($0))" }.joined(separator: " && ") + " && " + test
                            previous.append(test)
                        } else {
                            condition = previous.map { "!(\($0))" }.joined(separator: " && ")
                        }
                        // `#if false`: never compiled, so no scene.
                        if case .statements(let inner) = clause.elements, !isConstantFalse(condition) {
                            walkSceneStatements(inner, file: file, converter: converter, conditions: conditions + [condition], depth: depth, owner: owner)
                        }
                    }
                    continue
                }
                let statementExpression = item.item.as(ExpressionStmtSyntax.self)?.expression
                guard let expression = item.item.as(ExprSyntax.self) ?? statementExpression else { continue }
                // `if #available(macOS 15, *) { WindowGroup ... }`: the model is of the newest
                // system, so the first branch; a plain `if`: every branch.
                if let branch = expression.as(IfExprSyntax.self) {
                    walkIf(branch, file: file, converter: converter, conditions: conditions, depth: depth, owner: owner)
                    continue
                }
                // A property of the same type that holds scenes: `appScene`, `self.otherScenes`.
                if let name = propertyReference(expression),
                    collectMemberScenes(of: owner, named: name, method: false, conditions: conditions, depth: depth + 1)
                {
                    continue
                }
                // Peel modifiers off the outside: `WindowGroup { ... }.a(...).b(...)`.
                var modifiers: [(name: String, call: FunctionCallExprSyntax)] = []
                var current: ExprSyntax = expression
                var sceneCall: FunctionCallExprSyntax?
                while true {
                    // Modifiers under `#if` after the chain (`.windowResize()` for one platform):
                    // the scene is their base.
                    if let postfix = current.as(PostfixIfConfigExprSyntax.self), let base = postfix.base {
                        current = base
                        continue
                    }
                    if let call = current.as(FunctionCallExprSyntax.self) {
                        if let name = calledTypeName(call.calledExpression) {
                            if Self.sceneKinds[name] != nil {
                                sceneCall = call
                            } else if name == "Group", let closure = call.trailingClosure {
                                // `Group { WindowGroup ...; Window ... }`: its scenes are the body's.
                                walkSceneStatements(closure.statements, file: file, converter: converter, conditions: conditions, depth: depth + 1, owner: owner)
                            } else if let custom = types[name], custom.declared, custom.isScene {
                                collectScenes(of: custom, conditions: conditions, depth: depth + 1)
                            } else if !collectMemberScenes(of: owner, named: name, method: true, conditions: conditions, depth: depth + 1) {
                                // (`mainScene()`: a method of the App that returns scenes.) A Scene
                                // type from a package, or a function elsewhere: said, not dropped.
                                facts.warnings.append(
                                    "\(file):\(call.startLocation(converter: converter).line): warning: \(name) in \(owner.name)'s body is not declared in these sources (a package's Scene?), so its scenes are not in the model; add them by hand"
                                )
                            }
                            break
                        }
                        if let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
                            base.as(DeclReferenceExprSyntax.self)?.baseName.text == "self",
                            collectMemberScenes(of: owner, named: member.declName.baseName.text, method: true, conditions: conditions, depth: depth + 1)
                        {
                            break  // `self.mainScene()`
                        }
                        if let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base {
                            modifiers.append((member.declName.baseName.text, call))
                            current = base
                            continue
                        }
                    }
                    break
                }
                guard let call = sceneCall, let typeName = calledTypeName(call.calledExpression), let kind = Self.sceneKinds[typeName] else { continue }
                var scene = ScaffoldFacts.Scene(kind: kind, id: "", idDeclared: false, file: file, line: call.startLocation(converter: converter).line)
                scene.condition = conditions.isEmpty ? nil : conditions.joined(separator: " && ")
                for argument in call.arguments {
                    switch argument.label?.text {
                    case "id":
                        scene.idDeclared = true
                        if let resolved = constants.resolve(argument.expression, owner: owner.name) {
                            scene.id = resolved.value
                            scene.idConstant = resolved.constant
                        } else {
                            // `id: SceneID.main.rawValue`, `"doc-\(n)"`: the id is known only when the app runs.
                            scene.id = argument.expression.trimmedText
                            facts.warnings.append(
                                "\(file):\(scene.line): warning: \(typeName)'s id \(scene.id) is not a string literal; the model calls the scene \(scene.id): write its id in the model by hand"
                            )
                        }
                    case "for":
                        var text = argument.expression.trimmedText
                        if text.hasSuffix(".self") { text.removeLast(5) }
                        scene.valueType = text
                    default: break
                    }
                }
                // The root view: the first declared type the scene's closures construct.
                let walker = MemberWalker(converter: converter, phaseNames: [], openNames: [], dismissNames: [])
                walker.referenced = []
                for argument in call.arguments where argument.expression.is(ClosureExprSyntax.self) { walker.walk(argument.expression) }
                if let trailing = call.trailingClosure { walker.walk(trailing) }
                for extra in call.additionalTrailingClosures { walker.walk(extra.closure) }
                // Views the closure builds through a property or a method of the type that holds
                // the scene (`else { mainAppContent }`, `self.content()`): walked too, so their
                // tree is the scene's (Meshtastic's main window lost ContentView's whole tree).
                // Each member once (a name that is no member, or one met before, is skipped); not
                // `body`, whose scenes are the ones being walked.
                var members = memberBodies(of: owner)
                members["body"] = nil
                var followed: Set<String> = []
                var pending = Array((walker.referenced ?? []).reversed())
                while let name = pending.popLast() {
                    guard let bodies = members[name], followed.insert(name).inserted else { continue }
                    for (bodyConverter, body) in bodies {
                        let inner = MemberWalker(converter: bodyConverter, phaseNames: [], openNames: [], dismissNames: [])
                        inner.referenced = []
                        inner.walk(body)
                        walker.constructed += inner.constructed
                        pending += (inner.referenced ?? []).reversed()
                    }
                }
                scene.rootView = walker.constructed.first { viewTypes.contains($0) } ?? walker.constructed.first { declaredTypes.contains($0) }
                scene.presentedViews = walker.constructed.filter { viewTypes.contains($0) && $0 != scene.rootView }
                for (name, modifier) in modifiers.reversed() {
                    let first = modifier.arguments.first?.expression
                    switch name {
                    case "handlesExternalEvents":
                        if let matching = modifier.arguments.first(where: { $0.label?.text == "matching" }) {
                            scene.matching = stringLiterals(matching.expression)
                        }
                    case "defaultLaunchBehavior": scene.launch = first.map(caseName)
                    case "restorationBehavior": scene.restoration = first.map(caseName)
                    default: break
                    }
                }
                if !scene.idDeclared {
                    // The one Settings scene is `settings` (spec behaviour-from-source §3).
                    let base = kind == "settings" ? "settings" : scene.rootView ?? typeName
                    used[base, default: 0] += 1
                    scene.id = used[base]! == 1 ? base : "\(base)_\(used[base]!)"
                }
                scenes.append(scene)
            }
        }
        func walkIf(_ branch: IfExprSyntax, file: String, converter: SourceLocationConverter, conditions: [String], depth: Int, owner: TypeInfo) {
            guard depth < 8 else { return }
            walkSceneStatements(branch.body.statements, file: file, converter: converter, conditions: conditions, depth: depth + 1, owner: owner)
            let available = branch.conditions.contains { $0.condition.is(AvailabilityConditionSyntax.self) }
            guard !available, let rest = branch.elseBody else { return }
            switch rest {
            case .ifExpr(let next): walkIf(next, file: file, converter: converter, conditions: conditions, depth: depth + 1, owner: owner)
            case .codeBlock(let block): walkSceneStatements(block.statements, file: file, converter: converter, conditions: conditions, depth: depth + 1, owner: owner)
            }
        }
        collectScenes(of: app, conditions: [], depth: 0)
        facts.scenes = scenes

        // Reachability: depth first from each scene's root, in source order.
        for scene in scenes {
            // Without recursion (a chain of 100,000 views is not a stack overflow), in the order
            // a depth-first walk meets them.
            var seen: [String] = []
            var met: Set<String> = []
            var pending: [String] = []
            if let root = scene.rootView, viewTypes.contains(root) { pending.append(root) }
            pending += scene.presentedViews
            pending.reverse()
            while let name = pending.popLast() {
                guard met.insert(name).inserted else { continue }
                seen.append(name)
                pending += (edges[name] ?? []).reversed()
            }
            facts.reach.append((scene.id, seen))
        }
        return facts
    }

    /// A view's (or the App's) facts, the type names its members construct, and its delegate adaptor.
    private func describe(_ info: TypeInfo, constants: StringConstants) -> (ScaffoldFacts.View, [String], (type: String, wrapper: String)?) {
        var view = ScaffoldFacts.View(name: info.name, file: info.file, line: info.line)
        var adaptor: (type: String, wrapper: String)?
        var phaseNames: Set<String> = []
        var openNames: Set<String> = ["openWindow"]
        var dismissNames: Set<String> = ["dismissWindow"]
        // Properties first: the environment names the walk needs.
        for (file, converter, block) in info.members {
            forEachMember(block.members) { decl, condition in
                guard let variable = decl.as(VariableDeclSyntax.self) else { return }
                let line = variable.startLocation(converter: converter).line
                for attribute in variable.attributes.compactMap({ $0.as(AttributeSyntax.self) }) {
                    let wrapper = attribute.attributeName.trimmedText
                    let arguments = argumentList(attribute)
                    for binding in variable.bindings {
                        // `@State private var \`func\` = 1` is named func in Swift and in w.memory.
                        var name = binding.pattern.trimmedText
                        if name.count > 2, name.hasPrefix("`"), name.hasSuffix("`") { name = String(name.dropFirst().dropLast()) }
                        let written = binding.typeAnnotation?.type.trimmedText
                        let initial = binding.initializer?.value
                        switch wrapper {
                        case "SceneStorage", "AppStorage":
                            let resolved = arguments?.first.flatMap { constants.resolve($0.expression, owner: info.name) }
                            guard let key = resolved?.value else {
                                let written = arguments?.first?.expression.trimmedText ?? ""
                                view.unreadKeys.append(
                                    "\(file):\(line): warning: @\(wrapper)(\(written)) in \(info.name): its key is not a string literal, so it is not in the model; add it to the \(wrapper == "SceneStorage" ? "scene's keys" : "model's defaults_keys") by hand"
                                )
                                continue
                            }
                            var storage = ScaffoldFacts.Storage(
                                key: key, name: name, type: written ?? inferredType(initial, allowConstructed: false),
                                defaultValue: initial?.trimmedText, file: file, line: line)
                            storage.keyConstant = resolved?.constant
                            storage.condition = condition
                            if wrapper == "SceneStorage" { view.sceneStorage.append(storage) } else { view.appStorage.append(storage) }
                        case "State", "StateObject", "FocusState":
                            view.memory.append(
                                .init(name: name, wrapper: wrapper, condition: condition, type: written ?? inferredType(initial, allowConstructed: true), file: file, line: line))
                        case "Environment":
                            let path = arguments?.first?.expression.trimmedText ?? ""
                            if path.hasSuffix(".scenePhase") { phaseNames.insert(name) }
                            if path.hasSuffix(".openWindow") { openNames.insert(name) }
                            if path.hasSuffix(".dismissWindow") { dismissNames.insert(name) }
                        case "UIApplicationDelegateAdaptor", "NSApplicationDelegateAdaptor", "WKApplicationDelegateAdaptor":
                            var type = arguments?.first?.expression.trimmedText ?? written ?? ""
                            if type.hasSuffix(".self") { type.removeLast(5) }
                            adaptor = (type, wrapper)
                        default: break
                        }
                    }
                }
            }
        }
        var constructed: [String] = []
        for (file, converter, block) in info.members {
            let walker = MemberWalker(converter: converter, phaseNames: phaseNames, openNames: openNames, dismissNames: dismissNames)
            walker.resolve = { constants.resolve($0, owner: info.name) }
            walker.walk(block)
            constructed += walker.constructed
            // Each block's facts in line order (a modifier's call encloses the view it modifies:
            // the walk meets the outer ones first), the blocks in source order; each names its
            // own file, which for an extension may not be the type's.
            view.handlers += stableSorted(walker.handlers, by: \.line).map {
                var item = $0; item.file = file; return item
            }
            view.openWindow += stableSorted(walker.openWindow, by: \.line).map {
                var item = $0; item.file = file; return item
            }
            view.dismissWindow += stableSorted(walker.dismissWindow, by: \.line).map {
                var item = $0; item.file = file; return item
            }
        }
        return (view, constructed, adaptor)
    }
}

/// `items` by `key`, keeping the order of equal ones.
private func stableSorted<T>(_ items: [T], by key: (T) -> Int) -> [T] {
    items.enumerated().sorted { (key($0.element), $0.offset) < (key($1.element), $1.offset) }.map(\.element)
}

/// The bodies of `owner`'s computed properties and methods by name (a stored property's
/// initializer too), with their files' converters: what a scene's closure reaches through them.
private func memberBodies(of owner: TypeInfo) -> [String: [(SourceLocationConverter, Syntax)]] {
    var bodies: [String: [(SourceLocationConverter, Syntax)]] = [:]
    for (_, converter, block) in owner.members {
        forEachMember(block.members) { decl, _ in
            if let variable = decl.as(VariableDeclSyntax.self) {
                for binding in variable.bindings {
                    guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                    if let accessors = binding.accessorBlock { bodies[name, default: []].append((converter, Syntax(accessors))) }
                    if let value = binding.initializer?.value { bodies[name, default: []].append((converter, Syntax(value))) }
                }
            } else if let function = decl.as(FunctionDeclSyntax.self), let body = function.body {
                bodies[function.name.text, default: []].append((converter, Syntax(body)))
            }
        }
    }
    return bodies
}

/// Each member declaration, including those inside `#if` blocks, with the condition it is
/// under (nil for none); not those under a constant-false one (`#if false`), never compiled.
func forEachMember(_ members: MemberBlockItemListSyntax, condition: String? = nil, _ body: (DeclSyntax, String?) -> Void) {
    for member in members {
        if let ifConfig = member.decl.as(IfConfigDeclSyntax.self) {
            for clause in ifConfig.clauses {
                guard case .decls(let inner) = clause.elements else { continue }
                guard let own = clauseCondition(clause) else {
                    forEachMember(inner, condition: condition, body)
                    continue
                }
                if isConstantFalse(own) { continue }
                let wrapped = own.contains("&&") || own.contains("||") ? "(\(own))" : own
                forEachMember(inner, condition: condition.map { "\($0) && \(wrapped)" } ?? wrapped, body)
            }
        } else {
            body(member.decl, condition)
        }
    }
}

/// `appScene` or `self.appScene` in a scene builder: the name of a property it reads.
private func propertyReference(_ expression: ExprSyntax) -> String? {
    if let reference = expression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
    if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base?.as(DeclReferenceExprSyntax.self),
        base.baseName.text == "self"
    {
        return member.declName.baseName.text
    }
    return nil
}

/// The statements of a computed property: `var body: some Scene { ... }` or its `get { ... }`.
func getterStatements(_ binding: PatternBindingSyntax) -> CodeBlockItemListSyntax? {
    guard let block = binding.accessorBlock else { return nil }
    switch block.accessors {
    case .getter(let statements): return statements
    case .accessors(let accessors): return accessors.first { $0.accessorSpecifier.text == "get" }?.body?.statements
    }
}

/// `@SceneStorage("key")`'s arguments; nil for an attribute without a list.
private func argumentList(_ attribute: AttributeSyntax) -> LabeledExprListSyntax? {
    guard case .argumentList(let list)? = attribute.arguments else { return nil }
    return list
}

/// `.presented` → `presented`; `SceneLaunchBehavior.presented` → `presented`.
private func caseName(_ expression: ExprSyntax) -> String {
    if let member = expression.as(MemberAccessExprSyntax.self) { return member.declName.baseName.text }
    return expression.trimmedText
}
