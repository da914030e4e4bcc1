import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SceneSimScaffold

/// `scenesim scaffold PATH...`: the model's skeleton from the app's Swift source.
struct ScaffoldCommand: StatusCommand {
    static let configuration = CommandConfiguration(
        commandName: "scaffold",
        abstract: "Write a model module from the app's SwiftUI source.",
        discussion: """
            Reads every .swift file under the paths with SwiftParser (no compiler, no build of the \
            app) and finds the @main App's scenes and their modifiers, each view's @SceneStorage, \
            @AppStorage, @State, @StateObject and @FocusState, its scene phase, URL and activity \
            handlers, openWindow and dismissWindow calls, and which views each scene reaches. \
            Every fact carries file:line, relative to the first path.

            --format lua (the default) writes a module for a lib/ folder that returns the options \
            of sim.launch: local myapp = require "myapp" then sim.launch(myapp) starts the app; its \
            handlers are translated from the Swift ones statement by statement, each line ending \
            with its file:line (what does not translate is a comment, and a warning for each \
            expression read as nil). --format json writes \
            the facts (docs/scaffold.schema.json), with what was not translated. Without -o, the output goes to standard output; \
            an existing file is overwritten only with --force.

            A file that does not parse is a warning on standard error naming it and its line; \
            what parsed is kept. Exit status: 0 written, 2 usage error or no @main App.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable { case lua, json }

    @Argument(help: ArgumentHelp("The app's source folders or .swift files.", valueName: "path"))
    var paths: [String]

    @Option(name: .long, help: ArgumentHelp("lua (a model module) or json (the facts).", valueName: "format"))
    var format: Format = .lua

    @Option(
        name: .long,
        help: ArgumentHelp(
            "iphone, ipados, macos or visionos (default: macos for an App with an NSApplicationDelegateAdaptor, Settings or MenuBarExtra, else ipados).", valueName: "platform"))
    var platform: String?

    @Option(name: .shortAndLong, help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"))
    var output: String?

    @Flag(name: .long, help: "Overwrite the -o file if it exists.")
    var force = false

    func validate() throws {
        if paths.isEmpty { throw ValidationError("give the app's source folder or files, e.g. scenesim scaffold Sources/MyApp") }
        if let platform, !ModelShape.platforms.contains(platform) {
            throw ValidationError("--platform \(platform): give one of \(ModelShape.platforms.joined(separator: ", "))")
        }
        var isFolder = false
        if let output, output != "-", FileManager.default.fileExists(atPath: output, isDirectory: &isFolder) {
            if isFolder { throw ValidationError("-o \(output) is a folder; give the model file's path, e.g. -o \(output)/model.lua") }
            if !force { throw ValidationError("\(output) exists; pass --force to overwrite it") }
        }
    }

    mutating func runWithStatus() throws -> Int32 {
        // On a large stack: deep but legal Swift is read, not a stack overflow (LargeStack).
        let command = self
        return LargeStack.run { command.generate() }
    }

    private func generate() -> Int32 {
        let facts: ScaffoldFacts
        do throws(ScaffoldError) {
            facts = try ScaffoldRun.facts(paths)
        } catch {
            Output.error("scenesim scaffold: \(error.message)\n")
            return 2
        }
        let text: String
        switch format {
        case .json: text = facts.json(platform: platform)
        case .lua:
            let shape = facts.modelShape(platform: platform ?? facts.inferredPlatform)
            for warning in shape.translation.warnings { Output.error(warning + "\n") }
            // sim.launch needs a WindowGroup or a Window: a module without one would not load
            // (a MenuBarExtra-only utility), so say so instead of writing it.
            if let problem = shape.noWindowScene {
                Output.error("scenesim scaffold: \(problem)\n")
                return 2
            }
            text = facts.generatedModule(platform: shape.platform)  // what check-model compares with
        }
        guard let output, output != "-" else {
            Output.standard(text)
            return 0
        }
        // Written whole or not at all, with the system's reason ("No such file or directory").
        do throws(FileWriteError) {
            try FileWriter.write(text, to: output)
        } catch {
            Output.error("scenesim scaffold: \(error.message)\n")
            return 2
        }
        return 0
    }
}

/// What scaffold and check-model share: the facts of the paths, with the warnings of files
/// that did not parse written to standard error.
enum ScaffoldRun {
    static func facts(_ paths: [String]) throws(ScaffoldError) -> ScaffoldFacts {
        let inputs = try Scaffolder.inputs(under: paths)
        let facts = try Scaffolder().scaffold(inputs.sources, projectFiles: inputs.projectFiles, lookedIn: paths.map(Scaffolder.shown).joined(separator: ", "))
        for warning in facts.warnings { Output.error(warning + "\n") }
        return facts
    }
}
