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
    /// source handlers with no model handler. In the source's order, then the model's.
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
            compare(scene.memory, other.memory, "memory", "memory", scene: scene, add)
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
        for key in model.defaultsKeys where !sourceDefaults.contains(key.name) {
            add(key.origin ?? origin, "the model's defaults_keys has \"\(key.name)\", which is no @AppStorage key of the source")
        }
        let modelMemory = Set(model.memory.map(\.name)), sourceMemory = Set(memory.map(\.name))
        for item in memory where !modelMemory.contains(item.name) {
            add(item.origin, "memory \"\(item.name)\" of \(name) is not in the model's memory")
        }
        for item in model.memory where !sourceMemory.contains(item.name) {
            add(item.origin ?? origin, "the model's memory has \"\(item.name)\", which is no @State or @StateObject of \(name)")
        }
        for handler in handlers where !model.handlers.contains(where: { $0.name == handler.name }) {
            add(handler.origin, "\(handler.note ?? handler.name) on \(name) has no model.\(handler.name)")
        }
        return result
    }

    private func compare(_ source: [Named], _ model: [Named], _ noun: String, _ list: String, scene: Scene,
                         _ add: (Origin?, String) -> Void) {
        let modelNames = Set(model.map(\.name)), sourceNames = Set(source.map(\.name))
        for item in source where !modelNames.contains(item.name) {
            add(item.origin, "\(noun) \"\(item.name)\" (scene \"\(scene.id)\") is not in the model's \(list)")
        }
        for item in model where !sourceNames.contains(item.name) {
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
        func at(_ index: Int?) -> Origin? { index.map { Origin(file: file, line: $0 + 1) } }
        var shape = self
        for i in shape.scenes.indices {
            let quoted = luaString(shape.scenes[i].id)
            let start = line(of: quoted, requiring: "id")
            shape.scenes[i].origin = shape.scenes[i].origin ?? at(start)
            for j in shape.scenes[i].keys.indices { shape.scenes[i].keys[j].origin = at(line(of: luaString(shape.scenes[i].keys[j].name), from: start ?? 0)) }
            for j in shape.scenes[i].memory.indices { shape.scenes[i].memory[j].origin = at(line(of: luaString(shape.scenes[i].memory[j].name), from: start ?? 0)) }
        }
        let model = line(of: "model", requiring: "=") ?? 0
        for j in shape.defaultsKeys.indices { shape.defaultsKeys[j].origin = at(line(of: luaString(shape.defaultsKeys[j].name), from: model)) }
        for j in shape.memory.indices { shape.memory[j].origin = at(line(of: luaString(shape.memory[j].name), from: model)) }
        return shape
    }
}
