import SwiftSyntax

/// What the handler translation gives the generated module (spec behaviour-from-source §2):
/// the helpers and followed functions it declares before the model table, and what it could
/// not translate.
package struct Translation: Sendable, Equatable {
    package struct Untranslated: Sendable, Equatable, Comparable {
        package var file: String
        package var line: Int
        package var text: String
        package static func < (a: Untranslated, b: Untranslated) -> Bool { (a.file, a.line, a.text) < (b.file, b.line, b.text) }
    }
    /// A model handler that no source facts list (`on_launch`, `on_refresh`), with its body.
    package struct ModelHandler: Sendable, Equatable {
        package var name: String
        package var parameters: String
        package var body: [String]
    }

    /// Lua lines before `return {`: the helper table and the followed functions.
    package var prelude: [String] = []
    /// Scene id → an `on_phase` body for a scene whose root view has lifecycle modifiers but
    /// no phase handler.
    package var lifecycleHandlers: [String: [String]] = [:]
    package var modelHandlers: [ModelHandler] = []
    /// `policy = { … }` lines from the delegate's last-window quit method (macOS).
    package var policy: [String] = []
    /// Comments in the model table: delegate methods scenesim has no event for.
    package var modelNotes: [String] = []
    package var untranslated: [Untranslated] = []
    /// `file:line: warning: ...`, sorted.
    package var warnings: [String] = []
}

/// The translator of one scaffold run: handler bodies in, Lua out. Calls of functions declared
/// in the sources are followed to depth 4 (`maxDepth`) and written once each as a Lua local
/// function; anything else is an effect (scenarios/README.md, "Effects").
final class Translator {
    static let maxDepth = 4
    /// Lua allows 200 locals in a function: the followed functions take at most this many, the
    /// rest are effects (with a warning).
    static let maxFunctions = 150

    let symbols: Symbols
    let platform: String
    /// Scenes with a value (`WindowGroup(id:for:)`), for `openWindow(value:)`.
    let valueScenes: [(id: String, type: String?)]
    var helpersUsed: Set<String> = []
    var warnings: [String] = []
    var untranslated: [Translation.Untranslated] = []
    var usedDefaultsKeys: [(key: String, file: String, line: Int)] = []
    var usedMemoryKeys: [(key: String, file: String, line: Int)] = []
    var refreshHandlers: [[String]] = []
    /// A refresh task's `expirationHandler` was set: `on_refresh_expired` runs it.
    var expirationUsed = false
    var uniqueCounter = 0
    /// The scenes' root views: `dismiss()` in one closes its window.
    var rootViews: Set<String> = []
    /// Root views of scenes with a value, by the value's Swift type: a property of that type
    /// is what the window presents, `w.value`.
    var valueRoots: [String: String] = [:]
    /// `.onAppear`, `.onDisappear`, `.task`, `.onReceive` of each view type, in source order.
    var lifecycleSites: [String: [HandlerSite]] = [:]
    var index: SourceIndex?
    /// Loop labels a `continue` jumped to.
    var usedLabels: Set<String> = []
    /// The App's name as coverage reports it (`model.name`).
    var appName = "app"
    /// Each translated Swift handler's label (`File.swift:12 .onOpenURL`), with its file and
    /// line: the module declares them to `sim.swift_handlers`, and each handler's entry marks
    /// its run (`entryMark`).
    var handlerLabels: [String: (file: String, line: Int)] = [:]
    /// The scene ids of each root view, for a `.task(id:)` that runs again in that scene's windows.
    var rootScenes: [String: [String]] = [:]
    /// `.task(id: key)` on a root view: the state it watches (`storage:key`, `memory:key`), the
    /// scenes, the task's key and its Lua function. A translated write that changes the key
    /// runs the task again.
    var taskWatchers: [String: [(scenes: [String], key: String, function: String)]] = [:]
    /// Lifecycle modifiers on a scene's root view in the App's body, by scene id (in the App's scope).
    var sceneClosureSites: [String: [HandlerSite]] = [:]
    /// `.task(id:)` functions by `file:line`.
    var taskFunctions: [String: String] = [:]

    /// A followed function: its Lua name, the smallest depth it is reached at, its lines.
    struct Followed {
        var decl: FunctionDecl
        var luaName: String
        var depth: Int
        var lines: [String] = []
        var warnings: [String] = []
        var untranslated: [Translation.Untranslated] = []
        var callees: [String] = []
        var translated = false
    }
    var followed: [String: Followed] = [:]
    var followOrder: [String] = []
    var luaNames: Set<String> = []

    init(symbols: Symbols, platform: String, valueScenes: [(id: String, type: String?)]) {
        self.symbols = symbols
        self.platform = platform
        self.valueScenes = valueScenes
    }

    /// Where translated code runs and what its names mean.
    struct Context {
        struct Local {
            var lua: String
            var type: ValueType
            /// A held observable instance (`let store = Store.shared`).
            var object: String?
        }
        var file: String
        var converter: SourceLocationConverter
        /// Added to a node's position to find it in `converter`'s file: nodes of a folded
        /// operator sequence are a new tree, whose positions start at 0.
        var bias = 0
        /// The type whose members are in scope (`self`).
        var owner: String?
        /// Scene code: `w` is the window. Else App code (`w` is nil), or a followed function
        /// (`w` is its caller's window, or nil).
        enum Place { case scene, app, function }
        var place: Place
        var depth = 0
        var scopes: [[String: Local]] = [[:]]
        /// The Lua name holding the new phase inside `.onChange(of: scenePhase)`.
        var phaseNew: String?
        /// What a `return` without a value returns (`true`: the URL was handled).
        var returnValue: String?
        /// A delegate method whose result the model handler returns (`on_reopen`, the quit
        /// policy): `return expr` returns the translated value.
        var returnsValue = false
        /// Inside the code a `defer` runs after: a `return` there returns `true, value` so the
        /// code after the deferred body knows to return too.
        var deferReturn = false
        var indent = ""
        /// A `.task` or a timer of the window: its `app:after`s are cancelled when it disconnects.
        var tracked = false
        /// In a `.task(id:)`: its pending `after`s are also kept under this key, cancelled when
        /// the id changes and the task runs again.
        var trackGroup: String?
        /// `.onDisappear` at the window's disconnection: its storage and @State are gone.
        var windowGone = false
        /// Code run later (`app:after`) by a window's code: the window may have disconnected by
        /// then, and SwiftUI drops a write to a gone view's state, so its state is guarded.
        var deferred = false
        /// The label a `continue` in the current loop jumps to.
        var loopLabel: String?
        /// Inside a followed function or a closure run later: a `return` ends that, not the handler.
        var function: Followed?

        func lookup(_ name: String) -> Local? {
            for scope in scopes.reversed() { if let local = scope[name] { return local } }
            return nil
        }
        mutating func declare(_ swift: String, _ local: Local) { scopes[scopes.count - 1][swift] = local }

        /// The context of a Lua function written inside this one (a closure run in place, a
        /// timer's, a task's or a handler's body): indented once more, with a scope of its own and
        /// its own `return` (none of the enclosing function's return value or deferred return).
        func nestedFunction() -> Context {
            var inner = self
            inner.indent += "  "
            inner.returnValue = nil
            inner.returnsValue = false
            inner.deferReturn = false
            inner.scopes.append([:])
            return inner
        }
    }

    // MARK: Reporting

    func line(_ node: some SyntaxProtocol, _ ctx: Context) -> Int {
        let offset = node.positionAfterSkippingLeadingTrivia.utf8Offset + ctx.bias
        return ctx.converter.location(for: AbsolutePosition(utf8Offset: max(0, offset))).line
    }

    func at(_ node: some SyntaxProtocol, _ ctx: Context) -> String { "\(ctx.file):\(line(node, ctx))" }

    /// An expression the translator cannot write: `nil --[[ source ]]`, and a warning.
    func cannot(_ node: some SyntaxProtocol, _ ctx: Context, warn: Bool = true) -> Lua {
        if warn { warnings.append("\(at(node, ctx)): warning: not translated: \(LuaText.comment(node.trimmedDescription, limit: 80)); the generated code reads nil there") }
        return Lua(LuaText.untranslatedValue(node.trimmedDescription), .unknown)
    }

    /// A statement the translator cannot write: a comment, and an entry of `untranslated`.
    func notTranslated(_ node: some SyntaxProtocol, _ ctx: Context) -> String {
        let text = LuaText.comment(node.trimmedDescription)
        untranslated.append(.init(file: ctx.file, line: line(node, ctx), text: text))
        return "\(ctx.indent)-- not translated: \(text) (\(at(node, ctx)))"
    }

    /// The line that marks a translated Swift handler's run, at its entry (after any guard the
    /// Swift closure would not pass): `swift.ran("File.swift:12 .onOpenURL")`. `scenesim test
    /// --coverage` lists every label the module declares, and which a scenario ran; nothing
    /// is traced.
    func entryMark(file: String, line: Int, _ what: String, indent: String) -> String {
        let label = LuaText.comment("\(file):\(line) \(what)")
        handlerLabels[label] = (file, line)
        return "\(indent)swift.ran(\(luaString(label)))"
    }

    func helper(_ name: String) -> String {
        helpersUsed.insert(name)
        return "swift.\(name)"
    }

    func unique(_ base: String) -> String {
        uniqueCounter += 1
        return "\(base)_\(uniqueCounter)"
    }

    // MARK: Followed functions

    /// The Lua name of a followed function, reached from code at `ctx.depth`; nil when it is
    /// past the depth (or the count) limit, so the call is an effect.
    func follow(_ decl: FunctionDecl, from ctx: Context) -> String? {
        let depth = ctx.depth + 1
        guard depth <= Self.maxDepth else { return nil }
        if let caller = ctx.function?.decl.key { followed[caller]?.callees.append(decl.key) }
        if var known = followed[decl.key] {
            if depth < known.depth {
                known.depth = depth
                known.translated = false
                followed[decl.key] = known
            }
            return known.luaName
        }
        guard followed.count < Self.maxFunctions else {
            warnings.append(
                "\(decl.file):\(decl.line): warning: more than \(Self.maxFunctions) functions are followed; \(decl.owner.map { $0 + "." } ?? "")\(decl.name) and later ones are effects"
            )
            return nil
        }
        var name = LuaText.local((decl.owner.map { $0.replacingDots + "_" } ?? "") + decl.name)
        if luaNames.contains(name) || LuaText.helpers.contains(where: { $0.name == name }) {
            var n = 2
            while luaNames.contains("\(name)_\(n)") { n += 1 }
            name = "\(name)_\(n)"
        }
        luaNames.insert(name)
        followed[decl.key] = Followed(decl: decl, luaName: name, depth: depth)
        followOrder.append(decl.key)
        return name
    }

    /// Translates every followed function not yet translated at its current depth, until none
    /// is left (a function reached later at a smaller depth is translated again).
    func translateFollowed() {
        var changed = true
        while changed {
            changed = false
            for key in followOrder where followed[key]?.translated == false {
                guard var item = followed[key] else { continue }
                item.translated = true
                followed[key] = item
                let savedWarnings = warnings, savedUntranslated = untranslated
                warnings = []
                untranslated = []
                let lines = functionLines(item)
                item = followed[key] ?? item
                item.lines = lines
                item.warnings = warnings
                item.untranslated = untranslated
                followed[key] = item
                warnings = savedWarnings
                untranslated = savedUntranslated
                changed = true
            }
        }
    }

    private func functionLines(_ item: Followed) -> [String] {
        let decl = item.decl
        var ctx = Context(file: decl.file, converter: decl.converter, owner: decl.owner, place: .function)
        ctx.depth = item.depth
        ctx.indent = "  "
        if let group = decl.trackGroup {
            ctx.tracked = true
            ctx.trackGroup = group
        }
        ctx.function = item
        var parameters = ["w"]
        for parameter in decl.parameters {
            let lua = LuaText.local(parameter.name)
            parameters.append(lua)
            ctx.declare(parameter.name, .init(lua: lua, type: parameter.type, object: parameter.type.typeName.flatMap { symbols.held.contains($0) ? $0 : nil }))
        }
        var lines = ["function \(item.luaName)(\(parameters.joined(separator: ", "))) -- \(decl.file):\(decl.line) \(decl.owner.map { $0 + "." } ?? "")\(decl.name)"]
        lines.append("  local app = sim.app")
        // A `.task(id:)` closure: each run (at connection, and again when its id changes) is a
        // run of the Swift handler.
        if decl.trackGroup != nil { lines.append(entryMark(file: decl.file, line: decl.line, ".task(id:)", indent: ctx.indent)) }
        for (parameter, lua) in zip(decl.parameters, parameters.dropFirst()) {
            guard let value = parameter.defaultValue else { continue }
            let translated = self.value(value, &ctx, expect: parameter.type)
            lines.append("  if \(lua) == nil then \(lua) = \(translated.code) end")
        }
        lines += block(decl.body, &ctx)
        lines.append("end")
        return lines
    }

    /// Warnings for calls that come back to a function already on the chain: translated as
    /// Lua recursion, which runs as deep as the Swift would.
    func cycleWarnings() {
        var state: [String: Int] = [:]  // 1 on the stack, 2 done
        func visit(_ key: String, _ path: [String]) {
            state[key] = 1
            for callee in followed[key]?.callees ?? [] {
                if state[callee] == 1, let item = followed[callee] {
                    let cycle = (path + [key]).drop { $0 != callee }.compactMap { followed[$0].map { ($0.decl.owner.map { $0 + "." } ?? "") + $0.decl.name } }
                    warnings.append(
                        "\(item.decl.file):\(item.decl.line): warning: a cycle of calls (\(cycle.joined(separator: " -> ")) -> \(cycle.first ?? "")): translated as Lua functions that call each other, as deep as the Swift recurses"
                    )
                } else if state[callee] == nil {
                    visit(callee, path + [key])
                }
            }
            state[key] = 2
        }
        for key in followOrder where state[key] == nil { visit(key, []) }
    }

    // MARK: Output

    func translation() -> Translation {
        translateFollowed()
        cycleWarnings()
        var result = Translation()
        var prelude: [String] = []
        let used = LuaText.helpers.filter { helpersUsed.contains($0.name) }
        if !used.isEmpty || !followOrder.isEmpty || !handlerLabels.isEmpty {
            prelude.append("-- Translated from the app's Swift source; each statement ends with its file:line.")
        }
        if !used.isEmpty || !handlerLabels.isEmpty {
            prelude.append("local swift = {}")
            for item in used { prelude += item.lines }
        }
        if !handlerLabels.isEmpty {
            let labels = handlerLabels.sorted { a, b in (a.value.file, a.value.line, a.key) < (b.value.file, b.value.line, b.key) }.map(\.key)
            prelude.append("-- The Swift handlers translated here: `scenesim test --coverage` lists each and whether a")
            prelude.append("-- scenario ran it. Each marks its run with swift.ran, which is recorded, never traced.")
            prelude.append("swift.ran = sim.swift_handlers(\(luaString(appName)), {")
            prelude += labels.map { "  \(luaString($0))," }
            prelude.append("})")
        }
        if !followOrder.isEmpty {
            prelude.append("-- Functions and methods declared in the sources, followed from the handlers (depth \(Self.maxDepth)).")
            prelude.append("local " + followOrder.compactMap { followed[$0]?.luaName }.joined(separator: ", "))
            for key in followOrder {
                guard let item = followed[key] else { continue }
                prelude += item.lines
                warnings += item.warnings
                untranslated += item.untranslated
            }
        }
        result.prelude = prelude
        result.untranslated = Array(Set(untranslated.map { "\($0.file)\u{0}\($0.line)\u{0}\($0.text)" })).sorted().compactMap { key in
            let parts = key.split(separator: "\u{0}", omittingEmptySubsequences: false)
            return parts.count == 3 ? .init(file: String(parts[0]), line: Int(parts[1]) ?? 0, text: String(parts[2])) : nil
        }.sorted()
        result.warnings = Array(Set(warnings)).sorted()
        return result
    }
}

/// A translated expression: its Lua text and what the translator knows of its type.
struct Lua {
    var code: String
    var type: ValueType
    /// A held observable instance: not a value, but its properties and methods are known.
    var object: String?
    /// The code is a call Lua accepts as a statement.
    var isCall = false
    /// The code is a statement (an assignment), which no expression may hold.
    var isStatementOnly = false

    init(_ code: String, _ type: ValueType, object: String? = nil, isCall: Bool = false) {
        self.code = code
        self.type = type
        self.object = object
        self.isCall = isCall
    }
}

extension String {
    /// `Defaults.Keys` → `Defaults_Keys`: a type name as part of a Lua name.
    var replacingDots: String { String(map { $0 == "." ? "_" : $0 }) }
}
