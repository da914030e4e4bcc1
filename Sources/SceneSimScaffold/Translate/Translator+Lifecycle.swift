import SwiftSyntax

extension Translator {
    /// What a scene's root view does when its window connects (`.onAppear`, `.task`, a
    /// `Timer.publish` it receives) and disconnects (`.onDisappear`, and the cancellation of
    /// the `.task`'s and timers' pending `after`s), as lines at the top of the scene's
    /// `on_phase`: the phase change from or to `"disconnected"` is that moment (spec §2 "+").
    func lifecycleBody(root: String, scene: String? = nil) -> [String]? {
        let sites = (lifecycleSites[root] ?? []) + (scene.flatMap { sceneClosureSites[$0] } ?? [])
        guard !sites.isEmpty else { return nil }
        let indent = "        "
        var appear: [String] = [], disappear: [String] = []
        var tracks = false
        for site in sites {
            var ctx = Context(file: site.file, converter: site.converter, owner: site.owner, place: .scene)
            ctx.indent = indent + "    "
            let line = site.call.calledExpression.as(MemberAccessExprSyntax.self).map { $0.declName.startLocation(converter: site.converter).line } ?? 0
            let title = "-- \(site.file):\(line) .\(site.kind)"
            guard let closure = site.call.trailingClosure ?? site.call.arguments.last?.expression.as(ClosureExprSyntax.self) else { continue }
            switch site.kind {
            case "task" where site.call.arguments.contains(where: { $0.label?.text == "id" }):
                // `.task(id:)`: its body is a function, run when the window connects and again
                // (its pending work cancelled) when a translated write changes the id.
                guard let function = taskFunctions["\(site.file):\(line)"] else { continue }
                tracks = true
                appear += ["\(indent)  \(function)(w) \(title)(id:)"]
            case "onAppear", "task":
                if site.kind == "task" {
                    ctx.tracked = true
                    tracks = true
                }
                appear +=
                    ["\(indent)  ;(function() \(title)", entryMark(file: site.file, line: line, ".\(site.kind)", indent: ctx.indent)]
                    + block(closure.statements, &ctx) + ["\(indent)  end)()"]
            case "onDisappear":
                ctx.windowGone = true
                disappear +=
                    ["\(indent)  ;(function() \(title)", entryMark(file: site.file, line: line, ".\(site.kind)", indent: ctx.indent)]
                    + block(closure.statements, &ctx) + ["\(indent)  end)()"]
            case "onReceive":
                guard let publisher = site.call.arguments.first?.expression, let every = timerInterval(publisher, owner: site.owner) else { continue }
                tracks = true
                ctx.tracked = true
                ctx.indent = indent + "        "
                if let name = closureParameters(closure).first, let name { ctx.declare(name, .init(lua: "nil", type: .named("Date"))) }
                var scratch = ctx
                let seconds = value(every, &scratch, expect: .double).code
                let body = [entryMark(file: site.file, line: line, ".onReceive(Timer.publish)", indent: ctx.indent)] + block(closure.statements, &ctx)
                appear +=
                    [
                        "\(indent)  do \(title)(Timer.publish(every: \(LuaText.comment(every.trimmedDescription))))",
                        "\(indent)    local tick",
                        "\(indent)    tick = function()",
                        "\(indent)      ;(function()",
                    ] + body + [
                        "\(indent)      end)()",
                        "\(indent)      \(helper("track"))(w, app:after(\(seconds), tick))",
                        "\(indent)    end",
                        "\(indent)    \(helper("track"))(w, app:after(\(seconds), tick))",
                        "\(indent)  end",
                    ]
            default: continue
            }
        }
        var out: [String] = []
        if !appear.isEmpty { out += ["\(indent)if old == \"disconnected\" then -- the window connects"] + appear + ["\(indent)end"] }
        if tracks || !disappear.isEmpty {
            out.append("\(indent)if new == \"disconnected\" then -- the window disconnects")
            if tracks {
                _ = helper("track")  // declares cancel_window_timers too
                out.append("\(indent)  swift.cancel_window_timers(w)")
            }
            out += disappear
            out.append("\(indent)end")
        }
        return out.isEmpty ? nil : out
    }

    /// The `.task(id:)` modifiers of the root views: each closure becomes a followed function
    /// (tracked under its own key), and the state its id reads is watched. Called before any
    /// handler is translated, so every write of that state knows.
    func prepareTaskRuns() {
        var groups = lifecycleSites.sorted(by: { $0.key < $1.key }).map { (root: $0.key, scenes: rootScenes[$0.key] ?? [], sites: $0.value) }
        groups += sceneClosureSites.sorted(by: { $0.key < $1.key }).map { (root: $0.value.first?.owner ?? "", scenes: [$0.key], sites: $0.value) }
        for (root, scenes, sites) in groups {
            for site in sites where site.kind == "task" {
                guard let id = site.call.arguments.first(where: { $0.label?.text == "id" })?.expression,
                    let closure = site.call.trailingClosure ?? site.call.arguments.last?.expression.as(ClosureExprSyntax.self)
                else { continue }
                let line = site.call.calledExpression.as(MemberAccessExprSyntax.self).map { $0.declName.startLocation(converter: site.converter).line } ?? 0
                var ctx = Context(file: site.file, converter: site.converter, owner: site.owner, place: .scene)
                let key = "\(site.file):\(line)"
                let decl = FunctionDecl(
                    owner: site.owner, name: "task_\(line)", parameters: [], body: closure.statements, file: site.file,
                    converter: site.converter, line: line, isStatic: false, returns: .unknown, trackGroup: key)
                guard let function = follow(decl, from: ctx) else { continue }
                taskFunctions[key] = function
                if case .state(let slot)? = reference(id, &ctx), slot.store == .storage || slot.store == .windowMemory {
                    taskWatchers[slot.watchKey, default: []].append((scenes, key, function))
                } else {
                    warnings.append(
                        "\(key): warning: .task(id: \(LuaText.comment(id.trimmedDescription, limit: 60))) runs again when its id changes; the id is not a window's @SceneStorage or @State, so scenesim runs it at connection only"
                    )
                }
            }
        }
    }

    /// The lifecycle modifiers written on a scene's root view inside the App's body
    /// (`Window(id: "main") { ContentView().onAppear { handleLicensing() } }`): they run when
    /// that scene's window connects, as the root view's own do, in the App's scope. Found from
    /// the scene's `file:line` (where the scan found its declaration).
    func prepareSceneClosures(_ index: SourceIndex, scenes: [(id: String, file: String, line: Int)]) {
        final class Finder: SyntaxVisitor {
            var found: [FunctionCallExprSyntax] = []
            override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
            override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
            override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
                if let member = node.calledExpression.as(MemberAccessExprSyntax.self),
                    ["onAppear", "onDisappear", "task", "onReceive"].contains(member.declName.baseName.text)
                {
                    found.append(node)
                }
                return .visitChildren
            }
        }
        let files = Dictionary(index.files.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        let kinds: Set<String> = ["WindowGroup", "Window", "UtilityWindow", "DocumentGroup", "Settings"]
        for scene in scenes {
            guard let file = files[scene.file] else { continue }
            var token = file.tree.token(at: file.converter.position(ofLine: scene.line, column: 1))
            var closure: ClosureExprSyntax?
            var steps = 0
            while let current = token, steps < 4096, closure == nil {
                let line = current.startLocation(converter: file.converter).line
                if line > scene.line { break }
                if line == scene.line, kinds.contains(current.text), let reference = current.parent?.as(DeclReferenceExprSyntax.self),
                    let call = reference.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == reference.id
                {
                    closure = call.trailingClosure ?? call.arguments.last?.expression.as(ClosureExprSyntax.self)
                }
                token = current.nextToken(viewMode: .sourceAccurate)
                steps += 1
            }
            guard let closure else { continue }
            let finder = Finder(viewMode: .sourceAccurate)
            finder.walk(closure)
            // In source order (the walk meets a modifier chain's last modifier first).
            let modifiers = finder.found.compactMap { call -> (FunctionCallExprSyntax, Int)? in
                guard let member = call.calledExpression.as(MemberAccessExprSyntax.self) else { return nil }
                return (call, member.declName.positionAfterSkippingLeadingTrivia.utf8Offset)
            }.sorted { $0.1 < $1.1 }.map(\.0)
            sceneClosureSites[scene.id] = modifiers.compactMap { call in
                guard let member = call.calledExpression.as(MemberAccessExprSyntax.self) else { return nil }
                return HandlerSite(kind: member.declName.baseName.text, owner: index.appName, file: scene.file, converter: file.converter, call: call)
            }
        }
    }

    /// `Timer.publish(every: N, …).autoconnect()`, written there or in a property of the view: N.
    private func timerInterval(_ expression: ExprSyntax, owner: String) -> ExprSyntax? {
        final class Finder: SyntaxVisitor {
            var every: ExprSyntax?
            override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
                if every == nil, node.calledExpression.trimmedDescription == "Timer.publish" {
                    every = node.arguments.first { $0.label?.text == "every" }?.expression
                }
                return .visitChildren
            }
        }
        let finder = Finder(viewMode: .sourceAccurate)
        finder.walk(expression)
        if let every = finder.every { return every }
        // `.onReceive(timer)` with `let timer = Timer.publish(…).autoconnect()`.
        let name = expression.as(DeclReferenceExprSyntax.self)?.baseName.text ?? expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
        guard let name, let info = index?.types[owner] else { return nil }
        for (_, _, block) in info.members {
            for member in block.members {
                guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
                for binding in variable.bindings where binding.pattern.trimmedDescription == name {
                    if let initial = binding.initializer?.value {
                        finder.walk(initial)
                        if let every = finder.every { return every }
                    }
                }
            }
        }
        return nil
    }
}
