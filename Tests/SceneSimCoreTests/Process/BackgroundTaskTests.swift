import ByteText
import SceneSimTestSupport
import SceneSimTesting
import Testing
import SceneSimBuiltin
@testable import SceneSimCore

/// Semantics 11.3: background tasks, their expiration and the watchdog.
@Suite("Background tasks")
struct BackgroundTaskTests {
    @Test(
        "11.3 a task holds a backgrounded app awake; its handler runs 5 s before the end, already expired; the watchdog ends it at 30 s keeping restoration, losing unsaved writes")
    func watchdog() throws {
        let device = try SceneSimTestStore.ready(.testing(.iphone))
        let main = try device.window("main#1")
        let seen = Box<[String]>([])
        let task = try device.perform("begin") { sim in
            try sim.beginBackgroundTask(named: ByteString("sync")) { sim, id in
                seen.value.append("\(sim.now.text) \(try sim.backgroundTaskStatus(id).rawValue)")
            }
        }
        try device.setStorage("main#1", "tab", .int(1))
        try device.background()
        try device.setStorage("main#1", "tab", .int(2))
        _ = device.takeTrace()
        try device.advance(60)
        #expect(seen.value == ["25.500 expired"])
        #expect(!device.simulator.isRunning)
        #expect(device.simulator.lastTermination?.how == .watchdog)
        #expect(try device.simulator.backgroundTaskStatus(task) == .ended)
        device.expectTrace(
            """
            [  25.500] app         background task 1 \"sync\" expiring: 5.000 s of background time left; its expiration handler runs
            [  30.500] main#1      storage lost: unsaved writes to tab
            [  30.500] app         terminated (watchdog): background task 1 \"sync\" still running after 30.000 s
            """)
        try device.launch()
        #expect(device.simulator.snapshot().windows.map(\.description) == ["main#1 active"], "restoration kept, as a system kill")
        #expect(try device.simulator.liveStorage(main)["tab"] == .int(1), "the write after the save is lost")
        #expect(throws: SimError.self) { try device.simulator.finishBackgroundTask(task) }
    }

    @Test("11.3 finishing the last task after the grace suspends at once; before it, at the grace's end; twice returns false")
    func finishing() throws {
        let late = try SceneSimTestStore.ready(.testing(.iphone))
        let task = try late.perform("begin") { try $0.beginBackgroundTask(named: ByteString("upload"), nil) }
        try late.background()
        try late.advance(8)
        #expect(!late.simulator.isSuspended)
        #expect(late.simulator.backgroundTimeRemaining == .at(22))
        #expect(try late.simulator.finishBackgroundTask(task))
        #expect(late.simulator.isSuspended, "the grace was spent: suspended at once")
        #expect(try late.simulator.finishBackgroundTask(task) == false)

        let early = try SceneSimTestStore.ready(.testing(.iphone))
        let quick = try early.perform("begin") { try $0.beginBackgroundTask(named: ByteString("upload"), nil) }
        try early.background()
        try early.advance(2)
        #expect(try early.simulator.finishBackgroundTask(quick))
        #expect(!early.simulator.isSuspended)
        try early.advance(3)
        #expect(early.simulator.isSuspended, "suspended when the 5 s grace ended")
    }

    @Test("11.3 a task begun after the warning moment has its handler called once the call is over; a task begun in the foreground costs nothing until the app leaves")
    func lateTaskAndForeground() throws {
        let device = try SceneSimTestStore.ready(.testing(.iphone) { $0.policy.suspendAfter = .after(.at(100)) })
        let calls = Box<[VirtualTime]>([])
        try device.background()
        try device.advance(27)
        let task = try device.perform("begin late") { sim in
            try sim.beginBackgroundTask(named: ByteString("late")) { sim, id in
                // Called at the end of the call that began it, with the task recorded and expired.
                calls.value.append(sim.now)
                #expect((try? sim.backgroundTaskStatus(id)) == .expired)
            }
        }
        #expect(calls.value == [.at(27.5)])
        #expect(try device.simulator.backgroundTaskStatus(task) == .expired)
        try device.foreground()
        try device.advance(100)
        #expect(device.simulator.isRunning, "in the foreground the count stops")
        #expect(device.simulator.backgroundTimeRemaining == nil)
    }

    @Test("11.3 expiration handlers that each begin another late task stop after 1000 with an error, and the watchdog still ends the process")
    func runawayHandlers() throws {
        let device = try SceneSimTestStore.ready(.testing(.iphone) { $0.policy.suspendAfter = .after(.at(100)) })
        try device.background()
        try device.advance(27)
        func again(_ sim: Simulator) throws {
            _ = try sim.beginBackgroundTask(named: ByteString("again")) { sim, _ in try again(sim) }
        }
        do {
            try device.perform("begin") { try again($0) }
            Issue.record("a runaway chain of expiration handlers did not stop")
        } catch {
            #expect((error as? SimError)?.kind == .tooManyRequests)
        }
        try device.advance(10)
        #expect(device.simulator.lastTermination?.how == .watchdog)
    }

    @Test("11.3 with suspension off (macOS) background time is not limited: tasks never expire")
    func macNeverExpires() throws {
        let device = try SceneSimTestStore.ready(.testing(.macos))
        let task = try device.perform("begin") { try $0.beginBackgroundTask(named: ByteString("export"), nil) }
        try device.background()
        try device.advance(3600)
        #expect(device.simulator.isRunning)
        #expect(try device.simulator.backgroundTaskStatus(task) == .running)
    }
}
