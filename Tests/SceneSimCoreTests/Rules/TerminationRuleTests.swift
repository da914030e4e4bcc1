import CustomDump
import SceneSimTestSupport
import SceneSimTesting
import Testing
import SceneSimBuiltin
@testable import SceneSimCore

/// docs/semantics.md §5: termination and relaunch.
@Suite("§5 Termination and relaunch")
struct TerminationRuleTests {
    @Test("5.1 terminate(system) is refused unless every scene is in the background")
    func systemOnlyFromBackground() throws {
        let device = try SceneSimTestStore.ready()
        let before = device.simulator.snapshot()
        #expect(
            throws: SimError(
                .forbidden, "app:terminate(\"system\"): the system kills only an app in the background (suspended or not), but main#1 is active; call app:background() first")
        ) {
            try device.terminate(.system)
        }
        expectNoDifference(device.simulator.snapshot(), before)
    }

    @Test("5.1 terminate(system) keeps every session with its saved storage")
    func systemKeepsSessions() throws {
        let device = try SceneSimTestStore.ready(.testing(.macos, scenes: valueScenes))
        try device.openWindow("detail", value: .string("a"))
        try device.setStorage("detail#1", "tab", .int(1))
        try device.background()
        try device.terminate(.system)
        expectNoDifference(
            device.simulator.snapshot().sessions,
            [
                .init(id: "main#1", value: nil, phase: .disconnected, storage: nil, saved: [:]),
                .init(id: "detail#1", value: .string("a"), phase: .disconnected, storage: nil, saved: ["tab": .int(1)]),
            ])
        #expect(device.simulator.snapshot().isRunning == false)
    }

    @Test("5.2, 11.5 force quit of an active iPad app goes inactive, then disconnects with no background step; discard drops restoration data")
    func forceQuitActive() throws {
        let device = try SceneSimTestStore.ready()
        try device.terminate(.user)
        device.expectTrace(
            """
            [   0.500] main#1      phase active -> inactive
            [   0.500] app         phase active -> inactive: prepare for background
            [   0.500] main#1      disconnected (session kept)
            [   0.500] app         terminated (user): restoration data discarded
            [   0.500] app         sessions discarded (force quit discards restoration data): main#1; the app is told at its next launch
            """)
    }

    @Test("5.2 force quit of an app already in background gets no events; keep restores it")
    func forceQuitBackgroundKeep() throws {
        let device = try SceneSimTestStore.ready(.testing { $0.policy.forceQuit = .keep })
        try device.background()
        _ = device.takeTrace()
        try device.terminate(.user)
        device.expectTrace("[   0.500] app         terminated (user): restoration data kept")
        try device.launch()
        #expect(device.simulator.snapshot().windows.map(\.description) == ["main#1 active"])
    }

    @Test("5.3 a crash has no events; writes since the last save are lost")
    func crash() throws {
        let device = try SceneSimTestStore.ready()
        try device.setStorage("main#1", "a", .int(1))
        try device.terminate(.crash)
        device.expectTrace(
            """
            [   0.500] main#1      storage lost: unsaved writes to a
            [   0.500] app         terminated (crash): restoration data kept
            """)
        #expect(device.simulator.snapshot().sessions[0].saved.literal == "{}")
    }

    @Test("5.3 a crash while the app state is loading discards restoration data")
    func crashWhileLoading() throws {
        let device = try SceneSimTestStore.launched()
        _ = device.takeTrace()
        try device.terminate(.crash)
        device.expectTrace(
            """
            [   0.000] app         terminated (crash): restoration data discarded
            [   0.000] app         sessions discarded (crash while loading discards restoration data): main#1; the app is told at its next launch
            """)
    }

    @Test("5.4 relaunch reconnects the on-screen scenes in order with ids, values and storage; others stay disconnected")
    func relaunchRestores() throws {
        // given three windows, one of them evicted to background by visible_limit, then killed
        let device = try SceneSimTestStore.ready()
        try device.openWindow("detail", value: .string("a"))
        try device.setStorage("detail#1", "tab", .int(2))
        try device.openWindow("item", value: .int(9))
        try device.background()
        try device.terminate(.system)
        _ = device.takeTrace()
        // when the app launches again
        try device.launch()
        // then the two on-screen scenes come back front to back; main#1 stays disconnected
        device.expectTrace(
            """
            [   0.500] app         launch #2 on ipados: restoring item#1, detail#1
            [   0.500] item#1      connected (restored, value 9) -> inactive
            [   0.500] detail#1    connected (restored, value \"a\") -> inactive
            [   0.500] item#1      phase inactive -> active
            [   0.500] app         phase inactive -> active: validate session and refresh
            [   0.500] detail#1    phase inactive -> active
            """)
        expectNoDifference(
            device.simulator.snapshot(),
            Simulator.Snapshot(
                time: .at(0.5), isRunning: true, launchCount: 2, phase: .active, state: ModelState("loading"),
                windows: [.init("item#1", .active), .init("detail#1", .active)],
                sessions: [
                    .init(id: "main#1", value: nil, phase: .disconnected, storage: nil, saved: [:]),
                    .init(id: "detail#1", value: .string("a"), phase: .connected(.active), storage: ["tab": .int(2)], saved: ["tab": .int(2)]),
                    .init(id: "item#1", value: .int(9), phase: .connected(.active), storage: [:], saved: [:]),
                ]
            ))
        // and main#1 reconnects when focused
        try device.focus("main#1")
        #expect(device.simulator.snapshot().windows.map(\.description) == ["main#1 active", "item#1 active", "detail#1 background"])
    }

    @Test("5.4 each restored scene passes the restore hook; a rejected one starts empty")
    func restoreHook() throws {
        nonisolated(unsafe) var asked: [String] = []  // the hook runs on this thread
        var model = AppModel.builtin
        model.restoreCheck = { sim, id in
            asked.append(sim.label(of: id))
            return sim.label(of: id) != "detail#1"
        }
        let device = try SceneSimTestStore.ready(model: model)
        try device.openWindow("detail", value: .string("a"))
        try device.setStorage("detail#1", "tab", .int(2))
        try device.background()
        try device.terminate(.system)
        try device.launch()
        #expect(asked == ["detail#1", "main#1"])
        let detail = try #require(device.simulator.snapshot().sessions.first { $0.id == "detail#1" })
        expectNoDifference(detail, .init(id: "detail#1", value: nil, phase: .connected(.active), storage: [:], saved: [:]))
    }

    @Test("5.4 a scene on screen when the app left is restored even if the system disconnected it before the kill")
    func disconnectedBeforeKillIsRestored() throws {
        // given the everyday iPhone memory-pressure path: the app leaves, the system reclaims
        // its scene, then kills the suspended process
        let device = try SceneSimTestStore.ready(.testing(.iphone))
        try device.setStorage("main#1", "draft", .string("hello"))
        try device.background()
        try device.disconnect("main#1")
        try device.terminate(.system)
        _ = device.takeTrace()
        // when the app launches again
        try device.launch()
        // then the same session comes back with its saved storage; no second session appears
        device.expectTrace(
            """
            [   0.500] app         launch #2 on iphone: restoring main#1
            [   0.500] main#1      connected (restored) -> inactive
            [   0.500] main#1      phase inactive -> active
            [   0.500] app         phase inactive -> active: validate session and refresh
            """)
        expectNoDifference(
            device.simulator.snapshot().sessions,
            [
                .init(id: "main#1", value: nil, phase: .connected(.active), storage: ["draft": .string("hello")], saved: ["draft": .string("hello")])
            ])
    }

    @Test("5.4 with nothing to restore the primary group opens one new window, and the state starts at loading")
    func nothingToRestore() throws {
        let device = try SceneSimTestStore.loggedIn()
        try device.background()
        try device.terminate(.user)
        _ = device.takeTrace()
        try device.launch()
        #expect(device.simulator.appState == .loading)
        device.expectTrace(
            """
            [   2.000] app         launch #2 on ipados: nothing to restore
            [   2.000] app         didDiscardSceneSessions delivered: main#1
            [   2.000] auth        validating the session of ada with the server
            [   2.000] main#2      connected (new session) -> inactive
            [   2.000] main#2      phase inactive -> active
            [   2.000] app         phase inactive -> active: validate session and refresh
            """)
        try device.settle()
        #expect(device.simulator.appState == .authenticated(user: "ada"))
    }

    @Test("5.5 nothing in memory leaks into the next launch: history, overlays and onboarding start over")
    func nothingLeaks() throws {
        let device = try SceneSimTestStore.ready()
        try device.login("ada", newUser: true)
        try device.nextStep()
        try device.interrupt()
        try device.terminate(.crash)
        try device.launch()
        #expect(device.simulator.history.isEmpty && device.simulator.rejectedTransitions.isEmpty)
        #expect(device.simulator.appPhase == .active)  // no overlay carried over
        try device.settle()
        #expect(device.simulator.appState == .authenticated(user: "ada"))  // onboarding is not resumed
        #expect(device.simulator.history.map(\.to) == [Builtin.AppState.authenticated(user: "ada").modelState])
    }

    @Test("5.5 the restore hook stays registered across relaunches")
    func hookStaysRegistered() throws {
        nonisolated(unsafe) var calls = 0  // the hook runs on this thread
        var model = AppModel.builtin
        model.restoreCheck = { _, _ in
            calls += 1; return true
        }
        let device = try SceneSimTestStore.ready(model: model)
        for _ in 0..<3 {
            try device.background()
            try device.terminate(.system)
            try device.launch()
        }
        #expect(calls == 3)
    }
}
