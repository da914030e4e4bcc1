extension ModelShape {
    /// One way the model and the source disagree, at the source's `file:line`.
    package struct Difference: Sendable, Equatable {
        package var file: String
        package var line: Int
        package var message: String
        package var text: String { "\(file):\(line): \(message)" }
    }

    /// Every difference between `self` (from the source) and `model` (a loaded module): scenes,
    /// their kind and value, SceneStorage, memory and AppStorage keys on one side only, and
    /// source handlers with no model handler. In the source's order, then the model's. Two
    /// things are not differences: the source's in-memory state missing from the model (advice,
    /// `memoryAdvice(from:)`: a model lists the `@State` its scenarios use), and a name only the
    /// model has that carries an anchor (its `note`: an `@Observable` singleton's property, a
    /// UserDefaults key), whose anchor `FactAnchorCheck` checks instead.
    package func differences(from model: ModelShape) -> [Difference] {
        var result: [Difference] = []
        let appOrigin = origin ?? Origin(file: "?", line: 0)
        func add(_ at: Origin?, _ message: String) {
            let where_ = at ?? appOrigin
            result.append(Difference(file: where_.file, line: where_.line, message: message))
        }
        // By name, not a scan per name: quadratic in keys before (4,000 keys: 17 s).
        let modelScenes = Dictionary(model.scenes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let sourceScenes = Set(scenes.map(\.id))
        for scene in scenes {
            let kind = scene.swiftKind ?? scene.kind
            guard let other = modelScenes[scene.id] else {
                add(scene.origin, "scene \"\(scene.id)\" (\(kind)) is not in the model")
                continue
            }
            if other.kind != scene.kind {
                add(scene.origin, "scene \"\(scene.id)\" is a \(kind) (kind = \"\(scene.kind)\") but the model says kind = \"\(other.kind)\"")
            }
            if other.value != scene.value {
                let source = scene.value.map { "takes a \(scene.valueType ?? $0) (value = \"\($0)\")" } ?? "takes no value"
                let theirs = other.value.map { "value = \"\($0)\"" } ?? "no value"
                add(scene.origin, "scene \"\(scene.id)\" \(source) but the model gives \(theirs)")
            }
            compare(scene.keys, other.keys, "SceneStorage key", "keys", scene: scene, add)
            let sceneMemory = Set(scene.memory.map(\.name))
            compare([], other.memory.filter { !sceneMemory.contains($0.name) }, "memory", "memory", scene: scene, add)
            let otherHandlers = Set(other.handlers.map(\.name))
            for handler in scene.handlers where !otherHandlers.contains(handler.name) {
                add(handler.origin, "\(handler.note ?? handler.name) in scene \"\(scene.id)\" has no \(handler.name) in the model's scene")
            }
        }
        // What only the model has is placed at the model's own line where it is known (a loaded
        // module's: ModelShape.placed(in:)), else at the source's.
        for other in model.scenes where !sourceScenes.contains(other.id) {
            let skipped = self.skipped.first { $0.text.contains("\"\(other.id)\"") }
            add(skipped?.origin ?? other.origin ?? origin, "the model's scene \"\(other.id)\" is not a scene of \(name)" + (skipped.map { " here: \($0.text)" } ?? ""))
        }
        let modelDefaults = Set(model.defaultsKeys.map(\.name)), sourceDefaults = Set(defaultsKeys.map(\.name))
        for key in defaultsKeys where !modelDefaults.contains(key.name) {
            add(key.origin, "AppStorage key \"\(key.name)\" is not in the model's defaults_keys")
        }
        for key in model.defaultsKeys where key.note == nil && !sourceDefaults.contains(key.name) {
            add(
                key.origin ?? origin,
                "the model's defaults_keys has \"\(key.name)\", which is no @AppStorage key of the source; a key the app stores otherwise (UserDefaults, @Default) is listed with its anchor: [\"\(key.name)\"] = \"File.swift:LINE\""
            )
        }
        let sourceMemory = Set(memory.map(\.name))
        for item in model.memory where item.note == nil && !sourceMemory.contains(item.name) {
            add(
                item.origin ?? origin,
                "the model's memory has \"\(item.name)\", which is no @State or @StateObject of \(name); a property of an @Observable singleton is listed with its anchor: [\"Type.property\"] = \"File.swift:LINE\""
            )
        }
        for handler in handlers where !model.handlers.contains(where: { $0.name == handler.name }) {
            add(handler.origin, "\(handler.note ?? handler.name) on \(name) has no model.\(handler.name)")
        }
        return result
    }

    /// The source's in-memory state (`@State`, `@StateObject`, `@FocusState`) that `model`
    /// does not list: advice, not a difference (a model lists what its scenarios use).
    package func memoryAdvice(from model: ModelShape) -> [Difference] {
        var result: [Difference] = []
        for scene in scenes {
            guard let other = model.scenes.first(where: { $0.id == scene.id }) else { continue }
            for item in scene.memory where !other.memory.contains(where: { $0.name == item.name }) {
                let at = item.origin ?? scene.origin ?? Origin(file: "?", line: 0)
                result.append(
                    Difference(file: at.file, line: at.line, message: "memory \"\(item.name)\" (scene \"\(scene.id)\") is not in the model's memory; list it if a scenario uses it")
                )
            }
        }
        for item in memory where !model.memory.contains(where: { $0.name == item.name }) {
            let at = item.origin ?? origin ?? Origin(file: "?", line: 0)
            result.append(Difference(file: at.file, line: at.line, message: "memory \"\(item.name)\" of \(name) is not in the model's memory; list it if a scenario uses it"))
        }
        return result
    }

    private func compare(
        _ source: [Named], _ model: [Named], _ noun: String, _ list: String, scene: Scene,
        _ add: (Origin?, String) -> Void
    ) {
        let modelNames = Set(model.map(\.name)), sourceNames = Set(source.map(\.name))
        for item in source where !modelNames.contains(item.name) {
            add(item.origin, "\(noun) \"\(item.name)\" (scene \"\(scene.id)\") is not in the model's \(list)")
        }
        for item in model where item.note == nil && !sourceNames.contains(item.name) {
            add(item.origin ?? scene.origin, "the model's scene \"\(scene.id)\" lists \(noun) \"\(item.name)\" in \(list), which no view of the scene has")
        }
    }

    /// The loaded model with each scene, key and memory name placed at the first line of `text`
    /// (the module's source, `file`) that names it in quotes: the scene at its `id = "..."`, a
    /// scene's names after that line. A name the text does not spell so keeps no place.
    package func placed(in text: String, file: String) -> ModelShape {
        // Indexed by the quoted names each line holds: a scan of the text per name was
        // quadratic (4,000 keys: 17 s).
        let names = scenes.flatMap { [$0.id] + $0.keys.map(\.name) + $0.memory.map(\.name) } + defaultsKeys.map(\.name) + memory.map(\.name)
        let index = QuotedLineIndex(text, longest: names.map { luaString($0).utf8.count }.max() ?? 0)
        func line(of needle: String, from start: Int = 0, requiring word: String? = nil) -> Int? {
            index.line(of: needle, from: start, requiring: word)
        }
        // Handlers and the model's table are few, and written unquoted (`on_phase = `): a scan.
        func plainLine(of needle: String, from start: Int = 0, requiring word: String? = nil) -> Int? {
            guard start < index.lines.count else { return nil }
            return index.lines[start...].firstIndex { $0.contains(needle) && (word.map($0.contains) ?? true) }
        }
        func at(_ index: Int?) -> Origin? { index.map { Origin(file: file, line: $0 + 1) } }
        var shape = self
        for i in shape.scenes.indices {
            let quoted = luaString(shape.scenes[i].id)
            let start = line(of: quoted, requiring: "id")
            shape.scenes[i].origin = shape.scenes[i].origin ?? at(start)
            for j in shape.scenes[i].keys.indices { shape.scenes[i].keys[j].origin = at(line(of: luaString(shape.scenes[i].keys[j].name), from: start ?? 0)) }
            for j in shape.scenes[i].memory.indices { shape.scenes[i].memory[j].origin = at(line(of: luaString(shape.scenes[i].memory[j].name), from: start ?? 0)) }
            for j in shape.scenes[i].handlers.indices { shape.scenes[i].handlers[j].origin = at(plainLine(of: "\(shape.scenes[i].handlers[j].name) = ", from: start ?? 0)) }
        }
        let model = plainLine(of: "model", requiring: "=") ?? 0
        for j in shape.defaultsKeys.indices { shape.defaultsKeys[j].origin = at(line(of: luaString(shape.defaultsKeys[j].name), from: model)) }
        for j in shape.memory.indices { shape.memory[j].origin = at(line(of: luaString(shape.memory[j].name), from: model)) }
        for j in shape.handlers.indices { shape.handlers[j].origin = at(plainLine(of: "\(shape.handlers[j].name) = ", from: model)) }
        return shape
    }
}

extension ModelShape {
    /// How the source (`self`) changed since `old`, the model a generated module declares
    /// (placed in its text, `ModelShape.placed(in:file:)`): scenes, keys, memory and handlers
    /// new in the source (at the source's line) or no longer in it (at the module's line).
    package func changes(since old: ModelShape, module: String) -> [Difference] {
        var result: [Difference] = []
        let moduleOrigin = Origin(file: module, line: 1)
        func add(_ at: Origin?, _ message: String) {
            let where_ = at ?? origin ?? moduleOrigin
            result.append(Difference(file: where_.file, line: where_.line, message: message))
        }
        func compare(_ new: [Named], _ old: [Named], _ noun: String, of owner: String, oldOwner: Origin?) {
            for item in new where !old.contains(where: { $0.name == item.name }) {
                add(item.origin, "\(noun) \"\(item.name)\" of \(owner) is new in the source")
            }
            for item in old where !new.contains(where: { $0.name == item.name }) {
                add(item.origin ?? oldOwner ?? moduleOrigin, "\(noun) \"\(item.name)\" of \(owner) is no longer in the source")
            }
        }
        for scene in scenes {
            let kind = scene.swiftKind ?? scene.kind
            guard let before = old.scenes.first(where: { $0.id == scene.id }) else {
                add(scene.origin, "scene \"\(scene.id)\" (\(kind)) is new in the source")
                continue
            }
            if before.kind != scene.kind {
                add(scene.origin, "scene \"\(scene.id)\" is now a \(kind) (kind = \"\(scene.kind)\"); the generated module says kind = \"\(before.kind)\"")
            }
            if before.value != scene.value {
                add(
                    scene.origin,
                    "scene \"\(scene.id)\" now takes \(scene.value.map { "a \(scene.valueType ?? $0) (value = \"\($0)\")" } ?? "no value"); the generated module says \(before.value.map { "value = \"\($0)\"" } ?? "no value")"
                )
            }
            compare(scene.keys, before.keys, "SceneStorage key", of: "scene \"\(scene.id)\"", oldOwner: before.origin)
            compare(scene.memory, before.memory, "memory", of: "scene \"\(scene.id)\"", oldOwner: before.origin)
            // The translation writes an on_phase for a scene whose root view has lifecycle
            // modifiers but no phase handler: the module has it because the source does.
            var sceneHandlers = scene.handlers
            if translation.lifecycleHandlers[scene.id] != nil, !sceneHandlers.contains(where: { $0.name == "on_phase" }) {
                sceneHandlers.append(Named("on_phase", origin: scene.origin))
            }
            compare(sceneHandlers, before.handlers, "handler", of: "scene \"\(scene.id)\"", oldOwner: before.origin)
        }
        for before in old.scenes where !scenes.contains(where: { $0.id == before.id }) {
            add(before.origin ?? moduleOrigin, "scene \"\(before.id)\" is no longer in the source")
        }
        compare(defaultsKeys, old.defaultsKeys, "AppStorage key", of: name, oldOwner: nil)
        compare(memory, old.memory, "memory", of: name, oldOwner: nil)
        compare(handlers, old.handlers, "handler", of: name, oldOwner: nil)
        return result
    }
}

/// Where a generated module's text and the text scaffold writes now differ beyond the facts
/// `ModelShape.changes` names: a handler or statement whose Swift line moved (`-- File.swift:12`
/// now `:14`), else, with `firstDifference`, the first line that differs. `module` names the
/// old text's file.
package func generatedTextChanges(old: String, new: String, module: String, firstDifference: Bool) -> [ModelShape.Difference] {
    let before = old.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let after = new.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard before != after else { return [] }
    // Lines that differ only in their Swift locations are the same statement, moved.
    let pairs = matchedLines(before.map(withoutLocations), after.map(withoutLocations))
    // The handler declarations for coverage (`swift.ran = sim.swift_handlers(…)` and each
    // handler's `swift.ran("File.swift:12 …")`) restate the handlers' own lines: not listed again.
    var restated: Set<Int> = []
    var inDeclaration = false
    for (j, line) in after.enumerated() {
        let code = line.trimmingLeadingSpaces
        if code.hasPrefix("swift.ran = sim.swift_handlers(") { inDeclaration = true }
        if inDeclaration || code.hasPrefix("swift.ran(") { restated.insert(j) }
        if inDeclaration, code == "})" { inDeclaration = false }
    }
    var result: [ModelShape.Difference] = []
    for (i, j) in pairs where before[i] != after[j] && !restated.contains(j) {
        let was = swiftLocations(in: before[i]), now = swiftLocations(in: after[j])
        guard let first = now.first, was != now else { continue }
        let what = withoutLocationComments(after[j])
        result.append(
            .init(
                file: first.file, line: first.line,
                message: "`\(what)` (\(module):\(i + 1)) moved from \(was.map(\.text).joined(separator: ", ")) to \(now.map(\.text).joined(separator: ", "))"))
    }
    if result.isEmpty && firstDifference {
        let count = min(before.count, after.count)
        let index = (0..<count).first { before[$0] != after[$0] } ?? count
        let was = index < before.count ? "`\(before[index].trimmingLeadingSpaces)`" : "nothing"
        let now = index < after.count ? "`\(after[index].trimmingLeadingSpaces)`" : "nothing"
        result.append(.init(file: module, line: index + 1, message: "this line reads \(was); scaffold writes \(now) now"))
    }
    return result
}

/// Pairs of equal lines (indexes into `a` and `b`), in order: a longest common subsequence of
/// what lies between the common head and tail (past 4,000 lines each, compared in place).
private func matchedLines(_ a: [String], _ b: [String]) -> [(Int, Int)] {
    var head = 0
    while head < a.count, head < b.count, a[head] == b[head] { head += 1 }
    var tail = 0
    while tail < a.count - head, tail < b.count - head, a[a.count - 1 - tail] == b[b.count - 1 - tail] { tail += 1 }
    var pairs = (0..<head).map { ($0, $0) }
    let middleA = Array(a[head..<(a.count - tail)]), middleB = Array(b[head..<(b.count - tail)])
    if middleA.count <= 4000, middleB.count <= 4000, !middleA.isEmpty, !middleB.isEmpty {
        var lengths = Array(repeating: Array(repeating: 0, count: middleB.count + 1), count: middleA.count + 1)
        for i in stride(from: middleA.count - 1, through: 0, by: -1) {
            for j in stride(from: middleB.count - 1, through: 0, by: -1) {
                lengths[i][j] = middleA[i] == middleB[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
            }
        }
        var i = 0, j = 0
        while i < middleA.count, j < middleB.count {
            if middleA[i] == middleB[j] {
                pairs.append((head + i, head + j))
                i += 1
                j += 1
            } else if lengths[i + 1][j] >= lengths[i][j + 1] {
                i += 1
            } else {
                j += 1
            }
        }
    } else {
        for k in 0..<min(middleA.count, middleB.count) where middleA[k] == middleB[k] { pairs.append((head + k, head + k)) }
    }
    pairs += (0..<tail).map { (a.count - tail + $0, b.count - tail + $0) }
    return pairs
}

/// The `File.swift:LINE` locations a line names, in order.
private func swiftLocations(in line: String) -> [ModelShape.Origin] {
    var result: [ModelShape.Origin] = []
    for match in line.matches(of: #/([^\s(),]+\.swift):(\d+)/#) {
        if let number = Int(match.output.2) { result.append(.init(file: String(match.output.1), line: number)) }
    }
    return result
}

/// A generated line without its `-- File.swift:LINE` comments: the code, or the note.
private func withoutLocationComments(_ line: String) -> String {
    let stripped = line.replacing(#/\s*--\s*[^\s(),]+\.swift:\d+/#, with: "").trimmingLeadingSpaces
    return stripped.isEmpty ? line.trimmingLeadingSpaces : stripped
}

private func withoutLocations(_ line: String) -> String {
    line.replacing(#/([^\s(),]+\.swift):\d+/#) { "\($0.output.1):_" }
}

private extension String {
    var trimmingLeadingSpaces: String { String(drop { $0 == " " }) }
}
