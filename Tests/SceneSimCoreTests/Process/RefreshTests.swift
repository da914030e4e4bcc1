import ByteText
import SceneSimTestSupport
import SceneSimTesting
import Testing
import SceneSimBuiltin
@testable import SceneSimCore

/// Semantics 11.4: background refresh launches, and 11.5: the switcher's force quit.
@Suite("Background refresh and the switcher's force quit")
struct RefreshTests {
    static func model(_ handled: Box<[String]>) throws -> AppModel {
        var model = try AppModel(states: [ModelState("ready")], initial: "ready", transitions: [:])
        model.launchCode = { sim in handled.value.append("launch \(sim.windows.count)") }
        model.refreshCode = { sim, task in
            handled.value.append("refresh \(sim.appPhase.rawValue) \(sim.windows.count)")
            try sim.setAppMemory(key: "fetched", value: .int(3))
            try sim.finishBackgroundTask(task)
        }
        return model
    }

    @Test("11.4 a due refresh launches a killed app in the background: on_launch and on_refresh run, no scene connects until the user returns, then the saved ones are restored")
    func backgroundLaunch() throws {
        let handled = Box<[String]>([])
        let device = try SceneSimTestStore.nonExhaustive(.testing(.iphone), model: try Self.model(handled))
        try device.launch()
        try device.perform("schedule") { try $0.scheduleRefresh(after: .at(3600)) }
        try device.setStorage("main#1", "scroll", .int(120))
        try device.background()
        try device.terminate(.system)
        #expect(device.simulator.pendingRefresh == .at(3600), "a request survives a system kill")
        #expect(throws: SimError.self) { try device.simulator.runBackgroundRefresh() }
        try device.advance(3600)
        _ = device.takeTrace()
        try device.perform("refresh") { try $0.runBackgroundRefresh() }
        #expect(handled.value == ["launch 0", "launch 0", "refresh background 0"])
        #expect(device.simulator.isSuspended, "finished: suspended at once")
        #expect(device.simulator.pendingRefresh == nil, "used up")
        device.expectTrace(
            """
            [3600.000] app         launch #2 on iphone (background: refresh)
            [3600.000] app         background task 1 \"refresh\" began
            [3600.000] app         background task 1 \"refresh\" finished
            [3600.000] app         suspended
            """)
        try device.foreground()
        #expect(device.simulator.snapshot().windows.map(\.description) == ["main#1 active"])
        #expect(try device.simulator.storageValue(device.window("main#1"), key: ByteString("scroll")) == .int(120))
        #expect(try device.simulator.appMemory()["fetched"] == .int(3), "the same process")
    }

    @Test("11.4 a refresh needs a due request and an app in the background; a force quit cancels the request; macOS has none")
    func refreshMisuse() throws {
        let handled = Box<[String]>([])
        let device = try SceneSimTestStore.nonExhaustive(.testing(.iphone), model: try Self.model(handled))
        try device.launch()
        do {
            try device.simulator.runBackgroundRefresh()
            Issue.record("a refresh with nothing pending ran")
        } catch {
            #expect(error.message.contains("no background refresh is pending"))
        }
        try device.perform("schedule") { try $0.scheduleRefresh(after: VirtualTime.zero) }
        do {
            try device.simulator.runBackgroundRefresh()
            Issue.record("a refresh of a foreground app ran")
        } catch {
            #expect(error.message.contains("the app is in the foreground"))
        }
        try device.terminate(.user)
        #expect(device.simulator.pendingRefresh == nil)
        let mac = try SceneSimTestStore.ready(.testing(.macos))
        #expect(throws: SimError.self) { try mac.perform("schedule") { try $0.scheduleRefresh(after: .at(1)) } }
    }

    @Test("11.5 a force quit from the switcher on iPhone: inactive, disconnected, no App-level background handler, the unsaved write lost; the background policy saves it")
    func switcherForceQuit() throws {
        for policy in [Policy.AppSwitchForceQuit.noBackground, .background] {
            var model = try AppModel(states: [ModelState("ready")], initial: "ready", transitions: [:])
            let phases = Box<[String]>([])
            model.phaseCode = { _, _, new in phases.value.append(new.rawValue) }
            let device = try SceneSimTestStore.nonExhaustive(
                .testing(.iphone) {
                    $0.policy.forceQuit = .keep
                    $0.policy.appSwitchForceQuit = policy
                }, model: model)
            try device.launch()
            try device.setStorage("main#1", "draft", .string("unsent"))
            try device.openAppSwitcher()
            phases.value = []
            try device.terminate(.user)
            let seen = phases.value
            try device.launch()
            switch policy {
            case .noBackground:
                #expect(seen == [], "no background handler runs")
                #expect(try device.simulator.storageValue(device.window("main#1"), key: ByteString("draft")) == nil)
            case .background:
                #expect(seen == ["background"])
                #expect(try device.simulator.storageValue(device.window("main#1"), key: ByteString("draft")) == .string("unsent"))
            }
        }
    }
}
