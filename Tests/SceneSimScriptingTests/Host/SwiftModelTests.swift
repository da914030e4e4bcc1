import SceneSimCore
import SceneSimScriptTestSupport
import SceneSimScripting
import Testing

/// A small app written in Swift: locked until the right PIN, then signed in; locked again in the
/// background. Its intents take typed arguments.
func lockerModel() throws(SimError) -> AppModel {
    var model = try AppModel(
        states: [.init("locked"), .init("signed_in", .string)],
        initial: "locked",
        transitions: ["locked": ["signed_in"], "signed_in": ["locked"]]
    )
    model.onPhase = { sim, _, new in
        if new == .background, sim.state.name == "signed_in" { _ = try? sim.transition(to: ModelState("locked")) }
    }
    try model.addIntent("unlock", parameters: [.init("pin", .string), .init("user", .string)]) { sim, arguments throws(SimError) in
        guard arguments[0] == .string("1234"), case .string(let user) = arguments[1] else { return .bool(false) }
        _ = try sim.transition(to: ModelState("signed_in", .text(user)))
        return .bool(true)
    }
    try model.addIntent("wait", parameters: [.init("seconds", .float)]) { sim, arguments throws(SimError) in
        guard case .double(let seconds) = arguments[0] else { return nil }
        try sim.advance(by: VirtualTime(checkedSeconds: seconds)!)
        return nil
    }
    return model
}

let lockerOptions = ScenarioOptions(models: try! ModelRegistry(["locker": { () throws(SimError) in try lockerModel() }]))

/// Issue 13, item 3: a scenario names a registered Swift model, and its intents are methods.
@Suite("A registered Swift model runs the app")
struct SwiftModelTests {
    @Test("model = \"locker\" runs the Swift model: its state, its intents with their results, its phase handler")
    func swiftModelRuns() {
        let run = runScript(
            """
            local app = sim.launch { model = "locker" }
            print(app.state, app:unlock("0000", "ada"), app.state)
            print(app:unlock("1234", "ada"), app.state)
            app:wait(2)
            app:background()
            print(app.state)
            """, options: lockerOptions)
        #expect(run.error == nil, "\(run)")
        #expect(run.output.contains("locked\tfalse\tlocked\n"), "\(run)")
        #expect(run.output.contains("true\tsigned_in(ada)\n"), "\(run)")
        #expect(run.output.contains("[   2.000] app         state signed_in(ada) -> locked"), "\(run)")
        #expect(run.output.hasSuffix("locked\n"), "\(run)")
    }

    @Test("each scenario gets a fresh model, and model = \"builtin\" names the built-in one")
    func builtinByName() {
        let run = runScript(
            """
            local app = sim.launch { model = "builtin" }
            sim.settle()
            print(app.state)
            """, options: lockerOptions)
        #expect(run.error == nil, "\(run)")
        #expect(run.output.hasSuffix("unauthenticated\n"), "\(run)")
    }

    @Test("misuse of a Swift model is an error at the calling line: an unknown name with did-you-mean, wrong argument counts and types")
    func misuse() {
        #expect(
            runScript("sim.launch { model = \"lockr\" }", options: lockerOptions).firstErrorLine == """
                test.lua:1: sim.launch: model "lockr" is not a registered model (did you mean "locker"?); registered models are builtin, locker (Swift models are registered by an executable built with the SceneSimCLI library), or declare one as a table, model = { states = ..., initial = ... }
                """)
        #expect(
            runScript("sim.launch { model = \"notes\" }").firstErrorLine == """
                test.lua:1: sim.launch: model "notes" is not a registered model; registered models are builtin (Swift models are registered by an executable built with the SceneSimCLI library), or declare one as a table, model = { states = ..., initial = ... }
                """)
        let prefix = "local app = sim.launch { model = \"locker\" }\n"
        #expect(
            runScript(prefix + "app:unlock(\"1234\")", options: lockerOptions).firstErrorLine == """
                test.lua:2: app:unlock(pin: string, user: string) takes 2 arguments, not 1
                """)
        #expect(
            runScript(prefix + "app:unlock(1234, \"ada\")", options: lockerOptions).firstErrorLine == """
                test.lua:2: app:unlock(pin: string, user: string): argument 1 (pin) must be a string, not an integer
                """)
        #expect(
            runScript(prefix + "app:unlock(\"1234\", {})", options: lockerOptions).firstErrorLine == """
                test.lua:2: app:unlock(pin: string, user: string): argument 2 (user) must be a string, not a table
                """)
        #expect(
            runScript(prefix + "app:wait(nil)", options: lockerOptions).firstErrorLine == """
                test.lua:2: app:wait(seconds: float): argument 1 (seconds) must be a float, not nil
                """)
        #expect(
            runScript(prefix + "app.unlock(\"1234\", \"ada\")", options: lockerOptions).firstErrorLine?.hasPrefix(
                """
                test.lua:2: app:unlock(...) is a method: call it with a colon, app:unlock(...)
                """) == true)
        #expect(
            runScript(prefix + "app:terminate(\"user\")\napp:unlock(\"1234\", \"ada\")", options: lockerOptions).firstErrorLine == """
                test.lua:3: app:unlock needs a running app, but it was terminated (user) at 0.000 s; call app:launch() first
                """)
    }

    @Test("a registry refuses names that are not words and the built-in model's name")
    func registryNames() {
        let make: ModelRegistry.Factory = { () throws(SimError) in try lockerModel() }
        #expect(throws: SimError.self) { try ModelRegistry(["builtin": make]) }
        #expect(throws: SimError.self) { try ModelRegistry(["my notes": make]) }
    }
    @Test("A Swift model's effects run for app:effect and w:effect with the stored values passed, and their result is the call's")
    func swiftModelEffects() {
        let options = ScenarioOptions(
            trace: .off,
            models: try! ModelRegistry([
                "vault": { () throws(SimError) in
                    var model = try lockerModel()
                    model.addEffect("Vault.open") { _, scene, arguments in
                        .string("opened \(arguments.map { $0?.literal ?? "nil" }.joined(separator: " ")) from \(scene == nil ? "the app" : "a window")")
                    }
                    return model
                }
            ]))
        let run = runScript(
            """
            local app = sim.launch { model = "vault" }
            print(app:effect("Vault.open@V.swift:2", 1, {}, "x"), app.windows[1]:effect("Vault.open"), app:effect("Other.thing"))
            """, options: options)

        #expect(run == ScriptRun(output: "opened 1 nil \"x\" from the app\topened  from a window\n"), "\(run)")
    }
}

extension ScriptRun {
    /// The error's message, without the traceback after it.
    var firstErrorLine: String? { error.map { String($0.split(separator: "\n", maxSplits: 1).first ?? "") } }

}
