import Dispatch
import SceneSimCore
import SceneSimScriptTestSupport
import SceneSimScripting
import SceneSimTestSupport
import Testing

/// A `@MainActor` app's controller, as a Swift team writes it: its state is the main actor's.
@MainActor
private final class LaunchCounter {
    var launches = 0
}

/// A model made on the main actor, as an `@Observable @MainActor` app's controller makes it:
/// the factory itself is `@MainActor` (issue 42 item 5).
@MainActor
private func mainActorModel() throws -> AppModel {
    MainActor.preconditionIsolated("a registered factory runs on the main actor")
    let counter = LaunchCounter()
    var model = try AppModel(states: ["ready"], initial: "ready", transitions: [:])
    model.onLaunch = { sim in
        counter.launches += 1
        try sim.setDefault("launches", .int(Int64(counter.launches)))
    }
    return model
}

/// What an app's factory throws when it cannot make its model: not a `SimError`.
private enum FixtureError: Error {
    case missing(String)
}

private struct MissingDatabase: Error, CustomStringConvertible {
    var description: String { "notes.sqlite is missing" }
}

/// Issue 42 item 5: `AppModel` is `Sendable`, and a registered model's factory may be
/// `@MainActor` and throw any error.
@Suite("Model factories: @MainActor, any error; AppModel is Sendable")
struct ModelFactoryTests {
    @Test("a @MainActor factory registers as it is and runs on the main actor; its model's @MainActor code keeps its state")
    func mainActorFactory() {
        // Driven from a thread of the test pool, not the main actor: the factory hops there.
        let run = runScript(
            """
            local app = sim.launch { model = "counter" }
            app:terminate("user")
            app:launch()
            print(app.defaults.launches)
            """, options: ScenarioOptions(trace: .off, models: try! ModelRegistry(["counter": mainActorModel])))
        #expect(run == ScriptRun(output: "2\n", error: nil))
    }

    @Test("a model made on the main actor can be sent to another thread and run there (AppModel is Sendable)")
    func modelCrossesIsolation() async throws {
        let model = try await MainActor.run { try mainActorModel() }
        let launches = try await Task.detached {
            let simulator = try Simulator(config: .testing(scenes: [.group("main")]), model: model)
            try simulator.launch()
            return simulator.defaults["launches"]
        }.value
        #expect(launches == .int(1))
    }

    @Test("an error the factory throws that is not a SimError fails the scenario at sim.launch with its description")
    func factoryErrors() {
        let options = ScenarioOptions(
            trace: .off,
            models: try! ModelRegistry([
                "fixture": { () throws -> AppModel in throw FixtureError.missing("notes.json") },
                "database": { () throws -> AppModel in throw MissingDatabase() },
                "declared": { () throws -> AppModel in try AppModel(states: ["a"], initial: "b", transitions: [:]) },
            ]))
        // (The error's first line: a stack traceback follows.)
        func message(_ model: String) -> String? {
            runScript("local app = sim.launch { model = \"\(model)\" }", options: options).error?.split(separator: "\n").first.map(String.init)
        }
        #expect(
            message("fixture")
                == #"test.lua:1: sim.launch: model "fixture": its factory threw an error: FixtureError.missing("notes.json")"#)
        #expect(message("database") == #"test.lua:1: sim.launch: model "database": its factory threw an error: notes.sqlite is missing"#)
        // A SimError keeps its own message, as before.
        let declared = message("declared")
        #expect(declared?.hasPrefix(#"test.lua:1: sim.launch: model "declared": model.initial: "#) == true, "\(declared ?? "no error")")
    }
}
