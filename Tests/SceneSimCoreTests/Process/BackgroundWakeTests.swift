import ByteText
import SceneSimTestSupport
import SceneSimTesting
import Testing
@testable import SceneSimCore

/// Semantics 11.8: silent pushes and background transfers; 11.9: background modes that keep an
/// app running.
@Suite("Silent pushes, background transfers and background modes")
struct BackgroundWakeTests {
    /// A model whose push and transfer handlers log and, when `finish`, finish their task.
    static func model(_ handled: Box<[String]>, modes: [BackgroundMode] = [.remoteNotification], finish: Bool = true) throws -> AppModel {
        var model = try AppModel(states: [ModelState("ready")], initial: "ready", transitions: [:])
        model.backgroundModes = modes
        model.launchCode = { sim in handled.value.append("launch \(sim.windows.count)") }
        model.pushCode = { sim, info, task in
            handled.value.append("push \(sim.appPhase.rawValue) \(info["id"] == .int(7) ? "7" : "-")")
            if finish { try sim.finishBackgroundTask(task) }
        }
        model.transferCode = { sim, name, task in
            handled.value.append("transfer \(name.escaped) \(sim.appPhase.rawValue)")
            if finish { try sim.finishBackgroundTask(task) }
        }
        return model
    }

    @Test(
        "11.8 a push launches a killed app in the background: on_launch and on_push run with a push_time task, no scene connects, it suspends once the task ends; the user's return restores"
    )
    func pushLaunch() throws {
        let handled = Box<[String]>([])
        let device = try SceneSimTestStore.nonExhaustive(.testing(.iphone), model: try Self.model(handled))
        try device.launch()
        try device.setStorage("main#1", "scroll", .int(120))
        try device.background()
        try device.terminate(.system)
        try device.advance(60)
        _ = device.takeTrace()
        var info = SimSceneStorage()
        info["id"] = .int(7)
        try device.receivePush(info)
        #expect(handled.value == ["launch 0", "launch 0", "push background 7"])
        #expect(device.simulator.isSuspended, "the task finished: suspended at once")
        device.expectTrace(
            """
            [  60.000] app         launch #2 on iphone (background: push)
            [  60.000] app         silent push received
            [  60.000] app         background task 1 "push" began
            [  60.000] app         background task 1 "push" finished
            [  60.000] app         suspended
            """)
        try device.foreground()
        #expect(device.simulator.snapshot().windows.map(\.description) == ["main#1 active"])
        #expect(try device.simulator.storageValue(device.window("main#1"), key: ByteString("scroll")) == .int(120))
    }

    @Test("11.8 a push's task has push_time, no expiration handler: not finished in time is the watchdog")
    func pushWatchdog() throws {
        let handled = Box<[String]>([])
        let config = AppConfig.testing(.iphone) { $0.policy.pushTime = .at(20) }
        let device = try SceneSimTestStore.nonExhaustive(config, model: try Self.model(handled, finish: false))
        try device.launch()
        try device.background()
        try device.advance(10)
        #expect(device.simulator.isSuspended)
        _ = device.takeTrace()
        try device.receivePush()
        #expect(device.simulator.backgroundTimeRemaining == .at(20))
        try device.advance(30)
        #expect(!device.simulator.isRunning)
        #expect(device.simulator.lastTermination?.how == .watchdog)
        device.expectTrace(
            """
            [  10.000] app         resumed (suspended 5.000 s)
            [  10.000] app         silent push received
            [  10.000] app         background task 1 "push" began
            [  25.000] app         background task 1 "push" expiring: 5.000 s of background time left; it has no expiration handler, so it runs on until it finishes or the watchdog ends the app
            [  30.000] app         terminated (watchdog): background task 1 "push" still running after 20.000 s
            """)
    }

    @Test("11.8 dropped and traced: a push without remote-notification, after a force quit, before any launch, to a Mac app not running")
    func dropped() throws {
        let handled = Box<[String]>([])
        let noMode = try SceneSimTestStore.nonExhaustive(.testing(.iphone), model: try Self.model(handled, modes: []))
        try noMode.launch()
        _ = noMode.takeTrace()
        try noMode.receivePush()
        try noMode.finishTransfer("photos")
        noMode.expectTrace(
            """
            [   0.000] app         silent push dropped: the app does not declare the "remote-notification" background mode (UIBackgroundModes), so the system does not deliver silent pushes to it
            [   0.000] app         background transfer "photos" finished
            [   0.000] app         background task 1 "photos" began
            [   0.000] app         background task 1 "photos" finished
            """)
        #expect(handled.value == ["launch 0", "transfer photos active"], "transfers need no mode")

        let device = try SceneSimTestStore.nonExhaustive(.testing(.iphone), model: try Self.model(handled))
        _ = device.takeTrace()
        try device.receivePush()
        try device.launch()
        try device.terminate(.user)
        _ = device.takeTrace()
        try device.receivePush()
        try device.finishTransfer("photos")
        #expect(!device.simulator.isRunning)
        device.expectTrace(
            """
            [   0.000] app         silent push dropped: the user force-quit the app, and the system does not launch it in the background until the user launches it again
            [   0.000] app         background transfer "photos" dropped: the user force-quit the app, and the system does not launch it in the background until the user launches it again
            """)

        let mac = try SceneSimTestStore.nonExhaustive(.testing(.macos), model: try Self.model(handled))
        try mac.receivePush()
        #expect(!mac.simulator.isRunning)
        #expect(mac.takeTrace().contains { $0.hasSuffix("silent push dropped: the app has never been launched, so it has not registered for them") })
        try mac.launch()
        try mac.terminate(.user)
        _ = mac.takeTrace()
        try mac.finishTransfer("photos")
        #expect(!mac.simulator.isRunning, "macOS launches no app for a transfer")
    }

    @Test("11.8 without on_push a push launch runs on_launch and its task ends at once; a transfer's handler gets the session's name")
    func noHandler() throws {
        var model = try AppModel(states: [ModelState("ready")], initial: "ready", transitions: [:])
        model.backgroundModes = [.remoteNotification]
        let device = try SceneSimTestStore.nonExhaustive(.testing(.iphone), model: model)
        try device.launch()
        try device.background()
        try device.terminate(.system)
        _ = device.takeTrace()
        try device.receivePush()
        try device.finishTransfer("backup")
        device.expectTrace(
            """
            [   0.000] app         launch #2 on iphone (background: push)
            [   0.000] app         silent push received
            [   0.000] app         background task 1 "push" began
            [   0.000] app         background task 1 "push" finished
            [   0.000] app         suspended
            [   0.000] app         resumed (suspended 0.000 s)
            [   0.000] app         background transfer "backup" finished
            [   0.000] app         background task 2 "backup" began
            [   0.000] app         background task 2 "backup" finished
            [   0.000] app         suspended
            """)
        #expect(throws: SimError.self) { try device.simulator.finishTransfer("") }
    }

    @Test("11.9 keep_running with audio: not suspended in the background, background_time does not cap a task; stop_running suspends after suspend_after")
    func keepRunning() throws {
        var model = try AppModel(states: [ModelState("ready")], initial: "ready", transitions: [:])
        model.backgroundModes = [.audio]
        let device = try SceneSimTestStore.nonExhaustive(.testing(.iphone), model: model)
        try device.launch()
        try device.keepRunning("playing")
        try device.beginBackgroundTask(named: "mix")
        try device.background()
        try device.advance(600)
        #expect(device.simulator.isRunning, "no watchdog: background_time does not cap it")
        #expect(!device.simulator.isSuspended)
        #expect(device.simulator.backgroundTimeRemaining == nil)
        #expect(device.simulator.keptRunningReason == "playing")
        try device.finishBackgroundTask(BackgroundTaskID(rawValue: 1))
        try device.advance(60)
        #expect(!device.simulator.isSuspended, "still playing")
        try device.stopRunning()
        try device.advance(4)
        #expect(!device.simulator.isSuspended, "the grace of suspend_after")
        try device.advance(1)
        #expect(device.simulator.isSuspended)
        let trace = device.takeTrace()
        #expect(trace.contains("[   0.000] app         keeps running in the background: \"playing\""))
        #expect(trace.contains("[   0.000] app         stays running in the background (not suspended): \"playing\""))
        #expect(trace.contains("[ 660.000] app         stops running in the background"))
        #expect(trace.contains("[ 665.000] app         suspended"))
    }

    @Test("11.9 keep_running without audio or location is an error naming the modes")
    func keepRunningNeedsMode() throws {
        var model = try AppModel(states: [ModelState("ready")], initial: "ready", transitions: [:])
        model.backgroundModes = [.remoteNotification]
        let device = try SceneSimTestStore.nonExhaustive(.testing(.iphone), model: model)
        try device.launch()
        do {
            try device.simulator.keepRunning("playing")
            Issue.record("keep_running without a mode was accepted")
        } catch {
            #expect(
                error.message
                    == "app:keep_running(reason): only a background mode keeps an app running in the background, and the model declares neither \"audio\" nor \"location\" (it declares \"remote-notification\"); add one to model.background_modes (UIBackgroundModes), or use app:begin_background_task for work that finishes"
            )
        }
        #expect(BackgroundMode.unknown("audi") == "unknown background mode \"audi\" (did you mean \"audio\"?); the modes are remote-notification, fetch, audio, location, voip")
    }
}
