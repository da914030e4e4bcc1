import ByteText
import SceneSimTestSupport
import SceneSimTesting
import Testing
import SceneSimBuiltin
@testable import SceneSimCore

/// Whole traces of force quits, crashes and restoration.
@Suite("Trace: termination")
struct TerminationTraceTests {
    /// main#1 and detail#1 ("42", storage tab = 2 unsaved), at 0.500.
    static func twoWindows(_ config: AppConfig = .testing(scenes: valueScenes), model: AppModel = .builtin) throws -> SceneSimTestStore {
        let device = try SceneSimTestStore.ready(config, model: model)
        try device.openWindow("detail", value: .string("42"))
        try device.setStorage("detail#1", "tab", .int(2))
        _ = device.takeTrace()
        return device
    }

    @Test("force quit with force_quit = discard: inactive, disconnected without a background step (the unsaved write is lost), every session discarded, told at next launch")
    func forceQuitDiscard() throws {
        let device = try Self.twoWindows()
        try device.terminate(.user)
        try device.launch()
        device.expectTrace(
            """
            [   0.500] detail#1    phase active -> inactive
            [   0.500] main#1      phase active -> inactive
            [   0.500] app         phase active -> inactive: prepare for background
            [   0.500] detail#1    storage lost: unsaved writes to tab
            [   0.500] detail#1    disconnected (session kept)
            [   0.500] main#1      disconnected (session kept)
            [   0.500] app         terminated (user): restoration data discarded
            [   0.500] app         sessions discarded (force quit discards restoration data): main#1, detail#1; the app is told at its next launch
            [   0.500] app         launch #2 on ipados: nothing to restore
            [   0.500] app         didDiscardSceneSessions delivered: main#1, detail#1
            [   0.500] main#2      connected (new session) -> inactive
            [   0.500] main#2      phase inactive -> active
            [   0.500] app         phase inactive -> active: validate session and refresh
            """)
    }

    @Test("force quit with force_quit = keep and app_switch_force_quit = background: the scenes come back with their saved storage")
    func forceQuitKeep() throws {
        let device = try Self.twoWindows(
            .testing(scenes: valueScenes) {
                $0.policy.forceQuit = .keep
                $0.policy.appSwitchForceQuit = .background
            })
        try device.terminate(.user)
        try device.launch()
        device.expectTrace(
            """
            [   0.500] detail#1    phase active -> inactive
            [   0.500] main#1      phase active -> inactive
            [   0.500] app         phase active -> inactive: prepare for background
            [   0.500] detail#1    phase inactive -> background
            [   0.500] detail#1    storage saved: 1 key, 11 bytes
            [   0.500] main#1      phase inactive -> background
            [   0.500] app         phase inactive -> background: release resources
            [   0.500] app         terminated (user): restoration data kept
            [   0.500] app         launch #2 on ipados: restoring detail#1, main#1
            [   0.500] detail#1    connected (restored, value \"42\") -> inactive
            [   0.500] main#1      connected (restored) -> inactive
            [   0.500] detail#1    phase inactive -> active
            [   0.500] app         phase inactive -> active: validate session and refresh
            [   0.500] main#1      phase inactive -> active
            """)
        #expect(try device.simulator.storageValue(device.window("detail#1"), key: ByteString("tab")) == .int(2))
    }

    @Test("a crash loses unsaved storage but keeps the scenes; the relaunch restores the last save")
    func crashLosesUnsavedStorage() throws {
        let device = try Self.twoWindows()
        try device.background()
        try device.foreground()
        try device.setStorage("detail#1", "tab", .int(3))
        try device.setStorage("detail#1", "query", .string("x"))
        _ = device.takeTrace()
        try device.terminate(.crash)
        try device.launch()
        device.expectTrace(
            """
            [   0.500] detail#1    storage lost: unsaved writes to query, tab
            [   0.500] app         terminated (crash): restoration data kept
            [   0.500] app         launch #2 on ipados: restoring detail#1, main#1
            [   0.500] detail#1    connected (restored, value \"42\") -> inactive
            [   0.500] main#1      connected (restored) -> inactive
            [   0.500] detail#1    phase inactive -> active
            [   0.500] app         phase inactive -> active: validate session and refresh
            [   0.500] main#1      phase inactive -> active
            """)
        #expect(device.simulator.snapshot().sessions[1].storage?.literal == "{tab = 2}")
    }

    @Test("a crash while loading discards restoration data; the next launch starts fresh")
    func crashWhileLoading() throws {
        let device = try Self.twoWindows()
        try device.background()
        try device.terminate(.system)
        try device.launch()
        _ = device.takeTrace()
        try device.advance(0.1)
        try device.terminate(.crash)
        try device.launch()
        try device.settle()
        device.expectTrace(
            """
            [   0.600] app         terminated (crash): restoration data discarded
            [   0.600] app         sessions discarded (crash while loading discards restoration data): main#1, detail#1; the app is told at its next launch
            [   0.600] app         launch #3 on ipados: nothing to restore
            [   0.600] app         didDiscardSceneSessions delivered: main#1, detail#1
            [   0.600] main#2      connected (new session) -> inactive
            [   0.600] main#2      phase inactive -> active
            [   0.600] app         phase inactive -> active: validate session and refresh
            [   1.100] app         state loading -> unauthenticated
            """)
    }

    @Test("the restore decider rejecting a scene: it reconnects empty, without its value")
    func restoreDeciderRejects() throws {
        var model = AppModel.builtin
        model.restoreCheck = { sim, id in sim.label(of: id) != "detail#1" }
        let device = try Self.twoWindows(model: model)
        try device.background()
        try device.terminate(.system)
        _ = device.takeTrace()
        try device.launch()
        try device.openWindow("detail", value: .string("42"))
        // the value is no longer presented by detail#1, so opening it makes a new window
        device.expectTrace(
            """
            [   0.500] app         launch #2 on ipados: restoring detail#1, main#1
            [   0.500] detail#1    restore hook rejected the saved value and storage: starts empty
            [   0.500] detail#1    connected (restored) -> inactive
            [   0.500] main#1      connected (restored) -> inactive
            [   0.500] detail#1    phase inactive -> active
            [   0.500] app         phase inactive -> active: validate session and refresh
            [   0.500] main#1      phase inactive -> active
            [   0.500] detail#2    connected (new session, value \"42\") -> inactive
            [   0.500] detail#2    phase inactive -> active
            [   0.500] main#1      phase active -> inactive
            [   0.500] main#1      phase inactive -> background
            """)
    }
}
