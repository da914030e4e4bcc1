import ArgumentParser
import ByteText
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LuaKit
import SceneSimScaffold
import SceneSimScripting

/// `scenesim check-model MODEL.lua --source PATH...`: where a model module and the app's source
/// disagree, for CI.
struct CheckModelCommand: StatusCommand {
    static let configuration = CommandConfiguration(
        commandName: "check-model",
        abstract: "Check a model module against the app's SwiftUI source.",
        discussion: """
            Loads the model module (and launches it, as a scenario would), scaffolds the source as \
            scenesim scaffold does, and lists every difference with the file:line to fix (the \
            source's, or the model module's for what only the model has): a scene, scene kind or \
            value type on one side only; SceneStorage (keys), memory or AppStorage (defaults_keys) \
            keys declared on one side only; a scene phase, URL or activity handler in the source \
            with no handler in the model. One line each, in the source's order, then the model's.

            Exit status: 0 no difference, 1 differences, 2 usage error, a model module that does \
            not load, or no @main App in the source. A Swift file that does not parse is a warning \
            on standard error.
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
        let facts: ScaffoldFacts
        do throws(ScaffoldError) {
            facts = try ScaffoldRun.facts(source)
        } catch {
            Output.error("scenesim check-model: \(error.message)\n")
            return 2
        }
        let loaded: ModelShape
        do {
            loaded = try Self.load(model)
        } catch {
            Output.error("scenesim check-model: \(model) does not load: \((error as? ModelLoadError)?.message ?? "\(error)")\n")
            return 2
        }
        // What the model alone has is placed at the module's line that names it.
        let text = FileManager.default.contents(atPath: model).map { String(decoding: $0, as: UTF8.self) } ?? ""
        let differences = facts.modelShape(platform: loaded.platform).differences(from: loaded.placed(in: text, file: model))
        switch format {
        case .text:
            Output.standard(differences.map { $0.text + "\n" }.joined())
        case .json:
            var out = "{\n  \"model\": \(JSONText.quoted(model)),\n  \"differences\": ["
            out += differences.map { "\n    { \"file\": \(JSONText.quoted($0.file)), \"line\": \($0.line), \"message\": \(JSONText.quoted($0.message)) }" }.joined(separator: ",")
            out += differences.isEmpty ? "]\n}\n" : "\n  ]\n}\n"
            Output.standard(out)
        }
        return differences.isEmpty ? 0 : 1
    }

    struct ModelLoadError: Error { var message: String }

    /// Runs `require` on the module from its own folder and `sim.launch` on what it returns, then
    /// reads the declaration back.
    static func load(_ path: String) throws -> ModelShape {
        let folder = ScenarioRunner.directory(of: path)
        let name = String(path.split(separator: "/").last ?? "").dropLast(4)
        let host = ScriptHost(options: ScenarioOptions(), moduleDirectory: folder.isEmpty ? "." : folder, output: { _ in })
        let values: [LuaValue]
        do throws(LuaError) {
            // The module's own errors name its lines. What sim.launch refuses names no line of
            // this chunk (it is the module's table that is wrong): its prefix is taken off.
            values = try host.run("""
                local m = require(\(ByteString(String(name)).quoted))
                if type(m) ~= "table" then return m end
                sim.launch(m)
                return m
                """, chunkName: "=check-model")
        } catch {
            let chunkPrefix = #/^check-model:\d+: /#
            throw ModelLoadError(message: error.message.replacing(chunkPrefix, with: "", maxReplacements: 1))
        }
        guard case .table(let options)? = values.first else {
            // require gives true for a module that returns nothing.
            let returned = values.first.map { $0 == .boolean(true) ? "nothing" : $0.typeName } ?? "nothing"
            throw ModelLoadError(message: "the module must return the options of sim.launch, a table, e.g. end it with return { scenes = { ... } } (it returned \(returned))")
        }
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

    private static func names(_ value: LuaValue) -> [ModelShape.Named] {
        guard case .table(let list) = value else { return [] }
        return list.sequence.compactMap { $0.stringValue.map { ModelShape.Named($0) } }
    }
}
