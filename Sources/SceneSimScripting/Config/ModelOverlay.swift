import ByteText
import LuaKit
import SceneSimCore

/// `sim.extend(generated, overlay)` (behaviour-from-source §1, §5): the launch options of the
/// module scaffold generated, with what the source cannot say added from the user's overlay.
/// The overlay is flat: model fields go into the generated `model`, `scenes` (or `replace`)
/// patches scenes by id, `policy`, `platform` and `os` replace launch options. Facts it adds
/// (`memory`, `defaults_keys`, a scene's `keys` and `memory`) are name -> anchor maps, added to
/// the generated lists. The generated table is a copy here: it is never changed.
struct ModelOverlay {
    /// The overlay's model fields: every key of `model = { ... }`.
    static let modelKeys = ModelParser.keys
    /// Launch options an overlay replaces.
    static let launchKeys = ["os", "platform", "policy"]
    /// The keys that patch scenes by id.
    static let sceneKeys = ["replace", "scenes"]
    static var keys: [String] { (modelKeys + launchKeys + sceneKeys).sorted() }
    /// The fact lists, which take name -> anchor maps.
    static let factKeys = ["defaults_keys", "memory"]
    /// Maps merged key by key with the generated one, not replaced.
    static let mergedKeys = ["effects", "intents", "phase_notes"]

    /// The options `generated` and `overlay` make together.
    func apply(_ generated: LuaTable, _ overlay: LuaTable) throws(SimError) -> LuaTable {
        var result = generated
        var model: LuaTable
        switch generated[field: "model"] {
        case .nil: model = LuaTable()
        case .table(let table): model = table
        case let other:
            throw fail("the generated module's model must be a table of states, handlers and intents, not \(aLuaTypeName(other))")
        }
        for (key, value) in overlay.entries {
            guard case .string(let bytes) = key else {
                throw fail(
                    "the overlay must use string keys (found \(key.intValue.map { "[\($0)]" } ?? "a \(luaTypeName(key)) key")); it takes \(Self.keys.joined(separator: ", "))")
            }
            let name = bytes.escaped
            switch name {
            case _ where Self.factKeys.contains(name):
                model[field: name] = try facts(adding: value, to: model[field: name], name)
            case _ where Self.mergedKeys.contains(name):
                model[field: name] = try merged(value, into: model[field: name], name)
            case _ where Self.modelKeys.contains(name):
                model[field: name] = value
            case "policy":
                result[field: name] = try merged(value, into: generated[field: name], name)
            case "platform", "os":
                result[field: name] = value
            case "scenes", "replace":
                result[field: "scenes"] = try patched(generated: result[field: "scenes"], value, name)
            default:
                let hint = closest(to: name, among: Self.keys).map { " (did you mean \"\($0)\"?)" } ?? ""
                throw fail(
                    "unknown key \"\(name)\" in the overlay\(hint); it takes the model's fields (\(Self.modelKeys.joined(separator: ", "))), scenes (or replace) and policy, platform, os"
                )
            }
        }
        // A module without a model (the built-in one) keeps none unless the overlay gave one.
        if !model.isEmpty || !generated[field: "model"].isNil { result[field: "model"] = .table(model) }
        return result
    }

    private func fail(_ message: String) -> SimError {
        SimError(.invalidConfig, "sim.extend: \(message)")
    }

    /// A generated name list with an overlay's name -> anchor map added: `{ "a", "b", ["T.p"] = "T.p" }`.
    private func facts(adding value: LuaValue, to generated: LuaValue, _ path: String) throws(SimError) -> LuaValue {
        guard case .table(let added) = value else {
            throw fail("\(path) adds facts with their anchors, e.g. \(path) = { [\"ReadQueue.pending\"] = \"App/ReadQueue.swift:31\" }, not \(aLuaTypeName(value))")
        }
        var list: LuaTable
        switch generated {
        case .nil: list = LuaTable()
        case .table(let table): list = table
        case let other: throw fail("the generated module's \(path) must be a list of names, not \(aLuaTypeName(other))")
        }
        for (key, anchor) in added.entries {
            guard case .string(let name) = key else {
                let example = "\(path) = { [\"ReadQueue.pending\"] = \"App/ReadQueue.swift:31\" }"
                if case .string(let listed) = anchor {
                    throw fail("\(path): \(listed.quoted) needs its anchor, where the app declares it (\(FactAnchor.forms)), e.g. \(example)")
                }
                throw fail("\(path) must map each name to its anchor, e.g. \(example) (found a \(luaTypeName(key)) key)")
            }
            try checkAnchor(anchor, "\(path)[\(name.quoted)]", fail: fail)
            list[key] = anchor
        }
        return .table(list)
    }

    /// `generated` (a table or nil) with `value`'s keys set over it.
    private func merged(_ value: LuaValue, into generated: LuaValue, _ path: String) throws(SimError) -> LuaValue {
        guard case .table(let added) = value else {
            throw fail("\(path) must be a table, not \(aLuaTypeName(value))")
        }
        guard case .table(var table) = generated else { return value }
        for (key, item) in added.entries { table[key] = item }
        return .table(table)
    }

    /// The generated `scenes` list with `patches` (`{ id = { ... } }`) applied to the scenes of
    /// those ids. Under `replace`, each handler given must replace one the generated scene has.
    private func patched(generated: LuaValue, _ patches: LuaValue, _ path: String) throws(SimError) -> LuaValue {
        guard case .table(let byID) = patches else {
            throw fail("\(path) patches scenes by id, e.g. \(path) = { main = { on_url = function(w, url) ... end } }, not \(aLuaTypeName(patches))")
        }
        guard case .table(var scenes) = generated, scenes.count == scenes.sequence.count else {
            throw fail("\(path): the generated module declares no list of scenes to patch")
        }
        var ids: [String] = []
        for item in scenes.sequence { if case .table(let scene) = item, let id = scene[field: "id"].stringValue { ids.append(id) } }
        for (key, patch) in byID.entries {
            guard case .string(let bytes) = key else {
                throw fail("\(path) must be keyed by scene ids, e.g. \(path) = { main = { ... } } (found a \(luaTypeName(key)) key)")
            }
            let id = bytes.escaped
            guard let index = ids.firstIndex(of: id) else {
                let hint = closest(to: id, among: ids).map { " (did you mean \"\($0)\"?)" } ?? ""
                throw fail("\(path).\(id): the generated module has no scene \"\(id)\"\(hint); its scenes are \(ids.joined(separator: ", "))")
            }
            guard case .table(let fields) = patch else {
                throw fail("\(path).\(id) must be a table of the scene's fields, e.g. { on_url = function(w, url) ... end }, not \(aLuaTypeName(patch))")
            }
            guard case .table(var scene) = scenes[.integer(Int64(index + 1))] else { continue }
            let allowed = ConfigParser.sceneKeys.filter { $0 != "id" }
            for (field, value) in fields.entries {
                guard case .string(let fieldBytes) = field, allowed.contains(fieldBytes.escaped) else {
                    let name = field.bytesValue?.escaped ?? "[\(luaTypeName(field))]"
                    let hint = closest(to: name, among: allowed).map { " (did you mean \"\($0)\"?)" } ?? "; a scene takes \(allowed.joined(separator: ", "))"
                    throw fail("unknown key \"\(name)\" in \(path).\(id)\(hint)")
                }
                let name = fieldBytes.escaped
                if path == "replace", ConfigParser.sceneHandlers.contains(where: { $0.0 == name }), scene[field: name].functionValue == nil {
                    let generatedHandlers = ConfigParser.sceneHandlers.map(\.0).filter { scene[field: $0].functionValue != nil }
                    throw fail(
                        "replace.\(id).\(name): scene \"\(id)\" of the generated module has no \(name) to replace"
                            + (generatedHandlers.isEmpty ? "" : " (it has \(generatedHandlers.joined(separator: ", ")))")
                            + "; add one with scenes = { \(id) = { \(name) = ... } }")
                }
                if name == "keys" || name == "memory" {
                    scene[field: name] = try facts(adding: value, to: scene[field: name], "\(path).\(id).\(name)")
                } else {
                    scene[field: name] = value
                }
            }
            scenes[.integer(Int64(index + 1))] = .table(scene)
        }
        return .table(scenes)
    }
}
