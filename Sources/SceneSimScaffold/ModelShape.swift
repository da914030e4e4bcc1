/// What a model module declares, in the terms both sides can be compared in: the scenes with
/// their kind, value, keys, memory and handlers, the model's `defaults_keys` and handlers.
/// `ScaffoldFacts.modelShape(platform:)` derives it from the source; `scenesim check-model`
/// reads it from a loaded module.
package struct ModelShape: Sendable, Equatable {
    /// Where a fact came from: `file:line` in the source, or nil on the model's side.
    package struct Origin: Sendable, Equatable {
        package var file: String
        package var line: Int
        package var text: String { "\(file):\(line)" }
        package init(file: String, line: Int) {
            self.file = file
            self.line = line
        }
    }

    package struct Named: Sendable, Equatable {
        package var name: String
        package var origin: Origin?
        /// What the source says of it, for comments: `Int = 0`.
        package var note: String?
        /// For a handler: the other Swift handlers of its kind that the one Lua function stands
        /// for (several views of a scene each with .onChange(of: scenePhase)).
        package var more: [Named] = []
        /// For a handler: its Lua body, translated from the Swift (nil: a comment points at it).
        package var body: [String]?
        package init(_ name: String, origin: Origin? = nil, note: String? = nil) {
            self.name = name
            self.origin = origin
            self.note = note
        }
    }

    package struct Scene: Sendable, Equatable {
        package var id: String
        /// `window_group`, `window` or `settings`.
        package var kind: String
        /// `string`, `integer` or nil.
        package var value: String?
        /// The Swift type behind `value`, for comments.
        package var valueType: String?
        package var keys: [Named] = []
        package var memory: [Named] = []
        /// `on_phase`, `on_url`, `on_activity`, with the Swift handler each stands for.
        package var handlers: [Named] = []
        /// `.handlesExternalEvents(preferring:allowing:)` in its views: a comment.
        package var modifiers: [Named] = []
        package var matching: [String]?
        package var launch: String?
        package var restoration: Bool?
        package var rootView: String?
        package var origin: Origin?
        /// Swift's name of the scene kind (`WindowGroup`).
        package var swiftKind: String?
        package var condition: String?
        /// The id written as a constant in the source: `.mainWindowID = "main" at Ids.swift:2`.
        package var idNote: String?
        package init(id: String, kind: String) {
            self.id = id
            self.kind = kind
        }
    }

    package var name: String
    package var origin: Origin?
    package var platform: String
    package var scenes: [Scene] = []
    /// Scenes the source has that are not window scenes here, or not on this platform: comments.
    package var skipped: [(text: String, origin: Origin)] = []
    package var defaultsKeys: [Named] = []
    /// The App's own `@State` and `@StateObject`: what `app.memory` holds (the model's `memory`).
    package var memory: [Named] = []
    package var handlers: [Named] = []
    /// Launch options the project files give (ModelShape+Project.swift): `os` (`"17.0"`),
    /// `multiple_scenes` (`"true"`), `url_schemes`, each with its file:line; nil or empty
    /// where the project says nothing.
    package var os: Named?
    package var multipleScenes: Named?
    package var urlSchemes: [Named] = []
    /// Comments on the launch options: where the platform came from and the others the
    /// project lists, facts the runtime does not take yet, the defaults used without a project.
    package var projectNotes: [String] = []
    /// The handlers' translation: helpers, followed functions, what did not translate.
    package var translation = Translation()

    package init(name: String, platform: String) {
        self.name = name
        self.platform = platform
    }

    package static func == (a: ModelShape, b: ModelShape) -> Bool {
        a.name == b.name && a.origin == b.origin && a.platform == b.platform && a.scenes == b.scenes && a.defaultsKeys == b.defaultsKeys
            && a.memory == b.memory
            && a.handlers == b.handlers && a.skipped.map(\.text) == b.skipped.map(\.text)
            && a.os == b.os && a.multipleScenes == b.multipleScenes && a.urlSchemes == b.urlSchemes && a.projectNotes == b.projectNotes
    }

    /// The platforms `--platform` takes.
    package static let platforms = ["iphone", "ipados", "macos", "visionos"]
}

extension ScaffoldFacts {
    /// `--platform`'s default: macos when the App has an `@NSApplicationDelegateAdaptor` or a
    /// `Settings` or `MenuBarExtra` scene, else ipados.
    package var inferredPlatform: String {
        // The project's first device family (TARGETED_DEVICE_FAMILY, SUPPORTED_PLATFORMS,
        // Package.swift's platforms) decides where it names one.
        if let first = project.platforms.first { return first.value }
        if app.delegateAdaptor?.wrapper == "NSApplicationDelegateAdaptor" { return "macos" }
        if scenes.contains(where: { $0.kind == "settings" || $0.kind == "menu_bar_extra" }) { return "macos" }
        return "ipados"
    }

    /// The model the source describes, on `platform`.
    package func modelShape(platform: String) -> ModelShape {
        var shape = ModelShape(name: app.name, platform: platform)
        shape.origin = .init(file: app.file, line: app.line)
        let windowScenes = platform == "macos" || platform == "visionos"
        // Names met so far by set and views by name: a scan per name was quadratic in keys.
        let viewsByName = Dictionary(views.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for (index, scene) in scenes.enumerated() {
            let origin = ModelShape.Origin(file: scene.file, line: scene.line)
            let swiftKind = Scaffolder.sceneKinds.first { $0.value == scene.kind }?.key ?? scene.kind
            if let condition = scene.condition, !evaluateCondition(condition, platform: platform) {
                shape.skipped.append(("\(swiftKind) \"\(scene.id)\" is under #if \(condition), not compiled for \(platform)", origin))
                continue
            }
            var kind: String
            switch scene.kind {
            case "window_group", "document_group": kind = "window_group"
            case "window", "utility_window": kind = "window"
            case "settings": kind = "settings"
            default:
                shape.skipped.append(("\(swiftKind) \"\(scene.id)\" is not a window scene here", origin))
                continue
            }
            if kind == "window" && !windowScenes {
                shape.skipped.append(("\(swiftKind) \"\(scene.id)\" exists only on macos and visionos, not on \(platform)", origin))
                continue
            }
            if kind == "settings" && platform != "macos" {
                shape.skipped.append(("Settings \"\(scene.id)\" exists only on macos, not on \(platform)", origin))
                continue
            }
            if kind == "settings", let first = shape.scenes.first(where: { $0.kind == "settings" }) {
                // An app has one Settings scene (two under #if conditions that both hold here):
                // the second is modelled as a window, and the module says so.
                kind = "window"
                shape.skipped.append(("Settings \"\(scene.id)\" is a second Settings scene after \"\(first.id)\" (both compiled for \(platform)): modelled as a window", origin))
            }
            var modelled = ModelShape.Scene(id: scene.id, kind: kind)
            modelled.origin = origin
            modelled.swiftKind = swiftKind
            modelled.rootView = scene.rootView
            modelled.condition = scene.condition
            modelled.idNote = scene.idConstant?.note
            if scene.kind == "document_group" {
                modelled.value = "string"
                modelled.valueType = "the document's file"
            } else if let type = scene.valueType {
                modelled.value = luaValueKind(type)
                modelled.valueType = type
            }
            modelled.matching = scene.matching
            if windowScenes {
                if let launch = scene.launch, ["presented", "suppressed"].contains(launch) { modelled.launch = launch }
                if scene.restoration == "disabled" { modelled.restoration = false }
            }
            // By the scene's place, not its id: `#if os(macOS) WindowGroup(id: "main") { MacRoot() }
            // #else WindowGroup(id: "main") { PhoneRoot() }` are two scenes with one id.
            var keyNames: Set<String> = [], memoryNames: Set<String> = []
            for name in index < reach.count ? reach[index].views : [] {
                guard let view = viewsByName[name] else { continue }
                // What is under `#if os(...)` inside the view counts on that platform only.
                func compiled(_ condition: String?) -> Bool { condition.map { evaluateCondition($0, platform: platform) } ?? true }
                for key in view.sceneStorage where compiled(key.condition) && keyNames.insert(key.key).inserted {
                    let note = [key.type, key.defaultValue.map { "= \($0)" }, key.keyConstant.map { "(key \($0.note))" }].compactMap { $0 }.joined(separator: " ")
                    modelled.keys.append(.init(key.key, origin: .init(file: key.file, line: key.line), note: note.isEmpty ? nil : note))
                }
                for item in view.memory where compiled(item.condition) && memoryNames.insert(item.name).inserted {
                    modelled.memory.append(.init(item.name, origin: .init(file: item.file, line: item.line), note: "@\(item.wrapper)" + (item.type.map { " \($0)" } ?? "")))
                }
                for handler in view.handlers where compiled(handler.condition) {
                    let origin = ModelShape.Origin(file: handler.file, line: handler.line)
                    if let key = Self.handlerKeys[handler.kind] {
                        if let first = modelled.handlers.firstIndex(where: { $0.name == key }) {
                            modelled.handlers[first].more.append(.init(key, origin: origin, note: handler.text))
                        } else {
                            modelled.handlers.append(.init(key, origin: origin, note: handler.text))
                        }
                    } else {
                        modelled.modifiers.append(.init(handler.kind, origin: origin, note: handler.text))
                    }
                }
            }
            shape.scenes.append(modelled)
        }
        var defaultsNames: Set<String> = []
        for view in views {
            for key in view.appStorage where (key.condition.map { evaluateCondition($0, platform: platform) } ?? true) && defaultsNames.insert(key.key).inserted {
                let note = [key.type, key.defaultValue.map { "= \($0)" }, key.keyConstant.map { "(key \($0.note))" }].compactMap { $0 }.joined(separator: " ")
                shape.defaultsKeys.append(.init(key.key, origin: .init(file: key.file, line: key.line), note: "\(view.name)" + (note.isEmpty ? "" : ": \(note)")))
            }
        }
        if let appView = views.first(where: \.isApp) {
            var appMemory: Set<String> = []
            for item in appView.memory where appMemory.insert(item.name).inserted {
                shape.memory.append(.init(item.name, origin: .init(file: item.file, line: item.line), note: "@\(item.wrapper)" + (item.type.map { " \($0)" } ?? "")))
            }
            for handler in appView.handlers where handler.condition.map({ evaluateCondition($0, platform: platform) }) ?? true {
                guard let key = Self.handlerKeys[handler.kind] else { continue }
                let named = ModelShape.Named(key, origin: .init(file: handler.file, line: handler.line), note: handler.text)
                if let first = shape.handlers.firstIndex(where: { $0.name == key }) {
                    shape.handlers[first].more.append(named)
                } else {
                    shape.handlers.append(named)
                }
            }
        }
        applyProject(to: &shape)
        translateHandlers(into: &shape, platform: platform)
        return shape
    }

    /// Handler kinds and the model key each becomes.
    static let handlerKeys = ["scene_phase": "on_phase", "open_url": "on_url", "continue_activity": "on_activity"]

    /// `string` or `integer` for a `WindowGroup(for:)` type (an enum with an `Int` raw value is
    /// an integer); any other type is modelled as a string.
    func luaValueKind(_ type: String) -> String {
        let integers: Set<String> = ["Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64"]
        if integers.contains(type) { return "integer" }
        if let raw = rawValueTypes[type], integers.contains(raw) { return "integer" }
        return "string"
    }

    /// Whether a `WindowGroup(for:)` type maps to a scenesim value without loss.
    func isPlainValueType(_ type: String) -> Bool {
        ["String", "URL", "UUID", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64"].contains(type)
            || ["Int", "String"].contains(rawValueTypes[type] ?? "")
    }
}

/// An `#if` condition on `platform`: `os(X)` is true for X's platform; `targetEnvironment`,
/// `canImport`, `DEBUG` and other flags count as true; `!`, `&&`, `||` and parentheses as in Swift.
func evaluateCondition(_ text: String, platform: String) -> Bool {
    var tokens: [String] = []
    var index = text.startIndex
    while index < text.endIndex {
        let c = text[index]
        if c == " " { index = text.index(after: index); continue }
        if text[index...].hasPrefix("&&") || text[index...].hasPrefix("||") {
            tokens.append(String(text[index..<text.index(index, offsetBy: 2)]))
            index = text.index(index, offsetBy: 2)
        } else if c == "!" || c == "(" || c == ")" {
            tokens.append(String(c))
            index = text.index(after: index)
        } else {
            // A term: a name, with its parenthesised argument if any (`os(macOS)`).
            var end = index
            while end < text.endIndex, text[end].isLetter || text[end].isNumber || text[end] == "_" || text[end] == "." { end = text.index(after: end) }
            if end == index { end = text.index(after: index) }
            if end < text.endIndex, text[end] == "(", let close = text[end...].firstIndex(of: ")") {
                end = text.index(after: close)
            }
            tokens.append(String(text[index..<end]))
            index = end
        }
    }
    var parser = ConditionParser(tokens: tokens, platform: platform)
    return parser.or()
}

/// Whether an `#if` condition is false whatever the platform (`false`, `DEBUG && false`,
/// `!true`): its code is never compiled, so scaffold drops it. A condition with `os(...)`,
/// `canImport(...)` or `targetEnvironment(...)` is the platform's to decide.
func isConstantFalse(_ condition: String) -> Bool {
    guard !condition.contains("os(") && !condition.contains("canImport(") && !condition.contains("targetEnvironment(") else { return false }
    return !evaluateCondition(condition, platform: "ipados")
}

/// Reads `#if` condition tokens: `||` over `&&` over `!` and parentheses.
private struct ConditionParser {
    let tokens: [String]
    let platform: String
    var position = 0

    init(tokens: [String], platform: String) {
        self.tokens = tokens
        self.platform = platform
    }

    func term(_ token: String) -> Bool {
        // `#if false`, `#if DEBUG && false`: constant conditions.
        if token == "false" { return false }
        if token == "true" { return true }
        // Frameworks by platform: UIKit on iPhone, iPad and Vision Pro; AppKit on the Mac.
        if token.hasPrefix("canImport("), token.hasSuffix(")") {
            switch token.dropFirst(10).dropLast().trimmingCharacters(in: " ") {
            case "UIKit": return platform != "macos"
            case "AppKit": return platform == "macos"
            default: return true
            }
        }
        // The model is of the app on the platform itself, not of a Mac Catalyst build.
        if token.hasPrefix("targetEnvironment("), token.hasSuffix(")") {
            return token.dropFirst(18).dropLast().trimmingCharacters(in: " ") != "macCatalyst"
        }
        guard token.hasPrefix("os("), token.hasSuffix(")") else { return true }
        let os = token.dropFirst(3).dropLast().trimmingCharacters(in: " ")
        switch os {
        case "macOS", "OSX": return platform == "macos"
        case "iOS": return platform == "iphone" || platform == "ipados"
        case "visionOS", "xrOS": return platform == "visionos"
        default: return false
        }
    }

    mutating func primary() -> Bool {
        guard position < tokens.count else { return true }
        let token = tokens[position]
        position += 1
        if token == "!" { return !primary() }
        if token == "(" {
            let value = or()
            if position < tokens.count, tokens[position] == ")" { position += 1 }
            return value
        }
        return term(token)
    }

    mutating func and() -> Bool {
        var value = primary()
        while position < tokens.count, tokens[position] == "&&" {
            position += 1
            let right = primary()
            value = value && right
        }
        return value
    }

    mutating func or() -> Bool {
        var value = and()
        while position < tokens.count, tokens[position] == "||" {
            position += 1
            let right = and()
            value = value || right
        }
        return value
    }
}

extension StringProtocol {
    fileprivate func trimmingCharacters(in character: Character) -> String {
        var text = Substring(self)
        while text.first == character { text.removeFirst() }
        while text.last == character { text.removeLast() }
        return String(text)
    }
}
