import ByteText
import SceneSimTestSupport
import SceneSimTesting
import Testing
import SceneSimBuiltin
@testable import SceneSimCore

/// Semantics 11.2: a backgrounded app is suspended after suspend_after; its work waits.
@Suite("Suspension")
struct SuspensionTests {
    @Test("11.2 a 60 s timer armed on going home does not fire at 60 s on iPhone: suspended at 5 s, it fires once on return, after the phase changes")
    func timerWaitsForTheResume() throws {
        let device = try SceneSimTestStore.ready(.testing(.iphone))
        try device.background()
        let fired = Box<[VirtualTime]>([])
        try device.perform("after") { sim in
            try sim.scheduleTask(after: .at(60)) { sim in fired.value.append(sim.now) }
        }
        _ = device.takeTrace()
        try device.advance(299.5)
        #expect(fired.value.isEmpty, "no app code runs while suspended")
        #expect(device.simulator.isSuspended)
        #expect(device.simulator.backgroundTimeRemaining == .zero)
        try device.foreground()
        #expect(fired.value == [.at(300)])
        device.expectTrace(
            """
            [   5.500] app         suspended
            [ 300.000] app         resumed (suspended 294.500 s)
            [ 300.000] main#1      phase background -> inactive
            [ 300.000] app         phase background -> inactive: prepare for background
            [ 300.000] main#1      phase inactive -> active
            [ 300.000] app         phase inactive -> active: validate session and refresh
            """)
    }

    @Test("11.2 settle does not move the clock for a suspended app's timers; timers due together run in the order they fell due")
    func settleStopsAtSuspension() throws {
        let device = try SceneSimTestStore.ready(.testing(.iphone))
        let order = Box<[Int]>([])
        try device.perform("timers") { sim in
            _ = try sim.scheduleTask(after: .at(40)) { _ in order.value.append(2) }
            _ = try sim.scheduleTask(after: .at(20)) { _ in order.value.append(1) }
            _ = try sim.scheduleTask(after: .at(40)) { _ in order.value.append(3) }
        }
        try device.background()
        try device.settle()
        #expect(device.simulator.now == .at(5.5), "settle runs to the suspension and stops: nothing else can run")
        try device.advance(100)
        try device.foreground()
        #expect(order.value == [1, 2, 3])
    }

    @Test("11.2 while suspended, calls that run the app's code (dismiss_window too) are errors that change nothing; reads are allowed")
    func suspendedRefusesAppCode() throws {
        let device = try SceneSimTestStore.ready(.testing(.iphone))
        let main = try device.window("main#1")
        try device.background()
        try device.advance(10)
        let calls: [(String, (Simulator) throws -> Void)] = [
            ("storage", { try $0.setStorage(main, key: "k", value: .int(1)) }),
            ("defaults", { try $0.setDefault("k", .int(1)) }),
            ("app memory", { try $0.setAppMemory(key: "k", value: .int(1)) }),
            ("window memory", { try $0.setWindowMemory(main, key: "k", value: .int(1)) }),
            ("timer", { _ = try $0.scheduleTask(after: .at(1)) { _ in } }),
            ("task", { _ = try $0.beginBackgroundTask(named: "x", nil) }),
            ("transition", { _ = try $0.transition(to: Builtin.AppState.loading) }),
            ("refresh request", { try $0.scheduleRefresh(after: .at(1)) }),
            // The app's dismissWindow action: its handlers ran with their writes refused (issue 43).
            ("dismiss window", { _ = try $0.dismissWindow("main") }),
        ]
        for (name, call) in calls {
            do {
                try device.perform(name, call)
                Issue.record("\(name) ran while suspended")
            } catch {
                let message = (error as? SimError)?.message ?? "\(error)"
                #expect(message.contains("the app is suspended (since 5.500 s"), "\(name): \(message)")
            }
        }
        #expect(try device.simulator.storageValue(device.window("main#1"), key: ByteString("k")) == nil)
        #expect(device.simulator.defaults["k"] == nil)
        #expect(device.simulator.backgroundTaskCount == 0)
        #expect(device.simulator.isAlive(main), "dismiss_window closed nothing")
    }

    @Test("11.2 a Mac app is never suspended; suspend_after = 0 suspends at the end of the call that backgrounds")
    func platformsAndPolicy() throws {
        let mac = try SceneSimTestStore.ready(.testing(.macos))
        try mac.background()
        try mac.advance(600)
        #expect(!mac.simulator.isSuspended)
        #expect(mac.simulator.backgroundTimeRemaining == nil)
        let now = try SceneSimTestStore.ready(.testing(.iphone) { $0.policy.suspendAfter = .after(.zero) })
        try now.background()
        #expect(now.simulator.isSuspended)
        let never = try SceneSimTestStore.ready(.testing(.iphone) { $0.policy.suspendAfter = .never })
        try never.background()
        try never.advance(600)
        #expect(!never.simulator.isSuspended)
    }

    @Test("11.2, 12.7 a URL wakes a suspended app and brings it to the foreground, its phase changes first; a timer that fell due runs after them")
    func urlResumes() throws {
        let device = try SceneSimTestStore.ready(.testing(.iphone))
        try device.background()
        try device.perform("timer") { sim in try sim.scheduleTask(after: .at(10)) { _ in } }
        try device.advance(20)
        _ = device.takeTrace()
        _ = try device.openURL("app://x/1")
        #expect(!device.simulator.isSuspended)
        #expect(device.simulator.appPhase == .active)
        let trace = device.takeTrace()
        #expect(trace.first == "[  20.500] app         resumed (suspended 15.000 s)")
        #expect(trace.contains("[  20.500] app         phase inactive -> active: validate session and refresh"))
        try device.advance(60)
        #expect(!device.simulator.isSuspended, "in the foreground: no suspension")
    }
}

/// A reference cell for what Swift closures under test record.
final class Box<Value>: @unchecked Sendable {
    var value: Value
    init(_ value: Value) { self.value = value }
}
