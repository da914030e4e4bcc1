import ArgumentParser
import ByteText
import GoldenRunner
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LuaKit
import SceneSimExplore
import SceneSimScaffold
import SceneSimScripting

/// `scenesim check-model MODEL.lua --source PATH...`: where a model module and the app's source
/// disagree, for CI.
struct CheckModelCommand: StatusCommand {
    static let configuration = CommandConfiguration(
        commandName: "check-model",
        abstract: "Check a model module against the app's SwiftUI source.",
        discussion: """
            Runs the model module (the file given, with require finding modules in its folder) and \
            launches it, as a scenario would, and scaffolds the source as scenesim scaffold does.

            When the module is an overlay, sim.extend(generated, overlay): the generated module \
            (sim.extend's first argument, loaded with require) must be what scaffold writes from \
            the source now, else every fact that changed is listed (a scene, key, memory name or \
            handler new in the source or gone from it, a handler whose Swift line moved) with \
            the scaffold command that regenerates it; and the overlay must still fit: each \
            effect it implements is one the generated module calls, each fact it adds has an \
            anchor ("Path/File.swift:LINE" or "Type.property") that still names its declaration \
            (one that moved within its file is a warning with the new line), each replace names \
            a generated handler.

            Otherwise (a single-file model): every difference with the file:line to fix (the \
            source's, or the model module's for what only the model has): a scene, scene kind or \
            value type on one side only; SceneStorage (keys) or AppStorage (defaults_keys) keys \
            on one side only; a scene phase, URL or activity handler in the source with no \
            handler in the model. A name only the model has passes when it carries an anchor \
            that holds. @State the model does not list is a warning, not a difference.

            Exit status: 0 none, 1 differences, 2 usage error, a model module that does not load, \
            or no @main App in the source. Warnings and a Swift file that does not parse go to \
            standard error.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json }

    @Argument(help: ArgumentHelp("The model module (a .lua file returning the options of sim.launch).", valueName: "model"))
    var model: String

    @Option(name: .long, parsing: .upToNextOption, help: ArgumentHelp("The app's source folders or .swift files.", valueName: "path"))
    var source: [String]

    @Option(name: .long, help: ArgumentHelp("text (one line per difference) or json.", valueName: "format"))
    var format: Format = .text

    func validate() throws {
        if source.isEmpty { throw ValidationError("give the app's source with --source PATH, e.g. scenesim check-model lib/myapp.lua --source Sources/MyApp") }
        var isFolder = false
        guard FileManager.default.fileExists(atPath: model, isDirectory: &isFolder) else {
            throw ValidationError("no such model module: \(model) (a .lua file)")
        }
        if isFolder { throw ValidationError("\(model) is a folder; give the model module, a .lua file such as \(model)/lib/app.lua") }
        guard model.hasSuffix(".lua") else {
            throw ValidationError("\(model) is not a .lua file; give the model module (scenesim scaffold writes one)")
        }
    }

    mutating func runWithStatus() throws -> Int32 {
        // On a large stack: deep but legal Swift is read, not a stack overflow (LargeStack).
        let command = self
        return LargeStack.run { command.check() }
    }

    private func check() -> Int32 {
        let sources: [Scaffolder.Source]
        let facts: ScaffoldFacts
        do throws(ScaffoldError) {
            // The project files too, as scaffold reads them: the generated module holds their
            // facts (url_schemes, multiple_scenes, os), so without them it never compares equal.
            let inputs = try Scaffolder.inputs(under: source)
            sources = inputs.sources
            facts = try Scaffolder().scaffold(sources, projectFiles: inputs.projectFiles, lookedIn: source.joined(separator: ", "))
            for warning in facts.warnings { Output.error(warning + "\n") }
        } catch {
            Output.error("scenesim check-model: \(error.message)\n")
            return 2
        }
        let loaded: LoadedModel
        do {
            loaded = try Self.load(model)
        } catch {
            Output.error("scenesim check-model: \(model) does not load: \((error as? ModelLoadError)?.message ?? "\(error)")\n")
            return 2
        }
        let text = FileManager.default.contents(atPath: model).map { String(decoding: $0, as: UTF8.self) } ?? ""
        let anchors = FactAnchorCheck(sources: sources)
        var differences: [ModelShape.Difference] = []
        var warnings: [ModelShape.Difference] = []
        var regenerate: String?
        if let overlay = loaded.overlay {
            // An overlay: the generated module it extends must be what scaffold writes now, and
            // the overlay must still fit it (behaviour-from-source §4).
            guard let name = overlay.generatedModule?.string else {
                Output.error(
                    "scenesim check-model: \(model): the first argument of sim.extend (\(overlay.location)) is not a module loaded with require, so check-model cannot tell which generated module to compare; write local generated = require \"myapp_generated\"\n"
                )
                return 2
            }
            let folder = ScenarioRunner.directory(of: model)
            let generatedPath = (folder.isEmpty ? "" : folder + "/") + name.replacing(".", with: "/") + ".lua"
            let generatedText = FileManager.default.contents(atPath: generatedPath).map { String(decoding: $0, as: UTF8.self) } ?? ""
            let generated = overlay.generated.tableValue.map(Self.shape) ?? ModelShape(name: "", platform: facts.inferredPlatform)
            let shape = facts.modelShape(platform: generated.platform)
            let current = facts.generatedModule(platform: generated.platform)
            if generatedText != current {
                var changes = shape.changes(since: generated.placed(in: generatedText, file: generatedPath), module: generatedPath)
                changes += generatedTextChanges(old: generatedText, new: current, module: generatedPath, firstDifference: changes.isEmpty)
                differences += changes
                let platform = generated.platform == facts.inferredPlatform ? "" : " --platform \(generated.platform)"
                regenerate = "scenesim scaffold \(source.map(ShellQuoting.quote).joined(separator: " "))\(platform) -o \(ShellQuoting.quote(generatedPath)) --force"
            }
            let line = Int(overlay.location.split(separator: ":").last ?? "") ?? 1
            let fit = shape.fit(
                Self.overlayFacts(overlay.overlay), calledEffects: EffectName.called(in: current), anchors: anchors,
                overlayText: text, file: model, fallback: line)
            differences += fit.differences
            warnings += fit.warnings
        } else {
            // A single-file model (or a generated module alone): the same bytes as scaffold
            // writes now, or no difference of facts.
            let shape = facts.modelShape(platform: loaded.shape.platform)
            if text != facts.generatedModule(platform: loaded.shape.platform) {
                let placed = loaded.shape.placed(in: text, file: model)
                differences = shape.differences(from: placed)
                warnings = shape.memoryAdvice(from: placed)
                let fit = shape.fit(loaded.anchored, calledEffects: [], anchors: anchors, overlayText: text, file: model, fallback: 1)
                differences += fit.differences
                warnings += fit.warnings
                // A module scaffold wrote: it may be a generated module nobody edits, behind
                // its source; it may also be one a user filled in by hand, so this is an "if".
                if !differences.isEmpty, text.prefix(while: { $0 != "\n" }).contains("generated by `scenesim scaffold`") {
                    let platform = loaded.shape.platform == facts.inferredPlatform ? "" : " --platform \(loaded.shape.platform)"
                    regenerate = "scenesim scaffold \(source.map(ShellQuoting.quote).joined(separator: " "))\(platform) -o \(ShellQuoting.quote(model)) --force"
                }
            }
        }
        for warning in warnings { Output.error("\(warning.file):\(warning.line): warning: \(warning.message)\n") }
        switch format {
        case .text:
            var out = differences.map { $0.text + "\n" }.joined()
            if let regenerate {
                out +=
                    loaded.overlay != nil
                    ? "the generated module is not what scaffold writes from the source now; regenerate it: \(regenerate)\n"
                    : "if \(model) is a generated module nobody edits, regenerate it: \(regenerate)\n"
            }
            Output.standard(out)
        case .json:
            var out = "{\n  \"model\": \(JSONText.quoted(model)),\n  \"differences\": ["
            out += differences.map { "\n    { \"file\": \(JSONText.quoted($0.file)), \"line\": \($0.line), \"message\": \(JSONText.quoted($0.message)) }" }.joined(separator: ",")
            out += differences.isEmpty ? "]," : "\n  ],"
            out += "\n  \"warnings\": ["
            out += warnings.map { "\n    { \"file\": \(JSONText.quoted($0.file)), \"line\": \($0.line), \"message\": \(JSONText.quoted($0.message)) }" }.joined(separator: ",")
            out += warnings.isEmpty ? "]," : "\n  ],"
            out += "\n  \"regenerate\": \(regenerate.map(JSONText.quoted) ?? "null")\n}\n"
            Output.standard(out)
        }
        return differences.isEmpty ? 0 : 1
    }

    struct ModelLoadError: Error { var message: String }

    /// A loaded model module: the declaration it launches, its anchored facts, and the
    /// `sim.extend` call that made it, when it is an overlay.
    struct LoadedModel {
        var shape: ModelShape
        var anchored = OverlayFacts()
        var overlay: ModelExtension?
    }

    /// Runs the module file as a chunk of its own (a path with dots loads that file: `require`
    /// would read `x.generated` as `x/generated`), with `require` finding modules in its folder,
    /// and `sim.launch` on what it returns; then reads the declaration back.
    static func load(_ path: String) throws -> LoadedModel {
        let folder = ScenarioRunner.directory(of: path)
        let host = ScriptHost(options: ScenarioOptions().installing(.explore), moduleDirectory: folder.isEmpty ? "." : folder, output: { _ in })
        let values: [LuaValue]
        do throws(LuaError) {
            values = try host.lua.run(file: path)
        } catch {
            throw ModelLoadError(message: error.message)
        }
        guard case .table(let options)? = values.first else {
            let returned = values.first.map(\.typeName) ?? "nothing"
            throw ModelLoadError(
                message:
                    "the module must return the options of sim.launch, a table, e.g. end it with return { scenes = { ... } } or return sim.extend(generated, { ... }) (it returned \(returned))"
            )
        }
        // What sim.launch refuses names no line of the module (it is its table that is wrong).
        guard case .table(let sim) = host.lua.global("sim"), case .function(let launch) = sim[field: "launch"] else {
            throw ModelLoadError(message: "sim.launch is missing")
        }
        do throws(LuaError) {
            _ = try host.lua.call(launch, [.table(options)])
        } catch {
            throw ModelLoadError(message: error.message)
        }
        var loaded = LoadedModel(shape: shape(of: options), overlay: host.extensions.last)
        loaded.anchored = anchoredFacts(options)
        return loaded
    }

    /// The declaration a table of launch options makes.
    static func shape(of options: LuaTable) -> ModelShape {
        let platform = options[field: "platform"].stringValue ?? "ipados"
        var shape = ModelShape(name: "", platform: platform)
        if case .table(let list) = options[field: "scenes"] {
            for item in list.sequence {
                guard case .table(let scene) = item, let id = scene[field: "id"].stringValue else { continue }
                var modelled = ModelShape.Scene(id: id, kind: scene[field: "kind"].stringValue ?? "window_group")
                modelled.value = scene[field: "value"].stringValue
                modelled.keys = names(scene[field: "keys"])
                modelled.memory = names(scene[field: "memory"])
                modelled.handlers = ["on_phase", "on_url", "on_activity"].filter { !scene[field: $0].isNil }.map { ModelShape.Named($0) }
                shape.scenes.append(modelled)
            }
        } else {
            shape.scenes = [ModelShape.Scene(id: "main", kind: "window_group")]
        }
        if case .table(let declared) = options[field: "model"] {
            shape.defaultsKeys = names(declared[field: "defaults_keys"])
            shape.memory = names(declared[field: "memory"])
            shape.handlers = ["on_phase", "on_url", "on_activity"].filter { !declared[field: $0].isNil }.map { ModelShape.Named($0) }
        }
        return shape
    }

    /// A name list's names: the listed ones, then those given with an anchor (`["T.p"] =
    /// "File.swift:12"`), which carry it as their note.
    private static func names(_ value: LuaValue) -> [ModelShape.Named] {
        guard case .table(let list) = value else { return [] }
        var result = list.sequence.compactMap { $0.stringValue.map { ModelShape.Named($0) } }
        for (key, anchor) in list.entries {
            guard let name = key.stringValue, let text = anchor.stringValue, !result.contains(where: { $0.name == name }) else { continue }
            result.append(ModelShape.Named(name, note: text))
        }
        return result
    }

    /// The facts a model's lists give with anchors.
    private static func anchoredFacts(_ options: LuaTable) -> OverlayFacts {
        var facts = OverlayFacts()
        func add(_ value: LuaValue, _ list: String, scene: String?) {
            guard case .table(let table) = value else { return }
            for (key, anchor) in table.entries {
                guard let name = key.stringValue, let text = anchor.stringValue else { continue }
                facts.facts.append(.init(list: list, scene: scene, name: name, anchor: text))
            }
        }
        if case .table(let list) = options[field: "scenes"] {
            for item in list.sequence {
                guard case .table(let scene) = item, let id = scene[field: "id"].stringValue else { continue }
                add(scene[field: "keys"], "keys", scene: id)
                add(scene[field: "memory"], "memory", scene: id)
            }
        }
        if case .table(let declared) = options[field: "model"] {
            add(declared[field: "memory"], "memory", scene: nil)
            add(declared[field: "defaults_keys"], "defaults_keys", scene: nil)
        }
        return facts
    }

    /// What an overlay adds, read from its table.
    static func overlayFacts(_ value: LuaValue) -> OverlayFacts {
        var facts = OverlayFacts()
        guard case .table(let overlay) = value else { return facts }
        if case .table(let effects) = overlay[field: "effects"] {
            facts.effects = effects.entries.compactMap { $0.key.stringValue }
        }
        func add(_ value: LuaValue, _ list: String, scene: String?) {
            guard case .table(let table) = value else { return }
            for (key, anchor) in table.entries {
                guard let name = key.stringValue else { continue }
                facts.facts.append(.init(list: list, scene: scene, name: name, anchor: anchor.stringValue ?? ""))
            }
        }
        add(overlay[field: "memory"], "memory", scene: nil)
        add(overlay[field: "defaults_keys"], "defaults_keys", scene: nil)
        for path in ["scenes", "replace"] {
            guard case .table(let byID) = overlay[field: path] else { continue }
            for (key, patch) in byID.entries {
                guard let id = key.stringValue, case .table(let fields) = patch else { continue }
                if !facts.patchedScenes.contains(id) { facts.patchedScenes.append(id) }
                add(fields[field: "keys"], "keys", scene: id)
                add(fields[field: "memory"], "memory", scene: id)
                if path == "replace" {
                    for (field, handler) in fields.entries where handler.functionValue != nil {
                        if let name = field.stringValue { facts.replaced.append((id, name)) }
                    }
                }
            }
        }
        return facts
    }
}
