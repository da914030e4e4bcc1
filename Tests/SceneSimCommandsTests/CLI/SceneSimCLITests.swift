import SceneSimCLI
import Testing

/// A counter app in Swift: `app:add(n)` moves `counting(<n>)` on, `app:total()` answers it.
private func counterModel() throws(SimError) -> AppModel {
    var model = try AppModel(states: [.init("counting", .integer)], initial: "counting(0)", transitions: ["counting": ["counting"]])
    try model.addIntent("add", parameters: [.init("amount", .integer)]) { sim, arguments throws(SimError) in
        guard case .integer(let total)? = sim.state.argument, case .int(let amount) = arguments[0] else { return nil }
        _ = try sim.transition(to: ModelState("counting", .integer(total + amount)))
        return nil
    }
    try model.addIntent("total") { sim, _ in
        guard case .integer(let total)? = sim.state.argument else { return nil }
        return .int(total)
    }
    return model
}

/// The counter made on the main actor, as a `@MainActor` app's factory is (issue 42 item 5).
@MainActor
private func mainActorCounterModel() throws -> AppModel {
    MainActor.preconditionIsolated("a registered factory runs on the main actor")
    return try counterModel()
}

private struct MissingFixture: Error {}

private let models: [String: SceneSimCLI.ModelFactory] = ["counter": { () throws(SimError) in try counterModel() }]

/// Issue 13, item 3: a package's own executable runs scenesim's commands with its Swift models.
@Suite("SceneSimCLI runs scenesim's commands with registered Swift models")
struct SceneSimCLITests {
    @Test("run drives the registered model in process; a failing scenario exits 1, and so does one naming a model the executable does not register")
    func runDrivesTheModel() throws {
        let folder = try TempFolder([
            "count.lua": """
            local app = sim.launch { model = "counter" }
            app:add(2)
            app:add(3)
            assert(app:total() == 5 and app.state == "counting(5)", app.state)
            print(app.state)
            """,
            "wrong.lua": "local app = sim.launch { model = \"counter\" }\nassert(app:total() == 1, \"total is \" .. app:total())\n",
        ])
        #expect(SceneSimCLI.run(arguments: ["run", "--trace", "off", folder.path + "/count.lua"], models: models) == 0)
        #expect(SceneSimCLI.run(arguments: ["run", "--trace", "off", folder.path + "/wrong.lua"], models: models) == 1)
        // The stock registry does not know the model: the scenario fails at sim.launch.
        #expect(SceneSimCLI.run(arguments: ["run", "--trace", "off", folder.path + "/count.lua"], models: [:]) == 1)
    }

    @Test("a model cannot be registered as \"builtin\": a usage error, exit 2")
    func builtinIsReserved() {
        #expect(SceneSimCLI.run(arguments: ["--version"], models: ["builtin": { () throws(SimError) in try counterModel() }]) == 2)
        #expect(SceneSimCLI.run(arguments: ["--version"], models: models) == 0)
    }

    @Test("a @MainActor factory registers as it is; a factory's error of any type fails its scenario (exit 1), as a SimError does")
    func factoriesMayBeMainActorAndThrowAnything() throws {
        let folder = try TempFolder(["count.lua": "local app = sim.launch { model = \"counter\" }\napp:add(2)\nassert(app:total() == 2)\n"])
        #expect(SceneSimCLI.run(arguments: ["run", "--trace", "off", folder.path + "/count.lua"], models: ["counter": mainActorCounterModel]) == 0)
        #expect(SceneSimCLI.run(arguments: ["run", "--trace", "off", folder.path + "/count.lua"], models: ["counter": { throw MissingFixture() }]) == 1)
    }
}
