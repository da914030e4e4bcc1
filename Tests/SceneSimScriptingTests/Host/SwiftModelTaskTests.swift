import SceneSimCore
import SceneSimScriptTestSupport
import SceneSimScripting
import Testing

struct SyncFailed: Error, CustomStringConvertible {
    var description: String { "SyncFailed(offline)" }
}

/// A Swift model whose launch starts a task that sleeps 1 s on the clock, then throws.
func throwingTaskModel() throws(SimError) -> AppModel {
    var model = try AppModel(states: [.init("idle")], initial: "idle", transitions: [:])
    model.onLaunch = { sim in
        Task { @MainActor in
            try await sim.clock.sleep(for: .seconds(1))
            throw SyncFailed()
        }
    }
    return model
}

/// A Swift model whose async launch sleeps 1 s on the clock, moves to `ready`, then sleeps
/// another second and throws.
func asyncLaunchModel() throws(SimError) -> AppModel {
    var model = try AppModel(states: [.init("idle"), .init("ready")], initial: "idle", transitions: ["idle": ["ready"]])
    model.onLaunch = { sim in
        try await sim.clock.sleep(for: .seconds(1))
        try sim.transition(to: ModelState("ready"))
        try await sim.clock.sleep(for: .seconds(1))
        throw SyncFailed()
    }
    return model
}

/// Issue 42: an error the app's task throws reaches the script as the error of the operation
/// whose event ran the task, at the script's line.
@Suite("A registered Swift model's task that throws fails the script's operation")
struct SwiftModelTaskTests {
    static let options = ScenarioOptions(
        models: try! ModelRegistry([
            "throwing": { () throws(SimError) in try throwingTaskModel() },
            "async_launch": { () throws(SimError) in try asyncLaunchModel() },
        ]))

    @Test("sim.advance past the task's sleep fails at the script's line, naming the task and its error")
    func thrownErrorIsTheScriptsError() {
        let run = runScript(
            """
            local app = sim.launch { model = "throwing" }
            sim.advance(0.5)
            print(app.state)
            sim.advance(1)
            print("not reached")
            """, options: Self.options)
        #expect(run.output.contains("idle\n"), "\(run)")
        #expect(!run.output.contains("not reached"), "\(run)")
        #expect(
            run.error
                == "test.lua:4: a task the app's code started at 0.000 s threw an error it did not catch: SyncFailed(offline); an unstructured Task drops its error in the app, so catch it inside the task (do/catch) and handle it there\nstack traceback:\n\ttest.lua:4: in main chunk",
            "\(run)")
    }

    @Test("an async onLaunch driven by a script: the launch returns at its first await, the rest runs at the script's advance, and its later error fails that line")
    func asyncHandlerFromAScript() {
        let run = runScript(
            """
            local app = sim.launch { model = "async_launch" }
            print(app.state)
            sim.advance(1)
            print(app.state)
            sim.advance(1)
            print("not reached")
            """, options: Self.options)
        #expect(
            run.output
                == """
                [   0.000] app         launch #1 on ipados: nothing to restore
                [   0.000] main#1      connected (new session) -> inactive
                [   0.000] main#1      phase inactive -> active
                [   0.000] app         phase inactive -> active
                idle
                [   1.000] app         state idle -> ready
                ready

                """, "\(run)")
        #expect(
            run.error
                == "test.lua:5: onLaunch, an async handler that ran at 0.000 s, threw an error after it awaited: SyncFailed(offline)\nstack traceback:\n\ttest.lua:5: in main chunk",
            "\(run)")
    }
}
