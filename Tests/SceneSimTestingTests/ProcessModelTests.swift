import SceneSim
import SceneSimTesting
import Testing

/// A feed reader's controller, as an app writes it: @Observable state on the main actor that
/// lives in memory, a background refresh, and an upload in a background task.
@MainActor
final class FeedController {
    var unread = 0
    nonisolated init() {}
}

enum FeedModel {
    static let config = AppConfig(platform: .iphone, scenes: [SceneDeclaration(id: "feed")])

    static func make(_ controller: FeedController) throws -> AppModel {
        var model = try AppModel(states: [ModelState("ready")], initial: "ready", transitions: [:])
        model.onLaunch = { sim in
            // The App's @State, kept in the simulator's store so its loss is traced.
            try sim.setAppMemory(key: "unread", value: .int(Int64(controller.unread)))
        }
        model.onRefresh = { sim, task in
            controller.unread += 3
            try sim.setAppMemory(key: "unread", value: .int(Int64(controller.unread)))
            try sim.scheduleTask(after: 2) { sim in
                try sim.scheduleRefresh(after: 3600)
                try sim.finishBackgroundTask(task)
            }
        }
        return model
    }
}

@Suite("A Swift model and the process: memory, refresh launches, background tasks")
struct ProcessModelTests {
    @MainActor
    @Test("a Swift model's refresh runs in a process launched in the background; its memory is lost with that process; the window connects when the user returns")
    func refreshLaunch() throws {
        let controller = FeedController()
        let store = try SceneSimTestStore(FeedModel.config, model: FeedModel.make(controller))
        try store.launch()
        try store.scheduleRefresh(after: 600)
        try store.background()
        try store.terminate(.system)
        try store.advance(600)
        try store.runBackgroundRefresh()
        try store.advance(10)
        #expect(store.simulator.isSuspended)
        #expect(try store.simulator.appMemory()["unread"] == .int(3))
        #expect(store.simulator.pendingRefresh != nil, "the refresh asked for the next one")
        try store.foreground()
        #expect(store.windows == ["feed#1"])
        store.expectTrace(
            """
            [   0.000] app         launch #1 on iphone: nothing to restore
            [   0.000] feed#1      connected (new session) -> inactive
            [   0.000] feed#1      phase inactive -> active
            [   0.000] app         phase inactive -> active
            [   0.000] app         background refresh requested, due at 600.000 s
            [   0.000] feed#1      phase active -> inactive
            [   0.000] app         phase active -> inactive
            [   0.000] feed#1      phase inactive -> background
            [   0.000] app         phase inactive -> background
            [   0.000] app         memory lost (terminated): unread
            [   0.000] app         terminated (system): restoration data kept
            [ 600.000] app         launch #2 on iphone (background: refresh)
            [ 600.000] app         background task 1 "refresh" began
            [ 602.000] app         background refresh requested, due at 4202.000 s
            [ 602.000] app         background task 1 "refresh" finished
            [ 602.000] app         suspended
            [ 610.000] app         resumed (suspended 8.000 s)
            [ 610.000] feed#1      connected (restored) -> inactive
            [ 610.000] app         phase background -> inactive
            [ 610.000] feed#1      phase inactive -> active
            [ 610.000] app         phase inactive -> active
            """)
        store.finish()
    }

    @MainActor
    @Test("a background task's Swift expiration handler runs on the main actor before the watchdog would end the process")
    func expirationHandler() throws {
        let store = try SceneSimTestStore(FeedModel.config, model: FeedModel.make(FeedController()))
        store.exhaustivity = .off
        try store.launch()
        try store.setMemory("feed#1", "scroll", .int(40))
        let task = try store.beginBackgroundTask(named: "upload") { sim, task in
            try sim.finishBackgroundTask(task)
        }
        try store.background()
        try store.advance(60)
        #expect(try store.simulator.backgroundTaskStatus(task) == .finished)
        #expect(store.simulator.isRunning, "finished in its handler: no watchdog")
        #expect(store.simulator.isSuspended)
        #expect(try store.simulator.windowMemory(store.simulator.windows[0])["scroll"] == .int(40), "suspension keeps memory")
    }
}
